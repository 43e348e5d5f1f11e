import CFrond
import Frond
import FrondCAPISupport
import Glibc
import Synchronization

// Data sources (the Lists section of frond.h): a handle holds a DataSource whose models are
// C pointers, each with its destroy function (CItemModel), and whose provider is a C function.

/// A C model: the pointer, its destroy function (called once, when the last state or
/// modification holding it lets go), and its identity and content version for diffing.
final class CItemModel: @unchecked Sendable {
    let model: UnsafeMutableRawPointer?
    private let destroy: frond_destroy_func?
    let id: UInt64
    let version: UInt64

    init(_ model: frond_item_model) {
        self.model = model.model
        destroy = model.destroy
        id = model.id
        version = model.version
    }

    deinit {
        destroy?(model)
    }
}

/// What a data source handle refers to.
final class CDataSource: @unchecked Sendable {
    let source: DataSource<CItemModel>
    /// The handle the callbacks pass (set once, right after it is issued).
    var handle: OpaquePointer?
    /// Whether a list owns the data source (frond_list_free frees it, not this handle).
    let ownedByList: Bool
    /// The builds a C executor was asked to run (frond_data_source_build), oldest first.
    let scheduledBuilds = Mutex<[@Sendable () -> Void]>([])

    init(_ source: DataSource<CItemModel>, ownedByList: Bool = false) {
        self.source = source
        self.ownedByList = ownedByList
    }

    /// Lets go of a C executor (its user_data destroyed now) and of the builds it never
    /// ran, once the data source is closed.
    func dropExecutor() {
        source.setExecutor(nil)
        let dropped = scheduledBuilds.withLock { builds in
            defer { builds = [] }
            return builds
        }
        _ = dropped
    }
}

func cDataSource(_ handle: OpaquePointer?) throws(CallFailure) -> CDataSource {
    // The table only ever stores CDataSource objects under the data source kind.
    unsafeDowncast(try resolve(handle, .dataSource, "data source"), to: CDataSource.self)
}

private func mode(_ value: frond_apply_mode) throws(CallFailure) -> DataSource<CItemModel>.Mode {
    switch value {
    case FROND_APPLY_SYNC: return .synchronous
    case FROND_APPLY_ASYNC: return .asynchronous
    default: throw .invalidArgument("mode \(value.rawValue) is not a frond_apply_mode")
    }
}

/// Takes over the models of a C array: each is destroyed when its box goes. The boxes come
/// with the failure to report (a bad array or element), which the caller throws only once
/// every array of the call is boxed, so that a refused call destroys all of its models.
private func itemModels(_ pointer: UnsafePointer<frond_item_model>?, _ count: Int,
                        _ name: String) -> (boxes: [CItemModel], failure: CallFailure?) {
    let items: UnsafeBufferPointer<frond_item_model>
    do {
        items = try arrayArgument(pointer, count, name)
    } catch {
        return ([], error)
    }
    // Every model is owned from the call on, except those of elements with a wrong
    // struct_size: nothing after it can be trusted, so nothing of them is read.
    var boxes: [CItemModel] = []
    var failure: CallFailure? = nil
    boxes.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
        do {
            try checkStructSize(item.struct_size, of: frond_item_model.self, "\(name)[\(position)]")
            boxes.append(CItemModel(item))
        } catch {
            failure = failure ?? error
        }
    }
    return (boxes, failure)
}

/// A C item provider with its user_data (destroyed with the configuration).
final class CItemProvider: @unchecked Sendable {
    private let function: frond_item_provider_func
    private let owner: CallbackOwner

    init(_ function: @escaping frond_item_provider_func, owner: CallbackOwner) {
        self.function = function
        self.owner = owner
    }

    func make(_ model: CItemModel) throws(FrondError) -> Component? {
        var made: OpaquePointer? = nil
        let call = CallbackCall()
        let status = function(&made, model.model, owner.userData)
        guard status == FROND_OK else {
            if let made { _ = try? handles.remove(made.handleValue, kind: .component) }
            throw FrondError(.callbackFailed, call.failure("the item provider", status))
        }
        guard let made else { return nil }
        return try takeOverComponent(made, "the item provider")
    }
}

/// The configuration a C struct describes (its user_data owned by `owner` from the call on).
private func configuration(_ pointer: UnsafePointer<frond_data_source_config>?,
                           _ owner: CallbackOwner) throws(CallFailure) -> DataSourceConfiguration<CItemModel> {
    guard let config = try structArgument(pointer, "config") else { throw .invalidArgument("config is NULL") }
    guard let function = config.provider else { throw .invalidArgument("config.provider is NULL") }
    let range = try withUnsafePointer(to: config.item_size_range) { (range) throws(CallFailure) in try sizeRange(range) }
    let provider = CItemProvider(function, owner: owner)
    return DataSourceConfiguration(sizeRange: range) { (model: CItemModel) throws(FrondError) in try provider.make(model) }
}

@_cdecl("frond_data_source_new") @implementation
public func frond_data_source_new(_ outSource: UnsafeMutablePointer<OpaquePointer?>?,
                                  _ config: UnsafePointer<frond_data_source_config>?) -> frond_status {
    // (The configuration's user_data is owned from here on, a refused call destroys it,
    // when its struct_size is one this version knows: otherwise nothing of it is read.)
    let known = hasKnownStructSize(config)
    let owner = CallbackOwner(known ? config?.pointee.user_data : nil, known ? config?.pointee.destroy : nil)
    return report("frond_data_source_new", attempt { () throws(CallFailure) in
        let out = try requireOut(outSource)
        let made = try configuration(config, owner)
        let source = CDataSource(try frond { () throws(FrondError) in try DataSource(configuration: made) })
        source.handle = try issueHandle(source, .dataSource)
        out.pointee = source.handle
    })
}

@_cdecl("frond_data_source_free") @implementation
public func frond_data_source_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_data_source_free") { () throws(CallFailure) in
        let source = try cDataSource(handle)
        guard !source.ownedByList else { throw .misuse("the data source belongs to a list: free the list") }
        try frond { () throws(FrondError) in try source.source.close() }
        // (The executor's user_data goes before the call returns, with the builds it never ran.)
        source.dropExecutor()
        _ = try releaseHandle(handle, .dataSource, "data source")
    }
}

@_cdecl("frond_data_source_apply") @implementation
public func frond_data_source_apply(_ handle: OpaquePointer?, _ changesetHandle: OpaquePointer?,
                                    _ updated: UnsafePointer<frond_item_model>?, _ updatedCount: Int,
                                    _ inserted: UnsafePointer<frond_item_model>?, _ insertedCount: Int,
                                    _ applyMode: frond_apply_mode) -> frond_status {
    report("frond_data_source_apply", attempt { () throws(CallFailure) in
        // The models are taken over first, so that a refused call destroys every one.
        let (updatedModels, updatedFailure) = itemModels(updated, updatedCount, "updated")
        let (insertedModels, insertedFailure) = itemModels(inserted, insertedCount, "inserted")
        if let failure = updatedFailure ?? insertedFailure { throw failure }
        let source = try cDataSource(handle)
        let changes = try cChangeset(changesetHandle).changeset
        let modification = try mode(applyMode)
        try frond { () throws(FrondError) in
            let changeset = try DataSourceChangeset(changes, updatedModels: updatedModels, insertedModels: insertedModels)
            try source.source.apply(changeset, mode: modification)
        }
    })
}

@_cdecl("frond_data_source_set_items") @implementation
public func frond_data_source_set_items(_ handle: OpaquePointer?, _ section: Int,
                                        _ items: UnsafePointer<frond_item_model>?, _ count: Int,
                                        _ applyMode: frond_apply_mode) -> frond_status {
    report("frond_data_source_set_items", attempt { () throws(CallFailure) in
        let (models, failure) = itemModels(items, count, "items")
        if let failure { throw failure }
        let source = try cDataSource(handle)
        let target = try index(section, "section")
        let modification = try mode(applyMode)
        try frond { () throws(FrondError) in
            try source.source.setItems(models, inSection: target, identity: \.id, isSame: { $0.version == $1.version },
                                       mode: modification)
        }
    })
}

@_cdecl("frond_data_source_set_sections") @implementation
public func frond_data_source_set_sections(_ handle: OpaquePointer?, _ items: UnsafePointer<frond_item_model>?,
                                           _ count: Int, _ sectionCounts: UnsafePointer<Int>?, _ sectionCount: Int,
                                           _ applyMode: frond_apply_mode) -> frond_status {
    report("frond_data_source_set_sections", attempt { () throws(CallFailure) in
        let (models, failure) = itemModels(items, count, "items")
        if let failure { throw failure }
        let source = try cDataSource(handle)
        let sections = try split(models, sectionCounts, sectionCount)
        let modification = try mode(applyMode)
        try frond { () throws(FrondError) in try source.source.setSections(sections, mode: modification) }
    })
}

/// `models` cut into sections of `section_counts[i]` models each (which must add up to
/// all of them).
private func split(_ models: [CItemModel], _ sectionCounts: UnsafePointer<Int>?,
                   _ sectionCount: Int) throws(CallFailure) -> [[CItemModel]] {
    let counts = try arrayArgument(sectionCounts, sectionCount, "section_counts")
    var sections: [[CItemModel]] = []
    sections.reserveCapacity(counts.count)
    var next = 0
    for (position, sectionSize) in counts.enumerated() {
        let size = try index(sectionSize, "section_counts[\(position)]")
        guard size <= models.count - next else {
            throw .invalidArgument("section_counts add up to more than the \(models.count) item(s) given")
        }
        sections.append(Array(models[next..<(next + size)]))
        next += size
    }
    guard next == models.count else {
        throw .invalidArgument("section_counts add up to \(next), not to the \(models.count) item(s) given")
    }
    return sections
}

@_cdecl("frond_data_source_set_sections_by_id") @implementation
public func frond_data_source_set_sections_by_id(_ handle: OpaquePointer?, _ items: UnsafePointer<frond_item_model>?,
                                                 _ count: Int, _ sectionIDs: UnsafePointer<UInt64>?,
                                                 _ sectionCounts: UnsafePointer<Int>?, _ sectionCount: Int,
                                                 _ applyMode: frond_apply_mode) -> frond_status {
    report("frond_data_source_set_sections_by_id", attempt { () throws(CallFailure) in
        let (models, failure) = itemModels(items, count, "items")
        if let failure { throw failure }
        let source = try cDataSource(handle)
        let sections = try split(models, sectionCounts, sectionCount)
        let identities = try arrayArgument(sectionIDs, sectionCount, "section_ids")
        let modification = try mode(applyMode)
        try frond { () throws(FrondError) in
            try source.source.setSections(Array(zip(identities, sections).map { (identity: $0, models: $1) }),
                                          identity: \.id, isSame: { $0.version == $1.version }, mode: modification)
        }
    })
}

@_cdecl("frond_data_source_set_config") @implementation
public func frond_data_source_set_config(_ handle: OpaquePointer?, _ config: UnsafePointer<frond_data_source_config>?,
                                         _ applyMode: frond_apply_mode) -> frond_status {
    let known = hasKnownStructSize(config)
    let owner = CallbackOwner(known ? config?.pointee.user_data : nil, known ? config?.pointee.destroy : nil)
    return report("frond_data_source_set_config", attempt { () throws(CallFailure) in
        let made = try configuration(config, owner)
        let source = try cDataSource(handle)
        let modification = try mode(applyMode)
        try frond { () throws(FrondError) in try source.source.update(configuration: made, mode: modification) }
    })
}

@_cdecl("frond_data_source_process") @implementation
public func frond_data_source_process(_ outApplied: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                      _ waitForAll: Bool) -> frond_status {
    call("frond_data_source_process") { () throws(CallFailure) in
        let source = try cDataSource(handle)
        let applied = try frond { () throws(FrondError) in try source.source.processPending(waitForAll: waitForAll) }
        outApplied?.pointee = applied
    }
}

@_cdecl("frond_data_source_has_pending") @implementation
public func frond_data_source_has_pending(_ outPending: UnsafeMutablePointer<Bool>?,
                                          _ handle: OpaquePointer?) -> frond_status {
    call("frond_data_source_has_pending") { () throws(CallFailure) in
        let out = try requireOut(outPending)
        out.pointee = try cDataSource(handle).source.hasPending
    }
}

/// A C function the data source calls with its handle — the ready handler (on the
/// builder's thread) or an executor's schedule function — with its user_data, destroyed
/// when the last closure holding it goes (the handler or executor replaced or dropped).
/// (frond_data_source_ready_func and frond_data_source_schedule_func are one C type.)
private final class CSourceCallback: @unchecked Sendable {
    let function: frond_data_source_ready_func
    let owner: CallbackOwner
    let handle: OpaquePointer?

    init(_ function: @escaping frond_data_source_ready_func, owner: CallbackOwner, handle: OpaquePointer?) {
        self.function = function
        self.owner = owner
        self.handle = handle
    }

    func callAsFunction() { function(handle, owner.userData) }
}

@_cdecl("frond_data_source_set_executor") @implementation
public func frond_data_source_set_executor(_ handle: OpaquePointer?, _ schedule: frond_data_source_schedule_func?,
                                           _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_data_source_set_executor", attempt { () throws(CallFailure) in
        let source = try cDataSource(handle)
        guard let schedule else {
            source.source.setExecutor(nil)
            return
        }
        let scheduled = CSourceCallback(schedule, owner: owner, handle: source.handle)
        // (The data source holds this closure: it holds its handle's object weakly.)
        source.source.setExecutor { [weak source] work in
            guard let source else { return }
            source.scheduledBuilds.withLock { $0.append(work) }
            scheduled()
        }
    })
}

@_cdecl("frond_data_source_build") @implementation
public func frond_data_source_build(_ handle: OpaquePointer?) -> frond_status {
    call("frond_data_source_build") { () throws(CallFailure) in
        let source = try cDataSource(handle)
        guard !source.source.isBuilderThread else {
            throw .misuse("cannot build from a provider, a build hook or the ready handler (on the builder's thread)")
        }
        let work = source.scheduledBuilds.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        work?()
    }
}

@_cdecl("frond_data_source_set_ready_handler") @implementation
public func frond_data_source_set_ready_handler(_ handle: OpaquePointer?, _ ready: frond_data_source_ready_func?,
                                                _ userData: UnsafeMutableRawPointer?,
                                                _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_data_source_set_ready_handler", attempt { () throws(CallFailure) in
        let source = try cDataSource(handle)
        guard let ready else {
            source.source.setReadyHandler(nil)
            return
        }
        let registered = CSourceCallback(ready, owner: owner, handle: source.handle)
        source.source.setReadyHandler { registered() }
    })
}

/// A C listener with its user_data; did_apply's arrays live for the call.
private final class CListener: @unchecked Sendable {
    let functions: frond_data_source_listener
    let owner: CallbackOwner
    let handle: OpaquePointer?

    init(_ functions: frond_data_source_listener, owner: CallbackOwner, handle: OpaquePointer?) {
        self.functions = functions
        self.owner = owner
        self.handle = handle
    }

    var listener: DataSource<CItemModel>.Listener {
        var listener = DataSource<CItemModel>.Listener()
        if let didApply = functions.did_apply {
            listener.didApply = { update in self.tell(didApply, update) }
        }
        if let willBuild = functions.will_build { listener.willBuild = { willBuild(self.handle, self.owner.userData) } }
        if let didBuild = functions.did_build { listener.didBuild = { didBuild(self.handle, self.owner.userData) } }
        if let didFail = functions.did_fail {
            listener.didFail = { error in
                error.message.replacingNULs().withCString { didFail(self.handle, $0, self.owner.userData) }
            }
        }
        return listener
    }

    private func tell(_ didApply: @convention(c) (OpaquePointer?, UnsafePointer<frond_applied_changes>?,
                                                  UnsafeMutableRawPointer?) -> Void,
                      _ update: DataSourceUpdate<CItemModel>) {
        let changes = cChanges(update.changes.changes)
        let updated = update.changes.updatedDestinations.map { move in
            frond_change(struct_size: UInt32(MemoryLayout<frond_change>.size), kind: FROND_CHANGE_UPDATE_ITEM,
                         path: frond_item_path(move.from), to: frond_item_path(move.to))
        }
        // The messages stay allocated for the call.
        let messages = update.changes.failures.map { strdup($0.error.message.replacingNULs()) }
        defer { for message in messages { free(message) } }
        let failures = zip(update.changes.failures, messages).map { failure, message in
            frond_item_failure(path: frond_item_path(failure.path), status: status(of: failure.error),
                               message: UnsafePointer(message))
        }
        changes.withUnsafeBufferPointer { changes in
            updated.withUnsafeBufferPointer { updated in
                failures.withUnsafeBufferPointer { failures in
                    var applied = frond_applied_changes(
                        struct_size: UInt32(MemoryLayout<frond_applied_changes>.size),
                        changes: changes.baseAddress, change_count: changes.count,
                        updated: updated.baseAddress, updated_count: updated.count,
                        failures: failures.baseAddress, failure_count: failures.count, version: update.state.version)
                    didApply(handle, &applied, owner.userData)
                }
            }
        }
    }
}

/// The status a C caller would have had for `error`.
private func status(of error: FrondError) -> frond_status {
    do {
        _ = try frond { () throws(FrondError) in throw error }
        return FROND_OK
    } catch {
        return error.status
    }
}

@_cdecl("frond_data_source_add_listener") @implementation
public func frond_data_source_add_listener(_ outListenerID: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?,
                                           _ listener: UnsafePointer<frond_data_source_listener>?,
                                           _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_data_source_add_listener", attempt { () throws(CallFailure) in
        let out = try requireOut(outListenerID)
        let source = try cDataSource(handle)
        guard let functions = try structArgument(listener, "listener") else { throw .invalidArgument("listener is NULL") }
        let registered = CListener(functions, owner: owner, handle: source.handle)
        out.pointee = UInt64(source.source.addListener(registered.listener))
    })
}

@_cdecl("frond_data_source_remove_listener") @implementation
public func frond_data_source_remove_listener(_ handle: OpaquePointer?, _ listenerID: UInt64) -> frond_status {
    call("frond_data_source_remove_listener") { () throws(CallFailure) in
        let source = try cDataSource(handle)
        guard listenerID <= UInt64(Int.max), source.source.removeListener(Int(listenerID)) else {
            throw .invalidArgument("\(listenerID) is not a listener of this data source")
        }
    }
}

@_cdecl("frond_data_source_get_section_count") @implementation
public func frond_data_source_get_section_count(_ outCount: UnsafeMutablePointer<Int>?,
                                                _ handle: OpaquePointer?) -> frond_status {
    call("frond_data_source_get_section_count") { () throws(CallFailure) in
        let out = try requireOut(outCount)
        out.pointee = try cDataSource(handle).source.state.sectionCount
    }
}

@_cdecl("frond_data_source_get_version") @implementation
public func frond_data_source_get_version(_ outVersion: UnsafeMutablePointer<UInt64>?,
                                          _ handle: OpaquePointer?) -> frond_status {
    call("frond_data_source_get_version") { () throws(CallFailure) in
        let out = try requireOut(outVersion)
        out.pointee = try cDataSource(handle).source.state.version
    }
}

@_cdecl("frond_data_source_get_item_count") @implementation
public func frond_data_source_get_item_count(_ outCount: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                             _ section: Int) -> frond_status {
    call("frond_data_source_get_item_count") { () throws(CallFailure) in
        let out = try requireOut(outCount)
        let state = try cDataSource(handle).source.state
        guard let count = state.itemCount(inSection: try index(section, "section")) else {
            throw .invalidArgument("section \(section) is out of range (the data source has \(state.sectionCount) section(s))")
        }
        out.pointee = count
    }
}

@_cdecl("frond_data_source_find_item") @implementation
public func frond_data_source_find_item(_ outPath: UnsafeMutablePointer<frond_item_path>?, _ handle: OpaquePointer?,
                                        _ id: UInt64) -> frond_status {
    call("frond_data_source_find_item") { () throws(CallFailure) in
        let out = try requireOut(outPath)
        let state = try cDataSource(handle).source.state
        for (sectionIndex, section) in state.sections.enumerated() {
            for index in 0..<section.count where section[index].model.id == id {
                out.pointee = frond_item_path(section: sectionIndex, item: index)
                return
            }
        }
        throw .invalidArgument("no item has id \(id)")
    }
}

@_cdecl("frond_data_source_get_item") @implementation
public func frond_data_source_get_item(_ outItem: UnsafeMutablePointer<frond_data_source_item>?,
                                       _ handle: OpaquePointer?, _ path: frond_item_path) -> frond_status {
    call("frond_data_source_get_item") { () throws(CallFailure) in
        let out = try requireOut(outItem)
        try checkStructSize(out.pointee.struct_size, of: frond_data_source_item.self, "out_item")
        let state = try cDataSource(handle).source.state
        let place = try itemPath(path, "path")
        guard let item = state[place] else {
            throw .invalidArgument("path \(place) is out of range (\(state.sectionCount) section(s)"
                                   + (state.sectionCount > place.section
                                      ? ", section \(place.section) has \(state.sections[place.section].count) item(s))" : ")"))
        }
        out.pointee = frond_data_source_item(struct_size: UInt32(MemoryLayout<frond_data_source_item>.size),
                                             model: item.model.model, id: item.model.id, version: item.model.version,
                                             size: frond_size(width: item.size.width, height: item.size.height))
    }
}

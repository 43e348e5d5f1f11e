import FrondCAPISupport
import CFrond
import Frond

func sizeRange(_ pointer: UnsafePointer<frond_size_range>?) throws(CallFailure) -> SizeRange {
    guard let spec = try structArgument(pointer, "range") else { return .fitContent() }
    let range: SizeRange
    switch spec.kind {
    case FROND_SIZE_RANGE_FIXED: range = .fixed(width: spec.width, height: spec.height)
    case FROND_SIZE_RANGE_FLEXIBLE_HEIGHT: range = .flexibleHeight(width: spec.width)
    case FROND_SIZE_RANGE_FLEXIBLE_WIDTH: range = .flexibleWidth(height: spec.height)
    case FROND_SIZE_RANGE_FIT_CONTENT:
        range = .fitContent(maxWidth: spec.width.isNaN ? nil : spec.width, maxHeight: spec.height.isNaN ? nil : spec.height)
    default: throw .invalidArgument("range.kind \(spec.kind.rawValue) is not a frond_size_range_kind")
    }
    try frond { () throws(FrondError) in try range.validate() }
    return range
}

/// The root behind a root handle.
func cRoot(_ handle: OpaquePointer?) throws(CallFailure) -> CRoot {
    // The table only ever stores CRoot objects under the root kind.
    unsafeDowncast(try resolve(handle, .root, "root"), to: CRoot.self)
}

@_cdecl("frond_root_new") @implementation
public func frond_root_new(_ outRoot: UnsafeMutablePointer<OpaquePointer?>?,
                           _ range: UnsafePointer<frond_size_range>?) -> frond_status {
    call("frond_root_new") { () throws(CallFailure) in
        let out = try requireOut(outRoot)
        let root = CRoot(root: Root(sizeRange: try sizeRange(range)))
        root.handle = try issueHandle(root, .root)
        out.pointee = root.handle
    }
}

@_cdecl("frond_root_free") @implementation
public func frond_root_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_root_free") { () throws(CallFailure) in
        guard try !cRoot(handle).root.isRunningCallbacks else {
            throw .misuse("the root is running its own callbacks (a flush, tick or action is under way): free it after that call returns")
        }
        _ = try releaseHandle(handle, .root, "root")
    }
}

@_cdecl("frond_root_set_size_range") @implementation
public func frond_root_set_size_range(_ handle: OpaquePointer?, _ range: UnsafePointer<frond_size_range>?) -> frond_status {
    call("frond_root_set_size_range") { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard range != nil else { throw .invalidArgument("range is NULL") }
        root.root.sizeRange = try sizeRange(range)
        root.root.requestFlush()
    }
}

@_cdecl("frond_root_set_host") @implementation
public func frond_root_set_host(_ handle: OpaquePointer?, _ host: UnsafePointer<frond_host>?,
                                _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_root_set_host", registerHost(handle, host, CallbackOwner(userData, destroy)))
}

private func registerHost(_ handle: OpaquePointer?, _ host: UnsafePointer<frond_host>?,
                          _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard let functions = try structArgument(host, "host") else {
            root.root.host = nil
            return
        }
        guard functions.apply != nil || functions.apply_batch != nil else {
            throw .invalidArgument("host: give apply or apply_batch")
        }
        root.root.host = CHost(functions, owner: owner, rootHandle: root.handle)
    }
}

@_cdecl("frond_root_set_text_measurer") @implementation
public func frond_root_set_text_measurer(_ handle: OpaquePointer?, _ measure: frond_text_measure_func?,
                                         _ userData: UnsafeMutableRawPointer?,
                                         _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_root_set_text_measurer", registerMeasurer(handle, measure, CallbackOwner(userData, destroy)))
}

private func registerMeasurer(_ handle: OpaquePointer?, _ measure: frond_text_measure_func?,
                              _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        if let measure {
            root.root.textMeasurer = CTextMeasurer(measure, owner: owner)
        } else {
            root.root.textMeasurer = MonospaceTextMeasurer()
        }
        root.root.requestFlush()
    }
}

@_cdecl("frond_root_set_component") @implementation
public func frond_root_set_component(_ handle: OpaquePointer?, _ componentHandle: OpaquePointer?) -> frond_status {
    call("frond_root_set_component") { () throws(CallFailure) in
        let root = try cRoot(handle)
        root.root.setComponent(componentHandle == nil ? nil : try component(componentHandle))
        root.root.requestFlush()
    }
}

@_cdecl("frond_root_flush") @implementation
public func frond_root_flush(_ handle: OpaquePointer?, _ outMutationCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_root_flush") { () throws(CallFailure) in
        try mount(handle, outMutationCount) { (root: Root) throws(FrondError) in try root.flush() }
    }
}

/// Runs a flush or a commit (`body`): the host's failure becomes FROND_ERR_CALLBACK
/// after the commit, and the statistics are kept for frond_root_get_statistics.
private func mount(_ handle: OpaquePointer?, _ outMutationCount: UnsafeMutablePointer<Int>?,
                   _ body: (Root) throws(FrondError) -> CommitStatistics) throws(CallFailure) {
    let root = try cRoot(handle)
    let host = root.host
    host?.resetFailure()
    let statistics = try frond { () throws(FrondError) in try body(root.root) }
    root.statistics = statistics
    outMutationCount?.pointee = statistics.mutations
    if let failure = host?.failure { throw CallFailure(FROND_ERR_CALLBACK, failure) }
}

@_cdecl("frond_root_prepare") @implementation
public func frond_root_prepare(_ handle: OpaquePointer?) -> frond_status {
    call("frond_root_prepare") { () throws(CallFailure) in
        let root = try cRoot(handle)
        try frond { () throws(FrondError) in try root.root.prepare() }
    }
}

@_cdecl("frond_root_commit") @implementation
public func frond_root_commit(_ handle: OpaquePointer?, _ outMutationCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_root_commit") { () throws(CallFailure) in
        try mount(handle, outMutationCount) { (root: Root) throws(FrondError) in try root.commit() }
    }
}

@_cdecl("frond_root_discard_prepared") @implementation
public func frond_root_discard_prepared(_ handle: OpaquePointer?) -> frond_status {
    call("frond_root_discard_prepared") { () throws(CallFailure) in
        let root = try cRoot(handle)
        try frond { () throws(FrondError) in try root.root.discardPrepared() }
    }
}

@_cdecl("frond_root_has_prepared_flush") @implementation
public func frond_root_has_prepared_flush(_ outPrepared: UnsafeMutablePointer<Bool>?,
                                          _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_has_prepared_flush") { () throws(CallFailure) in
        let out = try requireOut(outPrepared)
        out.pointee = try cRoot(handle).root.hasPreparedFlush
    }
}

@_cdecl("frond_root_get_child_count") @implementation
public func frond_root_get_child_count(_ outCount: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                       _ view: UInt64) -> frond_status {
    call("frond_root_get_child_count") { () throws(CallFailure) in
        let out = try requireOut(outCount)
        out.pointee = try children(try cRoot(handle), view).count
    }
}

@_cdecl("frond_root_get_child") @implementation
public func frond_root_get_child(_ outChild: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?, _ view: UInt64,
                                 _ index: Int) -> frond_status {
    call("frond_root_get_child") { () throws(CallFailure) in
        let out = try requireOut(outChild)
        let list = try children(try cRoot(handle), view)
        guard index >= 0 && index < list.count else {
            throw CallFailure(FROND_ERR_INVALID_TREE, "index \(UInt(bitPattern: index)) is out of range (view \(view) has \(list.count) \(list.count == 1 ? "child" : "children"))")
        }
        out.pointee = list[index].rawValue
    }
}

private func children(_ root: CRoot, _ view: UInt64) throws(CallFailure) -> [ViewID] {
    guard let list = root.root.children(of: ViewID(view)) else { throw .invalidArgument("view \(view) is not mounted") }
    return list
}

@_cdecl("frond_root_get_frame") @implementation
public func frond_root_get_frame(_ outFrame: UnsafeMutablePointer<frond_rect>?, _ handle: OpaquePointer?,
                                 _ view: UInt64) -> frond_status {
    call("frond_root_get_frame") { () throws(CallFailure) in
        let out = try requireOut(outFrame)
        guard let frame = try cRoot(handle).root.frame(of: ViewID(view)) else {
            throw .invalidArgument("view \(view) is not mounted")
        }
        out.pointee = frond_rect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
    }
}

@_cdecl("frond_root_describe") @implementation
public func frond_root_describe(_ outLength: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> frond_status {
    call("frond_root_describe") { () throws(CallFailure) in
        try writeDescription(outLength, handle, buffer, capacity) { $0.mountedDump }
    }
}

@_cdecl("frond_root_describe_components") @implementation
public func frond_root_describe_components(_ outLength: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                           _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> frond_status {
    call("frond_root_describe_components") { () throws(CallFailure) in
        try writeDescription(outLength, handle, buffer, capacity) { $0.componentDump }
    }
}

/// Writes one of a root's descriptions into a caller's buffer: NUL-terminated, cut short
/// to `capacity - 1` bytes; `*outLength` gets the full length (without the NUL).
private func writeDescription(_ outLength: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                              _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                              _ describe: (Root) -> String) throws(CallFailure) {
    let out = try requireOut(outLength)
    guard capacity >= 0, capacity == 0 || buffer != nil else { throw .invalidArgument("buffer is NULL but capacity is \(capacity)") }
    let text = Array(describe(try cRoot(handle).root).utf8)
    out.pointee = text.count
    guard let buffer, capacity > 0 else { return }
    let copied = min(text.count, capacity - 1)
    text.withUnsafeBufferPointer { bytes in
        for index in 0..<copied { buffer[index] = CChar(bitPattern: bytes[index]) }
    }
    buffer[copied] = 0
}

/// A C flush request function with its user_data (called from any thread).
private final class CFlushRequest: @unchecked Sendable {
    let function: frond_flush_request_func
    let owner: CallbackOwner
    let rootHandle: OpaquePointer?

    init(_ function: @escaping frond_flush_request_func, owner: CallbackOwner, rootHandle: OpaquePointer?) {
        self.function = function
        self.owner = owner
        self.rootHandle = rootHandle
    }

    func fire() {
        // The status is the host's business: a request that failed is not retried.
        _ = function(rootHandle, owner.userData)
    }
}

@_cdecl("frond_root_set_flush_request") @implementation
public func frond_root_set_flush_request(_ handle: OpaquePointer?, _ request: frond_flush_request_func?,
                                         _ userData: UnsafeMutableRawPointer?,
                                         _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_root_set_flush_request", registerFlushRequest(handle, request, CallbackOwner(userData, destroy)))
}

private func registerFlushRequest(_ handle: OpaquePointer?, _ request: frond_flush_request_func?,
                                  _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let root = try cRoot(handle)
        guard let request else {
            root.root.setFlushRequestHandler(nil)
            return
        }
        let registered = CFlushRequest(request, owner: owner, rootHandle: root.handle)
        root.root.setFlushRequestHandler { registered.fire() }
    }
}

@_cdecl("frond_root_needs_flush") @implementation
public func frond_root_needs_flush(_ outNeedsFlush: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_needs_flush") { () throws(CallFailure) in
        let out = try requireOut(outNeedsFlush)
        out.pointee = try cRoot(handle).root.needsFlush
    }
}

/// The sizes of the earlier versions of `frond_commit_statistics`: the first ended with
/// `mutations`, the second with `mount_ns`.
private let commitStatisticsEarlierSizes = [
    MemoryLayout<frond_commit_statistics>.offset(of: \.views_visited),
    MemoryLayout<frond_commit_statistics>.offset(of: \.release_ns),
].compactMap { $0 }

@_cdecl("frond_root_get_statistics") @implementation
public func frond_root_get_statistics(_ outStatistics: UnsafeMutablePointer<frond_commit_statistics>?,
                                      _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_get_statistics") { () throws(CallFailure) in
        let out = try requireOut(outStatistics)
        let declared = UnsafeRawPointer(out).load(as: UInt32.self)
        try checkStructSize(declared, of: frond_commit_statistics.self, earlierSizes: commitStatisticsEarlierSizes,
                            "out_statistics")
        let statistics = try cRoot(handle).statistics
        var result = frond_commit_statistics()
        result.struct_size = declared
        result.components = statistics.components
        result.built_nodes = statistics.builtNodes
        result.reused_subtrees = statistics.reusedSubtrees
        result.renders = statistics.renders
        result.should_update_calls = statistics.shouldUpdateCalls
        result.scopes_created = statistics.scopesCreated
        result.scopes_destroyed = statistics.scopesDestroyed
        result.state_updates = statistics.stateUpdates
        result.dropped_state_updates = statistics.droppedStateUpdates
        result.layouts = statistics.layouts
        result.measure_calls = statistics.measureCalls
        result.created = statistics.created
        result.destroyed = statistics.destroyed
        result.moved = statistics.moved
        result.updated = statistics.updated
        result.mutations = statistics.mutations
        result.views_visited = statistics.viewsVisited
        result.build_ns = statistics.buildNanoseconds
        result.layout_ns = statistics.layoutNanoseconds
        result.mount_ns = statistics.mountNanoseconds
        result.release_ns = statistics.releaseNanoseconds
        // Only the members of the caller's version are written.
        withUnsafeBytes(of: &result) { bytes in
            guard let source = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(out).copyMemory(from: source, byteCount: Int(declared))
        }
    }
}

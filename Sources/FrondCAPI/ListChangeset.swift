import CFrond
import Frond
import FrondCAPISupport
import Synchronization

// Changesets and data diffing (the Lists section of frond.h): a changeset handle holds the
// engine's ListChangeset, which frond_changeset_add grows and ListDiff fills.

/// What a changeset handle refers to: a changeset any thread may add to or read (each call
/// holds the lock only while it copies or appends; no foreign code runs under it).
final class CChangeset: Sendable {
    private let state: Mutex<ListChangeset>

    init(_ changeset: ListChangeset = ListChangeset()) {
        state = Mutex(changeset)
    }

    var changeset: ListChangeset { state.withLock { $0 } }

    func change(_ body: (inout ListChangeset) -> Void) {
        state.withLock { body(&$0) }
    }
}

func cChangeset(_ handle: OpaquePointer?) throws(CallFailure) -> CChangeset {
    // The table only ever stores CChangeset objects under the changeset kind.
    unsafeDowncast(try resolve(handle, .changeset, "changeset"), to: CChangeset.self)
}

/// A C index (size_t, which Swift sees as Int: one above Int.max reads as negative).
func index(_ value: Int, _ name: String) throws(CallFailure) -> Int {
    guard value >= 0 else { throw .invalidArgument("\(name) \(UInt(bitPattern: value)) is above INT64_MAX") }
    return value
}

func itemPath(_ path: frond_item_path, _ name: String) throws(CallFailure) -> ItemPath {
    ItemPath(section: try index(path.section, "\(name).section"), item: try index(path.item, "\(name).item"))
}

extension frond_item_path {
    init(_ path: ItemPath) {
        self.init(section: path.section, item: path.item)
    }
}

@_cdecl("frond_changeset_new") @implementation
public func frond_changeset_new(_ outChangeset: UnsafeMutablePointer<OpaquePointer?>?) -> frond_status {
    call("frond_changeset_new") { () throws(CallFailure) in
        let out = try requireOut(outChangeset)
        out.pointee = try issueHandle(CChangeset(), .changeset)
    }
}

@_cdecl("frond_changeset_free") @implementation
public func frond_changeset_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_changeset_free") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .changeset, "changeset")
    }
}

@_cdecl("frond_changeset_add") @implementation
public func frond_changeset_add(_ handle: OpaquePointer?, _ changePointer: UnsafePointer<frond_change>?) -> frond_status {
    call("frond_changeset_add") { () throws(CallFailure) in
        let target = try cChangeset(handle)
        guard let change = try structArgument(changePointer, "change") else { throw .invalidArgument("change is NULL") }
        // (Read and checked first; then appended under the lock.)
        let append: (inout ListChangeset) -> Void
        switch change.kind {
        case FROND_CHANGE_UPDATE_ITEM:
            let path = try itemPath(change.path, "change.path")
            append = { $0.updatedItems.append(path) }
        case FROND_CHANGE_REMOVE_ITEM:
            let path = try itemPath(change.path, "change.path")
            append = { $0.removedItems.append(path) }
        case FROND_CHANGE_REMOVE_SECTION:
            let section = try index(change.path.section, "change.path.section")
            append = { $0.removedSections.append(section) }
        case FROND_CHANGE_MOVE_ITEM:
            let move = ListChangeset.Move(from: try itemPath(change.path, "change.path"), to: try itemPath(change.to, "change.to"))
            append = { $0.movedItems.append(move) }
        case FROND_CHANGE_INSERT_SECTION:
            let section = try index(change.path.section, "change.path.section")
            append = { $0.insertedSections.append(section) }
        case FROND_CHANGE_INSERT_ITEM:
            let path = try itemPath(change.path, "change.path")
            append = { $0.insertedItems.append(path) }
        default: throw .invalidArgument("change.kind \(change.kind.rawValue) is not a frond_change_kind")
        }
        target.change(append)
    }
}

@_cdecl("frond_changeset_get_changes") @implementation
public func frond_changeset_get_changes(_ outCount: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                        _ buffer: UnsafeMutablePointer<frond_change>?, _ capacity: Int) -> frond_status {
    call("frond_changeset_get_changes") { () throws(CallFailure) in
        let out = try requireOut(outCount)
        let changeset = try cChangeset(handle).changeset
        guard capacity >= 0 else { throw .invalidArgument("capacity \(UInt(bitPattern: capacity)) is above INT64_MAX") }
        guard capacity == 0 || buffer != nil else { throw .invalidArgument("buffer is NULL but capacity is \(capacity)") }
        out.pointee = changeset.operationCount
        guard let buffer else { return }
        for (position, change) in cChanges(changeset).prefix(capacity).enumerated() { buffer[position] = change }
    }
}

/// A changeset's changes as C structs, grouped by kind in the order of frond_change_kind.
func cChanges(_ changeset: ListChangeset) -> [frond_change] {
    var changes: [frond_change] = []
    changes.reserveCapacity(changeset.operationCount)
    func add(_ kind: frond_change_kind, _ path: frond_item_path, _ to: frond_item_path = frond_item_path()) {
        changes.append(frond_change(struct_size: UInt32(MemoryLayout<frond_change>.size), kind: kind, path: path, to: to))
    }
    for path in changeset.updatedItems { add(FROND_CHANGE_UPDATE_ITEM, frond_item_path(path)) }
    for path in changeset.removedItems { add(FROND_CHANGE_REMOVE_ITEM, frond_item_path(path)) }
    for section in changeset.removedSections { add(FROND_CHANGE_REMOVE_SECTION, frond_item_path(section: section, item: 0)) }
    for move in changeset.movedItems { add(FROND_CHANGE_MOVE_ITEM, frond_item_path(move.from), frond_item_path(move.to)) }
    for section in changeset.insertedSections { add(FROND_CHANGE_INSERT_SECTION, frond_item_path(section: section, item: 0)) }
    for path in changeset.insertedItems { add(FROND_CHANGE_INSERT_ITEM, frond_item_path(path)) }
    return changes
}

@_cdecl("frond_changeset_verify") @implementation
public func frond_changeset_verify(_ outSectionCount: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                   _ sectionCounts: UnsafePointer<Int>?, _ sectionCount: Int,
                                   _ outCounts: UnsafeMutablePointer<Int>?, _ capacity: Int) -> frond_status {
    call("frond_changeset_verify") { () throws(CallFailure) in
        let out = try requireOut(outSectionCount)
        let changeset = try cChangeset(handle).changeset
        guard capacity >= 0 else { throw .invalidArgument("capacity \(UInt(bitPattern: capacity)) is above INT64_MAX") }
        guard capacity == 0 || outCounts != nil else {
            throw .invalidArgument("out_counts is NULL but capacity is \(capacity)")
        }
        var counts: [Int] = []
        for (position, count) in try arrayArgument(sectionCounts, sectionCount, "section_counts").enumerated() {
            counts.append(try index(count, "section_counts[\(position)]"))
        }
        let after = try frond { () throws(FrondError) in try changeset.sectionCounts(after: counts) }
        out.pointee = after.count
        guard let outCounts else { return }
        for (position, count) in after.prefix(capacity).enumerated() { outCounts[position] = count }
    }
}

/// The content versions of a diff's two lists: both NULL means the items never change.
private func versions(_ old: UnsafePointer<UInt64>?, _ oldCount: Int, _ new: UnsafePointer<UInt64>?,
                      _ newCount: Int) throws(CallFailure) -> (UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt64>)? {
    guard old != nil || new != nil else { return nil }
    guard old != nil, new != nil else { throw .invalidArgument("give both old_versions and new_versions, or neither") }
    return (try arrayArgument(old, oldCount, "old_versions"), try arrayArgument(new, newCount, "new_versions"))
}

/// Diffs two lists of identities and issues the changeset.
private func issueDiff<Identity: Hashable>(_ out: UnsafeMutablePointer<OpaquePointer?>, old: [Identity], new: [Identity],
                                          versions: (old: UnsafeBufferPointer<UInt64>, new: UnsafeBufferPointer<UInt64>)?)
    throws(CallFailure) {
    let changeset = try frond { () throws(FrondError) in
        guard let (oldVersions, newVersions) = versions else { return try ListDiff.changeset(from: old, to: new) }
        return try ListDiff.changeset(from: old, to: new) { oldIndex, newIndex in
            oldVersions[oldIndex] != newVersions[newIndex]
        }
    }
    out.pointee = try issueHandle(CChangeset(changeset), .changeset)
}

@_cdecl("frond_list_diff") @implementation
public func frond_list_diff(_ outChangeset: UnsafeMutablePointer<OpaquePointer?>?, _ oldIDs: UnsafePointer<UInt64>?,
                            _ oldVersions: UnsafePointer<UInt64>?, _ oldCount: Int, _ newIDs: UnsafePointer<UInt64>?,
                            _ newVersions: UnsafePointer<UInt64>?, _ newCount: Int) -> frond_status {
    call("frond_list_diff") { () throws(CallFailure) in
        let out = try requireOut(outChangeset)
        let old = Array(try arrayArgument(oldIDs, oldCount, "old_ids"))
        let new = Array(try arrayArgument(newIDs, newCount, "new_ids"))
        try issueDiff(out, old: old, new: new, versions: try versions(oldVersions, oldCount, newVersions, newCount))
    }
}

@_cdecl("frond_list_diff_keys") @implementation
public func frond_list_diff_keys(_ outChangeset: UnsafeMutablePointer<OpaquePointer?>?,
                                 _ oldKeys: UnsafePointer<UnsafePointer<CChar>?>?, _ oldVersions: UnsafePointer<UInt64>?,
                                 _ oldCount: Int, _ newKeys: UnsafePointer<UnsafePointer<CChar>?>?,
                                 _ newVersions: UnsafePointer<UInt64>?, _ newCount: Int) -> frond_status {
    call("frond_list_diff_keys") { () throws(CallFailure) in
        let out = try requireOut(outChangeset)
        // Keys are compared byte for byte (Swift's String would pair canonically
        // equivalent spellings, "é" and "e\u{301}").
        var old: [[UInt8]] = []
        for (position, key) in try arrayArgument(oldKeys, oldCount, "old_keys").enumerated() {
            old.append(Array(try requiredString(key, "old_keys[\(position)]").utf8))
        }
        var new: [[UInt8]] = []
        for (position, key) in try arrayArgument(newKeys, newCount, "new_keys").enumerated() {
            new.append(Array(try requiredString(key, "new_keys[\(position)]").utf8))
        }
        try issueDiff(out, old: old, new: new, versions: try versions(oldVersions, oldCount, newVersions, newCount))
    }
}

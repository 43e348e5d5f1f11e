import Synchronization

/// What a handle refers to.
package enum HandleKind: UInt8, CustomStringConvertible {
    case config = 1
    case node = 2
    case component = 3
    case root = 4
    case renderClass = 5
    case scope = 6
    case action = 7
    case actionBlock = 8
    case wrapper = 9
    case legacyView = 10
    case snapshotHost = 11
    case changeset = 12
    case dataSource = 13
    case list = 14
    case webServer = 15

    package var description: String {
        switch self {
        case .config: return "frond_config"
        case .node: return "frond_node"
        case .component: return "frond_component"
        case .root: return "frond_root"
        case .renderClass: return "frond_render_class"
        case .scope: return "frond_scope"
        case .action: return "frond_action"
        case .actionBlock: return "frond_action_block"
        case .wrapper: return "frond_wrapper"
        case .legacyView: return "frond_legacy_view"
        case .snapshotHost: return "frond_snapshot_host"
        case .changeset: return "frond_changeset"
        case .dataSource: return "frond_data_source"
        case .list: return "frond_list"
        case .webServer: return "frond_web_server"
        }
    }
}

/// The table behind every opaque handle the C API gives out.
///
/// A handle's value is `generation << 32 | kind << 28 | (slot + 1)`, never an address,
/// so a NULL, freed, never-issued or wrong-kind handle is recognised and refused instead
/// of being dereferenced. A freed slot is reused with a new generation; the old handle
/// then no longer matches. The table is thread-safe. No foreign code runs under its
/// lock: objects leave the table inside the lock but are released by the caller after it.
package final class HandleTable: Sendable {
    package static let slotBits: UInt64 = 28
    package static let maximumSlots = Int(1 << slotBits) - 1

    /// An object kept by the table. Objects are only handed out, never used, under the
    /// lock, so sharing them between threads is left to the C API's threading rules.
    private struct Stored: @unchecked Sendable {
        let object: AnyObject
    }

    private struct Entry {
        var generation: UInt32 = 1
        var kind: UInt8 = 0
        var stored: Stored?
    }

    private struct State: ~Copyable {
        var entries: [Entry] = []
        var freeSlots: [Int] = []
        var liveCount = 0
    }

    private let state = Mutex(State())

    /// Why a handle was refused.
    package enum Refusal: Error {
        case null
        case stale
        case wrongKind(HandleKind?)
        case full
    }

    /// Registers `object` and returns its handle value.
    package func insert(_ object: AnyObject, kind: HandleKind) throws(Refusal) -> UInt64 {
        let stored = Stored(object: object)
        let result: UInt64? = state.withLock { state in
            let slot: Int
            if let reused = state.freeSlots.popLast() {
                slot = reused
            } else {
                guard state.entries.count < Self.maximumSlots else { return nil }
                state.entries.append(Entry())
                slot = state.entries.count - 1
            }
            state.entries[slot].kind = kind.rawValue
            state.entries[slot].stored = stored
            state.liveCount += 1
            return UInt64(state.entries[slot].generation) << 32 | UInt64(kind.rawValue) << Self.slotBits
                | UInt64(slot + 1)
        }
        guard let result else { throw .full }
        return result
    }

    /// The object a handle refers to, if it is live and of the expected kind.
    package func resolve(_ handle: UInt64, kind: HandleKind) throws(Refusal) -> AnyObject {
        guard handle != 0 else { throw .null }
        let found = state.withLock { state in Self.locate(handle, kind: kind, in: state) }
        return try found.get().stored.object
    }

    /// Removes a live handle and returns its object, which the caller releases after the
    /// lock is dropped (its deinit may run foreign code).
    package func remove(_ handle: UInt64, kind: HandleKind) throws(Refusal) -> AnyObject {
        guard handle != 0 else { throw .null }
        let removed: Result<Stored, Refusal> = state.withLock { state in
            let slot: Int, stored: Stored
            switch Self.locate(handle, kind: kind, in: state) {
            case .success(let found): (slot, stored) = found
            case .failure(let refusal): return .failure(refusal)
            }
            state.entries[slot].stored = nil
            state.entries[slot].generation &+= 1
            if state.entries[slot].generation == 0 { state.entries[slot].generation = 1 }
            state.freeSlots.append(slot)
            state.liveCount -= 1
            return .success(stored)
        }
        return try removed.get().object
    }

    /// The slot of a handle that is live, was issued exactly as given (generation and kind
    /// bits included: a forged value that only shares a slot is refused) and has `kind`.
    private static func locate(_ handle: UInt64, kind: HandleKind,
                               in state: borrowing State) -> Result<(slot: Int, stored: Stored), Refusal> {
        guard let slot = slot(of: handle, count: state.entries.count),
              state.entries[slot].generation == UInt32(truncatingIfNeeded: handle >> 32),
              let stored = state.entries[slot].stored,
              UInt8(truncatingIfNeeded: handle >> slotBits) & 0xF == state.entries[slot].kind else {
            return .failure(.stale)
        }
        guard state.entries[slot].kind == kind.rawValue else {
            return .failure(.wrongKind(HandleKind(rawValue: state.entries[slot].kind)))
        }
        return .success((slot, stored))
    }

    /// The number of live handles.
    package var liveCount: Int { state.withLock { $0.liveCount } }

    private static func slot(of handle: UInt64, count: Int) -> Int? {
        let slotPlusOne = Int(handle & ((1 << slotBits) - 1))
        guard slotPlusOne >= 1, slotPlusOne <= count else { return nil }
        return slotPlusOne - 1
    }
}

/// The process-wide handle table.
package let handles = HandleTable()

extension OpaquePointer {
    /// The handle value of an opaque C handle.
    package var handleValue: UInt64 { UInt64(UInt(bitPattern: self)) }

    /// The opaque C handle for a handle value.
    package init?(handle: UInt64) {
        self.init(bitPattern: UInt(handle))
    }
}

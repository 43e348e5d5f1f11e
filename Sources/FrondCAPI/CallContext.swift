import FrondCAPISupport
import CFrond
import FrondLayout
#if canImport(Glibc)
import Glibc
#endif

/// The node behind a node handle.
@inline(__always)
func node(_ handle: OpaquePointer?, _ role: String = "node") throws(CallFailure) -> LayoutNode {
    // The table only ever stores LayoutNode objects under the node kind.
    unsafeDowncast(try resolve(handle, .node, role), to: LayoutNode.self)
}

/// The config behind a config handle.
@inline(__always)
func config(_ handle: OpaquePointer?, _ role: String = "config") throws(CallFailure) -> LayoutConfig {
    unsafeDowncast(try resolve(handle, .config, role), to: LayoutConfig.self)
}

/// The handle of a node created through the C API (0 if it has none).
func handleOf(_ node: LayoutNode?) -> OpaquePointer? {
    guard let node, node.tag != 0 else { return nil }
    return OpaquePointer(handle: node.tag)
}

/// The calling thread's last error message, kept in thread-local storage (frond_set_last_error
/// and every failing call of every Frond library write it).
enum ErrorSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    /// How many messages the thread has recorded (as a pointer's bit pattern: no memory).
    private static let serialKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let empty: StaticString = ""

    static func set(_ message: String) {
        // A message never contains NUL, so C sees all of it.
        let text = message.replacingNULs()
        let copy = strdup(text)
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, copy)
        free(previous)
        pthread_setspecific(serialKey, UnsafeRawPointer(bitPattern: serial &+ 1))
    }

    /// Counts the messages recorded on the calling thread: a failure happened between two
    /// readings when they differ.
    static var serial: UInt { UInt(bitPattern: pthread_getspecific(serialKey)) }

    static func clear() {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, nil)
        free(previous)
    }

    static var current: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// A C callback being called, to explain its failure: the message says which callback
/// returned which status, and keeps as its cause the message of the last Frond call that
/// failed inside the callback (the callback often fails because such a call did: "argument
/// 0 is a string, not an int64" says more than "returned FROND_ERR_INVALID_ARGUMENT").
struct CallbackCall {
    private let serial = ErrorSlot.serial

    /// "`what` returned STATUS" ("returned STATUS" when `what` is empty), with ": " and the
    /// cause when a Frond call failed during the callback.
    func failure(_ what: String, _ status: frond_status) -> String {
        let returned = (what.isEmpty ? "" : "\(what) ") + "returned \(String(cString: frond_status_name(status)))"
        guard ErrorSlot.serial != serial, let cause = String(validatingCString: ErrorSlot.current), !cause.isEmpty else {
            return returned
        }
        return "\(returned): \(cause)"
    }
}

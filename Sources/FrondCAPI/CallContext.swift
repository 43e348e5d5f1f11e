import CFrond
import FrondLayout
#if canImport(Glibc)
import Glibc
#endif

/// A failure of a C API call: the status to return and the message to record.
struct CallFailure: Error {
    let status: frond_status
    let message: String

    init(_ status: frond_status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func invalidArgument(_ message: String) -> CallFailure { CallFailure(FROND_ERR_INVALID_ARGUMENT, message) }
    static func misuse(_ message: String) -> CallFailure { CallFailure(FROND_ERR_MISUSE, message) }

    /// The status and message for an engine error.
    init(_ error: LayoutError) {
        switch error.kind {
        case .invalidValue: status = FROND_ERR_INVALID_ARGUMENT
        case .invalidTree: status = FROND_ERR_INVALID_TREE
        case .tooDeep: status = FROND_ERR_LIMIT
        case .reentrantCall: status = FROND_ERR_MISUSE
        case .callbackFailed: status = FROND_ERR_CALLBACK
        }
        message = error.message
    }
}

/// Runs the body of the C function `name`: a thrown failure becomes its status, with the
/// message (prefixed with the function name) recorded for frond_last_error_message().
@inline(__always)
func call(_ name: StaticString, _ body: () throws(CallFailure) -> Void) -> frond_status {
    do {
        try body()
        return FROND_OK
    } catch {
        LastError.set("\(name): \(error.message)")
        return error.status
    }
}

/// Like ``call(_:_:)`` for a body that already ran: records the failure, if any, and
/// returns its status. Registration functions use it so that a destroy function run for
/// refused user_data (which may call the API and set messages of its own) has finished
/// before the call's own message is recorded.
func report(_ name: StaticString, _ failure: CallFailure?) -> frond_status {
    guard let failure else { return FROND_OK }
    LastError.set("\(name): \(failure.message)")
    return failure.status
}

/// Runs `body` and returns the failure it threw, if any.
@inline(__always)
func attempt(_ body: () throws(CallFailure) -> Void) -> CallFailure? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Converts an engine error thrown by `body` into a call failure.
@inline(__always)
func engine<T>(_ body: () throws(LayoutError) -> T) throws(CallFailure) -> T {
    do {
        return try body()
    } catch {
        throw CallFailure(error)
    }
}

/// Writes a result through an out parameter, refusing NULL.
@inline(__always)
func write<T>(_ value: T, to out: UnsafeMutablePointer<T>?, _ name: StaticString = "out") throws(CallFailure) {
    guard let out else { throw .invalidArgument("\(name) is NULL") }
    out.pointee = value
}

/// Refuses a NULL out parameter before any work is done.
@inline(__always)
func requireOut<T>(_ out: UnsafeMutablePointer<T>?) throws(CallFailure) -> UnsafeMutablePointer<T> {
    guard let out else { throw .invalidArgument("the out parameter is NULL") }
    return out
}

/// The object behind a handle of the given kind (argument `role` names it in messages).
func resolve(_ handle: OpaquePointer?, _ kind: HandleKind, _ role: String) throws(CallFailure) -> AnyObject {
    do {
        return try handles.resolve(handle?.handleValue ?? 0, kind: kind)
    } catch {
        throw refusal(error, kind, role)
    }
}

func refusal(_ error: HandleTable.Refusal, _ kind: HandleKind, _ role: String) -> CallFailure {
    switch error {
    case .null: return .misuse("\(role) is a NULL \(kind) handle")
    case .stale: return .misuse("\(role) is not a live \(kind) handle (freed, or never issued)")
    case .wrongKind(let actual):
        return .misuse("\(role) is a \(actual.map { "\($0)" } ?? "different") handle, not a \(kind)")
    case .full: return CallFailure(FROND_ERR_LIMIT, "too many live handles (the limit is \(HandleTable.maximumSlots))")
    }
}

/// Registers an object under a new handle.
func issueHandle(_ object: AnyObject, _ kind: HandleKind) throws(CallFailure) -> OpaquePointer? {
    do {
        return OpaquePointer(handle: try handles.insert(object, kind: kind))
    } catch {
        throw refusal(error, kind, "handle")
    }
}

/// Removes a live handle and returns its object (to be released after the call's work).
func releaseHandle(_ handle: OpaquePointer, _ kind: HandleKind, _ role: String) throws(CallFailure) -> AnyObject {
    do {
        return try handles.remove(handle.handleValue, kind: kind)
    } catch {
        throw refusal(error, kind, role)
    }
}

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

/// The calling thread's last error message, kept in thread-local storage.
enum LastError {
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
    private let serial = LastError.serial

    /// "`what` returned STATUS" ("returned STATUS" when `what` is empty), with ": " and the
    /// cause when a Frond call failed during the callback.
    func failure(_ what: String, _ status: frond_status) -> String {
        let returned = (what.isEmpty ? "" : "\(what) ") + "returned \(String(cString: frond_status_name(status)))"
        guard LastError.serial != serial, let cause = String(validatingCString: LastError.current), !cause.isEmpty else {
            return returned
        }
        return "\(returned): \(cause)"
    }
}

extension String {
    func replacingNULs() -> String {
        contains("\0") ? String(unicodeScalars.map { $0 == "\0" ? "?" : Character($0) }) : self
    }
}

/// A static C string.
func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

import CFrond
import Frond
import FrondLayout
#if canImport(Glibc)
import Glibc
#endif

// The call conventions every Frond C library shares (libfrond and the libraries built on
// its API, such as libfrond_cairo): statuses and messages, out parameters, handles.
// Each library that links this module has a handle table of its own; every message goes
// to libfrond's one last-error slot (frond_set_last_error), whichever library failed.

/// A failure of a C API call: the status to return and the message to record.
package struct CallFailure: Error {
    package let status: frond_status
    package let message: String

    package init(_ status: frond_status, _ message: String) {
        self.status = status
        self.message = message
    }

    package static func invalidArgument(_ message: String) -> CallFailure { CallFailure(FROND_ERR_INVALID_ARGUMENT, message) }
    package static func misuse(_ message: String) -> CallFailure { CallFailure(FROND_ERR_MISUSE, message) }

    /// The status and message for an engine error.
    package init(_ error: LayoutError) {
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
package func call(_ name: StaticString, _ body: () throws(CallFailure) -> Void) -> frond_status {
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
package func report(_ name: StaticString, _ failure: CallFailure?) -> frond_status {
    guard let failure else { return FROND_OK }
    LastError.set("\(name): \(failure.message)")
    return failure.status
}

/// Runs `body` and returns the failure it threw, if any.
@inline(__always)
package func attempt(_ body: () throws(CallFailure) -> Void) -> CallFailure? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Converts an engine error thrown by `body` into a call failure.
@inline(__always)
package func engine<T>(_ body: () throws(LayoutError) -> T) throws(CallFailure) -> T {
    do {
        return try body()
    } catch {
        throw CallFailure(error)
    }
}

/// Writes a result through an out parameter, refusing NULL.
@inline(__always)
package func write<T>(_ value: T, to out: UnsafeMutablePointer<T>?, _ name: StaticString = "out") throws(CallFailure) {
    guard let out else { throw .invalidArgument("\(name) is NULL") }
    out.pointee = value
}

/// Refuses a NULL out parameter before any work is done.
@inline(__always)
package func requireOut<T>(_ out: UnsafeMutablePointer<T>?) throws(CallFailure) -> UnsafeMutablePointer<T> {
    guard let out else { throw .invalidArgument("the out parameter is NULL") }
    return out
}

/// The object behind a handle of the given kind (argument `role` names it in messages).
package func resolve(_ handle: OpaquePointer?, _ kind: HandleKind, _ role: String) throws(CallFailure) -> AnyObject {
    do {
        return try handles.resolve(handle?.handleValue ?? 0, kind: kind)
    } catch {
        throw refusal(error, kind, role)
    }
}

package func refusal(_ error: HandleTable.Refusal, _ kind: HandleKind, _ role: String) -> CallFailure {
    switch error {
    case .null: return .misuse("\(role) is a NULL \(kind) handle")
    case .stale: return .misuse("\(role) is not a live \(kind) handle (freed, or never issued)")
    case .wrongKind(let actual):
        return .misuse("\(role) is a \(actual.map { "\($0)" } ?? "different") handle, not a \(kind)")
    case .full: return CallFailure(FROND_ERR_LIMIT, "too many live handles (the limit is \(HandleTable.maximumSlots))")
    }
}

/// Registers an object under a new handle.
package func issueHandle(_ object: AnyObject, _ kind: HandleKind) throws(CallFailure) -> OpaquePointer? {
    do {
        return OpaquePointer(handle: try handles.insert(object, kind: kind))
    } catch {
        throw refusal(error, kind, "handle")
    }
}

/// Removes a live handle and returns its object (to be released after the call's work).
package func releaseHandle(_ handle: OpaquePointer, _ kind: HandleKind, _ role: String) throws(CallFailure) -> AnyObject {
    do {
        return try handles.remove(handle.handleValue, kind: kind)
    } catch {
        throw refusal(error, kind, role)
    }
}

/// Records the calling thread's last error message in libfrond, where
/// frond_last_error_message() reads it.
package enum LastError {
    package static func set(_ message: String) {
        // A message never contains NUL, so C sees all of it.
        message.replacingNULs().withCString { frond_set_last_error($0) }
    }
}

extension String {
    package func replacingNULs() -> String {
        contains("\0") ? String(unicodeScalars.map { $0 == "\0" ? "?" : Character($0) }) : self
    }
}

/// A static C string.
package func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

import FrondCAPISupport
import CFrond

/// The library version; bindings compare theirs with it. Its numbers are the header's
/// FROND_VERSION_MAJOR, _MINOR and _PATCH (Tests/CAPI/version_test.c checks that they agree).
let frondVersion: StaticString = "0.1.0"
let frondVersionNumbers: (major: Int32, minor: Int32, patch: Int32) = (0, 1, 0)

@_cdecl("frond_version") @implementation
public func frond_version() -> UnsafePointer<CChar>? {
    cString(frondVersion)
}

@_cdecl("frond_version_numbers") @implementation
public func frond_version_numbers(_ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?,
                                  _ patch: UnsafeMutablePointer<Int32>?) {
    major?.pointee = frondVersionNumbers.major
    minor?.pointee = frondVersionNumbers.minor
    patch?.pointee = frondVersionNumbers.patch
}

@_cdecl("frond_status_name") @implementation
public func frond_status_name(_ status: frond_status) -> UnsafePointer<CChar>? {
    switch status {
    case FROND_OK: return cString("FROND_OK")
    case FROND_ERR_INVALID_ARGUMENT: return cString("FROND_ERR_INVALID_ARGUMENT")
    case FROND_ERR_MISUSE: return cString("FROND_ERR_MISUSE")
    case FROND_ERR_INVALID_TREE: return cString("FROND_ERR_INVALID_TREE")
    case FROND_ERR_LIMIT: return cString("FROND_ERR_LIMIT")
    case FROND_ERR_CALLBACK: return cString("FROND_ERR_CALLBACK")
    case FROND_ERR_OUT_OF_MEMORY: return cString("FROND_ERR_OUT_OF_MEMORY")
    case FROND_ERR_INTERNAL: return cString("FROND_ERR_INTERNAL")
    default: return cString("FROND_UNKNOWN_STATUS")
    }
}

@_cdecl("frond_last_error_message") @implementation
public func frond_last_error_message() -> UnsafePointer<CChar>? {
    ErrorSlot.current
}

@_cdecl("frond_set_last_error") @implementation
public func frond_set_last_error(_ message: UnsafePointer<CChar>?) {
    guard let message else { return ErrorSlot.clear() }
    // Invalid UTF-8 is repaired (U+FFFD), never refused: this call cannot fail.
    ErrorSlot.set(String(cString: message))
}

@_cdecl("frond_clear_last_error") @implementation
public func frond_clear_last_error() {
    ErrorSlot.clear()
}

@_cdecl("frond_handle_count") @implementation
public func frond_handle_count(_ outCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_handle_count") { () throws(CallFailure) in
        try write(handles.liveCount, to: outCount, "out_count")
    }
}

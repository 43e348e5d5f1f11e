import CFrond
import Frond
import FrondCAPISupport
import FrondCairo
import FrondLayout
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// libfrond_web: the web host's C functions (include/frond_web.h). Like libfrond_cairo it is
// a client of libfrond's C API: roots are libfrond's handles, reached only through frond_*
// calls; servers are handles of this library's own table.

/// A server handle's object: the server, and the thread running it (frond_web_server_run),
/// so that calls from elsewhere are refused rather than racing it.
final class CWebServer: @unchecked Sendable {
    let server: WebServer
    /// The thread in frond_web_server_run, if any.
    let runner = Mutex<pthread_t?>(nil)

    init(_ server: WebServer) {
        self.server = server
    }

    /// Refuses a call made while the server runs on another thread, or from its callbacks.
    func checkIdle(_ what: String) throws(CallFailure) {
        let running = runner.withLock { $0 }
        if let running {
            throw .misuse(pthread_equal(running, pthread_self()) != 0
                ? "\(what) from the server's own callbacks (inside frond_web_server_run)"
                : "\(what) while another thread runs the server")
        }
    }
}

@_cdecl("frond_web_version_numbers") @implementation
public func frond_web_version_numbers(_ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?,
                                      _ patch: UnsafeMutablePointer<Int32>?) {
    major?.pointee = FROND_WEB_VERSION_MAJOR
    minor?.pointee = FROND_WEB_VERSION_MINOR
    patch?.pointee = FROND_WEB_VERSION_PATCH
}

@_cdecl("frond_web_handle_count") @implementation
public func frond_web_handle_count(_ outCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_web_handle_count") { () throws(CallFailure) in
        try write(handles.liveCount, to: outCount, "out_count")
    }
}

private func cWebServer(_ handle: OpaquePointer?) throws(CallFailure) -> CWebServer {
    do {
        // The table only ever stores CWebServer objects under the web server kind.
        return unsafeDowncast(try resolve(handle, .webServer, "server"), to: CWebServer.self)
    } catch {
        let stale = "(freed, or never issued)"
        guard error.message.hasSuffix(stale) else { throw error }
        throw CallFailure(error.status, error.message.dropLast(stale.count) + "(freed, never issued, or one of libfrond's handles)")
    }
}

/// A configuration read from C (NULL: the defaults).
private func webConfig(_ pointer: UnsafePointer<frond_web_config>?) throws(CallFailure) -> WebConfig {
    var config = WebConfig()
    guard let c = try structArgument(pointer, "config") else { return config }
    if let address = try optionalString(c.address, "config.address") { config.address = address }
    config.port = c.port
    if c.max_message_bytes != 0 {
        guard c.max_message_bytes <= 1 << 30 else { throw .invalidArgument("config.max_message_bytes is above 1 GiB") }
        config.maxMessageBytes = c.max_message_bytes
    }
    config.keepSizeRange = c.keep_size_range
    config.keepTextMeasurer = c.keep_text_measurer
    if let family = try optionalString(c.font_family, "config.font_family"), !family.isEmpty { config.fontFamily = family }
    config.imageDirectory = try optionalString(c.image_directory, "config.image_directory")
    if let title = try optionalString(c.title, "config.title") { config.title = title }
    if c.frame_interval != 0 {
        guard c.frame_interval.isFinite, c.frame_interval >= 0.001, c.frame_interval <= 1 else {
            throw .invalidArgument("config.frame_interval \(c.frame_interval) is not within 0.001…1 seconds (or 0)")
        }
        config.frameInterval = c.frame_interval
    }
    return config
}

@_cdecl("frond_web_server_new") @implementation
public func frond_web_server_new(_ outServer: UnsafeMutablePointer<OpaquePointer?>?,
                                 _ config: UnsafePointer<frond_web_config>?, _ session: frond_web_session_func?,
                                 _ sessionEnd: frond_web_session_end_func?, _ userData: UnsafeMutableRawPointer?,
                                 _ destroy: frond_destroy_func?) -> frond_status {
    var owner: CallbackOwner? = CallbackOwner(userData, destroy)
    let failure = attempt { () throws(CallFailure) in
        let out = try requireOut(outServer)
        let settings = try webConfig(config)
        guard let session else { throw .invalidArgument("session is NULL") }
        guard let callbackOwner = owner else { return }
        let server = try WebServer(config: settings, session: session, sessionEnd: sessionEnd, owner: callbackOwner)
        out.pointee = try issueHandle(CWebServer(server), .webServer)
    }
    // On failure the user_data is destroyed before the call returns (the server, if made, is gone).
    owner = nil
    return report("frond_web_server_new", failure)
}

@_cdecl("frond_web_server_free") @implementation
public func frond_web_server_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    var released: AnyObject?
    defer { withExtendedLifetime(released) {} }
    let failure = attempt { () throws(CallFailure) in
        try cWebServer(handle).checkIdle("frond_web_server_free")
        let object = try releaseHandle(handle, .webServer, "server")
        // The table only ever stores CWebServer objects under the web server kind.
        unsafeDowncast(object, to: CWebServer.self).server.shutDown()
        released = object
    }
    return report("frond_web_server_free", failure)
}

@_cdecl("frond_web_server_set_log_handler") @implementation
public func frond_web_server_set_log_handler(_ handle: OpaquePointer?, _ log: frond_web_log_func?,
                                             _ userData: UnsafeMutableRawPointer?,
                                             _ destroy: frond_destroy_func?) -> frond_status {
    var owner: CallbackOwner? = CallbackOwner(userData, destroy)
    var replaced: (frond_web_log_func?, CallbackOwner)?
    let failure = attempt { () throws(CallFailure) in
        let server = try cWebServer(handle)
        try server.checkOtherThread("frond_web_server_set_log_handler")
        guard let callbackOwner = owner else { return }
        replaced = server.server.replaceLog(log, callbackOwner)
    }
    owner = nil
    // The replaced handler's user_data is destroyed after the call's work.
    _ = replaced.map { _ in () }
    replaced = nil
    return report("frond_web_server_set_log_handler", failure)
}

@_cdecl("frond_web_server_get_port") @implementation
public func frond_web_server_get_port(_ outPort: UnsafeMutablePointer<UInt16>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_web_server_get_port") { () throws(CallFailure) in
        let out = try requireOut(outPort)
        out.pointee = try cWebServer(handle).server.port
    }
}

@_cdecl("frond_web_server_run") @implementation
public func frond_web_server_run(_ handle: OpaquePointer?, _ seconds: Double) -> frond_status {
    call("frond_web_server_run") { () throws(CallFailure) in
        let server = try cWebServer(handle)
        guard seconds >= 0, !seconds.isNaN else {
            throw .invalidArgument("seconds \(seconds) is not ≥ 0 (INFINITY: until interrupted)")
        }
        let claimed = server.runner.withLock { runner -> Bool in
            guard runner == nil else { return false }
            runner = pthread_self()
            return true
        }
        guard claimed else { try server.checkIdle("frond_web_server_run"); return }
        defer { server.runner.withLock { $0 = nil } }
        server.server.run(seconds: seconds)
    }
}

@_cdecl("frond_web_server_interrupt") @implementation
public func frond_web_server_interrupt(_ handle: OpaquePointer?) -> frond_status {
    call("frond_web_server_interrupt") { () throws(CallFailure) in
        try cWebServer(handle).server.waker.interrupt()
    }
}

@_cdecl("frond_web_server_get_statistics") @implementation
public func frond_web_server_get_statistics(_ outStatistics: UnsafeMutablePointer<frond_web_statistics>?,
                                            _ handle: OpaquePointer?) -> frond_status {
    call("frond_web_server_get_statistics") { () throws(CallFailure) in
        let out = try requireOut(outStatistics)
        try checkStructSize(out.pointee.struct_size, of: frond_web_statistics.self, "out_statistics")
        let server = try cWebServer(handle)
        try server.checkOtherThread("frond_web_server_get_statistics")
        var statistics = server.server.statistics
        let live = server.server.liveCounts
        statistics.struct_size = UInt32(MemoryLayout<frond_web_statistics>.size)
        statistics.connections = live.connections
        statistics.served_roots = live.roots
        out.pointee = statistics
    }
}

@_cdecl("frond_web_server_serve_lists") @implementation
public func frond_web_server_serve_lists(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                         _ session: frond_web_list_session_func?,
                                         _ sessionEnd: frond_web_list_session_end_func?,
                                         _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    var owner: CallbackOwner? = CallbackOwner(userData, destroy)
    var replaced: ListSessions?
    let failure = attempt { () throws(CallFailure) in
        let server = try cWebServer(handle)
        try server.checkIdle("frond_web_server_serve_lists")
        let place = try requiredString(path, "path")
        guard place.hasPrefix("/"), !place.contains("?"), place.utf8.count <= PageMessage.maximumPathLength else {
            throw .invalidArgument("path \"\(place.prefix(64))\" is not a page's path (\"/…\", without a query)")
        }
        guard let callbackOwner = owner else { return }
        replaced = server.server.serveLists(place, session.map {
            ListSessions(session: $0, sessionEnd: sessionEnd, owner: callbackOwner)
        })
    }
    // The user_data of functions that serve nothing (replaced, refused, or given with a NULL
    // session) is destroyed before the call returns.
    owner = nil
    withExtendedLifetime(replaced) {}
    replaced = nil
    return report("frond_web_server_serve_lists", failure)
}

/// Each font family's Pango measurer for lists, kept for the life of the process (a list
/// may outlive the server that gave it its measurer).
private let listMeasurers = Mutex<[String: MeasurerBinding]>([:])

@_cdecl("frond_web_server_get_text_measurer") @implementation
public func frond_web_server_get_text_measurer(_ outMeasure: UnsafeMutablePointer<frond_text_measure_func?>?,
                                               _ outUserData: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                               _ handle: OpaquePointer?) -> frond_status {
    call("frond_web_server_get_text_measurer") { () throws(CallFailure) in
        let measure = try requireOut(outMeasure)
        let userData = try requireOut(outUserData)
        let server = try cWebServer(handle).server
        let binding = listMeasurers.withLock { table in
            if let existing = table[server.config.fontFamily] { return existing }
            let made = MeasurerBinding(PangoTextMeasurer(typesetter: server.typesetter), "Pango text measurer") { error in
                CallFailure(FROND_ERR_INVALID_ARGUMENT, "\(error)")
            }
            table[server.config.fontFamily] = made
            return made
        }
        measure.pointee = MeasurerBinding.function
        userData.pointee = Unmanaged.passUnretained(binding).toOpaque()
    }
}

extension CWebServer {
    /// Refuses a call made while another thread runs the server (its own callbacks may).
    func checkOtherThread(_ what: String) throws(CallFailure) {
        let running = runner.withLock { $0 }
        if let running, pthread_equal(running, pthread_self()) == 0 {
            throw .misuse("\(what) while another thread runs the server")
        }
    }
}

/// The typesetter as a root's C text measurer.
func setPangoMeasurer(_ typesetter: Typesetter, on rootHandle: OpaquePointer?) throws(CallFailure) {
    try setTextMeasurer(PangoTextMeasurer(typesetter: typesetter), on: rootHandle, name: "Pango text measurer") { error in
        CallFailure(FROND_ERR_INVALID_ARGUMENT, "\(error)")
    }
}

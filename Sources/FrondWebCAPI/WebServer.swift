import CFrond
import CFrondWebPage
import CSoup
import Frond
import FrondCAPISupport
import FrondCairo
import FrondTrees
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// The web host: a libsoup server on a GLib main context of its own, iterated only inside
// frond_web_server_run, on the caller's thread. Everything happens there, in this order:
//
//   g_main_context_iteration ─► HTTP requests (page, script, fonts, images)
//                             ─► WebSocket opens, messages, closes ─► session function,
//                                events (frond_root_send_event), viewports
//   pump ─► flush the served roots that need it ─► host (ServedRoot.commit) ─► one message
//        ─► tick the roots that animate (a frame timer wakes the loop meanwhile)
//
// A root's flush request (any thread) only sets a flag and wakes the context.

/// A server's settings, read from frond_web_config.
struct WebConfig {
    var address = "127.0.0.1"
    var port: UInt16 = 0
    var maxMessageBytes = Int(FROND_WEB_DEFAULT_MAX_MESSAGE_BYTES)
    var keepSizeRange = false
    var keepTextMeasurer = false
    var fontFamily = Typesetter.standardFontFamily
    var imageDirectory: String?
    var title = "Frond"
    var frameInterval = 1.0 / 60
}

/// Wakes a server's context from any thread (a root's flush request), and tells the loop
/// that a flush was asked for.
final class Waker: @unchecked Sendable {
    let context: OpaquePointer
    let flushRequested = Atomic<Bool>(false)
    let interrupted = Atomic<Bool>(false)

    init(context: OpaquePointer) {
        self.context = context
        g_main_context_ref(context)
    }

    deinit {
        g_main_context_unref(context)
    }

    func requestFlush() {
        flushRequested.store(true, ordering: .sequentiallyConsistent)
        g_main_context_wakeup(context)
    }

    func interrupt() {
        interrupted.store(true, ordering: .sequentiallyConsistent)
        g_main_context_wakeup(context)
    }
}

/// A page's connection.
final class PageConnection {
    let id: UInt64
    let socket: OpaquePointer
    var handlers: [gulong] = []
    var path = ""
    var width: Float = 0
    var height: Float = 0
    var root: ServedRoot?
    /// A list page's list (then `root` is nil).
    var list: ServedList?
    /// The last event this page sent (its number), for the page's latency figures.
    var lastEvent: UInt64 = 0
    /// The last event whose effects the page has been sent (a text field typed in shows the
    /// root's value once its typing is answered; see `answered(_:)`).
    var answered: UInt64 = 0
    /// Whether the event being handled has not been flushed yet.
    var handling = false
    /// How many messages with mutations (commits and resets) it was sent.
    var mutationMessages: UInt64 = 0
    /// Messages that came after the server was interrupted (kind and bytes, a reference
    /// each), handled in order when it runs again: a page that keeps sending cannot keep
    /// `run` from returning.
    var backlog: [(type: Int32, bytes: OpaquePointer)] = []
    var closed = false
    weak var server: WebServer?

    init(id: UInt64, socket: OpaquePointer, server: WebServer) {
        self.id = id
        self.socket = socket
        self.server = server
    }

    var isOpen: Bool {
        !closed && soup_websocket_connection_get_state(socket) == SOUP_WEBSOCKET_STATE_OPEN
    }

    /// The page's session as the program's functions are told it (valid during `body`).
    func withSessionInfo<R>(_ body: (UnsafePointer<frond_web_session_info>) -> R) -> R {
        path.withCString { cPath in
            var info = frond_web_session_info(session: id, path: cPath, width: width, height: height)
            return body(&info)
        }
    }
}

/// A root the server serves: its handle, its views as the pages have them, its pages.
final class ServedRoot {
    let handle: OpaquePointer
    let mirror: ViewMirror
    var pages: [PageConnection] = []
    /// False once libfrond let go of the server's host (the root freed, or given another host).
    var alive = true
    /// Added to the server's clock for this root's ticks (a root ticked before it was served).
    var clockOffset = 0.0
    /// Whether its commit now is its flush's (a tick's commit, before it, shows animation
    /// frames of the state from before the event being handled).
    var flushing = false
    /// Its last flush failed (its pages were told: they show stale views until one succeeds).
    var failing = false
    unowned let server: WebServer

    init(handle: OpaquePointer, server: WebServer) {
        self.handle = handle
        self.server = server
        mirror = ViewMirror(typesetter: server.typesetter)
    }
}

/// Where pages of a path get lists: the program's functions.
final class ListSessions {
    let session: frond_web_list_session_func
    let sessionEnd: frond_web_list_session_end_func?
    let owner: CallbackOwner

    init(session: @escaping frond_web_list_session_func, sessionEnd: frond_web_list_session_end_func?, owner: CallbackOwner) {
        self.session = session
        self.sessionEnd = sessionEnd
        self.owner = owner
    }
}

/// A list the server serves to one page: its handle, its views as the page has them.
final class ServedList {
    let handle: OpaquePointer
    let mirror: ViewMirror
    let sessions: ListSessions
    /// Its width (the page's, unless the server keeps size ranges).
    var crossSize: Float
    let horizontal: Bool
    var page: PageConnection?
    /// False once libfrond let go of the server's host (the list freed, or given another host).
    var alive = true
    var contentLength: Float = 0
    /// The viewport's offset as the server last set it or heard the list move it.
    var viewportOffset: Float = 0
    /// How many offset moves were sent to the page, and those it may not have applied yet
    /// (by number, with how far each moved): a scroll report the page made before it applied
    /// them is corrected by them, or it would set the list back where it was.
    var offsetMoves: UInt64 = 0
    var unappliedMoves: [(number: UInt64, delta: Double)] = []
    /// What the list told since its page last heard: a new content size, and its offset's
    /// moves (the newest offset, their sum and the last one's number). They go with the next
    /// commit, so that the page shows the rows, the size and the scroll position in one frame
    /// (and reads its position before a smaller size clamps it), or alone if none comes.
    var sizeChanged = false
    var pendingMove: (offset: Float, delta: Double, number: UInt64)?
    /// Each item container's last change of item (the number of the page's message with
    /// mutations that made it): an event the page sent before it had applied that message
    /// was meant for the item the container showed before (`event`).
    var reassigned: [UInt64: UInt64] = [:]
    unowned let server: WebServer

    init(handle: OpaquePointer, sessions: ListSessions, crossSize: Float, horizontal: Bool, server: WebServer) {
        self.handle = handle
        self.sessions = sessions
        self.crossSize = crossSize
        self.horizontal = horizontal
        self.server = server
        mirror = ViewMirror(typesetter: server.typesetter)
    }

    /// The content's size, as the page's container takes it.
    var contentSize: frond_size {
        horizontal ? frond_size(width: contentLength, height: crossSize) : frond_size(width: crossSize, height: contentLength)
    }
}

/// What a list keeps as its host's and listener's user_data.
private final class ListBinding {
    weak var served: ServedList?
    /// Whether the list's release closes its page (the host binding's; not the listener's).
    let closesPage: Bool

    init(_ served: ServedList, closesPage: Bool) {
        self.served = served
        self.closesPage = closesPage
    }

    deinit {
        guard closesPage, let served, served.alive else { return }
        served.alive = false
        served.server.listReleased(served)
    }
}

/// What a root keeps as its host's user_data (released by libfrond's destroy).
private final class HostBinding {
    weak var served: ServedRoot?

    init(_ served: ServedRoot) {
        self.served = served
    }

    deinit {
        guard let served else { return }
        served.alive = false
        served.server.rootReleased(served)
    }
}

final class WebServer {
    let config: WebConfig
    let typesetter: Typesetter
    let waker: Waker
    private let context: OpaquePointer
    private var soup: UnsafeMutablePointer<SoupServer>?
    private let session: frond_web_session_func
    private let sessionEnd: frond_web_session_end_func?
    private let owner: CallbackOwner
    private var log: (function: frond_web_log_func, owner: CallbackOwner)?
    private var pages: [UInt64: PageConnection] = [:]
    /// The pages with messages held since an interrupt, in the order they were first held.
    private var backlogged: [PageConnection] = []
    private var served: [UInt: ServedRoot] = [:]
    private var servedLists: [UInt: ServedList] = [:]
    /// List pages' paths → the program's functions.
    private var listSessions: [String: ListSessions] = [:]
    private var nextSession: UInt64 = 1
    private var frameTimer: UnsafeMutablePointer<GSource>?
    /// When the served roots' animations were last ticked (seconds on the server's clock).
    private var lastAnimationTick = -Double.infinity
    /// Font requests (family and weight as asked) → the face Pango chose (nil: none).
    private var fontRequests: [String: String?] = [:]
    /// The faces served, by Pango's description of them, with their bytes.
    private var fontFaces: [String: (bytes: [UInt8], type: String)] = [:]
    private var fontBytes = 0
    /// The most requests and bytes the font cache keeps (each face's bytes once).
    private static let fontRequestLimit = 1024
    private static let fontByteLimit = 128 << 20
    private let startTime = g_get_monotonic_time()
    /// Whether a run is under way (runs do not nest, and callbacks cannot free the server).
    private(set) var running = false
    var statistics = frond_web_statistics()

    init(config: WebConfig, session: @escaping frond_web_session_func, sessionEnd: frond_web_session_end_func?,
         owner: CallbackOwner) throws(CallFailure) {
        self.config = config
        self.session = session
        self.sessionEnd = sessionEnd
        self.owner = owner
        typesetter = Typesetter(defaultFontFamily: config.fontFamily)
        guard let context = g_main_context_new() else { throw CallFailure(FROND_ERR_OUT_OF_MEMORY, "no main context") }
        self.context = context
        waker = Waker(context: context)
        try listen()
    }

    deinit {
        if let frameTimer { g_source_destroy(frameTimer); g_source_unref(frameTimer) }
        if let soup {
            soup_server_disconnect(soup)
            g_object_unref(UnsafeMutableRawPointer(soup))
        }
        // Sources still attached (a connection's I/O) go with the context.
        g_main_context_unref(context)
    }

    // MARK: Listening

    private func listen() throws(CallFailure) {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        guard let object = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil) else {
            throw CallFailure(FROND_ERR_OUT_OF_MEMORY, "libsoup could not make a server")
        }
        let server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        soup = server
        // No permessage-deflate: libsoup would bound a compressed frame's size, not what it
        // inflates to (a small frame could inflate to gigabytes before anything is checked).
        soup_server_remove_websocket_extension(server, soup_websocket_extension_deflate_get_type())
        let me = Unmanaged.passUnretained(self).toOpaque()
        soup_server_add_handler(server, nil, { _, message, path, query, userData in
            guard let userData, let message, let path else { return }
            Unmanaged<WebServer>.fromOpaque(userData).takeUnretainedValue().serveHTTP(message, String(cString: path), query)
        }, me, nil)
        soup_server_add_websocket_handler(server, "/socket", nil, nil, { _, message, _, connection, userData in
            guard let userData, let message, let connection else { return }
            Unmanaged<WebServer>.fromOpaque(userData).takeUnretainedValue().open(connection, message)
        }, me, nil)
        guard let address = g_inet_socket_address_new_from_string(config.address, UInt32(config.port)) else {
            throw .invalidArgument("config.address \"\(config.address)\" is not an IP address")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen(server, UnsafeMutablePointer(OpaquePointer(address)),
                                 SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            throw .invalidArgument("cannot listen on \(config.address):\(config.port): \(reason)")
        }
        port = listeningPort()
    }

    /// The port listened on (read once, after listening).
    private(set) var port: UInt16 = 0

    /// The port of the server's first listening socket. (Read from the socket: libsoup 3.2's
    /// soup_server_get_uris loses the socket address it makes, a leak valgrind reports.)
    private func listeningPort() -> UInt16 {
        guard let soup, let listeners = soup_server_get_listeners(soup) else { return 0 }
        defer { g_slist_free(listeners) }
        guard let first = listeners.pointee.data,
              let address = g_socket_get_local_address(first.assumingMemoryBound(to: GSocket.self), nil) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        let instance = UnsafeMutableRawPointer(address).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, g_inet_socket_address_get_type()) != 0 else { return 0 }
        return g_inet_socket_address_get_port(UnsafeMutableRawPointer(address).assumingMemoryBound(to: GInetSocketAddress.self))
    }

    // MARK: Running

    /// Seconds since the server started (its animation clock).
    private var now: Double { Double(g_get_monotonic_time() - startTime) / 1_000_000 }

    func run(seconds: Double) {
        running = true
        defer { running = false }
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        _ = g_main_context_acquire(context)
        defer { g_main_context_release(context) }
        pump()
        if seconds == 0 {
            // What is ready now, within a bound (a flood cannot keep the call from returning).
            var rounds = 0
            while rounds < 1000, !waker.interrupted.exchange(false, ordering: .sequentiallyConsistent),
                  g_main_context_iteration(context, 0) != 0 {
                pump()
                rounds += 1
            }
            return
        }
        var deadlineSource: UnsafeMutablePointer<GSource>?
        if seconds.isFinite {
            let milliseconds = UInt32(min(seconds * 1000, Double(UInt32.max - 1)).rounded(.up))
            deadlineSource = g_timeout_source_new(milliseconds)
            if let deadlineSource {
                g_source_set_callback(deadlineSource, { userData in
                    if let userData { Unmanaged<Waker>.fromOpaque(userData).takeUnretainedValue().interrupt() }
                    return 0
                }, Unmanaged.passUnretained(waker).toOpaque(), nil)
                g_source_attach(deadlineSource, context)
            }
        }
        defer { if let deadlineSource { g_source_destroy(deadlineSource); g_source_unref(deadlineSource) } }
        while !waker.interrupted.exchange(false, ordering: .sequentiallyConsistent) {
            g_main_context_iteration(context, 1)
            pump()
        }
    }

    /// After each iteration: handles what came after an interrupt, flushes the roots that
    /// asked for it, then ticks the ones that animate.
    private func pump() {
        drainBacklogs()
        let now = Double(g_get_monotonic_time() - startTime) / 1_000_000
        if waker.flushRequested.exchange(false, ordering: .sequentiallyConsistent) {
            for root in Array(served.values) where root.alive { flushIfNeeded(root, now: now) }
            // (A list's builder finished something, or a state update inside an item waits.)
            for list in Array(servedLists.values) where list.alive {
                catchUp(list)
                if frond_list_process(nil, list.handle, false) != FROND_OK { logLastError("a list's processing") }
                if let page = list.page { sendAnswered(page) }
            }
        }
        // (What lists told outside the server's own calls, a program's change from call_soon
        // among them, and with no commit to carry it.)
        for list in Array(servedLists.values) where list.alive { sendListChanges(list) }
        // Animations advance once a frame interval: the loop also wakes for each message a
        // page sends (one typing or scrolling sends one every few milliseconds), and those
        // wakes must not add frames. (A tenth of the interval is forgiven: the frame timer
        // counts whole milliseconds.)
        let due = now - lastAnimationTick >= config.frameInterval * 0.9
        var animating = false
        for root in Array(served.values) where root.alive {
            var running = false
            guard frond_root_has_running_animations(&running, root.handle) == FROND_OK, running else { continue }
            animating = true
            if due, frond_root_tick(root.handle, now + root.clockOffset, nil) != FROND_OK { logLastError("tick") }
        }
        for list in Array(servedLists.values) where list.alive {
            var running = false
            guard frond_list_has_running_animations(&running, list.handle) == FROND_OK, running else { continue }
            animating = true
            if due { catchUp(list, now: now) }
        }
        if animating && due { lastAnimationTick = now }
        setFrameTimer(animating)
    }

    /// Ticks a list to `now` (the server's clock; nil: read it), so that the animations its
    /// next commit starts (an item's fade in, say) begin then, and those under way advance.
    private func catchUp(_ list: ServedList, now: Double? = nil) {
        let time = now ?? Double(g_get_monotonic_time() - startTime) / 1_000_000
        var last = 0.0
        guard frond_list_get_animation_time(&last, list.handle) == FROND_OK, time > last else { return }
        if frond_list_tick(list.handle, time, nil) != FROND_OK { logLastError("a list's tick") }
    }

    func flushIfNeeded(_ root: ServedRoot, now: Double) {
        var needed = false
        guard frond_root_needs_flush(&needed, root.handle) == FROND_OK, needed else { return }
        flush(root, now: now)
    }

    /// Flushes a root, its animation clock first brought to `now` (animations the commit
    /// starts begin at the last tick's time).
    private func flush(_ root: ServedRoot, now: Double) {
        var last = 0.0
        if frond_root_get_animation_time(&last, root.handle) == FROND_OK, now + root.clockOffset > last {
            _ = frond_root_tick(root.handle, now + root.clockOffset, nil)
        }
        root.flushing = true
        defer { root.flushing = false }
        let status = frond_root_flush(root.handle, nil)
        if status != FROND_OK {
            logLastError("flush")
            // (The pages keep the views of the last commit: each is told once, until a flush
            // succeeds, so that a person sees that the page is behind.)
            if !root.failing {
                for page in root.pages { send(page, "{\"t\":\"failed\"}") }
            }
        }
        root.failing = status != FROND_OK
    }

    private func setFrameTimer(_ on: Bool) {
        if on, frameTimer == nil {
            let interval = UInt32(max(1, (config.frameInterval * 1000).rounded()))
            guard let timer = g_timeout_source_new(interval) else { return }
            g_source_set_callback(timer, { _ in 1 }, nil, nil)
            g_source_attach(timer, context)
            frameTimer = timer
        } else if !on, let timer = frameTimer {
            g_source_destroy(timer)
            g_source_unref(timer)
            frameTimer = nil
        }
    }

    // MARK: Logging

    func logLine(_ line: String) {
        if let log {
            _ = line.replacingNULs().withCString { log.function($0, log.owner.userData) }
        } else {
            let text = Array("frond_web: \(line)\n".utf8)
            _ = text.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        }
    }

    private func logLastError(_ what: String) {
        logLine("\(what) failed: \(String(cString: frond_last_error_message()))")
    }

    /// Sets the log function and returns the one it replaces (released by the caller).
    func replaceLog(_ function: frond_web_log_func?, _ owner: CallbackOwner) -> (frond_web_log_func?, CallbackOwner)? {
        let old = log
        log = function.map { ($0, owner) }
        return old.map { ($0.function, $0.owner) }
    }

    // MARK: HTTP

    /// Whether a Host header names the server by an IP address or `localhost` (with any
    /// port). Another name may be a site's own, pointed at this machine (DNS rebinding):
    /// its pages would pass as this server's own.
    static func isDirectHost(_ host: String) -> Bool {
        var name = Substring(host)
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            name = name[name.index(after: name.startIndex)..<end]
            return !name.isEmpty && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name.lowercased() == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && (Int(part) ?? 256) <= 255
        }
    }

    private func serveHTTP(_ message: OpaquePointer, _ path: String, _ query: OpaquePointer?) {
        let msg = message
        let host = soup_server_message_get_request_headers(message)
            .flatMap { soup_message_headers_get_one($0, "Host") }.map { String(cString: $0) }
        if let host, !Self.isDirectHost(host) {
            soup_server_message_set_status(msg, 403, nil)
            return
        }
        let method = soup_server_message_get_method(msg).map { String(cString: $0) } ?? ""
        guard method == "GET" || method == "HEAD" else {
            soup_server_message_set_status(msg, 405, nil)
            return
        }
        if path == "/frond.js" {
            var size = 0
            let script = cfrondweb_page_script(&size)
            respond(msg, "text/javascript; charset=utf-8", script, size)
        } else if path == "/font" {
            let family = queryValue(query, "family")
            let weight = queryValue(query, "weight")
            guard let font = font(family: family, weight: weight) else {
                soup_server_message_set_status(msg, 404, nil)
                return
            }
            font.bytes.withUnsafeBufferPointer { respond(msg, font.type, $0.baseAddress, $0.count, cache: true) }
        } else if path.hasPrefix("/image/") {
            guard let bytes = image(String(path.dropFirst("/image/".count))) else {
                soup_server_message_set_status(msg, 404, nil)
                return
            }
            bytes.data.withUnsafeBufferPointer { respond(msg, bytes.type, $0.baseAddress, $0.count) }
        } else if path == "/favicon.ico" {
            soup_server_message_set_status(msg, 404, nil)
        } else {
            var size = 0
            let page = cfrondweb_page_html(&size)
            let html = String(decoding: UnsafeBufferPointer(start: page, count: size), as: UTF8.self)
                .replacingOccurrences(of: "<title>Frond</title>", with: "<title>\(escapeHTML(config.title))</title>")
            Array(html.utf8).withUnsafeBufferPointer { respond(msg, "text/html; charset=utf-8", $0.baseAddress, $0.count) }
        }
    }

    private func respond(_ message: OpaquePointer, _ type: String,
                         _ bytes: UnsafePointer<UInt8>?, _ count: Int, cache: Bool = false) {
        soup_server_message_set_status(message, 200, nil)
        if let headers = soup_server_message_get_response_headers(message) {
            soup_message_headers_replace(headers, "Cache-Control", cache ? "max-age=3600" : "no-cache")
        }
        soup_server_message_set_response(message, type, SOUP_MEMORY_COPY, UnsafeRawPointer(bytes).map {
            $0.assumingMemoryBound(to: CChar.self)
        }, gsize(count))
    }

    private func queryValue(_ query: OpaquePointer?, _ name: String) -> String? {
        guard let query else { return nil }
        let value = name.withCString { g_hash_table_lookup(query, $0) }
        return value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// The font file Pango sets `family` at `weight` in (cached), as a web font.
    private func font(family: String?, weight: String?) -> (bytes: [UInt8], type: String)? {
        let key = "\(family ?? "")|\(weight ?? "")"
        if let known = fontRequests[key] { return known.flatMap { fontFaces[$0] } }
        var fontWeight: FontWeight? = nil
        if let weight, !weight.isEmpty {
            fontWeight = Double(weight).flatMap { FontWeight(exactly: $0) } ?? FontWeight(name: weight)
            if fontWeight == nil { return nil }
        }
        guard let file = typesetter.fontFile(family: family, weight: fontWeight) else {
            if fontRequests.count < Self.fontRequestLimit { fontRequests[key] = .some(nil) }
            return nil
        }
        // OpenType with CFF outlines starts "OTTO"; TrueType outlines 0x00010000 or "true".
        let face = (bytes: file.bytes, type: file.bytes.starts(with: Array("OTTO".utf8)) ? "font/otf" : "font/ttf")
        if fontFaces[file.description] == nil, fontBytes + file.bytes.count <= Self.fontByteLimit {
            fontFaces[file.description] = face
            fontBytes += file.bytes.count
        }
        if fontRequests.count < Self.fontRequestLimit, fontFaces[file.description] != nil {
            fontRequests[key] = .some(file.description)
        }
        return face
    }

    /// An image from the image directory: a relative path of plain names (no "..", no
    /// hidden files), a regular file of at most 32 MiB.
    private func image(_ relative: String) -> (data: [UInt8], type: String)? {
        guard let directory = config.imageDirectory, !directory.isEmpty else { return nil }
        let decoded = relative.removingPercentEncodingSimple()
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }), !decoded.utf8.contains(0) else {
            return nil
        }
        let path = directory + "/" + parts.joined(separator: "/")
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var info = stat()
        guard fstat(fileno(file), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 32 << 20 else { return nil }
        var data = [UInt8](repeating: 0, count: Int(info.st_size))
        let read = data.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        guard read == data.count else { return nil }
        let types = ["png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
                     "svg": "image/svg+xml", "webp": "image/webp"]
        let suffix = parts.last.flatMap { $0.split(separator: ".").last }.map { $0.lowercased() } ?? ""
        return (data, types[suffix] ?? "application/octet-stream")
    }

    // MARK: Pages

    private func open(_ socket: OpaquePointer, _ message: OpaquePointer) {
        let connection = socket
        // A page of another site (its Origin not this server's host) may not drive the roots.
        let request = soup_server_message_get_request_headers(message)
        let origin = request.flatMap { soup_message_headers_get_one($0, "Origin") }.map { String(cString: $0) }
        let host = request.flatMap { soup_message_headers_get_one($0, "Host") }.map { String(cString: $0) }
        if let origin, origin != "http://\(host ?? "")" && origin != "https://\(host ?? "")" {
            statistics.refused_messages += 1
            logLine("refused a WebSocket from origin \(origin) (this server is \(host ?? "unnamed"))")
            soup_websocket_connection_close(connection, 1008, "cross-origin")
            return
        }
        if let host, !Self.isDirectHost(host) {
            statistics.refused_messages += 1
            logLine("refused a WebSocket for host \(host): pages must name the server by its IP address or localhost")
            soup_websocket_connection_close(connection, 1008, "host")
            return
        }
        g_object_ref(UnsafeMutableRawPointer(socket))
        let page = PageConnection(id: nextSession, socket: socket, server: self)
        nextSession += 1
        pages[page.id] = page
        soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(config.maxMessageBytes))
        // A message sent in fragments is bounded as a whole only by libsoup 3.6 and later
        // (found at run time: libsoup 3.2 has no such limit, and buffers a fragmented
        // message whole before it reaches the size check in `receive`).
        if let setTotal = setMaxTotalMessageSize { setTotal(connection, guint64(config.maxMessageBytes)) }
        soup_websocket_connection_set_keepalive_interval(connection, 30)
        setNoDelay(connection)
        let user = Unmanaged.passUnretained(page).toOpaque()
        typealias MessageHandler = @convention(c) (OpaquePointer?, Int32, OpaquePointer?, UnsafeMutableRawPointer?) -> Void
        typealias ClosedHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
        let onMessage: MessageHandler = { _, type, bytes, userData in
            guard let userData else { return }
            let page = Unmanaged<PageConnection>.fromOpaque(userData).takeUnretainedValue()
            page.server?.receive(page, type: type, bytes: bytes)
        }
        let onClosed: ClosedHandler = { _, userData in
            guard let userData else { return }
            let page = Unmanaged<PageConnection>.fromOpaque(userData).takeUnretainedValue()
            page.server?.close(page, reason: nil)
        }
        page.handlers.append(g_signal_connect_data(UnsafeMutableRawPointer(socket), "message",
                                                   unsafeBitCast(onMessage, to: GCallback.self), user, nil, GConnectFlags(rawValue: 0)))
        page.handlers.append(g_signal_connect_data(UnsafeMutableRawPointer(socket), "closed",
                                                   unsafeBitCast(onClosed, to: GCallback.self), user, nil, GConnectFlags(rawValue: 0)))
        // libsoup refuses what breaks the protocol or its limits itself (a message above
        // the size limit, before `receive` sees it) and closes the connection: each is one
        // refused message and one line of the log, as the server's own refusals are.
        typealias ErrorHandler = @convention(c) (OpaquePointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Void
        let onError: ErrorHandler = { _, error, userData in
            guard let userData else { return }
            let page = Unmanaged<PageConnection>.fromOpaque(userData).takeUnretainedValue()
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "an error"
            // (libsoup's own errors are about what the page sent; others, such as a write to a
            // page that went away, are the connection's, and no refusal of a message.)
            if let error, error.pointee.domain == soup_websocket_error_quark() {
                page.server?.refuse(page, "what its WebSocket refused (\(message))", outcome: "its connection is closed")
            } else {
                page.server?.logLine("session \(page.id)'s connection failed (\(message)): it is closed")
            }
        }
        page.handlers.append(g_signal_connect_data(UnsafeMutableRawPointer(socket), "error",
                                                   unsafeBitCast(onError, to: GCallback.self), user, nil, GConnectFlags(rawValue: 0)))
    }

    /// Sends each commit at once: Nagle's algorithm would hold a small message back until
    /// the page acknowledges the previous one.
    private func setNoDelay(_ connection: OpaquePointer) {
        guard let stream = soup_websocket_connection_get_io_stream(connection) else { return }
        let instance = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GTypeInstance.self)
        guard g_type_check_instance_is_a(instance, g_socket_connection_get_type()) != 0,
              let socket = g_socket_connection_get_socket(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GSocketConnection.self)) else { return }
        _ = g_socket_set_option(socket, Int32(IPPROTO_TCP), Int32(TCP_NODELAY), 1, nil)
    }

    /// Ends a page's connection: closes it (with `reason`, when the server ends it), tells
    /// the program, and lets go of the socket.
    func close(_ page: PageConnection, reason: String?) {
        guard !page.closed else { return }
        let wasOpen = page.isOpen
        page.closed = true
        pages[page.id] = nil
        for handler in page.handlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(page.socket), handler) }
        page.handlers = []
        if let reason, wasOpen {
            soup_websocket_connection_close(page.socket, 1000, reason)
        }
        if let list = page.list {
            page.list = nil
            endListSession(list, page: page)
        }
        if let root = page.root {
            root.pages.removeAll { $0 === page }
            page.root = nil
            if let sessionEnd, root.alive {
                _ = page.withSessionInfo { sessionEnd(root.handle, $0, root.pages.isEmpty, owner.userData) }
            }
        }
        dropBacklog(page)
        g_object_unref(UnsafeMutableRawPointer(page.socket))
    }

    private func receive(_ page: PageConnection, type: Int32, bytes: OpaquePointer?) {
        if let bytes, !page.backlog.isEmpty || waker.interrupted.load(ordering: .sequentiallyConsistent),
           let held = g_bytes_ref(bytes) {
            if page.backlog.isEmpty { backlogged.append(page) }
            page.backlog.append((type, held))
            return
        }
        handle(page, type: type, bytes: bytes)
    }

    /// Handles the messages that came after an interrupt, in order, until the next one.
    private func drainBacklogs() {
        while let page = backlogged.first {
            while !page.backlog.isEmpty, !page.closed {
                if waker.interrupted.load(ordering: .sequentiallyConsistent) { return }
                let (type, bytes) = page.backlog.removeFirst()
                handle(page, type: type, bytes: bytes)
                g_bytes_unref(bytes)
            }
            dropBacklog(page)
        }
    }

    private func dropBacklog(_ page: PageConnection) {
        for (_, bytes) in page.backlog { g_bytes_unref(bytes) }
        page.backlog = []
        backlogged.removeAll { $0 === page }
    }

    private func handle(_ page: PageConnection, type: Int32, bytes: OpaquePointer?) {
        statistics.messages_received += 1
        var size = 0
        guard let bytes, let data = g_bytes_get_data(bytes, &size) else { return refuse(page, "an empty message") }
        guard type == Int32(SOUP_WEBSOCKET_DATA_TEXT.rawValue) else { return refuse(page, "a binary message") }
        guard size <= config.maxMessageBytes else {
            refuse(page, "a message of \(size) bytes, above the limit of \(config.maxMessageBytes)",
                   outcome: "its connection is closed")
            return close(page, reason: "message too long")
        }
        let json: JSON
        do {
            json = try JSONParser.parse(Array(UnsafeRawBufferPointer(start: data, count: size)), source: "message")
        } catch {
            return refuse(page, "a malformed message (\(error.message))")
        }
        switch PageMessage.read(json) {
        case .failure(let refusal): refuse(page, refusal.reason)
        case .success(.hello(let path, let width, let height)): hello(page, path: path, width: width, height: height)
        case .success(.viewport(let width, let height)): viewport(page, width: width, height: height)
        case .success(.scroll(let offset, let length, let moves)): scroll(page, offset: offset, length: length, movesApplied: moves)
        case .success(.event(let view, let name, let value, let sequence, let commits)):
            event(page, view: view, name: name, value: value, sequence: sequence, commits: commits)
        }
    }

    private func refuse(_ page: PageConnection, _ what: String, outcome: String = "ignored") {
        statistics.refused_messages += 1
        logLine("session \(page.id) sent \(what): \(outcome)")
    }

    private func hello(_ page: PageConnection, path: String, width: Float, height: Float) {
        guard page.root == nil, page.list == nil else { return refuse(page, "a second hello") }
        page.path = path
        page.width = width
        page.height = height
        let pathOnly = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        if let sessions = listSessions[pathOnly] { return listHello(page, sessions) }
        var handle: OpaquePointer?
        let status = page.withSessionInfo { session(&handle, $0, owner.userData) }
        guard !page.closed else { return }
        guard status == FROND_OK, let handle else {
            logLine("session \(page.id) (\(path)): the session function gave "
                    + (status == FROND_OK ? "no root" : "\(String(cString: frond_status_name(status)))"))
            return close(page, reason: "no root")
        }
        statistics.sessions += 1
        let key = UInt(bitPattern: handle)
        let root: ServedRoot
        if let existing = served[key], existing.alive {
            root = existing
        } else {
            do {
                root = try attach(handle)
            } catch {
                logLine("session \(page.id) (\(path)): cannot serve its root: \(error.message)")
                return close(page, reason: "root refused")
            }
        }
        page.root = root
        root.pages.append(page)
        send(page, welcome(page))
        page.mutationMessages += 1
        send(page, "{\"t\":\"reset\",\"m\":\(root.mirror.replay())}")
        if root.pages.count == 1 && !config.keepSizeRange { setWidth(root, width) }
        flushIfNeeded(root, now: Double(g_get_monotonic_time() - startTime) / 1_000_000)
    }

    private func welcome(_ page: PageConnection, list: Bool = false) -> String {
        var writer = JSONWriter()
        writer.object {
            $0.key("t"); $0.string("welcome")
            $0.key("session"); $0.number(page.id)
            $0.key("title"); $0.string(config.title)
            $0.key("max"); $0.number(UInt64(clamping: config.maxMessageBytes))
            if list { $0.key("list"); $0.bool(true) }
        }
        return writer.text
    }

    private func viewport(_ page: PageConnection, width: Float, height: Float) {
        let resized = page.width != width
        page.width = width
        page.height = height
        if let list = page.list {
            if resized { fit(list, width: width) }
            return
        }
        guard let root = page.root, root.alive, !config.keepSizeRange else { return }
        setWidth(root, width)
        // (A new size range alone does not make a root need a flush: it is laid out again
        // at its next one, which a resize must be.)
        let now = Double(g_get_monotonic_time() - startTime) / 1_000_000
        if resized { flush(root, now: now) } else { flushIfNeeded(root, now: now) }
    }

    private func setWidth(_ root: ServedRoot, _ width: Float) {
        var range = frond_size_range_flexible_height(width)
        if frond_root_set_size_range(root.handle, &range) != FROND_OK { logLastError("resizing a root") }
    }

    /// A page's event, sent to its root (then flushed) or its list (then processed: a state
    /// update inside an item is built off this thread, and the ready handler wakes the server).
    private func event(_ page: PageConnection, view: UInt64, name: String, value: PageMessage.Value?, sequence: UInt64,
                       commits: UInt64?) {
        typealias Send = (inout frond_action_outcome, UnsafePointer<CChar>, UnsafePointer<frond_attribute>?) -> frond_status
        let mirror: ViewMirror, send: Send, after: () -> Void
        if let list = page.list {
            guard list.alive else { return }
            mirror = list.mirror
            catchUp(list)
            send = { frond_list_send_event(&$0, list.handle, view, $1, $2) }
            after = { [self] in
                if frond_list_process(nil, list.handle, false) != FROND_OK { logLastError("a list's processing") }
            }
        } else if let root = page.root, root.alive {
            mirror = root.mirror
            send = { frond_root_send_event(&$0, root.handle, view, $1, $2) }
            after = { [self] in flushIfNeeded(root, now: Double(g_get_monotonic_time() - startTime) / 1_000_000) }
        } else {
            return refuse(page, "an event before its hello")
        }
        page.lastEvent = max(page.lastEvent, sequence)
        page.handling = true
        defer {
            page.handling = false
            sendAnswered(page)
        }
        guard mirror.isMounted(view) else { return refuse(page, "an event for view \(view), which no longer exists") }
        // (The program's handler gets what the view's input sends, whatever a page says.)
        if name == FROND_EVENT_VALUE_CHANGE, let type = mirror.views[view]?.type, let kind = valueKind(ofViewType: type),
           value?.kind != kind {
            return refuse(page, "an \(name) for view \(view), a \(type), whose value is not a \(kind.rawValue)")
        }
        // (A list reuses an item's views for another: an event the page sent before it was
        // shown that is the previous item's, which is gone from there.)
        if let list = page.list, let commits, let container = mirror.topView(holding: view),
           let changed = list.reassigned[container], commits < changed {
            return refuse(page, "an event for view \(view) from before its item container showed another item")
        }
        statistics.events += 1
        var payload = frond_attribute()
        var outcome = FROND_ACTION_NO_ACTION
        let status: frond_status = withPayload(value, &payload) { payload in name.withCString { send(&outcome, $0, payload) } }
        if status != FROND_OK { logLastError("session \(page.id)'s \(name) on view \(view)") }
        after()
    }

    private func withPayload<R>(_ value: PageMessage.Value?, _ payload: inout frond_attribute,
                                _ body: (UnsafePointer<frond_attribute>?) -> R) -> R {
        guard let value else { return body(nil) }
        switch value {
        case .bool(let bool):
            payload.kind = FROND_ATTRIBUTE_BOOL
            payload.boolean = bool
        case .number(let number):
            payload.kind = FROND_ATTRIBUTE_NUMBER
            payload.number = number
        case .string(let string):
            payload.kind = FROND_ATTRIBUTE_STRING
            return string.withCString { text in
                payload.string = text
                return withUnsafePointer(to: payload) { body($0) }
            }
        }
        return withUnsafePointer(to: payload) { body($0) }
    }

    // MARK: Roots

    private func attach(_ handle: OpaquePointer) throws(CallFailure) -> ServedRoot {
        var mounted = 0
        try check(frond_root_get_child_count(&mounted, handle, 0))
        guard mounted == 0 else {
            throw .misuse("the root has mounted \(mounted) view(s) another host shows: give pages roots that have "
                          + "not flushed with another host")
        }
        let root = ServedRoot(handle: handle, server: self)
        var functions = frond_host()
        functions.struct_size = UInt32(MemoryLayout<frond_host>.size)
        functions.apply_batch = { _, mutations, count, userData in
            guard let userData else { return FROND_ERR_INTERNAL }
            guard let root = Unmanaged<HostBinding>.fromOpaque(userData).takeUnretainedValue().served else { return FROND_OK }
            return call("web host") { () throws(CallFailure) in
                guard count > 0 else { return }
                guard let mutations else { throw .invalidArgument("mutations is NULL") }
                try root.server.commit(root, UnsafeBufferPointer(start: mutations, count: count))
            }
        }
        let binding = Unmanaged.passRetained(HostBinding(root)).toOpaque()
        try check(frond_root_set_host(handle, &functions, binding) { pointer in
            if let pointer { Unmanaged<HostBinding>.fromOpaque(pointer).release() }
        })
        served[UInt(bitPattern: handle)] = root
        do {
            let waker = Unmanaged.passRetained(self.waker).toOpaque()
            try check(frond_root_set_flush_request(handle, { _, userData in
                if let userData { Unmanaged<Waker>.fromOpaque(userData).takeUnretainedValue().requestFlush() }
                return FROND_OK
            }, waker) { pointer in if let pointer { Unmanaged<Waker>.fromOpaque(pointer).release() } })
            if !config.keepTextMeasurer { try setPangoMeasurer(typesetter, on: handle) }
        } catch {
            // Not served half: the host and flush request go (the binding's release forgets the root).
            frond_root_set_flush_request(handle, nil, nil, nil)
            frond_root_set_host(handle, nil, nil, nil)
            served[UInt(bitPattern: handle)] = nil
            throw error
        }
        // The root's animation clock may be ahead of this server's (ticked before): its ticks
        // run on from its own last time.
        var last = 0.0
        if frond_root_get_animation_time(&last, handle) == FROND_OK { root.clockOffset = max(0, last - now) }
        return root
    }

    /// A commit of a served root: applied to its mirror, sent to its pages as one message.
    func commit(_ root: ServedRoot, _ mutations: UnsafeBufferPointer<frond_mutation>) throws(CallFailure) {
        var size = frond_size()
        let body = try root.mirror.apply(mutations, rootSize: frond_root_get_size(&size, root.handle) == FROND_OK ? size : nil)
        statistics.commits += 1
        for page in root.pages {
            page.mutationMessages += 1
            send(page, "{\"t\":\"commit\",\"e\":\(answered(page)),\"m\":\(body)}")
        }
    }

    /// The last event of `page` whose effects it is sent now: every event it sent, except
    /// while the root has not flushed the one being handled (the commit of the tick before
    /// the flush shows the state from before it), and on a list page while the list builds
    /// what they changed (an item's state update: its commit comes when the build is
    /// applied). A text field must not show the text from before them meanwhile.
    private func answered(_ page: PageConnection) -> UInt64 {
        if page.handling, let root = page.root {
            guard root.flushing else { return page.answered }
            page.handling = false
        }
        if let list = page.list, list.alive {
            var source: OpaquePointer?, pending = false
            if frond_list_get_data_source(&source, list.handle) == FROND_OK,
               frond_data_source_has_pending(&pending, source) == FROND_OK, pending {
                return page.answered
            }
        }
        page.answered = page.lastEvent
        return page.answered
    }

    /// Tells the page that its events are answered when no commit did (the root did not
    /// change: a text field shows the root's value again, which refused what was typed).
    private func sendAnswered(_ page: PageConnection) {
        let before = page.answered
        let now = answered(page)
        if now > before { send(page, "{\"t\":\"answered\",\"e\":\(now)}") }
    }

    func send(_ page: PageConnection, _ text: String) {
        guard page.isOpen else { return }
        statistics.messages_sent += 1
        statistics.bytes_sent += UInt64(text.utf8.count)
        soup_websocket_connection_send_text(page.socket, text)
    }

    /// libfrond let go of a root's host (freed, or given another host): its pages are closed.
    func rootReleased(_ root: ServedRoot) {
        // (Called between runs too: libsoup's closing work goes to this server's context.)
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        served[UInt(bitPattern: root.handle)] = nil
        for page in root.pages {
            page.root = nil
            close(page, reason: "the root is gone")
        }
        root.pages = []
    }

    /// Closes every page (the program told of each) and lets go of every root.
    func shutDown() {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        for page in Array(pages.values).sorted(by: { $0.id < $1.id }) { close(page, reason: "the server is closing") }
        for root in Array(served.values) {
            frond_root_set_flush_request(root.handle, nil, nil, nil)
            frond_root_set_host(root.handle, nil, nil, nil)
        }
        served = [:]
        for list in Array(servedLists.values) { detach(list) }
        listSessions = [:]
        // Let the closing handshakes go out.
        var rounds = 0
        while rounds < 100, g_main_context_iteration(context, 0) != 0 { rounds += 1 }
    }

    var liveCounts: (connections: Int, roots: Int) { (pages.count, served.count + servedLists.count) }

    // MARK: Lists

    /// Serves `path`'s pages lists from `sessions` (nil: roots again); gives back what it replaced.
    func serveLists(_ path: String, _ sessions: ListSessions?) -> ListSessions? {
        let replaced = listSessions[path]
        listSessions[path] = sessions
        return replaced
    }

    private func listHello(_ page: PageConnection, _ sessions: ListSessions) {
        var handle: OpaquePointer?
        let status = page.withSessionInfo { sessions.session(&handle, $0, sessions.owner.userData) }
        guard !page.closed else { return }
        guard status == FROND_OK, let handle else {
            logLine("session \(page.id) (\(page.path)): the list session function gave "
                    + (status == FROND_OK ? "no list" : "\(String(cString: frond_status_name(status)))"))
            return close(page, reason: "no list")
        }
        let list: ServedList
        do {
            list = try attach(list: handle, sessions)
        } catch {
            logLine("session \(page.id) (\(page.path)): cannot serve its list: \(error.message)")
            return close(page, reason: "list refused")
        }
        statistics.sessions += 1
        // (Before the page is the list's: what the list tells meanwhile goes nowhere.)
        fit(list, width: page.width)
        list.page = page
        page.list = list
        send(page, welcome(page, list: true))
        page.mutationMessages += 1
        send(page, "{\"t\":\"reset\",\"m\":\(list.mirror.replay())}")
        sendLength(list)
    }

    private func attach(list handle: OpaquePointer, _ sessions: ListSessions) throws(CallFailure) -> ServedList {
        guard servedLists[UInt(bitPattern: handle)] == nil else {
            throw .misuse("the list shows on another page already (each page needs a list of its own)")
        }
        var counts = frond_list_statistics()
        counts.struct_size = UInt32(MemoryLayout<frond_list_statistics>.size)
        try check(frond_list_get_statistics(&counts, handle))
        guard counts.host_views == 0 else {
            throw .misuse("the list has mounted items another host shows: give pages lists that have not been shown")
        }
        var axis = FROND_LIST_VERTICAL
        var cross: Float = 0
        try check(frond_list_get_axis(&axis, &cross, handle))
        guard axis == FROND_LIST_VERTICAL else { throw .misuse("a list page scrolls vertically: give it a vertical list") }
        var source: OpaquePointer?
        try check(frond_list_get_data_source(&source, handle))
        let list = ServedList(handle: handle, sessions: sessions, crossSize: cross, horizontal: axis == FROND_LIST_HORIZONTAL,
                              server: self)
        list.contentLength = counts.content_length
        var functions = frond_host()
        functions.struct_size = UInt32(MemoryLayout<frond_host>.size)
        functions.apply_batch = { _, mutations, count, userData in
            guard let userData else { return FROND_ERR_INTERNAL }
            guard let list = Unmanaged<ListBinding>.fromOpaque(userData).takeUnretainedValue().served else { return FROND_OK }
            return call("web host") { () throws(CallFailure) in
                guard count > 0 else { return }
                guard let mutations else { throw .invalidArgument("mutations is NULL") }
                try list.server.commit(list, UnsafeBufferPointer(start: mutations, count: count))
            }
        }
        let binding = Unmanaged.passRetained(ListBinding(list, closesPage: true)).toOpaque()
        try check(frond_list_set_host(handle, &functions, binding) { pointer in
            if let pointer { Unmanaged<ListBinding>.fromOpaque(pointer).release() }
        })
        servedLists[UInt(bitPattern: handle)] = list
        do {
            var listener = frond_list_listener()
            listener.struct_size = UInt32(MemoryLayout<frond_list_listener>.size)
            listener.did_change_content_length = { _, length, userData in
                guard let userData, let list = Unmanaged<ListBinding>.fromOpaque(userData).takeUnretainedValue().served else { return }
                list.contentLength = length
                list.sizeChanged = true
            }
            listener.did_adjust_offset = { _, offset, userData in
                guard let userData, let list = Unmanaged<ListBinding>.fromOpaque(userData).takeUnretainedValue().served
                else { return }
                let delta = Double(offset) - Double(list.viewportOffset)
                list.viewportOffset = offset
                guard list.page != nil else { return }
                list.offsetMoves += 1
                list.unappliedMoves.append((list.offsetMoves, delta))
                // (A page that never says what it applied keeps a bounded list.)
                if list.unappliedMoves.count > 256 { list.unappliedMoves.removeFirst(list.unappliedMoves.count - 256) }
                list.pendingMove = (offset, (list.pendingMove?.delta ?? 0) + delta, list.offsetMoves)
            }
            let listenerBinding = Unmanaged.passRetained(ListBinding(list, closesPage: false)).toOpaque()
            try check(frond_list_set_listener(handle, &listener, listenerBinding) { pointer in
                if let pointer { Unmanaged<ListBinding>.fromOpaque(pointer).release() }
            })
            let waker = Unmanaged.passRetained(self.waker).toOpaque()
            try check(frond_data_source_set_ready_handler(source, { _, userData in
                if let userData { Unmanaged<Waker>.fromOpaque(userData).takeUnretainedValue().requestFlush() }
            }, waker) { pointer in if let pointer { Unmanaged<Waker>.fromOpaque(pointer).release() } })
        } catch {
            detach(list)
            throw error
        }
        return list
    }

    /// Lets go of a list: no host, listener or ready handler of the server's.
    private func detach(_ list: ServedList) {
        servedLists[UInt(bitPattern: list.handle)] = nil
        guard list.alive else { return }
        list.alive = false
        var source: OpaquePointer?
        if frond_list_get_data_source(&source, list.handle) == FROND_OK {
            frond_data_source_set_ready_handler(source, nil, nil, nil)
        }
        frond_list_set_listener(list.handle, nil, nil, nil)
        frond_list_set_host(list.handle, nil, nil, nil)
    }

    /// A list page closed: the list is let go of, then the program is told.
    private func endListSession(_ list: ServedList, page: PageConnection) {
        list.page = nil
        let wasAlive = list.alive
        detach(list)
        guard wasAlive, let sessionEnd = list.sessions.sessionEnd else { return }
        _ = page.withSessionInfo { sessionEnd(list.handle, $0, list.sessions.owner.userData) }
    }

    /// libfrond let go of a list's host (the list freed, or given another host): its page closes.
    func listReleased(_ list: ServedList) {
        g_main_context_push_thread_default(context)
        defer { g_main_context_pop_thread_default(context) }
        servedLists[UInt(bitPattern: list.handle)] = nil
        if let page = list.page {
            list.page = nil
            page.list = nil
            close(page, reason: "the list is gone")
        }
    }

    /// A list is as wide as its page (unless the server keeps size ranges): its items are
    /// laid out again at the page's width, and the page told the content's new size.
    private func fit(_ list: ServedList, width: Float) {
        guard list.alive, !config.keepSizeRange, width != list.crossSize else { return }
        guard frond_list_set_cross_size(list.handle, width) == FROND_OK else { return logLastError("resizing a list") }
        list.crossSize = width
        list.sizeChanged = true
        sendListChanges(list)
    }

    private func scroll(_ page: PageConnection, offset: Float, length: Float, movesApplied: UInt64) {
        guard let list = page.list, list.alive else { return refuse(page, "a scroll for a page without a list") }
        catchUp(list)
        // The page read its offset before it applied the moves sent after its `n`th: they
        // still apply to it (its own scrolling in between is kept).
        list.unappliedMoves.removeAll { $0.number <= movesApplied }
        let pending = list.unappliedMoves.reduce(0) { $0 + $1.delta }
        let corrected = Float(min(max(Double(offset) + pending, 0), Double(PageMessage.maximumOffset)))
        list.viewportOffset = corrected
        if frond_list_set_viewport(list.handle, corrected, length) != FROND_OK { logLastError("a list's viewport") }
        sendListChanges(list)
    }

    /// A commit of a served list: applied to its mirror, sent to its page as one message,
    /// with the content size and offset moves the list told before it.
    func commit(_ list: ServedList, _ mutations: UnsafeBufferPointer<frond_mutation>) throws(CallFailure) {
        let body = try list.mirror.apply(mutations, rootSize: list.contentSize)
        statistics.commits += 1
        if let page = list.page {
            page.mutationMessages += 1
            noteReassigned(list, mutations, message: page.mutationMessages)
            send(page, "{\"t\":\"commit\",\"e\":\(answered(page)),\"m\":\(body)\(listChangeFields(list))}")
        }
    }

    /// Records the item containers a list commit gives another item (or parks, or sends on
    /// their way out), and forgets those it destroys.
    private func noteReassigned(_ list: ServedList, _ mutations: UnsafeBufferPointer<frond_mutation>, message: UInt64) {
        for mutation in mutations {
            switch mutation.kind {
            case FROND_MUTATION_UPDATE:
                guard list.mirror.topView(holding: mutation.view) == mutation.view else { continue }
                var names: [UnsafePointer<CChar>] = []
                for index in 0..<mutation.set_count { if let name = mutation.set?[index].name { names.append(name) } }
                for index in 0..<mutation.unset_count { if let name = mutation.unset?[index] { names.append(name) } }
                if names.contains(where: { ["item", "section", "hidden", "leaving"].contains(String(cString: $0)) }) {
                    list.reassigned[mutation.view] = message
                }
            case FROND_MUTATION_DESTROY:
                list.reassigned[mutation.view] = nil
            default:
                continue
            }
        }
    }

    /// The pending content size and offset move as JSON members (`,"l":{…},"o":{…}`, or
    /// nothing), now counted as sent.
    private func listChangeFields(_ list: ServedList) -> String {
        guard list.sizeChanged || list.pendingMove != nil else { return "" }
        var writer = JSONWriter()
        writer.object {
            if list.sizeChanged {
                let size = list.contentSize
                $0.key("l")
                $0.object { $0.key("w"); $0.number(size.width); $0.key("h"); $0.number(size.height) }
            }
            if let move = list.pendingMove {
                $0.key("o")
                $0.object {
                    $0.key("v"); $0.number(move.offset)
                    $0.key("d"); $0.number(move.delta)
                    $0.key("n"); $0.number(move.number)
                }
            }
        }
        list.sizeChanged = false
        list.pendingMove = nil
        return "," + writer.text.dropFirst().dropLast()
    }

    /// Sends what the list told that no commit carried (`{"t":"list",…}`).
    func sendListChanges(_ list: ServedList) {
        guard let page = list.page, list.sizeChanged || list.pendingMove != nil else { return }
        send(page, "{\"t\":\"list\"\(listChangeFields(list))}")
    }

    func sendLength(_ list: ServedList) {
        guard let page = list.page else { return }
        let size = list.contentSize
        var writer = JSONWriter()
        writer.object {
            $0.key("t"); $0.string("length")
            $0.key("w"); $0.number(size.width)
            $0.key("h"); $0.number(size.height)
        }
        send(page, writer.text)
    }
}

/// libsoup's soup_websocket_connection_set_max_total_message_size (3.6 and later), if it has it.
private let setMaxTotalMessageSize: (@convention(c) (OpaquePointer?, guint64) -> Void)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "soup_websocket_connection_set_max_total_message_size") else {
        return nil
    }
    return unsafeBitCast(symbol, to: (@convention(c) (OpaquePointer?, guint64) -> Void).self)
}()

/// A libfrond call's failure, with the message libfrond recorded for it.
func check(_ status: frond_status) throws(CallFailure) {
    guard status != FROND_OK else { return }
    throw CallFailure(status, String(cString: frond_last_error_message()))
}

private func escapeHTML(_ text: String) -> String {
    var result = ""
    for character in text {
        switch character {
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "&": result += "&amp;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

extension String {
    /// `%XX` escapes decoded (an invalid escape is kept as written).
    func removingPercentEncodingSimple() -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(self.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }

    private func range(of target: String) -> Range<String.Index>? {
        var index = startIndex
        while index != endIndex {
            if self[index...].hasPrefix(target) { return index..<self.index(index, offsetBy: target.count) }
            index = self.index(after: index)
        }
        return nil
    }
}

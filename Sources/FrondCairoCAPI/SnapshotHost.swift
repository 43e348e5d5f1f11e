import FrondCAPISupport
import CFrond
import Frond
import FrondCAPISupport
import FrondCairo
import FrondLayout
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// libfrond_cairo: the snapshot renderer's C functions (include/frond_cairo.h). This library
// is a client of libfrond's C API like any other: roots, components and their handles are
// libfrond's, reached only through frond_* calls (each library has its own copy of the
// Swift runtime and of the engine's types, so no Swift object crosses between them).
// A snapshot host is a handle of this library's own table; attached to a root, it is
// that root's C host (frond_root_set_host) and its Pango measurer the root's C text
// measurer (frond_root_set_text_measurer).

/// libfrond_cairo's version: libfrond's (the two are released together).
@_cdecl("frond_cairo_version_numbers") @implementation
public func frond_cairo_version_numbers(_ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?,
                                        _ patch: UnsafeMutablePointer<Int32>?) {
    major?.pointee = FROND_CAIRO_VERSION_MAJOR
    minor?.pointee = FROND_CAIRO_VERSION_MINOR
    patch?.pointee = FROND_CAIRO_VERSION_PATCH
}

@_cdecl("frond_cairo_handle_count") @implementation
public func frond_cairo_handle_count(_ outCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_cairo_handle_count") { () throws(CallFailure) in
        try write(handles.liveCount, to: outCount, "out_count")
    }
}

/// A libfrond call's failure, with the message libfrond recorded for it.
private func check(_ status: frond_status) throws(CallFailure) {
    guard status != FROND_OK else { return }
    // (Without the name of the libfrond function it comes from: the caller called another,
    // whose name the message gets.)
    var message = String(cString: frond_last_error_message())
    if message.hasPrefix("frond_"), let colon = message.firstIndex(of: ":"),
       !message[..<colon].contains(" ") {
        message = String(message[message.index(after: colon)...].drop { $0 == " " })
    }
    throw CallFailure(status, message)
}

/// A snapshot host created through the C API, with the strings of each thread's last
/// comparison (which C reads until that thread's next comparison or the handle's
/// release), so that threads comparing with one host never free each other's strings.
final class CSnapshotHost: @unchecked Sendable {
    let host: SnapshotHost
    /// Pointers as addresses (the strings are only freed, never read, here).
    private let strings = Mutex<[UInt: [UInt]]>([:])
    /// The root (its handle's value) using the host as its C host, until that root lets
    /// the host go (freed, or given another host): the binding's destroy function clears it.
    let attachedRoot = Mutex<UInt?>(nil)

    init(host: SnapshotHost) {
        self.host = host
    }

    deinit {
        for string in strings.withLock({ $0.values.joined() }) { free(UnsafeMutableRawPointer(bitPattern: string)) }
    }

    /// Replaces the calling thread's kept strings with copies of `texts` (nil stays NULL).
    func keep(_ texts: [String?]) -> [UnsafePointer<CChar>?] {
        var kept: [UInt] = []
        let copies = texts.map { text -> UnsafePointer<CChar>? in
            guard let text, let copy = strdup(text.replacingNULs()) else { return nil }
            kept.append(UInt(bitPattern: copy))
            return UnsafePointer(copy)
        }
        let thread = UInt(pthread_self())
        let previous = strings.withLock { strings in
            let previous = strings[thread] ?? []
            strings[thread] = kept
            return previous
        }
        for string in previous { free(UnsafeMutableRawPointer(bitPattern: string)) }
        return copies
    }
}

/// A C warning handler with its user_data (destroyed when the handler is released).
private final class CWarningHandler: @unchecked Sendable {
    let function: frond_snapshot_warning_func
    let owner: CallbackOwner

    init(_ function: @escaping frond_snapshot_warning_func, _ owner: CallbackOwner) {
        self.function = function
        self.owner = owner
    }

    func callAsFunction(_ message: String) {
        _ = message.replacingNULs().withCString { function($0, owner.userData) }
    }
}

func cSnapshotHost(_ handle: OpaquePointer?) throws(CallFailure) -> CSnapshotHost {
    do {
        // The table only ever stores CSnapshotHost objects under the snapshot host kind.
        return unsafeDowncast(try resolve(handle, .snapshotHost, "host"), to: CSnapshotHost.self)
    } catch {
        // This library's table holds only snapshot hosts: a live root or component of
        // libfrond looks like a handle it never issued.
        let stale = "(freed, or never issued)"
        guard error.message.hasSuffix(stale) else { throw error }
        throw CallFailure(error.status, error.message.dropLast(stale.count) + "(freed, never issued, or one of libfrond's handles)")
    }
}

/// Maps a renderer error to a status and message.
func render<T>(_ body: () throws(RenderError) -> T) throws(CallFailure) -> T {
    do {
        return try body()
    } catch {
        throw CallFailure(error)
    }
}

extension CallFailure {
    /// The status and message for a renderer error.
    init(_ error: RenderError) {
        let status: frond_status
        switch error.kind {
        case .invalidValue: status = FROND_ERR_INVALID_ARGUMENT
        case .limitExceeded: status = FROND_ERR_LIMIT
        case .outOfMemory: status = FROND_ERR_OUT_OF_MEMORY
        case .misuse: status = FROND_ERR_MISUSE
        case .engine(.invalidValue): status = FROND_ERR_INVALID_ARGUMENT
        case .engine(.invalidTree): status = FROND_ERR_INVALID_TREE
        case .engine(.callbackFailed): status = FROND_ERR_CALLBACK
        case .engine(.misuse): status = FROND_ERR_MISUSE
        case .engine(.limitExceeded): status = FROND_ERR_LIMIT
        }
        self.init(status, error.message)
    }
}

@_cdecl("frond_snapshot_host_new") @implementation
public func frond_snapshot_host_new(_ outHost: UnsafeMutablePointer<OpaquePointer?>?,
                                    _ options: UnsafePointer<frond_snapshot_options>?) -> frond_status {
    call("frond_snapshot_host_new") { () throws(CallFailure) in
        let out = try requireOut(outHost)
        let renderer = try snapshotRenderer(options)
        out.pointee = try issueHandle(CSnapshotHost(host: SnapshotHost(renderer: renderer)), .snapshotHost)
    }
}

/// A renderer configured by C options (NULL: the defaults).
private func snapshotRenderer(_ pointer: UnsafePointer<frond_snapshot_options>?) throws(CallFailure) -> CairoRenderer {
    guard let options = try structArgument(pointer, "options") else { return CairoRenderer() }
    let family = try optionalString(options.font_family, "options.font_family")
    let directory = try optionalString(options.image_directory, "options.image_directory")
    var background: Color? = Color(red: 1, green: 1, blue: 1)
    if options.has_background {
        let color = options.background
        let channels = [color.red, color.green, color.blue, color.alpha]
        guard channels.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
            throw .invalidArgument("options.background has a channel outside 0…1")
        }
        background = Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
    return CairoRenderer(typesetter: Typesetter(defaultFontFamily: family ?? Typesetter.standardFontFamily),
                         background: background, imageDirectory: directory)
}

@_cdecl("frond_snapshot_host_free") @implementation
public func frond_snapshot_host_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_snapshot_host_free") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .snapshotHost, "host")
    }
}

@_cdecl("frond_snapshot_host_set_warning_handler") @implementation
public func frond_snapshot_host_set_warning_handler(_ handle: OpaquePointer?, _ handler: frond_snapshot_warning_func?,
                                                    _ userData: UnsafeMutableRawPointer?,
                                                    _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_snapshot_host_set_warning_handler",
           registerWarningHandler(handle, handler, CallbackOwner(userData, destroy)))
}

private func registerWarningHandler(_ handle: OpaquePointer?, _ function: frond_snapshot_warning_func?,
                                    _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let host = try cSnapshotHost(handle)
        guard let function else {
            host.host.diagnostics.setHandler(nil)
            return
        }
        let handler = CWarningHandler(function, owner)
        host.host.diagnostics.setHandler { handler($0) }
    }
}

@_cdecl("frond_snapshot_host_get_warnings") @implementation
public func frond_snapshot_host_get_warnings(_ outLength: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                                             _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> frond_status {
    call("frond_snapshot_host_get_warnings") { () throws(CallFailure) in
        let out = try requireOut(outLength)
        guard capacity >= 0, capacity == 0 || buffer != nil else {
            throw .invalidArgument("buffer is NULL but capacity is \(UInt(bitPattern: capacity))")
        }
        let text = Array(try cSnapshotHost(handle).host.diagnostics.messages.joined(separator: "\n").replacingNULs().utf8)
        out.pointee = text.count
        guard let buffer, capacity > 0 else { return }
        let copied = min(text.count, capacity - 1)
        for index in 0..<copied { buffer[index] = CChar(bitPattern: text[index]) }
        buffer[copied] = 0
    }
}

@_cdecl("frond_snapshot_host_attach") @implementation
public func frond_snapshot_host_attach(_ handle: OpaquePointer?, _ rootHandle: OpaquePointer?) -> frond_status {
    call("frond_snapshot_host_attach") { () throws(CallFailure) in
        try attach(try cSnapshotHost(handle), to: rootHandle)
    }
}

/// What a root keeps as its C host's user_data: the host, and which root it serves.
private final class HostBinding {
    let host: CSnapshotHost
    let root: UInt

    init(_ host: CSnapshotHost, _ root: UInt) {
        self.host = host
        self.root = root
    }

    deinit {
        host.attachedRoot.withLock { if $0 == root { $0 = nil } }
    }
}

/// The host functions a root calls: every mutation of a commit at once.
private let snapshotHostFunctions: frond_host = {
    var functions = frond_host()
    functions.struct_size = UInt32(MemoryLayout<frond_host>.size)
    functions.apply_batch = { _, mutations, count, userData in
        guard let userData else { return FROND_ERR_INTERNAL }
        let host = Unmanaged<HostBinding>.fromOpaque(userData).takeUnretainedValue().host.host
        return call("snapshot host apply") { () throws(CallFailure) in
            // A mutation the tree cannot take is kept as a problem (SnapshotHost.apply),
            // as for a Swift root; only one libfrond could not have sent is refused.
            for mutation in try arrayArgument(mutations, count, "mutations") { host.apply(try swiftMutation(mutation)) }
        }
    }
    return functions
}()

/// Makes `host` the root's C host (its views emptied) and its Pango measurer the root's.
private func attach(_ host: CSnapshotHost, to rootHandle: OpaquePointer?) throws(CallFailure) {
    let root = UInt(bitPattern: rootHandle)
    let busy = host.attachedRoot.withLock { attached in attached != nil && attached != root }
    guard !busy else { throw .misuse("the snapshot host is attached to another root, which still uses it") }
    var mounted = 0
    try check(frond_root_get_child_count(&mounted, rootHandle, 0))
    guard mounted == 0 else {
        throw .misuse("the root has already mounted \(mounted) view(s), which the host would never see: attach it "
                      + "before the root's first flush (or after showing nothing and flushing)")
    }
    let binding = Unmanaged.passRetained(HostBinding(host, root)).toOpaque()
    var functions = snapshotHostFunctions
    // On failure libfrond has called the destroy function (the binding is gone).
    try check(frond_root_set_host(rootHandle, &functions, binding) { pointer in if let pointer { Unmanaged<HostBinding>.fromOpaque(pointer).release() } })
    host.host.reset()
    host.attachedRoot.withLock { $0 = root }
    try setPangoMeasurer(host.host.textMeasurer, on: rootHandle)
}

/// A Pango measurer as a root's C text measurer.
private func setPangoMeasurer(_ measurer: PangoTextMeasurer, on rootHandle: OpaquePointer?) throws(CallFailure) {
    try setTextMeasurer(measurer, on: rootHandle, name: "Pango text measurer") { error in
        (error as? RenderError).map { CallFailure($0) } ?? CallFailure(FROND_ERR_INTERNAL, "\(error)")
    }
}

@_cdecl("frond_root_set_pango_text_measurer") @implementation
public func frond_root_set_pango_text_measurer(_ rootHandle: OpaquePointer?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_set_pango_text_measurer") { () throws(CallFailure) in
        let measurer = handle == nil ? PangoTextMeasurer() : try cSnapshotHost(handle).host.textMeasurer
        try setPangoMeasurer(measurer, on: rootHandle)
    }
}

@_cdecl("frond_snapshot_host_apply") @implementation
public func frond_snapshot_host_apply(_ handle: OpaquePointer?, _ mutation: UnsafePointer<frond_mutation>?) -> frond_status {
    call("frond_snapshot_host_apply") { () throws(CallFailure) in
        let host = try cSnapshotHost(handle)
        guard let mutation else { throw .invalidArgument("mutation is NULL") }
        let converted = try swiftMutation(mutation.pointee)
        try render { () throws(RenderError) in try host.host.applyChecked(converted) }
    }
}

/// A size argument: FROND_UNDEFINED is nil (the default); other values are checked by the
/// renderer.
private func optionalSize(_ value: Float) -> Double? {
    value.isNaN ? nil : Double(value)
}

@_cdecl("frond_snapshot_host_write_png") @implementation
public func frond_snapshot_host_write_png(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ width: Float,
                                          _ height: Float, _ scale: Float) -> frond_status {
    call("frond_snapshot_host_write_png") { () throws(CallFailure) in
        let host = try cSnapshotHost(handle)
        let file = try requiredString(path, "path")
        try render { () throws(RenderError) in
            try host.host.writePNG(to: file, width: optionalSize(width), height: optionalSize(height), scale: Double(scale))
        }
    }
}

@_cdecl("frond_snapshot_host_write_component_png") @implementation
public func frond_snapshot_host_write_component_png(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                                    _ componentHandle: OpaquePointer?, _ width: Float, _ height: Float,
                                                    _ scale: Float) -> frond_status {
    call("frond_snapshot_host_write_component_png") { () throws(CallFailure) in
        let host = try cSnapshotHost(handle)
        let file = try requiredString(path, "path")
        let image = try renderComponent(componentHandle, host, width: width, height: height, scale: scale)
        try render { () throws(RenderError) in try image.writePNG(to: file) }
    }
}

@_cdecl("frond_snapshot_host_compare") @implementation
public func frond_snapshot_host_compare(_ outComparison: UnsafeMutablePointer<frond_snapshot_comparison>?,
                                        _ handle: OpaquePointer?, _ referencePath: UnsafePointer<CChar>?, _ width: Float,
                                        _ height: Float, _ scale: Float, _ tolerance: Int32) -> frond_status {
    call("frond_snapshot_host_compare") { () throws(CallFailure) in
        let out = try requireOut(outComparison)
        let host = try cSnapshotHost(handle)
        let reference = try requiredString(referencePath, "reference_path")
        let result = try render { () throws(RenderError) -> SnapshotResult in
            let image = try host.host.render(width: optionalSize(width), height: optionalSize(height), scale: Double(scale))
            return try SnapshotReference(path: reference).verify(image, tolerance: SnapshotTolerance(perChannel: Int(tolerance)))
        }
        out.pointee = comparison(result, keptBy: host)
    }
}

@_cdecl("frond_snapshot_host_compare_component") @implementation
public func frond_snapshot_host_compare_component(_ outComparison: UnsafeMutablePointer<frond_snapshot_comparison>?,
                                                  _ handle: OpaquePointer?, _ referencePath: UnsafePointer<CChar>?,
                                                  _ componentHandle: OpaquePointer?, _ width: Float, _ height: Float,
                                                  _ scale: Float, _ tolerance: Int32) -> frond_status {
    call("frond_snapshot_host_compare_component") { () throws(CallFailure) in
        let out = try requireOut(outComparison)
        let host = try cSnapshotHost(handle)
        let reference = try requiredString(referencePath, "reference_path")
        let image = try renderComponent(componentHandle, host, width: width, height: height, scale: scale)
        let result = try render { () throws(RenderError) -> SnapshotResult in
            try SnapshotReference(path: reference).verify(image, tolerance: SnapshotTolerance(perChannel: Int(tolerance)))
        }
        out.pointee = comparison(result, keptBy: host)
    }
}

/// Draws a component as Snapshot.render does, through libfrond's API: mounted in a root of
/// its own (`width` wide; `height` high or, undefined, as high as its content) with a
/// snapshot host of `host`'s settings attached, flushed once, and drawn.
private func renderComponent(_ componentHandle: OpaquePointer?, _ host: CSnapshotHost, width: Float, height: Float,
                             scale: Float) throws(CallFailure) -> RenderedImage {
    guard componentHandle != nil else { throw .misuse("component is a NULL frond_component handle") }
    // The sizes are checked before anything is built (the height again once known).
    _ = try render { () throws(RenderError) in
        try ImageLimits.pixelSize(width: Double(width), height: optionalSize(height) ?? 1, scale: Double(scale))
    }
    var range = height.isNaN ? frond_size_range_flexible_height(width) : frond_size_range_fixed(width, height)
    var root: OpaquePointer?
    try check(frond_root_new(&root, &range))
    defer { frond_root_free(root) }
    let drawing = CSnapshotHost(host: SnapshotHost(renderer: host.host.renderer))
    try attach(drawing, to: root)
    try check(frond_root_set_component(root, componentHandle))
    try check(frond_root_flush(root, nil))
    var size = frond_size()
    try check(frond_root_get_size(&size, root))
    let contentHeight = height.isNaN ? Double(size.height) : Double(height)
    return try render { () throws(RenderError) in
        try drawing.host.render(width: Double(width), height: contentHeight, scale: Double(scale))
    }
}

private func comparison(_ result: SnapshotResult, keptBy host: CSnapshotHost) -> frond_snapshot_comparison {
    let strings = host.keep([result.actualPath, result.diffPath, result.message])
    var comparison = frond_snapshot_comparison()
    switch result.outcome {
    case .matched: comparison.outcome = FROND_SNAPSHOT_MATCHED
    case .recorded: comparison.outcome = FROND_SNAPSHOT_RECORDED
    case .mismatched: comparison.outcome = FROND_SNAPSHOT_MISMATCHED
    case .missingReference: comparison.outcome = FROND_SNAPSHOT_MISSING_REFERENCE
    }
    comparison.differing_pixels = result.differingPixels
    comparison.largest_difference = Int32(result.largestDifference)
    comparison.actual_path = strings[0]
    comparison.diff_path = strings[1]
    comparison.message = strings[2] ?? cString("")
    return comparison
}

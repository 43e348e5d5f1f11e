import FrondCAPISupport
import CFrond
import Frond
#if canImport(Glibc)
import Glibc
#endif

/// A root created through the C API, with the handle its callbacks receive.
final class CRoot {
    let root: Root
    var handle: OpaquePointer?
    var host: CHost? { root.host as? CHost }
    /// What the last successful flush did.
    var statistics = CommitStatistics()

    init(root: Root) {
        self.root = root
    }
}

/// A C host: converts each mutation into a frond_mutation (strings and attribute arrays
/// live until the call returns) and calls the host's functions. The first failing call
/// is remembered for frond_root_flush to report.
final class CHost: Host {
    private let functions: frond_host
    private let owner: CallbackOwner
    private let rootHandle: OpaquePointer?
    private var batch: [Mutation] = []
    private(set) var failure: String?

    init(_ functions: frond_host, owner: CallbackOwner, rootHandle: OpaquePointer?) {
        self.functions = functions
        self.owner = owner
        self.rootHandle = rootHandle
    }

    func resetFailure() { failure = nil }

    func beginCommit() {
        batch.removeAll(keepingCapacity: true)
        if let begin = functions.begin_commit { check("begin_commit") { begin(rootHandle, owner.userData) } }
    }

    func apply(_ mutation: Mutation) {
        if functions.apply_batch != nil {
            batch.append(mutation)
        } else if let apply = functions.apply {
            var arena = CArena()
            var converted = arena.mutation(mutation)
            check("apply") { apply(rootHandle, &converted, owner.userData) }
            arena.free()
        }
    }

    func endCommit() {
        if let applyBatch = functions.apply_batch {
            var arena = CArena()
            let converted = batch.map { arena.mutation($0) }
            converted.withUnsafeBufferPointer { buffer in
                check("apply_batch") { applyBatch(rootHandle, buffer.baseAddress, buffer.count, owner.userData) }
            }
            arena.free()
            batch.removeAll(keepingCapacity: true)
        }
        if let end = functions.end_commit { check("end_commit") { end(rootHandle, owner.userData) } }
    }

    /// Calls the host's `function` (in `body`) and keeps the first failure.
    private func check(_ function: String, _ body: () -> frond_status) {
        let call = CallbackCall()
        let status = body()
        if status != FROND_OK && failure == nil { failure = call.failure("the host's \(function)", status) }
    }
}

/// C copies of the strings and arrays one host call needs; freed after the call.
struct CArena {
    private var allocations: [UnsafeMutableRawPointer] = []

    mutating func string(_ text: String) -> UnsafePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        allocations.append(UnsafeMutableRawPointer(copy))
        return UnsafePointer(copy)
    }

    mutating func attributes(_ list: [Attribute]) -> UnsafePointer<frond_attribute>? {
        guard !list.isEmpty else { return nil }
        let buffer = UnsafeMutablePointer<frond_attribute>.allocate(capacity: list.count)
        allocations.append(UnsafeMutableRawPointer(buffer))
        for (index, attribute) in list.enumerated() { (buffer + index).initialize(to: self.attribute(attribute)) }
        return UnsafePointer(buffer)
    }

    /// One attribute (its strings live in the arena).
    mutating func attribute(_ attribute: Attribute) -> frond_attribute {
        var item = frond_attribute()
        item.name = string(attribute.name)
        switch attribute.value {
        case .number(let number): item.kind = FROND_ATTRIBUTE_NUMBER; item.number = number
        case .bool(let value): item.kind = FROND_ATTRIBUTE_BOOL; item.boolean = value
        case .string(let text): item.kind = FROND_ATTRIBUTE_STRING; item.string = string(text)
        case .color(let color):
            item.kind = FROND_ATTRIBUTE_COLOR
            item.color = frond_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .hostValue(let token): item.kind = FROND_ATTRIBUTE_HOST_VALUE; item.host_value = token
        case .action(let name): item.kind = FROND_ATTRIBUTE_ACTION; item.string = string(name)
        case .block: item.kind = FROND_ATTRIBUTE_ACTION_BLOCK   // the block stays Frond's: action_block NULL
        }
        return item
    }

    mutating func names(_ list: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
        guard !list.isEmpty else { return nil }
        let buffer = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: list.count)
        allocations.append(UnsafeMutableRawPointer(buffer))
        for (index, name) in list.enumerated() { (buffer + index).initialize(to: string(name)) }
        return UnsafePointer(buffer)
    }

    mutating func mutation(_ mutation: Mutation) -> frond_mutation {
        var result = frond_mutation()
        switch mutation {
        case .create(let view, let viewType):
            result.kind = FROND_MUTATION_CREATE
            result.view = view.rawValue
            result.view_type = string(viewType)
        case .update(let view, let set, let unset):
            result.kind = FROND_MUTATION_UPDATE
            result.view = view.rawValue
            result.set = attributes(set)
            result.set_count = set.count
            result.unset = names(unset)
            result.unset_count = unset.count
        case .setFrame(let view, let frame):
            result.kind = FROND_MUTATION_SET_FRAME
            result.view = view.rawValue
            result.frame = frond_rect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
        case .insert(let child, let parent, let index):
            result.kind = FROND_MUTATION_INSERT
            result.view = child.rawValue
            result.parent = parent.rawValue
            result.index = index
        case .move(let child, let parent, let index):
            result.kind = FROND_MUTATION_MOVE
            result.view = child.rawValue
            result.parent = parent.rawValue
            result.index = index
        case .remove(let child, let parent):
            result.kind = FROND_MUTATION_REMOVE
            result.view = child.rawValue
            result.parent = parent.rawValue
        case .destroy(let view):
            result.kind = FROND_MUTATION_DESTROY
            result.view = view.rawValue
        }
        return result
    }

    mutating func free() {
        for allocation in allocations { allocation.deallocate() }
        allocations.removeAll()
    }
}

/// A C text measurer.
final class CTextMeasurer: TextMeasurer, @unchecked Sendable {
    private let function: frond_text_measure_func
    private let owner: CallbackOwner
    /// An owner whose destroy function may free `owner`'s user data (kept alive as long).
    private let kept: CallbackOwner?

    init(_ function: @escaping frond_text_measure_func, owner: CallbackOwner, keeping kept: CallbackOwner? = nil) {
        self.function = function
        self.owner = owner
        self.kept = kept
    }

    func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode, height: Float,
                 heightMode: MeasureMode) throws -> LayoutSize {
        var arena = CArena()
        defer { arena.free() }
        var cStyle = frond_text_style()
        cStyle.struct_size = UInt32(MemoryLayout<frond_text_style>.size)
        cStyle.font_size = style.fontSize
        cStyle.line_height = style.resolvedLineHeight
        cStyle.font_family = style.fontFamily.flatMap { arena.string($0) }
        if let color = style.color {
            cStyle.has_color = true
            cStyle.color = frond_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
        cStyle.max_lines = Int32(clamping: style.maxLines ?? 0)
        cStyle.font_weight = Int32(style.fontWeight?.value ?? 0)
        switch style.alignment {
        case nil: cStyle.text_align = FROND_TEXT_ALIGN_DEFAULT
        case .left?: cStyle.text_align = FROND_TEXT_ALIGN_LEFT
        case .center?: cStyle.text_align = FROND_TEXT_ALIGN_CENTER
        case .right?: cStyle.text_align = FROND_TEXT_ALIGN_RIGHT
        case .justify?: cStyle.text_align = FROND_TEXT_ALIGN_JUSTIFY
        }
        var size = frond_size(width: 0, height: 0)
        let call = CallbackCall()
        let status = text.withCString { pointer in
            function(pointer, &cStyle, width, widthMode.cValue, height, heightMode.cValue, &size, owner.userData)
        }
        guard status == FROND_OK else { throw CallbackStatus(status, call) }
        return LayoutSize(width: size.width, height: size.height)
    }
}

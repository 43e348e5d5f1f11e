import CFrond
import Frond
import FrondLayout

// Reading caller-filled C structs, strings and arrays into Swift values.

/// Refuses a `struct_size` that is neither `sizeof(T)` in this version nor one of
/// `earlierSizes` (the sizes of the earlier versions of a struct that has grown at its
/// end): any other size cuts a member in two or comes from a header this library does
/// not know, so nothing of the struct can be trusted.
package func checkStructSize<T>(_ declared: UInt32, of type: T.Type, earlierSizes: [Int] = [],
                        _ name: String) throws(CallFailure) {
    let size = MemoryLayout<T>.size
    guard Int(declared) != size && !earlierSizes.contains(Int(declared)) else { return }
    let known = earlierSizes.isEmpty ? "it must be sizeof (\(size))"
        : "it must be sizeof (\(size)) or an earlier version's size (\(earlierSizes.map(String.init).joined(separator: ", ")))"
    throw .invalidArgument("\(name).struct_size is \(declared); \(known)")
}

/// Whether `pointer` is a caller-filled struct whose `struct_size` this version knows (this
/// version's size or one of `earlierSizes`): only then may a member be read before the
/// struct is checked (the user_data and destroy function a refused call must destroy).
package func hasKnownStructSize<T>(_ pointer: UnsafePointer<T>?, earlierSizes: [Int] = []) -> Bool {
    guard let pointer else { return false }
    let declared = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    return declared == MemoryLayout<T>.size || earlierSizes.contains(declared)
}

/// A caller-filled struct: NULL stays nil; `struct_size` must be this version's size.
package func structArgument<T>(_ pointer: UnsafePointer<T>?, _ name: String) throws(CallFailure) -> T? {
    guard let pointer else { return nil }
    try checkStructSize(UnsafeRawPointer(pointer).load(as: UInt32.self), of: T.self, name)
    return pointer.pointee
}

/// A caller-filled struct that has grown at its end: `struct_size` must be this
/// version's size or one of `earlierSizes` (each the offset of the first member a later
/// version added); members beyond the caller's struct_size read as zero.
package func grownStructArgument<T>(_ pointer: UnsafePointer<T>?, _ name: String, earlierSizes: [Int]) throws(CallFailure) -> T? {
    guard let pointer else { return nil }
    let declared = UnsafeRawPointer(pointer).load(as: UInt32.self)
    try checkStructSize(declared, of: T.self, earlierSizes: earlierSizes, name)
    let size = MemoryLayout<T>.size
    guard Int(declared) < size else { return pointer.pointee }
    let copy = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<T>.alignment)
    defer { copy.deallocate() }
    copy.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    copy.copyMemory(from: pointer, byteCount: Int(declared))
    return copy.load(as: T.self)
}

/// A UTF-8 C string (NULL stays nil).
package func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CallFailure) -> String? {
    guard let pointer else { return nil }
    guard let text = String(validatingCString: pointer) else { throw .invalidArgument("\(name) is not valid UTF-8") }
    return text
}

package func requiredString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CallFailure) -> String {
    guard let text = try optionalString(pointer, name) else { throw .invalidArgument("\(name) is NULL") }
    return text
}

/// The items of a C array (NULL is allowed only for an empty one).
/// A count is a C size_t: one beyond Int.max (which Swift sees as negative) is refused.
package func arrayArgument<T>(_ pointer: UnsafePointer<T>?, _ count: Int, _ name: String) throws(CallFailure) -> UnsafeBufferPointer<T> {
    guard count >= 0 else { throw .invalidArgument("\(name): the count \(UInt(bitPattern: count)) is too large") }
    guard count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    guard let pointer else { throw .invalidArgument("\(name) is NULL but its count is \(count)") }
    return UnsafeBufferPointer(start: pointer, count: count)
}

/// Maps a core error to a status and message.
package func frond<T>(_ body: () throws(FrondError) -> T) throws(CallFailure) -> T {
    do {
        return try body()
    } catch {
        let status: frond_status
        switch error.kind {
        case .invalidValue: status = FROND_ERR_INVALID_ARGUMENT
        case .invalidTree: status = FROND_ERR_INVALID_TREE
        case .callbackFailed: status = FROND_ERR_CALLBACK
        case .misuse: status = FROND_ERR_MISUSE
        case .limitExceeded: status = FROND_ERR_LIMIT
        }
        throw CallFailure(status, error.message)
    }
}

/// An attribute of any kind but ACTION_BLOCK (whose blocks only libfrond can resolve).
package func plainAttributeValue(_ attribute: frond_attribute, _ place: String) throws(CallFailure) -> AttributeValue {
    switch attribute.kind {
    case FROND_ATTRIBUTE_NUMBER: return .number(attribute.number)
    case FROND_ATTRIBUTE_BOOL: return .bool(attribute.boolean)
    case FROND_ATTRIBUTE_STRING: return .string(try requiredString(attribute.string, "\(place).string"))
    case FROND_ATTRIBUTE_COLOR:
        let color = attribute.color
        return .color(Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
    case FROND_ATTRIBUTE_HOST_VALUE: return .hostValue(attribute.host_value)
    case FROND_ATTRIBUTE_ACTION: return .action(try requiredString(attribute.string, "\(place).string (the action name)"))
    default: throw .invalidArgument("\(place).kind \(attribute.kind.rawValue) is not a frond_attribute_kind")
    }
}

/// The sizes of the earlier versions of `frond_text_style` (the first ended with `max_lines`).
package let textStyleEarlierSizes = [MemoryLayout<frond_text_style>.offset(of: \frond_text_style.font_weight)].compactMap { $0 }

package func textStyle(_ pointer: UnsafePointer<frond_text_style>?) throws(CallFailure) -> TextStyle {
    guard let spec = try grownStructArgument(pointer, "style", earlierSizes: textStyleEarlierSizes) else {
        return TextStyle()
    }
    var style = TextStyle()
    if spec.font_size != 0 { style.fontSize = spec.font_size }
    if spec.line_height != 0 { style.lineHeight = spec.line_height }
    style.fontFamily = try optionalString(spec.font_family, "style.font_family")
    if spec.has_color {
        style.color = Color(red: spec.color.red, green: spec.color.green, blue: spec.color.blue, alpha: spec.color.alpha)
    }
    if spec.max_lines != 0 { style.maxLines = Int(spec.max_lines) }
    if spec.font_weight != 0 {
        guard let weight = FontWeight(Int(spec.font_weight)) else {
            throw .invalidArgument("style.font_weight \(spec.font_weight) is not within 100…1000 (0 = the family's)")
        }
        style.fontWeight = weight
    }
    switch spec.text_align {
    case FROND_TEXT_ALIGN_DEFAULT: break
    case FROND_TEXT_ALIGN_LEFT: style.alignment = .left
    case FROND_TEXT_ALIGN_CENTER: style.alignment = .center
    case FROND_TEXT_ALIGN_RIGHT: style.alignment = .right
    case FROND_TEXT_ALIGN_JUSTIFY: style.alignment = .justify
    default: throw .invalidArgument("style.text_align \(spec.text_align.rawValue) is not a frond_text_align")
    }
    return style
}

/// Owns the user_data of a C callback: its destroy function runs exactly once, when the
/// last closure that captured it is released.
package final class CallbackOwner {
    package let userData: UnsafeMutableRawPointer?
    private let destroy: frond_destroy_func?

    package init(_ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) {
        self.userData = userData
        self.destroy = destroy
    }

    deinit {
        destroy?(userData)
    }
}

/// A C mutation as the engine's value (action blocks, which hosts only see as NULL, left out).
package func swiftMutation(_ mutation: frond_mutation) throws(CallFailure) -> Mutation {
    let view = ViewID(mutation.view)
    func index() throws(CallFailure) -> Int {
        guard mutation.index >= 0 else { throw .invalidArgument("mutation.index \(UInt(bitPattern: mutation.index)) is out of range") }
        return mutation.index
    }
    switch mutation.kind {
    case FROND_MUTATION_CREATE:
        return .create(view, viewType: try requiredString(mutation.view_type, "mutation.view_type"))
    case FROND_MUTATION_UPDATE:
        var set: [Attribute] = []
        for (position, attribute) in try arrayArgument(mutation.set, mutation.set_count, "mutation.set").enumerated()
        where attribute.kind != FROND_ATTRIBUTE_ACTION_BLOCK {
            let place = "mutation.set[\(position)]"
            set.append(Attribute(name: try requiredString(attribute.name, "\(place).name"),
                                 value: try plainAttributeValue(attribute, place)))
        }
        var unset: [String] = []
        for (position, name) in try arrayArgument(mutation.unset, mutation.unset_count, "mutation.unset").enumerated() {
            unset.append(try requiredString(name, "mutation.unset[\(position)]"))
        }
        return .update(view, set: set, unset: unset)
    case FROND_MUTATION_SET_FRAME:
        let frame = mutation.frame
        return .setFrame(view, LayoutFrame(left: frame.left, top: frame.top, width: frame.width, height: frame.height))
    case FROND_MUTATION_INSERT: return .insert(child: view, parent: ViewID(mutation.parent), index: try index())
    case FROND_MUTATION_MOVE: return .move(child: view, parent: ViewID(mutation.parent), index: try index())
    case FROND_MUTATION_REMOVE: return .remove(child: view, parent: ViewID(mutation.parent))
    case FROND_MUTATION_DESTROY: return .destroy(view)
    default: throw .invalidArgument("mutation.kind \(mutation.kind.rawValue) is not a frond_mutation_kind")
    }
}

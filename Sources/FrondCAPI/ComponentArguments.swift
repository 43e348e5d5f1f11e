import FrondCAPISupport
import CFrond
import Frond

// Reading the C structs of the Components section into Frond values.

func attributeValue(_ attribute: frond_attribute, _ place: String) throws(CallFailure) -> AttributeValue {
    guard attribute.kind != FROND_ATTRIBUTE_ACTION_BLOCK else {
        return .block(try actionBlock(attribute.action_block, "\(place).action_block"))
    }
    return try plainAttributeValue(attribute, place)
}

func viewConfiguration(_ pointer: UnsafePointer<frond_view_spec>?) throws(CallFailure) -> ViewConfiguration {
    guard let spec = try structArgument(pointer, "view") else { return .viewless }
    let attributes = try arrayArgument(spec.attributes, spec.attribute_count, "view.attributes")
    let label = try optionalString(spec.accessibility_label, "view.accessibility_label")
    let hint = try optionalString(spec.accessibility_hint, "view.accessibility_hint")
    guard let viewType = try optionalString(spec.view_type, "view.view_type") else {
        guard attributes.isEmpty && label == nil && hint == nil && spec.accessibility_traits == 0 else {
            throw .invalidArgument("view: a viewless component (view_type NULL) can have no attributes or accessibility")
        }
        return .viewless
    }
    var list: [Attribute] = []
    list.reserveCapacity(attributes.count)
    for (index, attribute) in attributes.enumerated() {
        let place = "view.attributes[\(index)]"
        list.append(Attribute(name: try requiredString(attribute.name, "\(place).name"),
                              value: try attributeValue(attribute, place)))
    }
    let configuration = ViewConfiguration(viewType, orderedAttributes: list,
                                          accessibility: Accessibility(label: label, hint: hint,
                                                                       traits: spec.accessibility_traits))
    try frond { () throws(FrondError) in try configuration.validate("view") }
    return configuration
}

func dimension(_ value: frond_value, _ place: String) throws(CallFailure) -> Dimension {
    switch value.unit {
    case FROND_UNIT_UNDEFINED, FROND_UNIT_AUTO: return .auto
    case FROND_UNIT_POINT: return .points(value.value)
    case FROND_UNIT_PERCENT: return .percent(value.value)
    default: throw .invalidArgument("\(place).unit \(value.unit.rawValue) is not POINT, PERCENT, AUTO or UNDEFINED")
    }
}

/// A size spec (NULL: automatic); `name` names it in messages.
func componentSize(_ pointer: UnsafePointer<frond_size_spec>?, _ name: String = "size") throws(CallFailure) -> ComponentSize {
    guard let spec = try structArgument(pointer, name) else { return ComponentSize() }
    let size = ComponentSize(width: try dimension(spec.width, "\(name).width"),
                             height: try dimension(spec.height, "\(name).height"),
                             minWidth: try dimension(spec.min_width, "\(name).min_width"),
                             minHeight: try dimension(spec.min_height, "\(name).min_height"),
                             maxWidth: try dimension(spec.max_width, "\(name).max_width"),
                             maxHeight: try dimension(spec.max_height, "\(name).max_height"))
    try frond { () throws(FrondError) in try size.validate(name) }
    return size
}

/// A style length (edges, basis) from a C value.
func edgeLength(_ value: frond_value, _ place: String, allowAuto: Bool) throws(CallFailure) -> LayoutValue {
    switch value.unit {
    case FROND_UNIT_UNDEFINED: return .undefined
    case FROND_UNIT_POINT, FROND_UNIT_PERCENT:
        guard value.value.isFinite else { throw .invalidArgument("\(place): \(value.value) is not finite") }
        return value.unit == FROND_UNIT_POINT ? .points(value.value) : .percent(value.value)
    case FROND_UNIT_AUTO where allowAuto: return .auto
    default: throw .invalidArgument("\(place).unit \(value.unit.rawValue) is not allowed here")
    }
}

/// Left, top, right, bottom values as edges.
func edges(_ values: (frond_value, frond_value, frond_value, frond_value), _ place: String,
           allowAuto: Bool) throws(CallFailure) -> EdgeValues {
    var result = EdgeValues()
    result[.left] = try edgeLength(values.0, "\(place)[0]", allowAuto: allowAuto)
    result[.top] = try edgeLength(values.1, "\(place)[1]", allowAuto: allowAuto)
    result[.right] = try edgeLength(values.2, "\(place)[2]", allowAuto: allowAuto)
    result[.bottom] = try edgeLength(values.3, "\(place)[3]", allowAuto: allowAuto)
    return result
}

func flexboxStyle(_ pointer: UnsafePointer<frond_flexbox_style>?) throws(CallFailure) -> FlexboxStyle {
    guard let spec = try structArgument(pointer, "style") else { return FlexboxStyle() }
    var style = FlexboxStyle()
    style.direction = try engineEnum(spec.direction.rawValue, FlexDirection.self, "style.direction")
    style.wrap = try engineEnum(spec.wrap.rawValue, FlexWrap.self, "style.wrap")
    style.justifyContent = try engineEnum(spec.justify_content.rawValue, Justify.self, "style.justify_content")
    let alignItems = try engineEnum(spec.align_items.rawValue, Align.self, "style.align_items")
    style.alignItems = alignItems == .auto ? .stretch : alignItems
    let alignContent = try engineEnum(spec.align_content.rawValue, Align.self, "style.align_content")
    style.alignContent = alignContent == .auto ? .flexStart : alignContent
    style.spacing = spec.spacing
    style.lineSpacing = spec.line_spacing
    style.padding = try edges(spec.padding, "style.padding", allowAuto: false)
    var border = EdgeValues()
    let widths = [spec.border.0, spec.border.1, spec.border.2, spec.border.3]
    for (edge, width) in zip([Edge.left, .top, .right, .bottom], widths) {
        guard width.isFinite && width >= 0 else { throw .invalidArgument("style.border: \(width) is not a finite number ≥ 0") }
        border[edge] = .points(width)
    }
    style.border = border
    style.layoutDirection = try engineEnum(spec.layout_direction.rawValue, LayoutDirection.self, "style.layout_direction")
    style.overflow = try engineEnum(spec.overflow.rawValue, Overflow.self, "style.overflow")
    return style
}

func flexChild(_ spec: frond_flex_child, _ place: String) throws(CallFailure) -> FlexChild? {
    try checkStructSize(spec.struct_size, of: frond_flex_child.self, place)
    guard let handle = spec.component else { return nil }
    let child = try component(handle, "\(place).component")
    for (name, value) in [("flex_grow", spec.flex_grow), ("flex_shrink", spec.flex_shrink), ("aspect_ratio", spec.aspect_ratio)]
    where !(value.isFinite && value >= 0) {
        throw .invalidArgument("\(place).\(name): \(value) is not a finite number ≥ 0")
    }
    return FlexChild(child, flexGrow: spec.flex_grow, flexShrink: spec.flex_shrink,
                     flexBasis: spec.flex_basis.unit == FROND_UNIT_UNDEFINED ? .auto
                        : try edgeLength(spec.flex_basis, "\(place).flex_basis", allowAuto: true),
                     alignSelf: try engineEnum(spec.align_self.rawValue, Align.self, "\(place).align_self"),
                     margin: try edges(spec.margin, "\(place).margin", allowAuto: true),
                     positionType: try engineEnum(spec.position_type.rawValue, PositionType.self, "\(place).position_type"),
                     position: try edges(spec.position, "\(place).position", allowAuto: true),
                     aspectRatio: spec.aspect_ratio > 0 ? spec.aspect_ratio : nil)
}

/// The component behind a component handle.
func component(_ handle: OpaquePointer?, _ role: String = "component") throws(CallFailure) -> Component {
    // The table only ever stores Component objects under the component kind.
    unsafeDowncast(try resolve(handle, .component, role), to: Component.self)
}

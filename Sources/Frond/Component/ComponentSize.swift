import FrondLayout

/// One length of a component's size: automatic, points, or a percentage of the parent.
public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    case auto
    case points(Float)
    /// Percent of the parent's size (50 = half).
    case percent(Float)

    var layoutValue: LayoutValue {
        switch self {
        case .auto: return .auto
        case .points(let value): return .points(value)
        case .percent(let value): return .percent(value)
        }
    }

    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        switch self {
        case .auto: return
        case .points(let value), .percent(let value):
            guard value.isFinite && value >= 0 else {
                throw FrondError(.invalidValue, "\(place()): \(value) is not a finite number ≥ 0")
            }
        }
    }

    public var description: String {
        switch self {
        case .auto: return "auto"
        case .points(let value): return "\(value)"
        case .percent(let value): return "\(value)%"
        }
    }
}

/// A component's size (as ComponentKit's RCComponentSize): width and height with their
/// minimum and maximum; every part is automatic unless set.
public struct ComponentSize: Hashable, Sendable {
    public var width: Dimension
    public var height: Dimension
    public var minWidth: Dimension
    public var minHeight: Dimension
    public var maxWidth: Dimension
    public var maxHeight: Dimension

    public init(width: Dimension = .auto, height: Dimension = .auto, minWidth: Dimension = .auto,
                minHeight: Dimension = .auto, maxWidth: Dimension = .auto, maxHeight: Dimension = .auto) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// A fixed size in points.
    public static func points(_ width: Float, _ height: Float) -> ComponentSize {
        ComponentSize(width: .points(width), height: .points(height))
    }

    /// Throws when a part is negative or not finite.
    public func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        try width.validate("\(place()) width")
        try height.validate("\(place()) height")
        try minWidth.validate("\(place()) minWidth")
        try minHeight.validate("\(place()) minHeight")
        try maxWidth.validate("\(place()) maxWidth")
        try maxHeight.validate("\(place()) maxHeight")
    }

    /// Writes the size into a layout style.
    func apply(to style: inout LayoutStyle) {
        style.width = width.layoutValue
        style.height = height.layoutValue
        // An automatic min/max is no bound.
        style.minWidth = minWidth == .auto ? .undefined : minWidth.layoutValue
        style.minHeight = minHeight == .auto ? .undefined : minHeight.layoutValue
        style.maxWidth = maxWidth == .auto ? .undefined : maxWidth.layoutValue
        style.maxHeight = maxHeight == .auto ? .undefined : maxHeight.layoutValue
    }
}

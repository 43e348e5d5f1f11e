import FrondLayout

/// What an animation changes on a view, and the host attribute it is shown through.
///
/// | property | shown as | value | resting value when the component has no such attribute |
/// |---|---|---|---|
/// | `opacity` | attribute `opacity` | `.number` (0…1; clamped) | 1 |
/// | `translationX`, `translationY` | attributes of those names | `.number` (points) | 0 |
/// | `scale` | attribute `scale` | `.number` | 1 |
/// | `backgroundColor` | attribute `backgroundColor` | `.color` (clamped to 0…1) | transparent (0, 0, 0, 0) |
/// | `position` | the view's frame (left, top) | `.point` | the laid-out frame |
/// | `size` | the view's frame (width, height) | `.size` (≥ 0; clamped) | the laid-out frame |
///
/// The component's own attribute (or frame) is the *resting* value: while an animation of
/// the property runs, the host is sent the animated value instead, in ordinary `update`
/// and `setFrame` mutations; when it ends, the resting value is sent again (or the
/// attribute is unset when the component has none).
public enum AnimatedProperty: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case opacity
    case translationX
    case translationY
    case scale
    case backgroundColor
    case position
    case size

    /// The attribute the host receives (nil for `position` and `size`, which are frames).
    public var attributeName: String? {
        switch self {
        case .position, .size: return nil
        default: return rawValue
        }
    }

    public var description: String { rawValue }

    /// Whether the property is part of the frame.
    var isFrame: Bool { attributeName == nil }

    /// The value shown when the component does not set the attribute.
    var defaultValue: AnimationValue {
        switch self {
        case .opacity, .scale: return .number(1)
        case .translationX, .translationY: return .number(0)
        case .backgroundColor: return .color(Color(red: 0, green: 0, blue: 0, alpha: 0))
        case .position: return .point(x: 0, y: 0)
        case .size: return .size(width: 0, height: 0)
        }
    }

    /// Whether `value` has this property's kind.
    func accepts(_ value: AnimationValue) -> Bool {
        switch (self, value) {
        case (.opacity, .number), (.translationX, .number), (.translationY, .number), (.scale, .number),
             (.backgroundColor, .color), (.position, .point), (.size, .size):
            return true
        default:
            return false
        }
    }

    /// The resting value of a view with these attributes and frame; nil when the
    /// component's attribute has another kind (which cannot be animated).
    func restingValue(attributes: [Attribute], frame: LayoutFrame) -> AnimationValue? {
        switch self {
        case .position: return .point(x: Double(frame.left), y: Double(frame.top))
        case .size: return .size(width: Double(frame.width), height: Double(frame.height))
        default:
            guard let attribute = attributes.first(where: { $0.name == rawValue }) else { return defaultValue }
            switch attribute.value {
            case .number(let number): return self == .backgroundColor ? nil : .number(number)
            case .color(let color): return self == .backgroundColor ? .color(color) : nil
            default: return nil
            }
        }
    }

    /// The value as the host receives it (clamped to what the property allows).
    func attributeValue(_ value: AnimationValue) -> AttributeValue {
        switch value {
        case .number(let number):
            return .number(self == .opacity ? min(max(number, 0), 1) : number)
        case .color(let color): return .color(color)
        case .point(let x, _): return .number(x)
        case .size(let width, _): return .number(width)
        }
    }
}

/// A value an animation moves between.
public enum AnimationValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case color(Color)
    /// A frame origin (left, top), in the parent view's coordinates.
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)

    /// The largest magnitude of a number, coordinate or length an animation moves
    /// between, and of every value it shows on the way (far beyond any screen, and well
    /// within the range of the `Float` frames are sent in).
    public static let maximumMagnitude: Double = 1e9

    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        let limit = Self.maximumMagnitude
        func inRange(_ value: Double) -> Bool { value >= -limit && value <= limit }
        switch self {
        case .number(let number):
            guard inRange(number) else {
                throw FrondError(.invalidValue, "\(place()): \(number) is not a finite number within ±\(Self.limitText)")
            }
        case .color(let color):
            try color.validate(place())
        case .point(let x, let y):
            guard inRange(x) && inRange(y) else {
                throw FrondError(.invalidValue, "\(place()): point (\(x), \(y)) is not finite and within ±\(Self.limitText)")
            }
        case .size(let width, let height):
            guard inRange(width) && inRange(height) && width >= 0 && height >= 0 else {
                throw FrondError(.invalidValue, "\(place()): size \(width)×\(height) is not finite, ≥ 0 and at most \(Self.limitText)")
            }
        }
    }

    private static let limitText = "1e9"

    /// The value a fraction `progress` of the way from `self` to `end` (component by
    /// component; progress may leave 0…1 for overshooting curves). Colors are clamped
    /// to 0…1, sizes to ≥ 0 and every number to ±``maximumMagnitude`` (an overshooting
    /// curve cannot carry a value beyond it, nor out of the finite numbers); a progress
    /// that is not finite gives `end`. Values of different kinds give `end`.
    func interpolated(to end: AnimationValue, _ progress: Double) -> AnimationValue {
        guard progress.isFinite else { return end }
        func mix(_ a: Double, _ b: Double) -> Double {
            let value = a + (b - a) * progress
            // a and b are finite (given values within the limit; a `.current` end may be a
            // resting attribute's larger finite number): clamping keeps what is shown on
            // the way finite and within the limit, however far a curve overshoots.
            return value.isFinite ? min(max(value, -Self.maximumMagnitude), Self.maximumMagnitude)
                : (value > 0 ? Self.maximumMagnitude : -Self.maximumMagnitude)
        }
        switch (self, end) {
        case (.number(let a), .number(let b)): return .number(mix(a, b))
        case (.point(let ax, let ay), .point(let bx, let by)): return .point(x: mix(ax, bx), y: mix(ay, by))
        case (.size(let aw, let ah), .size(let bw, let bh)):
            return .size(width: max(0, mix(aw, bw)), height: max(0, mix(ah, bh)))
        case (.color(let a), .color(let b)):
            func channel(_ x: Float, _ y: Float) -> Float { Float(min(max(mix(Double(x), Double(y)), 0), 1)) }
            return .color(Color(red: channel(a.red, b.red), green: channel(a.green, b.green),
                                blue: channel(a.blue, b.blue), alpha: channel(a.alpha, b.alpha)))
        default:
            return end
        }
    }

    public var description: String {
        switch self {
        case .number(let number): return "\(number)"
        case .color(let color): return "\(color)"
        case .point(let x, let y): return "(\(x), \(y))"
        case .size(let width, let height): return "\(width)×\(height)"
        }
    }
}

/// One end of an animation: a given value, or the current one.
///
/// As the start (`from`), `.current` is the value the host shows when the animation
/// starts: the value of a running animation of the same property on the same view (so a
/// new animation takes over without a jump), or else the value the view showed before
/// the commit (the previous resting value; the new one for a new view). As the end
/// (`to`), `.current` is the component's resting value, and the animation follows it: a
/// later commit that changes the resting value retargets it (see ``Animation``).
public enum AnimationEndpoint: Hashable, Sendable {
    case current
    case value(AnimationValue)
}

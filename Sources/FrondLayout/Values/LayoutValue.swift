/// The unit of a ``LayoutValue``.
public enum LayoutUnit: UInt8, Sendable, CaseIterable {
    /// Not set: the property takes its default (for insets and min/max sizes: none).
    case undefined = 0
    /// Points (the host's device-independent unit).
    case point = 1
    /// Percent of the containing block's matching length.
    case percent = 2
    /// `auto`.
    case auto = 3
    /// The `max-content` keyword.
    case maxContent = 4
    /// The `fit-content` keyword.
    case fitContent = 5
    /// The `stretch` keyword.
    case stretch = 6
}

/// One style length: a number with a unit, or a keyword.
///
/// Values are plain data; they are checked when they are handed to a node
/// (``LayoutNode/setStyle(_:)``), never when they are created, so building one is free.
public struct LayoutValue: Hashable, Sendable, CustomStringConvertible {
    /// The number; meaningful for ``LayoutUnit/point`` and ``LayoutUnit/percent`` only (0 otherwise).
    public var value: Float
    /// The unit or keyword.
    public var unit: LayoutUnit

    @inlinable
    public init(value: Float, unit: LayoutUnit) {
        self.value = (unit == .point || unit == .percent) ? value : 0
        self.unit = unit
    }

    /// A keyword (or unset) value: its number is 0. (Not checked, so that the constants
    /// below, which every new style is filled with, cost two stores.)
    @inlinable @inline(__always)
    init(keyword unit: LayoutUnit) {
        value = 0
        self.unit = unit
    }

    /// A length in points.
    @inlinable public static func points(_ value: Float) -> LayoutValue { LayoutValue(value: value, unit: .point) }
    /// A percentage (50 means half) of the reference length.
    @inlinable public static func percent(_ value: Float) -> LayoutValue { LayoutValue(value: value, unit: .percent) }
    /// Not set.
    @inlinable public static var undefined: LayoutValue { @inline(__always) get { LayoutValue(keyword: .undefined) } }
    /// `auto`.
    @inlinable public static var auto: LayoutValue { @inline(__always) get { LayoutValue(keyword: .auto) } }
    /// `max-content`.
    @inlinable public static var maxContent: LayoutValue { @inline(__always) get { LayoutValue(keyword: .maxContent) } }
    /// `fit-content`.
    @inlinable public static var fitContent: LayoutValue { @inline(__always) get { LayoutValue(keyword: .fitContent) } }
    /// `stretch`.
    @inlinable public static var stretch: LayoutValue { @inline(__always) get { LayoutValue(keyword: .stretch) } }

    /// True for every unit but ``LayoutUnit/undefined`` (`auto` counts as set).
    @inlinable public var isDefined: Bool { unit != .undefined }

    /// The length this value stands for against `reference`, or NaN when it has none
    /// (unset, `auto` and the intrinsic keywords resolve to nothing).
    @inline(__always)
    func resolve(_ reference: Float) -> Float {
        switch unit {
        case .point: return value
        // (Whole 64ths of a point, as Chromium computes a percentage.)
        case .percent: return truncatedToLayoutUnit(value * reference * 0.01)
        default: return .nan
        }
    }

    public var description: String {
        switch unit {
        case .undefined: return "undefined"
        case .point: return LayoutValue.format(value)
        case .percent: return LayoutValue.format(value) + "%"
        case .auto: return "auto"
        case .maxContent: return "max-content"
        case .fitContent: return "fit-content"
        case .stretch: return "stretch"
        }
    }

    static func format(_ value: Float) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e9 {
            return String(Int(value))
        }
        return String(value)
    }

    /// Equality within Yoga's tolerance, used to decide whether min and max sizes coincide.
    func isApproximatelyEqual(to other: LayoutValue) -> Bool {
        unit == other.unit && (unit != .point && unit != .percent || abs(value - other.value) < 0.0001)
    }
}

/// `value` rounded to the nearest 64th of a point: the grid of Chromium's layout units,
/// on which it keeps every position and size (so that edges it computes as exact halves
/// round the same way here). Values too large to scale pass through.
@inline(__always)
func roundedToLayoutUnit(_ value: Float) -> Float {
    let scaled = value * 64
    return scaled.isFinite ? scaled.rounded() / 64 : value
}

/// `value` truncated toward zero to a 64th of a point, as Chromium converts a computed
/// length (a percentage of a size) to its layout units.
@inline(__always)
func truncatedToLayoutUnit(_ value: Float) -> Float {
    let scaled = value * 64
    return scaled.isFinite ? scaled.rounded(.towardZero) / 64 : value
}

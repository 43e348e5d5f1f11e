extension LayoutStyle {
    /// Checks every value against its domain and throws a ``LayoutError`` of kind
    /// ``LayoutError/Kind/invalidValue`` naming the first offending property.
    ///
    /// Rules: numbers are finite; sizes, paddings, borders, gaps and flex factors are
    /// not negative; an aspect ratio is not negative (0 means none); each property accepts only the units
    /// it has in CSS (no `auto` padding, no percent border, no keyword margins).
    public func validate() throws(LayoutError) {
        // Most styles pass every check: a quick test (which throws nothing) lets them skip
        // the checks that name the offending property.
        guard !isPlainlyValid else { return }
        try Self.check(width, "width", allowed: .sizes, nonNegative: true)
        try Self.check(height, "height", allowed: .sizes, nonNegative: true)
        try Self.check(minWidth, "minWidth", allowed: .sizes, nonNegative: true)
        try Self.check(minHeight, "minHeight", allowed: .sizes, nonNegative: true)
        try Self.check(maxWidth, "maxWidth", allowed: .sizes, nonNegative: true)
        try Self.check(maxHeight, "maxHeight", allowed: .sizes, nonNegative: true)
        try Self.check(flexBasis, "flexBasis", allowed: .sizes, nonNegative: true)
        // (Most styles set no edges: those are checked without visiting each one.)
        let anyEdge: (LayoutValue) -> Bool = { $0.unit != .undefined }
        if margin.containsValue(where: anyEdge) || padding.containsValue(where: anyEdge)
            || border.containsValue(where: anyEdge) || position.containsValue(where: anyEdge) {
            for edge in Edge.allCases {
                try Self.check(margin[edge], "margin.\(edge)", allowed: .margins, nonNegative: false)
                try Self.check(padding[edge], "padding.\(edge)", allowed: .paddings, nonNegative: true)
                try Self.check(border[edge], "border.\(edge)", allowed: .borders, nonNegative: true)
                try Self.check(position[edge], "position.\(edge)", allowed: .insets, nonNegative: false)
            }
        }
        for gutter in Gutter.allCases {
            try Self.check(gap[gutter], "gap.\(gutter)", allowed: .gaps, nonNegative: true)
        }
        try Self.checkFactor(flexGrow, "flexGrow", nonNegative: true)
        try Self.checkFactor(flexShrink, "flexShrink", nonNegative: true)
        try Self.checkFactor(flex, "flex", nonNegative: false)
        if let ratio = aspectRatio, !(ratio.isFinite && ratio >= 0) {
            throw LayoutError(.invalidValue, "aspectRatio: \(ratio) is not a finite number ≥ 0")
        }
    }

    /// True when ``validate()`` would find nothing wrong and the style uses only the units
    /// and values every style commonly has: sizes of any unit with finite non-negative
    /// numbers, no sides (margin, padding, border, position) at all, gaps in points or
    /// percent, finite flex factors (grow and shrink not negative) and no aspect ratio.
    /// False does not mean invalid: ``validate()`` then checks each value.
    @inline(__always)
    private var isPlainlyValid: Bool {
        // Sizes accept every unit; only their numbers are checked.
        @inline(__always) func size(_ value: LayoutValue) -> Bool {
            (value.unit != .point && value.unit != .percent) || (value.value.isFinite && value.value >= 0)
        }
        @inline(__always) func gutter(_ value: LayoutValue) -> Bool {
            value.unit == .undefined
                || ((value.unit == .point || value.unit == .percent) && value.value.isFinite && value.value >= 0)
        }
        @inline(__always) func factor(_ value: Float?, nonNegative: Bool) -> Bool {
            guard let value else { return true }
            return value.isFinite && (!nonNegative || value >= 0)
        }
        let anyEdge: (LayoutValue) -> Bool = { $0.unit != .undefined }
        return size(width) && size(height) && size(minWidth) && size(minHeight) && size(maxWidth) && size(maxHeight)
            && size(flexBasis) && gutter(gap.column) && gutter(gap.row) && gutter(gap.all)
            && factor(flexGrow, nonNegative: true) && factor(flexShrink, nonNegative: true)
            && factor(flex, nonNegative: false) && aspectRatio == nil
            && !margin.containsValue(where: anyEdge) && !padding.containsValue(where: anyEdge)
            && !border.containsValue(where: anyEdge) && !position.containsValue(where: anyEdge)
    }

    /// Checks one value of a length property; used by per-property setters.
    public static func check(_ value: LayoutValue, _ name: @autoclosure () -> String, allowed: LayoutUnitSet, nonNegative: Bool) throws(LayoutError) {
        guard allowed.contains(value.unit) else {
            throw LayoutError(.invalidValue, "\(name()): \(value) is not allowed here")
        }
        guard value.unit == .point || value.unit == .percent else { return }
        guard value.value.isFinite else {
            throw LayoutError(.invalidValue, "\(name()): \(value.value) is not a finite number")
        }
        if nonNegative && value.value < 0 {
            throw LayoutError(.invalidValue, "\(name()): \(value) is negative")
        }
    }

    /// Checks one optional number (flex factors); used by per-property setters.
    public static func checkFactor(_ value: Float?, _ name: @autoclosure () -> String, nonNegative: Bool) throws(LayoutError) {
        guard let value else { return }
        guard value.isFinite else {
            throw LayoutError(.invalidValue, "\(name()): \(value) is not a finite number")
        }
        if nonNegative && value < 0 {
            throw LayoutError(.invalidValue, "\(name()): \(value) is negative")
        }
    }
}

/// A set of ``LayoutUnit``s, as a bit mask (no allocation).
public struct LayoutUnitSet: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ units: LayoutUnit...) {
        rawValue = units.reduce(0) { $0 | (1 << $1.rawValue) }
    }

    public func contains(_ unit: LayoutUnit) -> Bool { rawValue & (1 << unit.rawValue) != 0 }

    /// width, height, min/max sizes and flex-basis: every unit and keyword.
    public static let sizes = LayoutUnitSet(rawValue: 0x7F)
    /// margins: points, percent, auto.
    public static let margins = LayoutUnitSet(.undefined, .point, .percent, .auto)
    /// insets: points, percent, auto.
    public static let insets = LayoutUnitSet(.undefined, .point, .percent, .auto)
    /// paddings: points and percent.
    public static let paddings = LayoutUnitSet(.undefined, .point, .percent)
    /// gaps: points and percent.
    public static let gaps = LayoutUnitSet(.undefined, .point, .percent)
    /// borders: points only.
    public static let borders = LayoutUnitSet(.undefined, .point)
}

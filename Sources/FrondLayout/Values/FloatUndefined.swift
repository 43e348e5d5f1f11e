// Layout arithmetic uses `Float` with NaN standing for "undefined", as the
// CSS-derived algorithm does: an undefined operand makes sums undefined and
// comparisons false, which is exactly the behaviour the steps rely on.

extension Float {
    /// True when the value is a number (not the NaN that stands for "undefined").
    @inline(__always) var isDefined: Bool { !isNaN }
}

/// The larger of two values, ignoring an undefined one (undefined only if both are).
@inline(__always)
func maxOrDefined(_ a: Float, _ b: Float) -> Float {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return a > b ? a : b
}

/// The smaller of two values, ignoring an undefined one (undefined only if both are).
@inline(__always)
func minOrDefined(_ a: Float, _ b: Float) -> Float {
    if a.isNaN { return b }
    if b.isNaN { return a }
    return a < b ? a : b
}

/// Equality within 0.0001; two undefined values are equal.
@inline(__always)
func inexactEquals(_ a: Float, _ b: Float) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) < 0.0001
}

/// Equality within 0.0001 in double precision; two undefined values are equal.
@inline(__always)
func inexactEquals(_ a: Double, _ b: Double) -> Bool {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
    return abs(a - b) < 0.0001
}

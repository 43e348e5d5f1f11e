/// A rectangle relative to the parent's border box, in points.
public struct LayoutFrame: Hashable, Sendable, CustomStringConvertible {
    public var left: Float
    public var top: Float
    public var width: Float
    public var height: Float

    public init(left: Float = 0, top: Float = 0, width: Float = 0, height: Float = 0) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    public var description: String {
        "(\(LayoutValue.format(left)), \(LayoutValue.format(top)), \(LayoutValue.format(width))×\(LayoutValue.format(height)))"
    }
}

/// A width and a height, in points.
public struct LayoutSize: Hashable, Sendable {
    public var width: Float
    public var height: Float

    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }
}

/// One value per physical side, in points.
public struct LayoutInsets: Hashable, Sendable {
    public var left: Float
    public var top: Float
    public var right: Float
    public var bottom: Float

    public init(left: Float = 0, top: Float = 0, right: Float = 0, bottom: Float = 0) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public subscript(edge: PhysicalEdge) -> Float {
        switch edge {
        case .left: return left
        case .top: return top
        case .right: return right
        case .bottom: return bottom
        }
    }

    /// The same insets with any non-finite side (a percentage of an overflowing size)
    /// replaced by 0: results never hand a host NaN or an infinity.
    var finite: LayoutInsets {
        func finite(_ value: Float) -> Float { value.isFinite ? value : 0 }
        return LayoutInsets(left: finite(left), top: finite(top), right: finite(right), bottom: finite(bottom))
    }
}

/// What the last layout pass computed for a node.
public struct LayoutResult: Hashable, Sendable {
    /// The border box, rounded to the config's pixel grid.
    public var frame: LayoutFrame
    /// The resolved direction (`.ltr` or `.rtl`).
    public var direction: LayoutDirection
    /// True when the children did not fit in the node.
    public var hadOverflow: Bool
    /// Resolved margins (unrounded; `auto` margins are 0).
    public var margin: LayoutInsets
    /// Resolved borders.
    public var border: LayoutInsets
    /// Resolved paddings.
    public var padding: LayoutInsets

    public var left: Float { frame.left }
    public var top: Float { frame.top }
    public var width: Float { frame.width }
    public var height: Float { frame.height }
}

extension EdgeQuad {
    var insets: LayoutInsets { LayoutInsets(left: left, top: top, right: right, bottom: bottom) }
}

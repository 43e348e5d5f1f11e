/// A component that centers its child (as ComponentKit's CKCenterLayoutComponent).
///
/// Layout, in flexbox terms (the component is a column):
/// - `centering` chooses the axes the child is centered on (`.x`: `align-items:
///   center`, `.y`: `justify-content: center`). On an axis that is not centered the
///   child starts at the leading (left or top) edge. The child is never stretched: it
///   has its own size, or its content's.
/// - `sizing` chooses the component's size on each axis where its own ``size`` is
///   automatic. Without the minimum option for an axis the component is as large as
///   its parent's content box on that axis (`100%`), as ComponentKit fills its maximum
///   constraint; where the parent's size on that axis is not known yet (it comes from
///   its content) that is the child's size. Next to siblings along a flexbox's main
///   axis, 100% overflows the parent: use the minimum option with `flexGrow` there.
///   With `.minimumX` / `.minimumY` it is the child's size on that axis. Either way a
///   parent that stretches or grows the component (`align-items: stretch`,
///   `flexGrow`) makes it larger.
///
/// Without a child the component is an empty box sized by the same rules.
public final class CenterComponent: Component, @unchecked Sendable {
    public let centering: CenteringOptions
    public let sizing: CenteringSizingOptions
    public let child: Component?

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                centering: CenteringOptions = .xy, sizing: CenteringSizingOptions = [], child: Component?) {
        self.centering = centering
        self.sizing = sizing
        self.child = child
        super.init(view: view, size: size, key: key)
    }

    /// A center component with its child from a closure: `CenterComponent { spinner }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, centering: CenteringOptions = .xy,
                            sizing: CenteringSizingOptions = [], @ChildBuilder child: () -> Component?) {
        self.init(view: view, size: size, key: key, centering: centering, sizing: sizing, child: child())
    }

    override var childComponents: ChildComponents { ChildComponents(one: child) }

    override func configureNode(_ style: inout LayoutStyle) {
        style.flexDirection = .column
        style.alignItems = centering.contains(.x) ? .center : .flexStart
        style.justifyContent = centering.contains(.y) ? .center : .flexStart
        if !sizing.contains(.minimumX) && size.width == .auto { style.width = .percent(100) }
        if !sizing.contains(.minimumY) && size.height == .auto { style.height = .percent(100) }
    }
}

/// The axes a ``CenterComponent`` centers its child on.
public struct CenteringOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Horizontally.
    public static let x = CenteringOptions(rawValue: 1)
    /// Vertically.
    public static let y = CenteringOptions(rawValue: 2)
    /// Both ways.
    public static let xy: CenteringOptions = [.x, .y]
}

/// The axes on which a ``CenterComponent`` is only as large as its child (instead of
/// its parent).
public struct CenteringSizingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The width is the child's.
    public static let minimumX = CenteringSizingOptions(rawValue: 1)
    /// The height is the child's.
    public static let minimumY = CenteringSizingOptions(rawValue: 2)
    /// Both.
    public static let minimumXY: CenteringSizingOptions = [.minimumX, .minimumY]
}

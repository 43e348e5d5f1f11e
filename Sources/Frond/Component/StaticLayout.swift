/// A component that places its children at fixed positions (as ComponentKit's
/// CKStaticLayoutComponent): each child is an absolute item at (`x`, `y`) from the
/// component's top-left corner, sized by its ``StaticChild/size`` if given, else by its
/// own size (or its content's). Later children are mounted after (in front of) earlier
/// ones; nil children are dropped.
///
/// The component's size is its own ``size``. Where that is automatic on an axis, it is
/// the bounding box of the children on that axis — max(x + width) and max(y + height),
/// at least 0 — taken over the children whose size on that axis is known in points
/// before layout (a `.points` width or height, clamped by `.points` minimums and
/// maximums). Flexbox cannot size a container by the extent of absolutely positioned
/// items, so children sized by their content or by percentages do not count (give them
/// a size in points, or give the component one). Without any such child the axis is
/// automatic, as for an empty container (0, or stretched by the parent).
public final class StaticLayout: Component, @unchecked Sendable {
    public let children: [StaticChild]

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                children: [StaticChild?]) {
        self.children = children.compactMap { $0 }.filter { $0.component != nil }
        super.init(view: view, size: size, key: key)
    }

    /// A static layout whose children come from a builder:
    /// `StaticLayout { StaticChild(icon, x: 4, y: 4); badge.at(x: 30, y: 0) }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, @StaticChildrenBuilder children: () -> [StaticChild]) {
        self.init(view: view, size: size, key: key, children: children())
    }

    override var placesAbsoluteChildren: Bool { true }

    override var childComponents: ChildComponents { ChildComponents(children.compactMap(\.component)) }

    override func configureNode(_ style: inout LayoutStyle) {
        style.flexDirection = .column
        let box = boundingBox
        if size.width == .auto, let width = box.width { style.width = .points(width) }
        if size.height == .auto, let height = box.height { style.height = .points(height) }
    }

    override func configureChild(at index: Int, _ style: inout LayoutStyle) {
        let child = children[index]
        if let size = child.size { size.apply(to: &style) }
        style.positionType = .absolute
        style.position = EdgeValues()
        style.position.left = .points(child.x)
        style.position.top = .points(child.y)
    }

    override func validateParameters(_ place: String) throws(FrondError) {
        for (index, child) in children.enumerated() {
            guard child.x.isFinite && child.y.isFinite else {
                throw FrondError(.invalidValue, "\(place): child \(index)'s position (\(child.x), \(child.y)) is not finite")
            }
            try child.size?.validate("\(place) child \(index)")
        }
        let box = boundingBox
        if let width = box.width, !width.isFinite {
            throw FrondError(.invalidValue, "\(place): the children's bounding box is wider than a Float can hold")
        }
        if let height = box.height, !height.isFinite {
            throw FrondError(.invalidValue, "\(place): the children's bounding box is higher than a Float can hold")
        }
    }

    /// The extent of the children whose size is known in points, per axis (nil: none).
    var boundingBox: (width: Float?, height: Float?) {
        var width: Float? = nil, height: Float? = nil
        for child in children {
            guard let component = child.component else { continue }
            let size = child.size ?? component.size
            if let known = Self.points(size.width, min: size.minWidth, max: size.maxWidth) {
                width = max(width ?? 0, child.x + known)
            }
            if let known = Self.points(size.height, min: size.minHeight, max: size.maxHeight) {
                height = max(height ?? 0, child.y + known)
            }
        }
        return (width, height)
    }

    /// A length in points clamped by its bounds in points (the minimum wins, as in
    /// layout); nil when it is not in points.
    private static func points(_ length: Dimension, min minimum: Dimension, max maximum: Dimension) -> Float? {
        guard case .points(var value) = length else { return nil }
        if case .points(let bound) = maximum { value = Swift.min(value, bound) }
        if case .points(let bound) = minimum { value = Swift.max(value, bound) }
        return value
    }
}

/// A child of a ``StaticLayout``: a component and where it goes.
public struct StaticChild: @unchecked Sendable {
    public var component: Component?
    /// The left edge, in points from the layout's left edge (finite; may be negative).
    public var x: Float
    /// The top edge, in points from the layout's top edge (finite; may be negative).
    public var y: Float
    /// Replaces the component's own size for its placement (nil: the component's size).
    /// Percentages are of the static layout's size.
    public var size: ComponentSize?

    public init(_ component: Component?, x: Float = 0, y: Float = 0, size: ComponentSize? = nil) {
        self.component = component
        self.x = x
        self.y = y
        self.size = size
    }
}

extension Component {
    /// This component as a ``StaticLayout`` child at (`x`, `y`).
    public func at(x: Float, y: Float, size: ComponentSize? = nil) -> StaticChild {
        StaticChild(self, x: x, y: y, size: size)
    }
}

/// Builds the children of a ``StaticLayout``: static children, components (at 0, 0),
/// optionals (nil is dropped), `if`/`else` and `for` loops.
@resultBuilder
public enum StaticChildrenBuilder {
    public static func buildExpression(_ child: StaticChild) -> [StaticChild] { [child] }
    public static func buildExpression(_ child: StaticChild?) -> [StaticChild] { child.map { [$0] } ?? [] }
    public static func buildExpression(_ component: Component) -> [StaticChild] { [StaticChild(component)] }
    public static func buildExpression(_ component: Component?) -> [StaticChild] {
        component.map { [StaticChild($0)] } ?? []
    }
    public static func buildBlock(_ parts: [StaticChild]...) -> [StaticChild] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [StaticChild]?) -> [StaticChild] { part ?? [] }
    public static func buildEither(first part: [StaticChild]) -> [StaticChild] { part }
    public static func buildEither(second part: [StaticChild]) -> [StaticChild] { part }
    public static func buildArray(_ parts: [[StaticChild]]) -> [StaticChild] { parts.flatMap { $0 } }
}

@_exported import FrondLayout

/// A container that lays its children out with flexbox (as CKFlexboxComponent): every
/// container property FrondLayout supports, plus `spacing` between items and between
/// lines. Each child comes with its item properties (``FlexChild``); nil children are
/// dropped.
public final class Flexbox: Component, @unchecked Sendable {
    public let style: FlexboxStyle
    public let children: [FlexChild]

    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                style: FlexboxStyle = FlexboxStyle(), children: [FlexChild?]) {
        self.style = style
        var kept: [FlexChild] = []
        kept.reserveCapacity(children.count)
        for case let child? in children where child.component != nil { kept.append(child) }
        self.children = kept
        super.init(view: view, size: size, key: key)
    }

    /// A flexbox whose children come from a builder:
    /// `Flexbox(direction: .row) { Avatar(url); Label(title).flexGrow(1) }`.
    public convenience init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(),
                            key: String? = nil, direction: FlexDirection? = nil, style: FlexboxStyle = FlexboxStyle(),
                            @ChildrenBuilder children: () -> [FlexChild]) {
        var style = style
        if let direction { style.direction = direction }
        self.init(view: view, size: size, key: key, style: style, children: children())
    }

    /// A flexbox with these children (kept as the list they came in, unless one has no
    /// component: a long list, say of rows made with `map`, is not copied child by child).
    public init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil,
                style: FlexboxStyle = FlexboxStyle(), children: [FlexChild]) {
        self.style = style
        self.children = children.allSatisfy { $0.component != nil } ? children : children.filter { $0.component != nil }
        super.init(view: view, size: size, key: key)
    }

    override var childComponents: ChildComponents { ChildComponents(flexChildren: children) }

    override func configureNode(_ layout: inout LayoutStyle) {
        layout.flexDirection = style.direction
        layout.flexWrap = style.wrap
        layout.justifyContent = style.justifyContent
        layout.alignItems = style.alignItems
        layout.alignContent = style.alignContent
        layout.direction = style.layoutDirection
        layout.overflow = style.overflow
        layout.padding = style.padding
        layout.border = style.border
        // Spacing goes between items along the main axis, line spacing between lines.
        let rowDirection = style.direction == .row || style.direction == .rowReverse
        layout.gap[rowDirection ? .column : .row] = .points(style.spacing)
        layout.gap[rowDirection ? .row : .column] = .points(style.lineSpacing)
    }

    override func configureChild(at index: Int, _ layout: inout LayoutStyle) {
        // (Field by field, in place: a copy of the child would retain its component and edges.)
        children.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.indices.contains(index) else { return }
            let child = base + index
            layout.flexGrow = child.pointee.flexGrow
            layout.flexShrink = child.pointee.flexShrink
            layout.flexBasis = child.pointee.flexBasis
            layout.alignSelf = child.pointee.alignSelf
            if let edges = child.pointee.edges {
                layout.margin = edges.margin
                layout.position = edges.position
            }
            layout.positionType = child.pointee.positionType
            if let ratio = child.pointee.aspectRatio { layout.aspectRatio = ratio }
        }
    }

    override func validateParameters(_ place: String) throws(FrondError) {
        // (Two checks written out: a list of the pairs would be allocated for every flexbox.)
        try Self.checkSpacing(style.spacing, "spacing", place)
        try Self.checkSpacing(style.lineSpacing, "lineSpacing", place)
    }

    private static func checkSpacing(_ value: Float, _ name: String, _ place: String) throws(FrondError) {
        guard value.isFinite && value >= 0 else {
            throw FrondError(.invalidValue, "\(place): \(name) \(value) is not a finite number ≥ 0")
        }
    }
}

/// The container properties of a ``Flexbox``.
public struct FlexboxStyle: Hashable, Sendable {
    public var direction: FlexDirection = .column
    public var wrap: FlexWrap = .noWrap
    public var justifyContent: Justify = .flexStart
    public var alignItems: Align = .stretch
    public var alignContent: Align = .flexStart
    /// Space between neighbouring items along the main axis, in points.
    public var spacing: Float = 0
    /// Space between the lines of a wrapping flexbox, in points.
    public var lineSpacing: Float = 0
    public var padding = EdgeValues()
    public var border = EdgeValues()
    /// Text direction for the children (start/end, row order).
    public var layoutDirection: LayoutDirection = .inherit
    public var overflow: Overflow = .visible

    public init(direction: FlexDirection = .column, wrap: FlexWrap = .noWrap, justifyContent: Justify = .flexStart,
                alignItems: Align = .stretch, alignContent: Align = .flexStart, spacing: Float = 0,
                lineSpacing: Float = 0, padding: EdgeValues = EdgeValues(), border: EdgeValues = EdgeValues(),
                layoutDirection: LayoutDirection = .inherit, overflow: Overflow = .visible) {
        self.direction = direction
        self.wrap = wrap
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.alignContent = alignContent
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.padding = padding
        self.border = border
        self.layoutDirection = layoutDirection
        self.overflow = overflow
    }
}

/// A child of a ``Flexbox`` with its item properties (as CKFlexboxComponentChild).
public struct FlexChild: @unchecked Sendable {
    public var component: Component?
    public var flexGrow: Float
    public var flexShrink: Float
    public var flexBasis: LayoutValue
    public var alignSelf: Align
    /// `.absolute` takes the child out of the flow; ``position`` then places it.
    public var positionType: PositionType
    public var aspectRatio: Float?
    /// The margin and the position, out of line (few children set them): nil when both
    /// are all undefined. Never changed in place (a new box replaces it).
    @usableFromInline private(set) var edges: Edges?

    public var margin: EdgeValues {
        get { edges?.margin ?? EdgeValues() }
        set { setEdges(margin: newValue, position: position) }
    }

    public var position: EdgeValues {
        get { edges?.position ?? EdgeValues() }
        set { setEdges(margin: margin, position: newValue) }
    }

    public init(_ component: Component?, flexGrow: Float = 0, flexShrink: Float = 0, flexBasis: LayoutValue = .auto,
                alignSelf: Align = .auto, margin: EdgeValues = EdgeValues(), positionType: PositionType = .relative,
                position: EdgeValues = EdgeValues(), aspectRatio: Float? = nil) {
        self.component = component
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
        self.flexBasis = flexBasis
        self.alignSelf = alignSelf
        self.positionType = positionType
        self.aspectRatio = aspectRatio
        setEdges(margin: margin, position: position)
    }

    /// A child with no margin or position (skips checking two sets of edges that are
    /// known to be unset: lists build thousands of children).
    @inlinable public init(_ component: Component?) {
        self.init(component, flexGrow: 0, flexShrink: 0, edges: nil)
    }

    // (Inlinable, as the initializers that call it: a component made in the caller then
    // moves into the child instead of being retained here and released there.)
    @inlinable
    init(_ component: Component?, flexGrow: Float, flexShrink: Float, edges: Edges?) {
        self.component = component
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
        flexBasis = .auto
        alignSelf = .auto
        positionType = .relative
        aspectRatio = nil
        self.edges = edges
    }

    private mutating func setEdges(margin: EdgeValues, position: EdgeValues) {
        edges = margin.isExactlyUnset && position.isExactlyUnset ? nil : Edges(margin: margin, position: position)
    }

    @usableFromInline final class Edges: @unchecked Sendable {
        let margin: EdgeValues
        let position: EdgeValues

        init(margin: EdgeValues, position: EdgeValues) {
            self.margin = margin
            self.position = position
        }
    }
}

extension Component {
    /// This component as a flexbox child that grows by `factor`.
    @inlinable public func flexGrow(_ factor: Float) -> FlexChild {
        FlexChild(self, flexGrow: factor, flexShrink: 0, edges: nil)
    }
    /// This component as a flexbox child that shrinks by `factor`.
    @inlinable public func flexShrink(_ factor: Float) -> FlexChild {
        FlexChild(self, flexGrow: 0, flexShrink: factor, edges: nil)
    }
}

extension FlexChild {
    /// The same child, also growing by `factor`.
    public func flexGrow(_ factor: Float) -> FlexChild {
        var copy = self
        copy.flexGrow = factor
        return copy
    }

    /// The same child, also shrinking by `factor`.
    public func flexShrink(_ factor: Float) -> FlexChild {
        var copy = self
        copy.flexShrink = factor
        return copy
    }
}

/// Builds a list of flexbox children: components, children with item properties,
/// optionals (nil is dropped), `if`/`else` and `for` loops.
///
/// Each line becomes a ``FlexChildren`` (one child or a list), and a block joins its
/// lines into one list made at its final size: building a row of four children makes
/// one array, not one per line (as joining partial blocks would).
@resultBuilder
public enum ChildrenBuilder {
    @inlinable public static func buildExpression(_ component: Component) -> FlexChildren { .one(FlexChild(component)) }
    public static func buildExpression(_ component: Component?) -> FlexChildren {
        .list(component.map { [FlexChild($0)] } ?? [])
    }
    @inlinable public static func buildExpression(_ child: FlexChild) -> FlexChildren { .one(child) }
    public static func buildExpression(_ children: [Component]) -> FlexChildren { .list(children.map { FlexChild($0) }) }
    public static func buildExpression(_ children: [FlexChild]) -> FlexChildren { .list(children) }
    @inlinable public static func buildBlock(_ lines: FlexChildren...) -> FlexChildren { .list(FlexChildren.joined(lines)) }
    // (Blocks of up to six lines, the usual sizes, without the variadic array.)
    @inlinable public static func buildBlock(_ a: FlexChildren) -> FlexChildren { a }
    @inlinable public static func buildBlock(_ a: consuming FlexChildren, _ b: consuming FlexChildren) -> FlexChildren {
        var children = FlexChildren.room(a.count + b.count)
        a.append(to: &children); b.append(to: &children)
        return .list(children)
    }
    @inlinable public static func buildBlock(_ a: consuming FlexChildren, _ b: consuming FlexChildren,
                                             _ c: consuming FlexChildren) -> FlexChildren {
        var children = FlexChildren.room(a.count + b.count + c.count)
        a.append(to: &children); b.append(to: &children); c.append(to: &children)
        return .list(children)
    }
    @inlinable public static func buildBlock(_ a: consuming FlexChildren, _ b: consuming FlexChildren,
                                             _ c: consuming FlexChildren, _ d: consuming FlexChildren) -> FlexChildren {
        var children = FlexChildren.room(a.count + b.count + c.count + d.count)
        a.append(to: &children); b.append(to: &children); c.append(to: &children); d.append(to: &children)
        return .list(children)
    }
    @inlinable public static func buildBlock(_ a: consuming FlexChildren, _ b: consuming FlexChildren,
                                             _ c: consuming FlexChildren, _ d: consuming FlexChildren,
                                             _ e: consuming FlexChildren) -> FlexChildren {
        var children = FlexChildren.room(a.count + b.count + c.count + d.count + e.count)
        a.append(to: &children); b.append(to: &children); c.append(to: &children); d.append(to: &children)
        e.append(to: &children)
        return .list(children)
    }
    @inlinable public static func buildBlock(_ a: consuming FlexChildren, _ b: consuming FlexChildren,
                                             _ c: consuming FlexChildren, _ d: consuming FlexChildren,
                                             _ e: consuming FlexChildren, _ f: consuming FlexChildren) -> FlexChildren {
        var children = FlexChildren.room(a.count + b.count + c.count + d.count + e.count + f.count)
        a.append(to: &children); b.append(to: &children); c.append(to: &children); d.append(to: &children)
        e.append(to: &children); f.append(to: &children)
        return .list(children)
    }
    public static func buildOptional(_ part: FlexChildren?) -> FlexChildren { part ?? .list([]) }
    public static func buildEither(first part: FlexChildren) -> FlexChildren { part }
    public static func buildEither(second part: FlexChildren) -> FlexChildren { part }
    public static func buildArray(_ parts: [FlexChildren]) -> FlexChildren { .list(FlexChildren.joined(parts)) }
    @inlinable public static func buildFinalResult(_ children: FlexChildren) -> [FlexChild] { children.children }
}

/// One line of a ``ChildrenBuilder`` block: a single child or a list of them.
public enum FlexChildren {
    case one(FlexChild)
    case list([FlexChild])

    /// The children, as a list.
    @inlinable public var children: [FlexChild] {
        switch self {
        case .one(let child): return [child]
        case .list(let children): return children
        }
    }

    /// How many children the line holds.
    @inlinable public var count: Int {
        switch self {
        case .one: return 1
        case .list(let children): return children.count
        }
    }

    /// An empty list with room for `count` children.
    @inlinable public static func room(_ count: Int) -> [FlexChild] {
        var children: [FlexChild] = []
        if count > 0 { children.reserveCapacity(count) }
        return children
    }

    /// Appends the line's children to `children` (moving them: the line is used up).
    @inlinable public consuming func append(to children: inout [FlexChild]) {
        switch consume self {
        case .one(let child): children.append(child)
        case .list(let more): children.append(contentsOf: more)
        }
    }

    /// All the lines' children in order, in one array of the right size.
    @inlinable public static func joined(_ lines: [FlexChildren]) -> [FlexChild] {
        if lines.count == 1, case .list(let children) = lines[0] { return children }
        var children = room(lines.reduce(0) { $0 + $1.count })
        for line in lines { line.append(to: &children) }
        return children
    }
}

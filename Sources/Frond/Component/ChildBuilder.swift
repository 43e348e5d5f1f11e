/// Builds the single child of a one-child component from a trailing closure:
/// `InsetComponent(top: 8) { Text("Hi") }`. The closure holds one component, or an
/// `if`/`else` choosing one. Where the child is optional (``CenterComponent``, the
/// layers of ``BackgroundComponent`` and ``OverlayComponent``), an `if` without `else`
/// and optional components are allowed too, and nil means no child.
@resultBuilder
public enum ChildBuilder {
    public static func buildExpression(_ component: Component) -> Component { component }
    public static func buildExpression(_ component: Component?) -> Component? { component }
    public static func buildBlock(_ component: Component) -> Component { component }
    public static func buildBlock(_ component: Component?) -> Component? { component }
    public static func buildEither(first component: Component) -> Component { component }
    public static func buildEither(second component: Component) -> Component { component }
    public static func buildEither(first component: Component?) -> Component? { component }
    public static func buildEither(second component: Component?) -> Component? { component }
    public static func buildOptional(_ component: Component??) -> Component? { component ?? nil }
}

extension Component {
    /// This component with `background` laid out behind it at its size (see
    /// ``BackgroundComponent``); nil leaves it alone.
    public func background(_ background: Component?) -> BackgroundComponent {
        BackgroundComponent(child: self, background: background)
    }

    /// This component with `overlay` laid out in front of it at its size (see
    /// ``OverlayComponent``); nil leaves it alone.
    public func overlay(_ overlay: Component?) -> OverlayComponent {
        OverlayComponent(child: self, overlay: overlay)
    }
}

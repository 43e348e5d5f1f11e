/// A component that animates (ComponentSwift's and ComponentKit's shape): the root asks it
/// for animations when it enters the tree, when a new instance replaces it, and when it
/// leaves, and whether changes of its view's frame are animated.
///
///     final class Badge: Component, ComponentAnimationProtocol {
///         func animationsOnInitialMount() -> [Animation] { [.alphaFrom(0, timing: AnimationTiming(duration: 0.3))] }
///         func animations(fromPreviousComponent previous: Component) -> [Animation] { [.change(.opacity)] }
///         func animationsOnFinalUnmount() -> [Animation] { [.alphaTo(0)] }
///     }
///
/// The methods are called while the flush is prepared (on the preparing thread, as
/// `render` is), for components built by that flush: ``animationsOnInitialMount()`` for a
/// component that is new in the tree, ``animations(fromPreviousComponent:)`` for a new
/// instance that replaces one with the same identity (a state update re-renders the same
/// instance: it is not asked), and ``animationsOnFinalUnmount()`` for a component that
/// leaves it. A component that leaves with final-unmount animations keeps its view
/// mounted (among its siblings, where it was) until they end; then the view is removed
/// and destroyed. Each method's animations are checked, and a bad one fails the flush, as
/// does an error a method throws (the methods need not throw).
public protocol ComponentAnimationProtocol: AnyObject {
    /// Animations started by the commit that first mounts the component.
    func animationsOnInitialMount() throws(FrondError) -> [Animation]
    /// Animations started by the commit in which this instance replaces `previous`.
    func animations(fromPreviousComponent previous: Component) throws(FrondError) -> [Animation]
    /// Animations of the component's views as it leaves the tree; its view stays until
    /// they end.
    func animationsOnFinalUnmount() throws(FrondError) -> [Animation]
    /// When set, a change of the frame of the component's view from one commit to the
    /// next (a kept view that moves or resizes) is animated with this timing, from the
    /// frame shown to the new one. Nil (the default): frames jump.
    var frameAnimation: AnimationTiming? { get }
}

extension ComponentAnimationProtocol {
    public func animationsOnInitialMount() -> [Animation] { [] }
    public func animations(fromPreviousComponent previous: Component) -> [Animation] { [] }
    public func animationsOnFinalUnmount() -> [Animation] { [] }
    public var frameAnimation: AnimationTiming? { nil }
}

/// Animates its child as it appears and disappears (ComponentKit's CKAnimationComponent):
/// put it in the tree to fade the child in, take it out to fade it out.
///
///     Flexbox {
///         if showBanner { AnimationComponent(key: "banner", child: banner,
///                                            onInitialMount: [.alphaFrom(0)], onFinalUnmount: [.alphaTo(0)]) }
///         list
///     }
///
/// It is viewless and its child fills it, so its animations (target
/// ``Animation/Target/component``) animate the child's view.
public final class AnimationComponent: CompositeComponent, ComponentAnimationProtocol, @unchecked Sendable {
    public let onInitialMount: [Animation]
    public let onFinalUnmount: [Animation]

    public init(key: String? = nil, child: Component, onInitialMount: [Animation] = [], onFinalUnmount: [Animation] = []) {
        self.onInitialMount = onInitialMount
        self.onFinalUnmount = onFinalUnmount
        super.init(key: key, child: child)
    }

    public func animationsOnInitialMount() -> [Animation] { onInitialMount }
    public func animationsOnFinalUnmount() -> [Animation] { onFinalUnmount }
}

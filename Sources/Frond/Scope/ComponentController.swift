/// The long-lived companion of a stateful component (ComponentKit's component
/// controller): a render component that returns one from
/// ``RenderComponent/makeController()`` gets it once per scope; it lives as long as the
/// scope, always points at the component of the last commit, hears about the
/// component's mounting, updates and views, and answers actions right after its
/// component in the responder chain.
///
/// The root calls it on the thread that commits, in this order (ComponentKit's):
///
///     first commit with the component   didInit → willMount → didAcquireView(v)¹ → didMount
///     a commit that rebuilt it          willUpdateComponent² → willRemount
///                                         → willRelinquishView(old)³ → didAcquireView(new)³
///                                         → didRemount → didUpdateComponent²
///     the commit that drops it          willUnmount → willRelinquishView(v)¹ → didUnmount
///                                         → invalidate
///
/// ¹ only when the component has a view of its own. ² only when a new component instance
/// replaced the previous one (a state update re-renders the same instance: a remount
/// without an update). ³ only when the component's view changed. The `will` calls of a
/// commit come before the host applies its mutations, the `did` calls after. A root
/// that goes away unmounts and invalidates its controllers at once. A build that fails
/// or a prepared flush that is discarded leaves no trace: a controller it made is
/// dropped without a call.
open class ComponentController: @unchecked Sendable {
    /// The component of the last commit (nil until the first).
    public internal(set) var component: Component?
    /// The view the component shows while it is mounted, if it has one of its own.
    public internal(set) var view: ViewID?

    public init() {}

    open func didInit() {}
    open func willMount() {}
    open func didMount() {}
    open func willRemount() {}
    open func didRemount() {}
    open func willUnmount() {}
    open func didUnmount() {}
    /// `component` is still the previous one; the next call is ``willRemount()``.
    open func willUpdateComponent(to component: Component) {}
    open func didUpdateComponent() {}
    open func didAcquireView(_ view: ViewID) {}
    open func willRelinquishView(_ view: ViewID) {}
    /// The scope died: the last call.
    open func invalidate() {}

    /// Handles an action that reached its component, right after the component itself
    /// (see ``Component/handle(_:)``): true stops it.
    open func handle(_ action: ActionEvent) throws(FrondError) -> Bool { false }

    // MARK: The root's side

    enum Phase {
        /// Made by a build that is not committed yet.
        case made
        case mounted
        /// Its commit dropped it: the `did` half of the unmount is due.
        case unmounting
        case invalidated
    }

    var phase = Phase.made

    /// Whether it takes part in the responder chain (it has been initialized).
    var isLive: Bool { phase == .mounted || phase == .unmounting }

    /// The scope died. A controller whose unmount the root is going through finishes it
    /// in ``finishUnmount()``; a mounted one (its root went away) unmounts at once; one
    /// that was never committed is dropped without a call.
    func scopeDidEnd() {
        switch phase {
        case .made:
            phase = .invalidated
        case .mounted:
            beginUnmount()
            finishUnmount()
        case .unmounting, .invalidated:
            break
        }
    }

    func beginMount(_ component: Component) {
        self.component = component
        didInit()
        willMount()
    }

    func finishMount(view: ViewID?) {
        phase = .mounted
        self.view = view
        if let view { didAcquireView(view) }
        didMount()
    }

    /// The `will` half of a remount; returns whether the component changed.
    func beginRemount(_ newComponent: Component, view newView: ViewID?) -> Bool {
        let changed = component !== newComponent
        if changed { willUpdateComponent(to: newComponent) }
        component = newComponent
        willRemount()
        if let old = view, old != newView { willRelinquishView(old) }
        return changed
    }

    func finishRemount(view newView: ViewID?, componentChanged: Bool) {
        if view != newView {
            view = newView
            if let newView { didAcquireView(newView) }
        }
        didRemount()
        if componentChanged { didUpdateComponent() }
    }

    func beginUnmount() {
        phase = .unmounting
        willUnmount()
        if let view { willRelinquishView(view) }
    }

    func finishUnmount() {
        guard phase == .unmounting else { return }
        view = nil
        didUnmount()
        phase = .invalidated
        invalidate()
    }
}

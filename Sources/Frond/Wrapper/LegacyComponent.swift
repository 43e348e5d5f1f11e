import FrondLayout

/// A leaf component whose content comes from code that predates the engine (ComponentSwift's
/// "work with legacy code"; ComponentKit's `CSCompositeComponent initWithCKComponent:`): it
/// is measured by that code, mounted as a view of the type and attributes that code gives,
/// told when a view starts and stops showing it, and asked about actions as any component is
/// (``Component/handle(_:)``).
///
/// Subclasses override what they need:
/// - ``measuresContent`` and ``measure(width:widthMode:height:heightMode:)``: the content
///   size, asked during layout like a ``Text``'s (possibly on a preparing thread). Without
///   it the component sizes like a leaf ``Component``, by its ``ComponentSize`` alone.
/// - ``didMount(view:)`` and ``didUnmount(view:)``: on the committing thread, after the
///   host applied the commit, every `didUnmount` of the commit before every `didMount`:
///   first the unmounts of destroyed views, in the order of their `destroy` mutations,
///   then those of kept views that show another component now, in tree order; then the
///   mounts, in tree order. A view starts showing a component when it
///   is created or reused for it, or when this instance replaces the previous component of
///   a kept view; it stops when it is destroyed (a view kept for a final-unmount animation
///   stops when the animation ends and it goes), reused for another component, or its
///   component is replaced by a new instance, and when the root goes away. Each instance
///   hears at most one `didUnmount` per `didMount`, with the same view.
///
/// A new instance replacing this one is measured again (the engine cannot know whether the
/// legacy content changed).
open class LegacyComponent: Component, @unchecked Sendable {
    public override init(view: ViewConfiguration = .viewless, size: ComponentSize = ComponentSize(), key: String? = nil) {
        super.init(view: view, size: size, key: key)
    }

    /// Whether ``measure(width:widthMode:height:heightMode:)`` gives the content size (the
    /// default, false, sizes the component by its ``ComponentSize`` alone).
    open var measuresContent: Bool { false }

    /// The content size within the constraints, as a measure function answers (modes:
    /// exactly, at most, unconstrained). A thrown error fails the flush with
    /// ``FrondError/Kind/callbackFailed``. Must not call back into the root.
    open func measure(width: Float, widthMode: MeasureMode, height: Float,
                      heightMode: MeasureMode) throws -> LayoutSize {
        LayoutSize(width: 0, height: 0)
    }

    /// A view started showing this component (see the type's documentation for when).
    /// Must not flush the root, tick it or send actions through it.
    open func didMount(view: ViewID) {}

    /// The view stopped showing this component.
    open func didUnmount(view: ViewID) {}

    override func measurement(_ context: BuildContext) -> Measurement? {
        guard measuresContent else { return nil }
        // (A closure holding only the component needs no allocation of its own.)
        return .function { [self] width, widthMode, height, heightMode in
            try measure(width: width, widthMode: widthMode, height: height, heightMode: heightMode)
        }
    }

    override func measuresLike(_ other: Component) -> Bool { other === self }

    override var mountHooks: LegacyComponent? { self }
}

/// The legacy components the views of one commit (or tick) started and stopped showing:
/// collected while mounting, told after the host applied the mutations.
struct MountHooks {
    /// Views whose component may have changed to or from a legacy component, in tree order.
    private(set) var touched: [MountedView] = []
    /// Legacy components whose views were destroyed, in the order of the destructions.
    private(set) var destroyed: [(component: LegacyComponent, view: ViewID)] = []

    var isEmpty: Bool { touched.isEmpty && destroyed.isEmpty }

    /// `view` now shows `node`'s component: remembered when either the component or the
    /// one it showed has hooks.
    @inline(__always)
    mutating func touch(_ view: MountedView, _ node: TreeNode) {
        if view.hooked != nil || node.component.mountHooks != nil { touched.append(view) }
    }

    /// `view` is destroyed.
    @inline(__always)
    mutating func destroy(_ view: MountedView) {
        guard let hooked = view.hooked else { return }
        view.hooked = nil
        destroyed.append((hooked, view.id))
    }

    /// Adds `other`'s views after this one's.
    mutating func absorb(_ other: MountHooks) {
        touched += other.touched
        destroyed += other.destroyed
    }

    /// Calls the hooks: the unmounts (of destroyed views, then of touched views that show
    /// another component now), then the mounts; each view remembers its component.
    mutating func run() {
        guard !isEmpty else { return }
        var unmounts = destroyed
        var mounts: [(component: LegacyComponent, view: ViewID)] = []
        for view in touched {
            let current = view.treeNode?.component.mountHooks
            guard view.hooked !== current else { continue }
            if let previous = view.hooked { unmounts.append((previous, view.id)) }
            if let current { mounts.append((current, view.id)) }
            view.hooked = current
        }
        touched.removeAll()
        destroyed.removeAll()
        for (component, view) in unmounts { component.didUnmount(view: view) }
        for (component, view) in mounts { component.didMount(view: view) }
    }

    /// Unmounts every hooked view under `view` (itself excluded), in tree order: the root
    /// goes away.
    static func unmountAll(under view: MountedView) {
        for child in view.children {
            if let hooked = child.hooked {
                child.hooked = nil
                hooked.didUnmount(view: child.id)
            }
            unmountAll(under: child)
        }
    }
}

import Synchronization

/// A handle that code outside Swift (C, another language's bindings, older code) keeps on
/// a component, as ComponentSwift's wrappers for legacy code do: made with its real
/// component, which keeps it alive from then on (the wrapper only points back, weakly),
/// and asked about the component's actions right after the component itself, before the
/// component's controller and parent:
///
///     sender ─► its wrapper ─► its controller ─► parent ─► its wrapper ─► … ─► root
///
/// A component has at most one wrapper; wrapping it again is ``FrondError/Kind/misuse``.
open class ComponentWrapper: @unchecked Sendable {
    /// The wrapped component (nil once nothing else keeps it).
    public private(set) weak var component: Component?

    /// Wraps `component`; throws ``FrondError/Kind/misuse`` when it has a wrapper already.
    public init(wrapping component: Component) throws(FrondError) {
        self.component = component
        guard component.wrapperSlot.storeIfNil(self) === self else {
            throw FrondError(.misuse, "\(component) already has a wrapper")
        }
    }

    /// Handles an action its component did not handle: true stops it (the default passes
    /// it on to the component's controller and parent).
    open func handle(_ action: ActionEvent) throws(FrondError) -> Bool { false }
}

extension Component {
    /// The component's wrapper, if it has one.
    public var wrapper: ComponentWrapper? { wrapperSlot.load() }
}

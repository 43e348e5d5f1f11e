extension Root {
    /// Makes `provider` the source of the root's component (ComponentKit's hosting view
    /// with its component provider and model): the next flush calls it with `props`,
    /// and each flush after ``update(props:)`` calls it again with the newest props. A
    /// flush without new props (state updates only) keeps the component it returned
    /// last and does not call it.
    ///
    /// The provider runs where the build runs (the preparing thread for ``prepare()``),
    /// before state updates are applied; when it throws, the flush throws its error and
    /// the tree, the mounted views and the states stay as they were (the provider is
    /// called again by the next flush). A component it returns is built as one given to
    /// ``setComponent(_:)``: an instance already placed elsewhere in the tree fails the
    /// flush with ``FrondError/Kind/invalidTree``.
    ///
    /// A provider and ``setComponent(_:)`` are alternatives: setting one replaces the
    /// other (and a new provider replaces the previous one with its props).
    public func setProvider<Props>(props: Props, _ provider: @escaping (Props) throws(FrondError) -> Component?) {
        providerSerial &+= 1
        // (What is replaced goes after the stores: see `replacing`.)
        let replacedProvider = replacing(&self.provider, with: ComponentProvider(serial: providerSerial, provider, props: props))
        let replacedComponent = replacing(&component, with: nil)
        componentChanged = true
        _ = (replacedProvider, replacedComponent)
    }

    /// Gives the provider new props: the next flush calls it with them (once, however
    /// many updates came before it). Without a provider, or with props of another type
    /// than the provider takes: ``FrondError/Kind/misuse``, and nothing changes.
    public func update<Props>(props: Props) throws(FrondError) {
        guard let provider else {
            throw FrondError(.misuse, "update(props:): the root has no component provider (set one with setProvider)")
        }
        try provider.update(props)
    }

    /// Whether the root's component comes from a provider.
    public var hasProvider: Bool { provider != nil }
}

/// A root's component provider: a function from props to the top component, the props
/// it gets next, and which props its last committed component was made from.
final class ComponentProvider {
    /// Tells this provider apart from the root's earlier and later ones.
    let serial: UInt64
    private let propsType: Any.Type
    private let accepts: (Any) -> Bool
    private let body: (Any) throws(FrondError) -> Component?
    private var props: Any
    /// Bumped by each update of the props.
    private(set) var version: UInt64 = 1
    /// The props version of the component the last committed flush showed (0: none).
    var committedVersion: UInt64 = 0

    init<Props>(serial: UInt64, _ provider: @escaping (Props) throws(FrondError) -> Component?, props: Props) {
        self.serial = serial
        propsType = Props.self
        accepts = { $0 is Props }
        body = { (value: Any) throws(FrondError) -> Component? in
            // `update` only stores values of the provider's type.
            guard let typed = value as? Props else {
                throw FrondError(.misuse, "the component provider's props are not a \(Props.self)")
            }
            return try provider(typed)
        }
        self.props = props
    }

    /// Whether props arrived that no committed flush has shown yet.
    var hasNewProps: Bool { version != committedVersion }

    func update<Props>(_ newProps: Props) throws(FrondError) {
        guard accepts(newProps) else {
            throw FrondError(.misuse, "update(props:): the root's component provider takes \(propsType) props, not \(Props.self)")
        }
        // (The props replaced go after the store: see `replacing`.)
        let replaced = replacing(&props, with: newProps)
        version &+= 1
        _ = replaced
    }

    /// Calls the provider with the current props; returns its component and the props'
    /// version. (The props stay alive during the call, even if the provider replaces them.)
    func make() throws(FrondError) -> (component: Component?, version: UInt64) {
        let current = props
        let currentVersion = version
        return (try body(current), currentVersion)
    }
}

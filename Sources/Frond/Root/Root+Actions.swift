import FrondLayout

/// The components an action visits, fixed when it is sent; or, for a block action, the
/// block it calls.
struct ActionTrip {
    struct Responder {
        let component: Component
        let scope: Scope?
        /// The component's wrapper and its controller (asked right after it, in order).
        let wrapper: ComponentWrapper?
        let controller: ComponentController?
    }

    let event: ActionEvent
    let responders: [Responder]
    let fallback: ((ActionEvent) throws(FrondError) -> Void)?
    /// The block a block action calls instead of walking the chain.
    var block: ActionBlock? = nil
}

extension Root {
    /// Sends the action that `event` names on `view` (the value of the view component's
    /// attribute `event.attributeName`, which must be `.action(name)` or `.block(block)`;
    /// see ``HostEvent`` for the attributes and payloads). A block is called directly, with
    /// the view's component as the sender and the event's payload, and the outcome is
    /// ``ActionOutcome/handled`` (its action is named after the attribute, such as
    /// `"onTap"`). A named action travels the responder chain, the view's component being
    /// the sender and the first responder:
    ///
    ///     view's component ─► its parent ─► … ─► the top component ─► unhandledActionHandler
    ///          handle(_:)        handle(_:)          handle(_:)          (outcome .unhandled)
    ///          └──── the first that returns true stops it (outcome .handled) ────┘
    ///
    /// A render component is asked with ``RenderComponent/handle(_:scope:)`` and the scope
    /// of its latest generation, so a handler can update its state. The chain is the
    /// committed tree's, collected before any handler runs: a handler may update state,
    /// send other actions or even flush the root without disturbing the walk (components
    /// the flush removes are still asked). A handler's error stops the action and is
    /// thrown (the tree is untouched; state updates queued before it stay queued).
    ///
    /// Returns ``ActionOutcome/noAction`` when the view's component has no action for the
    /// event (no such attribute, or one that is neither an action nor a block), or when the
    /// view (or one it is in) stays only for a final-unmount animation (its component left
    /// the tree; taps skip it too). A view that is not mounted
    /// is ``FrondError/Kind/invalidValue``; sending while the root is flushing (from a
    /// render function or a host, or on another thread) or holds a prepared flush is
    /// ``FrondError/Kind/misuse``. Call it on the root's thread.
    @discardableResult
    public func send(_ event: HostEvent, to view: ViewID) throws(FrondError) -> ActionOutcome {
        if case .custom(let name, _) = event, name.isEmpty {
            throw FrondError(.invalidValue, "send(_:to:): the event's attribute name is empty")
        }
        try Self.validatePayload(event.payload) { "send(\(event), to: \(view))" }
        let trip = try withCommittedTree("send \(event)") { () throws(FrondError) -> ActionTrip? in
            guard view != .root, let mounted = registry[view], let node = mounted.treeNode else {
                throw FrondError(.invalidValue, "send(\(event), to: \(view)): the view is not mounted")
            }
            // (A view that stays only for its final-unmount animation takes no events, as a
            // tap skips it: its component left the tree.)
            guard !mounted.isDisappearing else { return nil }
            return actionTrip(for: event, node: node, view: view)
        }
        guard let trip else { return .noAction }
        return try run(trip)
    }

    /// A tap at (`x`, `y`) in the root's coordinates: sends the `onTap` action of the view
    /// it hits (as ``send(_:to:)`` with `.tap`) and returns the outcome and that view.
    ///
    /// Hit testing goes front to back over the mounted views: later siblings are in front
    /// of earlier ones and children in front of their parent; a view is hit when the
    /// point is inside its frame (left and top edges included, right and bottom
    /// excluded), and its children are only looked at then (frames are relative to the
    /// parent view). The views are where the host shows them (``mountedDump``): an animated
    /// frame in place of the laid-out one, moved by `translationX` and `translationY` and
    /// scaled by `scale` about its centre, as CSS transforms them. Views whose attribute `hidden` is `.bool(true)` or `interactive` is
    /// `.bool(false)` are skipped with everything in them. The tap goes to the first view
    /// found that has an `onTap` action (or block), which is the deepest such view under the point;
    /// views without one do not catch taps (a tap falls through them to the views behind).
    /// Nothing hit: ``ActionOutcome/noAction`` and no view. A coordinate that is not finite
    /// is ``FrondError/Kind/invalidValue``; errors otherwise as for ``send(_:to:)``.
    @discardableResult
    public func tap(atX x: Float, y: Float) throws(FrondError) -> (outcome: ActionOutcome, view: ViewID?) {
        guard x.isFinite && y.isFinite else {
            throw FrondError(.invalidValue, "tap(atX: \(x), y: \(y)): the point is not finite")
        }
        let (trip, view) = try withCommittedTree("tap") { () throws(FrondError) -> (ActionTrip?, ViewID?) in
            guard let target = tapTarget(in: rootView.children, x: x, y: y), let node = target.treeNode else {
                return (nil, nil)
            }
            return (actionTrip(for: .tap, node: node, view: target.id), target.id)
        }
        guard let trip else { return (.noAction, view) }
        return (try run(trip), view)
    }

    /// Sends an action a component sent through its scope, from the component's parent up.
    func send(name: String, value: Any?, from scope: Scope,
              check: ((Component) -> String?)?) throws(FrondError) -> ActionOutcome {
        guard !name.isEmpty else { throw FrondError(.invalidValue, "send: the action's name is empty") }
        try Self.validatePayload(value) { "send(\"\(name)\")" }
        let trip = try withCommittedTree("send action \"\(name)\"") { () throws(FrondError) -> ActionTrip in
            guard !scope.isInvalidated, let node = scope.treeNode else {
                throw FrondError(.misuse, "send(\"\(name)\"): the sending component has left the tree")
            }
            if let check, let refusal = check(node.component) { throw FrondError(.misuse, "send(\"\(name)\"): \(refusal)") }
            return actionTrip(name: name, value: value, node: node, view: nil, startAtSender: false)
        }
        return try run(trip)
    }

    /// Calls a block a component sent through its scope (the component is the sender).
    func send(_ block: ActionBlock, value: Any?, from scope: Scope) throws(FrondError) -> ActionOutcome {
        try Self.validatePayload(value) { "send(\(block))" }
        let event = try withCommittedTree("send \(block)") { () throws(FrondError) -> ActionEvent in
            guard !scope.isInvalidated, let node = scope.treeNode else {
                throw FrondError(.misuse, "send(\(block)): the sending component has left the tree")
            }
            return ActionEvent(name: block.label, value: value, sender: node.component)
        }
        try runningCallbacks { () throws(FrondError) in try block.call(event) }
        return .handled
    }

    /// Refuses a payload that a handler in another language could not be given as it is:
    /// an attribute value that fails validation (a NaN number, a color outside 0…1, …) or
    /// a number that is not finite. Every way an action is sent checks this, first.
    static func validatePayload(_ value: Any?, _ place: () -> String) throws(FrondError) {
        switch value {
        case let attribute as AttributeValue:
            try attribute.validate(place())
        case let number as Double where !number.isFinite:
            throw FrondError(.invalidValue, "\(place()): the payload \(number) is not a finite number")
        case let number as Float where !number.isFinite:
            throw FrondError(.invalidValue, "\(place()): the payload \(number) is not a finite number")
        default:
            break
        }
    }

    /// The trip of a host event on the view of `node` (nil: the component has no action
    /// for it).
    private func actionTrip(for event: HostEvent, node: TreeNode, view: ViewID) -> ActionTrip? {
        switch node.component.view[event.attributeName] {
        case .action(let name)?:
            return actionTrip(name: name, value: event.payload, node: node, view: view, startAtSender: true)
        case .block(let block)?:
            let action = ActionEvent(name: event.attributeName, value: event.payload, sender: node.component, view: view)
            return ActionTrip(event: action, responders: [], fallback: nil, block: block)
        default:
            return nil
        }
    }

    /// Collects the responders of an action sent by `node`'s component (the root is busy).
    private func actionTrip(name: String, value: Any?, node: TreeNode, view: ViewID?, startAtSender: Bool) -> ActionTrip {
        var responders: [ActionTrip.Responder] = []
        var current = startAtSender ? node : node.treeParent
        while let responder = current {
            // After each component, before its parent: the wrapper that holds it (a C or
            // other language handle, ComponentSwift's legacy wrapper), then its controller.
            let controller = responder.scope?.controller.flatMap { $0.isLive ? $0 : nil }
            responders.append(ActionTrip.Responder(component: responder.component, scope: responder.scope,
                                                   wrapper: responder.component.wrapper, controller: controller))
            current = responder.treeParent
        }
        return ActionTrip(event: ActionEvent(name: name, value: value, sender: node.component, view: view),
                          responders: responders, fallback: unhandledActionHandler)
    }

    /// Asks the responders in order (the root is idle again: handlers may use it).
    private func run(_ trip: ActionTrip) throws(FrondError) -> ActionOutcome {
        try runningCallbacks { () throws(FrondError) in try ask(trip) }
    }

    private func ask(_ trip: ActionTrip) throws(FrondError) -> ActionOutcome {
        if let block = trip.block {
            try block.call(trip.event)
            return .handled
        }
        for responder in trip.responders {
            if try responder.component.respond(to: trip.event, scope: responder.scope) { return .handled }
            if let wrapper = responder.wrapper, try wrapper.handle(trip.event) { return .handled }
            if let controller = responder.controller, try controller.handle(trip.event) { return .handled }
        }
        try trip.fallback?(trip.event)
        return .unhandled
    }

    /// The view a tap at (`x`, `y`) goes to among `views` (in a parent's coordinates).
    private func tapTarget(in views: [MountedView], x: Float, y: Float) -> MountedView? {
        for view in views.reversed() {
            guard view.catchesEvents, let (localX, localY) = animator.hostPoint(x: x, y: y, in: view) else { continue }
            if let deeper = tapTarget(in: view.children, x: localX, y: localY) { return deeper }
            if view.hasTapAction { return view }
        }
        return nil
    }
}

extension MountedView {
    /// Neither hidden nor made non-interactive by its attributes, nor disappearing.
    var catchesEvents: Bool {
        if isDisappearing { return false }
        for attribute in attributes {
            if attribute.name == "hidden" && attribute.value == .bool(true) { return false }
            if attribute.name == "interactive" && attribute.value == .bool(false) { return false }
        }
        return true
    }

    var hasTapAction: Bool {
        switch attributes.first(where: { $0.name == "onTap" })?.value {
        case .action?, .block?: return true
        default: return false
        }
    }
}

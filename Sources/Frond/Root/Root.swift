import Dispatch
import Synchronization

/// The size a root lays its component out in. The component is laid out as the one item
/// of a column flex container of the range's size: along the height it grows or shrinks to
/// the range (a fixed height, a maximum), even from a height of its own; along the width it
/// is stretched to the range where its width is automatic, and a width of its own is kept
/// (also beyond a maximum).
public enum SizeRange: Hashable, Sendable {
    /// Exactly this size; the component fills it (but for a width of its own).
    case fixed(width: Float, height: Float)
    /// This width; the height comes from the content.
    case flexibleHeight(width: Float)
    /// This height; the width comes from the content.
    case flexibleWidth(height: Float)
    /// The content's size, within the given maximums (nil = unbounded).
    case fitContent(maxWidth: Float? = nil, maxHeight: Float? = nil)

    /// Throws when a size is negative or not finite.
    public func validate() throws(FrondError) {
        let values: [Float?]
        switch self {
        case .fixed(let width, let height): values = [width, height]
        case .flexibleHeight(let width): values = [width]
        case .flexibleWidth(let height): values = [height]
        case .fitContent(let maxWidth, let maxHeight): values = [maxWidth, maxHeight]
        }
        for value in values {
            if let value, !(value.isFinite && value >= 0) {
                throw FrondError(.invalidValue, "size range: \(value) is not a finite number ≥ 0")
            }
        }
    }

    var containerStyle: LayoutStyle {
        var style = LayoutStyle()
        switch self {
        case .fixed(let width, let height):
            style.width = .points(width)
            style.height = .points(height)
        case .flexibleHeight(let width):
            style.width = .points(width)
        case .flexibleWidth(let height):
            style.height = .points(height)
        case .fitContent(let maxWidth, let maxHeight):
            if let maxWidth { style.maxWidth = .points(maxWidth) }
            if let maxHeight { style.maxHeight = .points(maxHeight) }
        }
        return style
    }
}

/// The owner of one component tree: it builds the tree from its component, lays it out
/// within its size range, and tells its host which views to create, change and remove.
///
///     setComponent ─────────────────┐
///     setProvider, update(props:) ──┤ (new props: the provider makes the component)
///     state updates ────────────────┴─► flush: build (reconcile) ──► layout ──► mount (diff) ──► host.apply(…)
///
/// The root's component is given (``setComponent(_:)``) or made from props by a
/// component provider (``setProvider(props:_:)``, ``update(props:)``). The tree persists
/// between flushes: a flush rebuilds only what changed (a new root component, the path
/// from an updated scope to the top), and reuses the rest with its layout.
/// Declared view types (``declareViewType(_:_:)``) are checked as components are built.
/// A failed flush (bad component, failing provider or text measurer) throws and leaves
/// the tree and the mounted views as they were; state updates it applied stay applied
/// and are rendered by the next flush. A root is used from one thread at a time (it may
/// move between threads, as for ``prepare()``, but a second thread that flushes while
/// one is flushing gets ``FrondError/Kind/misuse``); state updates may come from any
/// thread.
public final class Root: @unchecked Sendable {
    public var sizeRange: SizeRange
    /// Receives the mutations of each commit; none = the mutations are only recorded in
    /// the mounted state. A host receives the changes to the views it was sent: set it
    /// before the first commit (a host set after views were mounted is not sent them).
    public var host: (any Host)? {
        get { hostStorage }
        set { _ = replacing(&hostStorage, with: newValue) }
    }
    private var hostStorage: (any Host)?
    /// Measures ``Text`` components (the next flush measures every text again).
    public var textMeasurer: any TextMeasurer {
        get { measurerSlot.current }
        set {
            measurerSlot.current = newValue
            measurerGeneration += 1
        }
    }
    private let measurerSlot: TextMeasurerSlot

    /// The component to show: the one given, or the provider's last committed one.
    var component: Component?
    var componentChanged = false
    /// A flush that failed applied state updates that no commit shows yet (the states moved
    /// on, and the next flush renders them).
    private var hasUncommittedState = false
    /// Makes the component from props, when the root has one (see Root+Provider).
    var provider: ComponentProvider?
    var providerSerial: UInt64 = 0
    /// What views of each type accept (see Root+ViewTypes).
    var viewTypes = ViewTypeDeclarations()
    /// The declarations' version the mounted tree was checked with.
    private var checkedViewTypesVersion: UInt64 = 0
    /// The tree of the last successful flush (read by the descriptions in Root+Describe).
    private(set) var tree: TreeNode?
    /// States the next build starts components from (a list item built again after it was
    /// released, see ``KeptStates``); dropped by the commit that shows them.
    var statesToRestore: KeptStates?
    /// What a list keeps of this root as it releases it (nil: nothing; see ``KeptStates``),
    /// on the thread that builds it. Updates queued since the last build (made as the item
    /// left the range) are folded into the states first, as a build would apply them: they
    /// were accepted, and would otherwise be lost with the root; the queue then takes no
    /// more (a later update is refused, not lost). (Only a root whose states an update
    /// changed is walked: scrolling a long list releases every item it passes, and few of
    /// them were touched.)
    func takeKeptStates() -> KeptStates? {
        for update in queue.close() { _ = apply(update) }
        return hasUpdatedStates ? tree.flatMap(KeptStates.capture) : nil
    }
    /// Whether an update changed a state of this root, or it started from kept states.
    private var hasUpdatedStates = false
    private var nextIdentity = 1
    /// Bumped when the text measurer changes; the flush that follows measures every text
    /// of the tree again.
    private var measurerGeneration = 1
    private var measuredGeneration = 1
    /// The size range of the last commit (nil before the first).
    private var committedSizeRange: SizeRange?
    let queue: UpdateQueue
    private let flushRequest = FlushRequest()
    let rootView = MountedView(id: .root, viewType: "", treeNode: nil, attributes: [], frame: LayoutFrame())
    /// Flushes are numbered; tree nodes record the flush that last changed them.
    private var flushCount: UInt64 = 0
    /// The layout pass whose frames are mounted (later passes' frame changes are new).
    private var mountedPass: UInt64 = 0
    /// How many controllers the committed tree has mounted (none: commits skip looking
    /// for controllers in dropped subtrees).
    private var mountedControllers = 0
    private var nextViewID: UInt64 = 1
    var registry = ViewRegistry()
    /// Running animations and the clock (see Root+Animations).
    let animator = Animator()
    /// Whether a build placed an animating component yet (until then, components that
    /// leave the tree are not asked for final-unmount animations).
    var hasAnimatingComponents = false
    /// Whether the next prepared flush starts no initial-mount animations (a list item
    /// built because it came near the viewport; set by its builder, cleared by the flush).
    var skipsInitialMountAnimations = false
    private let layoutConfig = LayoutConfig()
    /// Holds the top component's layout node and gives it the size range.
    private let container: LayoutNode
    /// Idle, busy (preparing or committing) or prepared; changed atomically so that a
    /// second thread that uses the root too early gets an error, not a race.
    private let phase = Atomic<UInt8>(0)
    /// How many calls that run the root's callbacks are under way (see Root+Callbacks).
    let callbackCalls = Atomic<Int>(0)

    public init(sizeRange: SizeRange, host: (any Host)? = nil, textMeasurer: any TextMeasurer = MonospaceTextMeasurer()) {
        self.sizeRange = sizeRange
        hostStorage = host
        measurerSlot = TextMeasurerSlot(textMeasurer)
        layoutConfig.leafMeasurer = measurerSlot
        let request = flushRequest
        queue = UpdateQueue { request.fire() }
        layoutConfig.topIsContainer = true
        container = LayoutNode(config: layoutConfig)
        queue.root = self
    }

    deinit {
        // A prepared flush is dropped first (the scopes it created die with it); every
        // scope dies with its root.
        if let prepared { Reconciler.rollBack(prepared.context) }
        tree?.forEach { $0.scope?.invalidate() }
        MountHooks.unmountAll(under: rootView)
        animator.cancelAll()
        for completion in animator.takeCompletions() { completion() }
    }

    /// The component to show from the next flush on (nil: nothing). Replaces the
    /// component provider, if the root has one.
    public func setComponent(_ component: Component?) {
        // (What is replaced goes after the stores: see `replacing`.)
        let replacedProvider = replacing(&provider, with: nil)
        let replacedComponent = replacing(&self.component, with: component)
        componentChanged = true
        _ = (replacedProvider, replacedComponent)
    }

    /// Receives the actions that no responder handled (see ``send(_:to:)``), on the root's
    /// thread; they are also reported as ``ActionOutcome/unhandled``. A thrown error is
    /// thrown by the call that sent the action.
    public var unhandledActionHandler: ((ActionEvent) throws(FrondError) -> Void)? {
        get { unhandledActionHandlerStorage }
        set { _ = replacing(&unhandledActionHandlerStorage, with: newValue) }
    }
    private var unhandledActionHandlerStorage: ((ActionEvent) throws(FrondError) -> Void)?

    /// Called (on the updating thread) when a state update arrives and no flush is
    /// pending yet, so the host can schedule one. Safe to set from any thread.
    public func setFlushRequestHandler(_ handler: (@Sendable () -> Void)?) {
        flushRequest.set(handler)
    }

    /// Calls the flush request handler now, as a state update does: for code that gives the
    /// root something to show (a component, props, a size range) while a host flushes it on
    /// request. The C API does it for each such call, so that a host that flushes on request
    /// (the web server, the GTK host) shows what a program gives its root outside the host's
    /// own callbacks.
    public func requestFlush() {
        flushRequest.fire()
    }

    /// Whether a flush has something to do: a new component, new props, queued state
    /// updates, state updates that a failed (or discarded) flush applied and no commit
    /// shows yet, or a size range or text measurer that the mounted tree was not laid out
    /// with (after the first commit).
    public var needsFlush: Bool {
        componentChanged || hasUncommittedState || (provider?.hasNewProps ?? false) || !queue.isEmpty
            || committedSizeRange.map { $0 != sizeRange } ?? false || measurerGeneration != measuredGeneration
    }

    /// The top component's laid-out size after the last flush (zero without one).
    var laidOutSize: LayoutSize {
        guard let frame = tree?.componentFrame else { return LayoutSize(width: 0, height: 0) }
        return LayoutSize(width: frame.width, height: frame.height)
    }

    /// The laid-out component tree of the last flush (nil before the first one or
    /// without a component). Made on each call.
    public var layout: ComponentLayout? { tree.map(ComponentLayout.init) }

    /// Builds, lays out and mounts the current component with the queued state updates,
    /// and hands the host the mutations. Returns what the commit did. The same as
    /// ``prepare()`` followed by ``commit()``.
    @discardableResult
    public func flush() throws(FrondError) -> CommitStatistics {
        let statistics = try runningCallbacks { () throws(FrondError) in try flushNow() }
        requestFlushIfUpdatesWait()
        return statistics
    }

    /// Asks for a flush again when state updates wait after a flush, a commit or a discarded
    /// prepare: those that came while it ran (the request they made found the root busy, and
    /// a flush it asked for was refused) would otherwise wait for another update to ask.
    /// (Not after a failure: a flush that fails each time would be asked for without end.)
    private func requestFlushIfUpdatesWait() {
        if !queue.isEmpty { flushRequest.fire() }
    }

    private func flushNow() throws(FrondError) -> CommitStatistics {
        try enter(from: .idle, "flush")
        defer { phase.store(Phase.idle.rawValue, ordering: .releasing) }
        try prepareFlush()
        return commitPrepared()
    }

    /// Flushes with no component, the root claimed before its component is dropped (a list
    /// item on its way out, whose root a builder's thread may be preparing: then this throws
    /// ``FrondError/Kind/misuse`` and changes nothing). A failed flush keeps the component.
    func flushShowingNothing() throws(FrondError) {
        try runningCallbacks { () throws(FrondError) in
            try enter(from: .idle, "flush")
            defer { phase.store(Phase.idle.rawValue, ordering: .releasing) }
            let shown = replacing(&component, with: nil)
            let wasChanged = componentChanged
            componentChanged = true
            do throws(FrondError) {
                try prepareFlush()
            } catch {
                component = shown
                componentChanged = wasChanged
                throw error
            }
            _ = commitPrepared()
        }
    }

    // MARK: Asynchronous flushes

    /// Builds and lays out the current component with the queued state updates, without
    /// mounting: the expensive half of a flush, which may run on another thread than the
    /// host's (hand the root over, and do not use it elsewhere until `prepare` returns).
    /// Then call ``commit()`` on the host's thread to mount the result and call the host,
    /// or ``discardPrepared()`` to drop it. Render functions, text measurers and the
    /// invalidation handlers of scopes created by the build run on the preparing thread.
    /// A failed prepare leaves everything as it was (as a failed ``flush()`` does).
    public func prepare() throws(FrondError) {
        try runningCallbacks { () throws(FrondError) in try prepareNow() }
    }

    private func prepareNow() throws(FrondError) {
        try enter(from: .idle, "prepare")
        do {
            try prepareFlush()
        } catch {
            phase.store(Phase.idle.rawValue, ordering: .releasing)
            throw error
        }
        phase.store(Phase.prepared.rawValue, ordering: .releasing)
    }

    /// Whether a prepared flush waits for ``commit()`` or ``discardPrepared()``.
    public var hasPreparedFlush: Bool { phase.load(ordering: .acquiring) == Phase.prepared.rawValue }

    /// Whether no flush is under way or prepared (a tick would be refused otherwise).
    var isIdle: Bool { phase.load(ordering: .acquiring) == Phase.idle.rawValue }

    /// Mounts what ``prepare()`` built and hands the host the mutations; returns what the
    /// whole flush did. Without a prepared flush: ``FrondError/Kind/misuse``.
    @discardableResult
    public func commit() throws(FrondError) -> CommitStatistics {
        let statistics = try runningCallbacks { () throws(FrondError) -> CommitStatistics in
            try enter(from: .prepared, "commit")
            defer { phase.store(Phase.idle.rawValue, ordering: .releasing) }
            return commitPrepared()
        }
        requestFlushIfUpdatesWait()
        return statistics
    }

    /// Drops a prepared flush: the tree and the mounted views stay as the last commit
    /// left them; state updates it applied stay applied (the next flush renders them).
    public func discardPrepared() throws(FrondError) {
        try runningCallbacks { () throws(FrondError) in
            try enter(from: .prepared, "discard a prepared flush")
            defer { phase.store(Phase.idle.rawValue, ordering: .releasing) }
            if let prepared {
                rollBack(prepared.context, previousTop: prepared.previousTop)
                if prepared.updateStatistics.stateUpdates > 0 { hasUncommittedState = true }
                self.prepared = nil
            }
        }
        requestFlushIfUpdatesWait()
    }

    /// Runs `body` with the root busy, against the committed tree (for actions, which are
    /// refused while a flush runs or is prepared: the tree nodes are being changed).
    /// (`claimed`: the caller moved the root from idle to busy already, `claimIfIdle`.)
    func withCommittedTree<T>(_ what: String, claimed: Bool = false,
                              _ body: () throws(FrondError) -> T) throws(FrondError) -> T {
        if !claimed { try enter(from: .idle, what) }
        defer { phase.store(Phase.idle.rawValue, ordering: .releasing) }
        return try body()
    }

    /// Moves an idle root to busy; false (nothing changed) when it is not idle.
    func claimIfIdle() -> Bool {
        phase.compareExchange(expected: Phase.idle.rawValue, desired: Phase.busy.rawValue,
                              ordering: .acquiringAndReleasing).exchanged
    }

    private enum Phase: UInt8 {
        case idle, busy, prepared
    }

    /// Moves from `expected` to busy, or explains why the root cannot do `what` now.
    private func enter(from expected: Phase, _ what: String) throws(FrondError) {
        let (exchanged, found) = phase.compareExchange(expected: expected.rawValue, desired: Phase.busy.rawValue,
                                                      ordering: .acquiringAndReleasing)
        guard !exchanged else { return }
        switch Phase(rawValue: found) {
        case .busy?:
            throw FrondError(.misuse, "cannot \(what): the root is already flushing or ticking (a host, render or "
                             + "completion function cannot flush or tick it, and only one thread may use it at a time)")
        case .prepared?:
            throw FrondError(.misuse, "cannot \(what): a prepared flush waits for commit() or discardPrepared()")
        default:
            throw FrondError(.misuse, "cannot \(what): no flush is prepared")
        }
    }

    /// What a prepared flush built, until it is committed or discarded.
    private struct PreparedFlush {
        let context: BuildContext
        let newTree: TreeNode?
        let previousTop: LayoutNode?
        let shown: Component?
        /// The provider that made `shown` (its serial) and the props version it used.
        let providerRun: (serial: UInt64, version: UInt64)?
        let viewTypesVersion: UInt64
        let generation: Int
        /// The size range the flush laid the tree out in.
        let sizeRange: SizeRange
        let layoutPass: UInt64
        let updateStatistics: CommitStatistics
        let animations: AnimationPlan
        let buildStart: UInt64
        let layoutStart: UInt64
        let layoutEnd: UInt64
    }
    private var prepared: PreparedFlush?
    /// The children state updates marked dirty since the last commit (on the flushing
    /// thread; see ``DirtyChildren``).
    private var dirtyChildren = DirtyChildren()

    /// Undoes a build (and puts the previous top node back: outside a layout this cannot
    /// fail), after a failed prepare or for a discarded one.
    private func rollBack(_ context: BuildContext, previousTop: LayoutNode?) {
        Reconciler.rollBack(context)
        try? placeTop(previousTop)
        nextIdentity = context.identityCounter
    }

    /// Build and layout (the root is busy).
    private func prepareFlush() throws(FrondError) {
        try sizeRange.validate()

        let buildStart = DispatchTime.now().uptimeNanoseconds
        // New props: the provider makes the component first, so that when it fails nothing
        // (state updates included) has changed yet.
        var shown = component
        var providerRun: (serial: UInt64, version: UInt64)? = nil
        if let provider, provider.hasNewProps {
            let made = try provider.make()
            shown = made.component
            providerRun = (provider.serial, made.version)
        }
        flushCount += 1
        var updateStatistics = CommitStatistics()
        applyStateUpdates(&updateStatistics)

        let viewTypes = self.viewTypes
        let generation = measurerGeneration
        if generation != measuredGeneration {
            // Measure functions ask the current measurer; only their cached sizes are stale.
            tree?.forEach { node in
                if node.hasMeasureFunction { try? node.markDirty() }
            }
        }
        let context = BuildContext(config: layoutConfig, textMeasurer: measurerSlot, queue: queue,
                                   flush: flushCount, nextIdentity: nextIdentity)
        if viewTypes.isActive { context.viewTypes = viewTypes }
        context.dirtyChildren = dirtyChildren
        if let statesToRestore {
            context.restoring = true
            context.keptSlot = statesToRestore
            hasUpdatedStates = true
        }
        let previousTree = tree
        let previousTop = container.children.first
        var newTree: TreeNode? = nil
        var layoutStart = buildStart
        var layoutPass = mountedPass
        var animations = AnimationPlan()
        do {
            if let component = shown {
                let matching = previousTree.flatMap { old in
                    old.componentType == component.kindIdentity && old.component.key == component.key ? old : nil
                }
                if let previousTree, matching == nil { context.dropped.append(previousTree) }
                newTree = try Reconciler.build(component, previous: matching, parent: nil, parentComponent: nil,
                                               itemIndex: 0, context: context, depth: 1)
            } else if let previousTree {
                context.dropped.append(previousTree)
            }
            // Changed declarations apply to the components kept from earlier builds too.
            if viewTypes.version != checkedViewTypesVersion, viewTypes.isActive, let newTree {
                try viewTypes.check(tree: newTree)
            }
            layoutStart = DispatchTime.now().uptimeNanoseconds
            layoutPass = try layOut(newTree, &context.statistics) ?? mountedPass
            animations = try planAnimations(context)
        } catch {
            rollBack(context, previousTop: previousTop)
            if updateStatistics.stateUpdates > 0 { hasUncommittedState = true }
            throw error
        }
        prepared = PreparedFlush(context: context, newTree: newTree, previousTop: previousTop, shown: shown,
                                 providerRun: providerRun, viewTypesVersion: viewTypes.version, generation: generation,
                                 sizeRange: sizeRange,
                                 layoutPass: layoutPass, updateStatistics: updateStatistics, animations: animations,
                                 buildStart: buildStart, layoutStart: layoutStart,
                                 layoutEnd: DispatchTime.now().uptimeNanoseconds)
    }

    /// Mount and host calls (the root is busy, a flush is prepared).
    private func commitPrepared() -> CommitStatistics {
        guard let flush = prepared else { return CommitStatistics() }
        prepared = nil
        hasUncommittedState = false
        statesToRestore = nil
        // (The build took every mark: the next updates start a new list.)
        dirtyChildren.removeAll()
        let context = flush.context
        let newTree = flush.newTree
        let mountStart = DispatchTime.now().uptimeNanoseconds
        // Controllers of dropped components start unmounting (before their scopes die).
        // (Dropped subtrees are walked for them only while some controller is mounted.)
        var unmounting: [ComponentController] = []
        if mountedControllers > 0 {
            for subtree in context.dropped {
                subtree.forEach { node in
                    if let controller = node.scope?.controller, controller.phase == .mounted { unmounting.append(controller) }
                }
            }
        }
        for controller in unmounting { controller.beginUnmount() }
        Reconciler.commitDrops(context)
        tree = newTree
        nextIdentity = context.identityCounter
        measuredGeneration = flush.generation
        committedSizeRange = flush.sizeRange
        checkedViewTypesVersion = flush.viewTypesVersion
        // The provider's component is shown from now on (unless another component or
        // provider was set meanwhile).
        if let run = flush.providerRun, let provider, provider.serial == run.serial {
            provider.committedVersion = run.version
            component = flush.shown
        }
        // A render callback (or the host, between prepare and commit) may have set
        // another component meanwhile.
        componentChanged = component !== flush.shown

        var mounter = Mounter(nextViewID: nextViewID, flush: context.flush, mountedPass: mountedPass)
        animator.prepareCommit(flush.animations, registry: registry)
        mounter.keepsDisappearing = flush.animations.disappearingNodes
        mounter.rebuiltChildren = context.rebuiltChildren
        swap(&mounter.registry, &registry)
        mounter.mount(newTree, in: rootView)
        swap(&mounter.registry, &registry)
        nextViewID = mounter.lastViewID
        var mutations = mounter.takeMutations()
        mountAnimations(flush.animations, mounter, &mutations)
        mountedPass = flush.layoutPass

        let updateStatistics = flush.updateStatistics
        let buildStart = flush.buildStart, layoutStart = flush.layoutStart, layoutEnd = flush.layoutEnd
        var statistics = context.statistics
        statistics.stateUpdates = updateStatistics.stateUpdates
        statistics.droppedStateUpdates = updateStatistics.droppedStateUpdates
        statistics.components = newTree?.subtreeSize ?? 0
        statistics.created = mounter.statistics.created
        statistics.destroyed = mounter.statistics.destroyed
        statistics.moved = mounter.statistics.moved
        statistics.updated = mounter.statistics.updated
        statistics.viewsVisited = mounter.statistics.viewsVisited
        statistics.mutations = mutations.count
        // The `will` half of the other controllers' calls, the host, then the `did` half.
        let remounting = context.rebuiltControllers.compactMap { node -> (ComponentController, TreeNode, Bool)? in
            guard let controller = node.scope?.controller, controller.phase == .mounted else { return nil }
            return (controller, node, controller.beginRemount(node.component, view: mountedView(of: node)))
        }
        let mounting = context.newControllers.compactMap { node -> (ComponentController, TreeNode)? in
            guard let controller = node.scope?.controller, controller.phase == .made else { return nil }
            controller.beginMount(node.component)
            return (controller, node)
        }
        if let host, !mutations.isEmpty {
            host.beginCommit()
            Self.deliver(&mutations, to: host)
            host.endCommit()
        }
        var hooks = mounter.hooks
        hooks.absorb(animator.takeHooks())
        hooks.run()
        for (controller, node) in mounting { controller.finishMount(view: mountedView(of: node)) }
        for (controller, node, changed) in remounting {
            controller.finishRemount(view: mountedView(of: node), componentChanged: changed)
        }
        for controller in unmounting { controller.finishUnmount() }
        mountedControllers += mounting.count - unmounting.count
        for completion in animator.takeCompletions() { completion() }
        let end = DispatchTime.now().uptimeNanoseconds
        Reconciler.releaseReplaced(context)
        let released = DispatchTime.now().uptimeNanoseconds
        // The clock is monotonic; the guards only keep a broken one from trapping.
        statistics.buildNanoseconds = layoutStart >= buildStart ? layoutStart - buildStart : 0
        statistics.layoutNanoseconds = layoutEnd >= layoutStart ? layoutEnd - layoutStart : 0
        statistics.mountNanoseconds = end >= mountStart ? end - mountStart : 0
        statistics.releaseNanoseconds = released >= end ? released - end : 0
        return statistics
    }

    /// The view showing `node`'s own component, if it has one mounted.
    private func mountedView(of node: TreeNode) -> ViewID? {
        guard let id = node.viewID, let view = registry[id], view.treeNode === node else { return nil }
        return id
    }

    /// Applies the queued state updates to their scopes, in order, and marks the paths
    /// from their components to the top for the build.
    private func applyStateUpdates(_ statistics: inout CommitStatistics) {
        for update in queue.drain() {
            guard let node = apply(update) else {
                statistics.droppedStateUpdates += 1
                continue
            }
            update.scope.hasNewState = true
            node.markDirtyPath(&dirtyChildren)
            statistics.stateUpdates += 1
        }
    }

    /// Gives a queued update's scope its new state; returns the scope's node, or nil when
    /// the update was dropped (its component left the tree, or the change declined).
    private func apply(_ update: StateUpdate) -> TreeNode? {
        let scope = update.scope
        guard !scope.isInvalidated, let node = scope.treeNode, let state = update.transform(scope.state) else { return nil }
        scope.state = state
        scope.hasUpdatedState = true
        hasUpdatedStates = true
        return node
    }

    /// Lays the tree out inside the container sized by the size range; returns the
    /// layout pass's number (nil without a tree).
    private func layOut(_ tree: TreeNode?, _ statistics: inout CommitStatistics) throws(FrondError) -> UInt64? {
        do {
            let style = sizeRange.containerStyle
            if container.style != style { try container.setStyle(style) }
            try placeTop(tree)
            if tree != nil {
                let pass = try container.calculateLayout()
                statistics.layouts = pass.layouts
                statistics.measureCalls = pass.measureCallbacks
                return pass.pass
            }
            return nil
        } catch {
            let kind: FrondError.Kind
            switch error.kind {
            case .callbackFailed: kind = .callbackFailed
            case .tooDeep: kind = .limitExceeded
            default: kind = .invalidValue
            }
            throw FrondError(kind, "layout: \(error.message)")
        }
    }

    /// Makes `top` the container's only child (if it is not already).
    private func placeTop(_ top: LayoutNode?) throws(LayoutError) {
        guard container.children.first !== top else { return }
        try container.removeAllChildren()
        if let top {
            try top.removeFromParent()
            try container.appendChild(top)
        }
    }

    /// Hands the mutations to the host in order, moving each out of the list, which is
    /// spent afterwards (left holding placeholders). Lending a copy would retain and later
    /// release the attribute list an update carries: two touches of memory per view that
    /// nothing else reads at that point.
    static func deliver(_ mutations: inout [Mutation], to host: Host) {
        // (Each asks for the attribute list of an update a few places ahead, which it
        // releases after the host: see Mutation+Prefetch.swift.)
        let layout = Mutation.updateLayout
        mutations.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices {
                if let layout, index &+ Mutation.prefetchDistance < buffer.count {
                    (base + (index &+ Mutation.prefetchDistance)).prefetchAttributeList(layout)
                }
                let mutation = (base + index).move()
                host.apply(mutation)
                (base + index).initialize(to: .destroy(.root))
            }
        }
    }

    // MARK: The mounted views

    /// The children of a mounted view (``ViewID/root`` for the top level); nil for a
    /// view that does not exist.
    public func children(of view: ViewID) -> [ViewID]? {
        view == .root ? rootView.children.map(\.id) : registry[view]?.children.map(\.id)
    }

    /// The laid-out frame of a mounted view relative to its parent view (its resting
    /// frame: while an animation moves the view, ``mountedDump`` has the frame the host shows).
    public func frame(of view: ViewID) -> LayoutFrame? {
        view == .root ? LayoutFrame() : registry[view]?.frame
    }

    /// The type and attributes of a mounted view (its component's: the resting values while
    /// an animation runs; ``mountedDump`` has what the host shows).
    public func configuration(of view: ViewID) -> (viewType: String, attributes: [Attribute])? {
        registry[view].map { ($0.viewType, $0.attributes) }
    }

    /// The mounted views as the host has them, as indented lines: `v3 label (x, y, w×h)
    /// text="Hi"`. While an animation runs, its view's line shows the animated value the
    /// host was last sent (an opacity of 0.5, a frame on its way), not the resting one
    /// (which ``configuration(of:)`` and ``frame(of:)`` give).
    public var mountedDump: String {
        var lines: [String] = []
        func visit(_ view: MountedView, _ depth: Int) {
            let attributes = animator.hostAttributes(of: view).map { " \($0.name)=\($0.value)" }.joined()
            lines.append(String(repeating: "  ", count: depth) + "\(view.id) \(view.viewType) \(animator.hostFrame(of: view))"
                         + attributes)
            for child in view.children { visit(child, depth + 1) }
        }
        for child in rootView.children { visit(child, 0) }
        return lines.joined(separator: "\n")
    }
}

/// The handler a root calls when state updates arrive (set from any thread).
final class FlushRequest: Sendable {
    private let handler = Mutex<LockedClosure<@Sendable () -> Void>?>(nil)

    func set(_ newHandler: (@Sendable () -> Void)?) {
        // (The handler replaced goes after the lock is released: see `replacing`.)
        let replaced = handler.withLock { replacing(&$0, with: newHandler.map { LockedClosure(call: $0) }) }
        _ = replaced
    }

    func fire() {
        handler.withLock { $0?.call }?()
    }
}

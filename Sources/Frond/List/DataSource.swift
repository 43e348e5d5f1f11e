import Dispatch
import Glibc
import Synchronization

/// Many items, each with its own model, scope root, state and layout, changed by
/// modifications applied in the order they are given (ComponentKit's `CKDataSource`).
///
///     apply(changeset) / setItems(diffed) / update(configuration:) / an item's state update
///       │ .synchronous: built and applied at once, after what is pending
///       │ .asynchronous: queued ──► built on the executor (off the host thread), one at a time
///       │                               └─► readyHandler ──► host calls processPending()
///       ▼
///     applied on the host thread (only onto the state it was built from; otherwise built again)
///       ──► state (an immutable value) ──► listeners hear the applied changes
///
/// The host thread is whichever thread calls ``apply(_:mode:)`` synchronously,
/// ``processPending(waitForAll:)``, ``update(configuration:mode:)`` synchronously or
/// ``cancelAndWait()``: one at a time (a second thread calling it or its list at once, a
/// listener that applies synchronously, or a provider that does: ``FrondError/Kind/misuse``). Asynchronous
/// modifications may be queued from any thread, and ``state`` read from any thread.
/// Providers and the build hooks of asynchronous modifications run on the executor's
/// thread; listeners run on the host thread.
///
/// A state update inside an item (its scopes' `updateState`) queues an asynchronous
/// modification that rebuilds and relays out that item only.
public final class DataSource<Model>: @unchecked Sendable {
    public enum Mode: Sendable {
        case synchronous, asynchronous
    }

    /// Runs a build off the host thread: calls `work` once, on some thread, soon.
    public typealias Executor = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

    /// Heard by a listener (see ``addListener(_:)``).
    public struct Listener {
        /// After each applied modification, on the host thread.
        public var didApply: ((DataSourceUpdate<Model>) -> Void)?
        /// Before an asynchronous modification is built, on the executor's thread.
        public var willBuild: (() -> Void)?
        /// After an asynchronous modification was built, on the executor's thread.
        public var didBuild: (() -> Void)?
        /// When a queued modification could not be applied (nothing of it is), on the host thread.
        public var didFail: ((FrondError) -> Void)?

        public init(didApply: ((DataSourceUpdate<Model>) -> Void)? = nil, willBuild: (() -> Void)? = nil,
                    didBuild: (() -> Void)? = nil, didFail: ((FrondError) -> Void)? = nil) {
            self.didApply = didApply
            self.willBuild = willBuild
            self.didBuild = didBuild
            self.didFail = didFail
        }
    }

    private let shared: Mutex<Shared>
    /// Where asynchronous builds run: the caller's executor, or `ownQueue`.
    private let executor: Mutex<LockedClosure<Executor>>
    private let ownQueue = DispatchQueue(label: "frond.data-source", qos: .userInitiated)
    /// Whether items are built only when a ``load(_:mode:)`` asks for them.
    public let buildsOnDemand: Bool
    /// Told around each applied modification (the list that mounts the items; host thread).
    weak var commitObserver: (any DataSourceCommitObserver)?
    private let textMeasurer: any TextMeasurer
    /// Whether a host-thread operation is under way.
    private let busy = Atomic<Bool>(false)
    /// The thread in a host call of the data source or its list (0: none).
    private let hostThread = Atomic<UInt>(0)
    /// The thread running a build (0: none), so that a provider cannot wait for itself.
    private let builderThread = Atomic<UInt>(0)
    /// A state update arrived during a host call: its build starts when the call ends (an
    /// item's action handler that updates state and goes on using its root, sending an
    /// action say, must not find the builder's thread preparing that root under it).
    private let buildDeferred = Atomic<Bool>(false)
    /// Set by ``cancelAndWait()``: a build under way stops at its next item.
    private let cancelled = DataSourceCancellation()
    private let readyHandler = Mutex<LockedClosure<@Sendable () -> Void>?>(nil)

    /// What the host thread, the builder and other threads share (under `shared`'s lock).
    private struct Shared: @unchecked Sendable {
        var state: DataSourceState<Model>
        /// Modifications waiting to be built, in order.
        var pending: [DataSourceModification<Model>] = []
        /// The one being built or built, until the host thread applies it.
        var building: DataSourceBuild<Model>?
        /// The section counts after every pending modification (asynchronous changesets are
        /// checked against them when they are queued).
        var predictedCounts: [Int]
        /// Items whose scopes have state updates that no modification has taken yet.
        var dirtyRoots: [DataSourceItemRoot] = []
        var listeners: [(id: Int, listener: Listener)] = []
        var nextListenerID = 1
    }

    /// An empty data source (no sections). Asynchronous builds run on `executor`, or on a
    /// serial queue of the data source's own when it is nil. Items' texts are measured by
    /// `textMeasurer`. With `buildsOnDemand`, items are not built when they are inserted:
    /// ``load(_:mode:)`` builds and releases them (a list builds those near its viewport);
    /// a built item stays built through updates, moves and new configurations.
    public init(configuration: DataSourceConfiguration<Model>, textMeasurer: any TextMeasurer = MonospaceTextMeasurer(),
                executor: Executor? = nil, buildsOnDemand: Bool = false) throws(FrondError) {
        try configuration.sizeRange.validate()
        self.buildsOnDemand = buildsOnDemand
        shared = Mutex(Shared(state: DataSourceState(sections: [], configuration: configuration, version: 0, pathsVersion: 0),
                              predictedCounts: []))
        self.textMeasurer = textMeasurer
        let queue = ownQueue
        self.executor = Mutex(LockedClosure(call: executor ?? { work in queue.async(execute: work) }))
    }

    deinit {
        // (A build under way holds the data source: none is.)
        let building = shared.withLock { $0.building }
        if let building, case .success(let built)? = building.result { built.discard() }
    }

    /// The state after the last applied modification (any thread).
    public var state: DataSourceState<Model> { shared.withLock { $0.state } }

    /// Called on the builder's thread when an asynchronous modification is built and waits
    /// for ``processPending(waitForAll:)`` on the host thread. Safe to set from any thread. It
    /// should only schedule that call: a host thread waiting for the build waits for the
    /// handler to return.
    public func setReadyHandler(_ handler: (@Sendable () -> Void)?) {
        let replaced = readyHandler.withLock { replacing(&$0, with: handler.map { LockedClosure(call: $0) }) }
        _ = replaced
    }

    /// Runs the asynchronous builds that start from now on with `executor` (nil: on the data
    /// source's own serial queue). Safe to set from any thread. A build given to an executor
    /// that never runs it is not lost: the host thread builds it when it waits for it, and
    /// ``cancelAndWait()`` drops it. The executor runs the work later, on a thread of its own:
    /// never inside its own call, which may come from the host thread in the middle of one
    /// of the data source's calls.
    public func setExecutor(_ executor: Executor?) {
        let queue = ownQueue
        self.executor.withLock { $0 = LockedClosure(call: executor ?? { work in queue.async(execute: work) }) }
    }

    /// Adds a listener; returns the id that ``removeListener(_:)`` takes.
    @discardableResult
    public func addListener(_ listener: Listener) -> Int {
        shared.withLock { shared in
            let id = shared.nextListenerID
            shared.nextListenerID += 1
            shared.listeners.append((id, listener))
            return id
        }
    }

    /// Removes a listener (an unknown id does nothing). Returns whether it was there.
    @discardableResult
    public func removeListener(_ id: Int) -> Bool {
        let removed = shared.withLock { shared -> Listener? in
            guard let index = shared.listeners.firstIndex(where: { $0.id == id }) else { return nil }
            return shared.listeners.remove(at: index).listener
        }
        return removed != nil
    }

    // MARK: Modifications

    /// Applies a changeset with its models. It is checked first (against the state the
    /// pending modifications will leave): one that does not fit throws
    /// ``FrondError/Kind/invalidValue`` naming the operation and the item path, and nothing
    /// is applied. Synchronously: the pending modifications are applied first, then this
    /// one. Asynchronously: queued (any thread).
    public func apply(_ changeset: DataSourceChangeset<Model>, mode: Mode) throws(FrondError) {
        try submit(.changeset(changeset), mode: mode)
    }

    /// Replaces the configuration: every item is rebuilt and laid out again. The data
    /// source of a ``ListView`` refuses it (``FrondError/Kind/misuse``): its items take the
    /// list's cross size, fixed when the list is made.
    public func update(configuration: DataSourceConfiguration<Model>, mode: Mode) throws(FrondError) {
        if commitObserver != nil {
            throw FrondError(.misuse, "data source: this is a list's data source, whose items take the list's "
                             + "cross size and provider; they are fixed when the list is made (make a new list to change them)")
        }
        try configuration.sizeRange.validate()
        try submit(.configuration(configuration), mode: mode)
    }

    /// A list's new configuration for its items (a new cross size), applied synchronously:
    /// what ``update(configuration:mode:)`` refuses to others for a list's data source.
    func updateForList(configuration: DataSourceConfiguration<Model>) throws(FrondError) {
        try submit(.configuration(configuration), mode: .synchronous)
    }

    /// Data diffing: makes section `section` hold `models` (creating section 0 of an empty
    /// data source), through the changeset that Heckel's algorithm finds from the section's
    /// models to these (``ListDiff``): items whose identities pair keep their scopes and
    /// state and take the new model, and are rebuilt only when `isSame` says their content
    /// changed; moves are detected. Two models with one identity in `models` throw
    /// ``FrondError/Kind/invalidValue`` naming both positions. (The section may hold two
    /// with one identity, which ``apply(_:mode:)`` and
    /// ``setSections(_:mode:)`` do not check: the first pairs, the other is removed.)
    public func setItems<Identity: Hashable>(_ models: [Model], inSection section: Int = 0,
                                             identity: @escaping (Model) -> Identity,
                                             isSame: @escaping (Model, Model) -> Bool,
                                             mode: Mode) throws(FrondError) {
        let newIdentities = models.map(identity)
        let diff: DataSourceModification<Model>.Diff = { (old: [Model]) throws(FrondError) in
            var oldOfNew = [Int](repeating: -1, count: models.count)
            let changeset = try ListDiff.changeset(from: old.map(identity), to: newIdentities, section: section,
                                                   removingRepeatedOld: true) { oldIndex, newIndex in
                oldOfNew[newIndex] = oldIndex
                return !isSame(old[oldIndex], models[newIndex])
            }
            return (changeset, oldOfNew)
        }
        // (Duplicates in the new list are found now.)
        _ = try ListDiff.indexTable(of: newIdentities)
        try submit(.items(section: section, models: models, diff: diff), mode: mode)
    }

    /// Data diffing over every section: the data source's sections become `sections`, each
    /// with its identity and models, through the changeset that ``ListDiff`` finds from the
    /// old ones (sections pair by identity, items by `identity` across all sections; a
    /// section made another way has no identity and pairs with none). Paired items keep
    /// their scopes and state wherever they go and take the new model, and are rebuilt
    /// only when `isSame` says their content changed; moves are the fewest in each section
    /// that stays, plus those between sections. Two sections, or two models, with one
    /// identity in `sections` throw ``FrondError/Kind/invalidValue`` naming both places. (Of
    /// old items with one identity, which changesets may leave, the first pairs and the
    /// others are removed.)
    public func setSections<SectionIdentity: Hashable, Identity: Hashable>(
        _ sections: [(identity: SectionIdentity, models: [Model])], identity: @escaping (Model) -> Identity,
        isSame: @escaping (Model, Model) -> Bool, mode: Mode
    ) throws(FrondError) {
        let sectionIdentities = sections.map { AnyHashable($0.identity) }
        let models = sections.map(\.models)
        let newIdentities = models.map { $0.map(identity) }
        let diff: DataSourceModification<Model>.SectionsDiff = { (oldSections, old) throws(FrondError) in
            try ListDiff.changeset(fromSections: oldSections, items: old.map { $0.map(identity) },
                                   toSections: sectionIdentities, items: newIdentities,
                                   removingRepeatedOld: true) { oldPath, newPath in
                !isSame(old[oldPath.section][oldPath.item], models[newPath.section][newPath.item])
            }
        }
        // (Duplicates in the new sections are found now.)
        try ListDiff.checkIdentities(ofSections: sectionIdentities, items: newIdentities)
        try submit(.identifiedSections(sectionIdentities, models, diff: diff), mode: mode)
    }

    /// Replaces every section with new ones holding `models` (no diffing: every old item
    /// goes, with its state). The fast way to load a big list into a data source that
    /// builds on demand.
    public func setSections(_ models: [[Model]], mode: Mode) throws(FrondError) {
        try submit(.sections(models), mode: mode)
    }

    /// Builds and releases items of a data source that builds on demand: `request` is
    /// asked, when the modification is built, which paths of the state it is built onto
    /// to build (items already built stay as they are) and which to release (an item
    /// released keeps its model, its last size and the states that updates changed
    /// (``KeptStates``): built again, its components start from them, the others from
    /// their initial states; its views, tree and other scopes go; a path in both lists is
    /// built afresh). An asynchronous load queued while another waits
    /// replaces it. Listeners hear a load only when the provider (or the build) of an item
    /// it built failed: its update's changes are empty but for ``DataSourceAppliedChanges/failures``.
    public func load(_ request: @escaping @Sendable (DataSourceState<Model>) -> DataSourceLoadRequest,
                     mode: Mode) throws(FrondError) {
        try submit(.load(request), mode: mode)
    }

    /// Applies asynchronous modifications that finished building, in order (each onto the
    /// state it was built from; one built from an older state is built again). With
    /// `waitForAll`, also waits for the ones still pending and applies them (as a
    /// synchronous modification would). Returns how many modifications were applied.
    @discardableResult
    public func processPending(waitForAll: Bool = false) throws(FrondError) -> Int {
        try hostOperation("processPending") { () throws(FrondError) in try settle(waiting: waitForAll) }
    }

    /// Stops a build under way at its next item and waits for it; the modifications not
    /// applied yet are dropped. Call it on the host thread before releasing the data
    /// source for models to be released there and then.
    public func cancelAndWait() throws(FrondError) {
        try hostOperation("cancelAndWait") { () throws(FrondError) in cancelAndWaitOnHostThread() }
    }

    private func cancelAndWaitOnHostThread() {
        cancelled.cancel()
        // (The pending modifications, and their models, go after the lock is released: a
        // model's destroy function may call the data source.)
        let (building, dropped) = shared.withLock { shared in
            shared.predictedCounts = shared.state.sections.map(\.count)
            return (replacing(&shared.building, with: nil), replacing(&shared.pending, with: []))
        }
        _ = dropped
        guard let building else { return }
        // A build the executor has not started is dropped unbuilt (at once: the executor's
        // thread may be holding it for a moment, finding it claimed).
        if building.claim() {
            building.drop()
            return
        }
        building.waitUntilFinished()
        if case .success(let built)? = building.result { built.discard() }
        // (What the build holds goes now, not when the builder's thread lets go of it.)
        building.drop()
    }

    /// Stops and drops everything before it returns: what ``cancelAndWait()`` drops, then the
    /// items (their models, scopes and states), the configuration, the listeners and the
    /// ready handler. The data source stays empty and refuses modifications.
    public func close() throws(FrondError) {
        try cancelAndWait()
        let closed = DataSourceConfiguration<Model>(sizeRange: .fitContent()) { _ in nil }
        let dropped = shared.withLock { shared in
            (replacing(&shared.state, with: DataSourceState(sections: [], configuration: closed,
                                                           version: shared.state.version,
                                                           pathsVersion: shared.state.version)),
             replacing(&shared.listeners, with: []), replacing(&shared.dirtyRoots, with: []))
        }
        setReadyHandler(nil)
        _ = dropped
    }

    /// Whether modifications are queued, being built, or built and waiting for
    /// ``processPending(waitForAll:)`` (the builder builds one at a time, each onto the state
    /// the one before left once it is applied: polling this without processing never sees
    /// false).
    public var hasPending: Bool { shared.withLock { !$0.pending.isEmpty || $0.building != nil } }

    // MARK: Running modifications

    private func submit(_ modification: DataSourceModification<Model>, mode: Mode) throws(FrondError) {
        guard !cancelled.isCancelled else {
            throw FrondError(.misuse, "the data source was cancelled (cancelAndWait)")
        }
        switch mode {
        case .asynchronous:
            try shared.withLock { (shared: inout Shared) throws(FrondError) in
                // (A newer load replaces one that waits: it asks for what is needed now.)
                if modification.isLoad, let waiting = shared.pending.firstIndex(where: \.isLoad) {
                    shared.pending[waiting] = modification
                    return
                }
                shared.predictedCounts = try modification.sectionCounts(after: shared.predictedCounts)
                shared.pending.append(modification)
            }
            startNextBuild()
        case .synchronous:
            try hostOperation("apply a modification synchronously") { () throws(FrondError) in
                try shared.withLock { (shared: inout Shared) throws(FrondError) in
                    _ = try modification.sectionCounts(after: shared.predictedCounts)
                }
                _ = try settle(waiting: true)
                let base = state
                let built = try DataSourceBuilt.build(modification, on: base, measurer: textMeasurer,
                                                      onDemand: buildsOnDemand, cancelled: cancelled)
                publish(built, over: base)
            }
        }
    }

    /// Applies what is built (waiting for all that is pending, when `waiting`).
    private func settle(waiting: Bool, startingNext: Bool = true) throws(FrondError) -> Int {
        var applied = 0
        while true {
            let building = shared.withLock { $0.building }
            guard let building else {
                // (Waiting: the host thread builds the next one itself.)
                guard waiting, startNextBuild(dispatch: false) else { return applied }
                continue
            }
            if waiting {
                // (Built here when the executor has not started it.)
                if building.claim() { run(building, offThread: false) }
                building.waitUntilFinished()
            } else if !building.finished.load(ordering: .acquiring) {
                return applied
            }
            shared.withLock { $0.building = nil }
            switch building.result {
            case .success(let built)?:
                if built.baseVersion == state.version {
                    if let base = building.base { publish(built, over: base) }
                    applied += 1
                } else {
                    // Built from an older state: built again, first in line.
                    built.discard()
                    if let modification = building.modification {
                        shared.withLock { $0.pending.insert(modification, at: 0) }
                    }
                }
            case .failure(let error)?:
                shared.withLock { shared in
                    shared.predictedCounts = shared.pending.reduce(shared.state.sections.map(\.count)) {
                        (try? $1.sectionCounts(after: $0)) ?? $0
                    }
                }
                for listener in listeners() { listener.didFail?(error) }
            case nil:
                break
            }
            // (What the build holds goes now, on the host thread, not when the builder's
            // thread lets go of the build.)
            building.drop()
            if !waiting {
                guard startingNext else { return applied }
                startNextBuild()
            }
        }
    }

    /// Starts building the next pending modification on the executor (or leaves it for the
    /// caller to build, without `dispatch`), unless one is being built or waits to be
    /// applied. Returns whether one was started.
    @discardableResult
    private func startNextBuild(dispatch: Bool = true) -> Bool {
        let build = shared.withLock { shared -> DataSourceBuild<Model>? in
            guard shared.building == nil, !shared.pending.isEmpty else { return nil }
            var modification = shared.pending.removeFirst()
            if case .stateUpdates(nil) = modification {
                modification = .stateUpdates(shared.dirtyRoots)
                shared.dirtyRoots.removeAll()
            }
            let build = DataSourceBuild(modification: modification, base: shared.state)
            shared.building = build
            return build
        }
        guard let build else { return false }
        guard dispatch else { return true }
        // (Held weakly: a data source released, or a build dropped, before the work runs is
        // not kept alive by it.)
        let executor = executor.withLock { $0.call }
        executor { [weak self, weak build] in
            guard let self, let build, build.claim() else { return }
            run(build, offThread: true)
        }
        return true
    }

    /// Builds a claimed modification; its hooks and the ready handler are called when it runs
    /// off the host thread. Everything the builder's thread calls or holds is done with
    /// before `done` is signalled: a host thread waiting for it (``cancelAndWait()``, a free
    /// from C) then knows that no callback of the data source runs, and that nothing whose
    /// destroy function it expects to have run is still held here.
    private func run(_ build: DataSourceBuild<Model>, offThread: Bool) {
        if offThread { builderThread.store(UInt(bitPattern: Int(bitPattern: pthread_self())), ordering: .releasing) }
        do {
            let hooks = offThread ? listeners() : []
            for listener in hooks { listener.willBuild?() }
            // (In a function of its own: nothing of the build outlives it here but the
            // result stored in the build, which the host thread drops when done with it.)
            build.result = result(of: build)
            for listener in hooks { listener.didBuild?() }
        }
        // Finished before the ready handler is told, so that a host it wakes finds the result.
        build.finished.store(true, ordering: .releasing)
        if offThread {
            readyHandler.withLock { $0?.call }?()
            builderThread.store(0, ordering: .releasing)
        }
        build.done.signal()
    }

    private func result(of build: DataSourceBuild<Model>) -> Result<DataSourceBuilt<Model>, FrondError> {
        guard let modification = build.modification, let base = build.base else {
            return .failure(FrondError(.misuse, "the build was dropped"))
        }
        do throws(FrondError) {
            return .success(try DataSourceBuilt.build(modification, on: base, measurer: textMeasurer,
                                                      onDemand: buildsOnDemand, cancelled: cancelled))
        } catch {
            return .failure(error)
        }
    }

    /// Makes `built` the state and tells the commit observer and the listeners.
    private func publish(_ built: DataSourceBuilt<Model>, over base: DataSourceState<Model>) {
        let observer = commitObserver
        observer?.willCommit()
        let state = built.commit(version: base.version &+ 1, stateUpdateHandler: { [weak self] itemRoot in
            self?.itemNeedsBuild(itemRoot)
        }, willMount: observer.map { observer in { observer.willMount($0) } }, animationClock: observer?.animationClock)
        let (hooks, replaced) = shared.withLock { shared -> ([Listener], DataSourceState<Model>) in
            let replaced = replacing(&shared.state, with: state)
            shared.predictedCounts = shared.pending.reduce(state.sections.map(\.count)) {
                (try? $1.sectionCounts(after: $0)) ?? $0
            }
            // A load changes no index, so listeners hear one only when an item it built
            // failed: the failures are its whole update.
            let heard = !built.isLoad || !built.changes.failures.isEmpty
            return (heard ? shared.listeners.map(\.listener) : [], replaced)
        }
        _ = replaced
        observer?.didCommit(changes: built.changes)
        let update = DataSourceUpdate(previous: base, state: state, changes: built.changes)
        for listener in hooks { listener.didApply?(update) }
    }

    /// A state update arrived in an item's scope: one asynchronous modification rebuilds
    /// every item that has some.
    private func itemNeedsBuild(_ itemRoot: DataSourceItemRoot) {
        guard !cancelled.isCancelled else { return }
        shared.withLock { shared in
            if !shared.dirtyRoots.contains(where: { $0 === itemRoot }) { shared.dirtyRoots.append(itemRoot) }
            if !shared.pending.contains(where: \.isStateUpdates) { shared.pending.append(.stateUpdates(nil)) }
        }
        // (Deferred first, then the call looked for: a call that ends in between starts the
        // build itself, or this thread does.)
        buildDeferred.store(true, ordering: .releasing)
        if hostThread.load(ordering: .acquiring) == 0 { startDeferredBuild() }
    }

    /// Starts the build a state update deferred, if no one has yet.
    private func startDeferredBuild() {
        if buildDeferred.exchange(false, ordering: .acquiringAndReleasing) { startNextBuild() }
    }

    /// Applies the build under way, waiting for it (it is built here when its executor has
    /// not started it), before an event goes to an item: the item's root is then not being
    /// prepared on the builder's thread while the event's handlers run in it, nor waiting
    /// with a prepared flush that would refuse their actions. Nothing when there is none, or
    /// inside a modification being applied (a listener sending an event). The builds after
    /// it start when the host call ends.
    func applyBuildUnderWay() throws(FrondError) {
        guard shared.withLock({ $0.building != nil }), !busy.load(ordering: .acquiring) else { return }
        try hostOperation("send an event to the list") { () throws(FrondError) in
            guard let building = shared.withLock({ $0.building }) else { return }
            if building.claim() { run(building, offThread: false) }
            building.waitUntilFinished()
            // (settle applies the finished build and starts the next one, which this call's
            // end starts instead.)
            buildDeferred.store(true, ordering: .releasing)
            _ = try settle(waiting: false, startingNext: false)
        }
    }

    /// Whether the calling thread is running a build (a provider's or a build hook's call).
    package var isBuilderThread: Bool {
        builderThread.load(ordering: .acquiring) == UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    private func listeners() -> [Listener] { shared.withLock { $0.listeners.map(\.listener) } }

    /// Runs one of the host thread's operations (processing, a synchronous modification,
    /// cancelling): as a host call, and not while another is under way on this thread (a
    /// listener or callback of the data source calling it back).
    private func hostOperation<T>(_ what: String, _ body: () throws(FrondError) -> T) throws(FrondError) -> T {
        try hostCall(what) { () throws(FrondError) in
            guard busy.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
                throw FrondError(.misuse, "cannot \(what): the data source is in use (this call came from a listener "
                                 + "or a callback of the data source, while it applies a modification)")
            }
            defer { busy.store(false, ordering: .releasing) }
            return try body()
        }
    }

    /// Whether a call of the host thread (``hostCall(_:_:)``) is under way on this thread:
    /// a host or listener callback of the list is running.
    package var isInHostCallOnThisThread: Bool {
        hostThread.load(ordering: .relaxed) == UInt(bitPattern: Int(bitPattern: pthread_self()))
    }

    /// Runs `body` as a call of the host thread into the data source or its list: a call
    /// from another thread while one is under way, or from a provider or build hook on the
    /// builder's thread, is ``FrondError/Kind/misuse`` (calls nested on the host thread are
    /// not: a list's call makes its data source's).
    package func hostCall<T>(_ what: String, _ body: () throws(FrondError) -> T) throws(FrondError) -> T {
        let thread = UInt(bitPattern: Int(bitPattern: pthread_self()))
        if builderThread.load(ordering: .acquiring) == thread {
            throw FrondError(.misuse, "cannot \(what) from a provider, a build hook or the ready handler (on the builder's thread: the ready handler schedules the call on the host thread)")
        }
        // (Only this thread can have stored its own id, so a relaxed load that finds it is
        // this thread's own earlier store.)
        if hostThread.load(ordering: .relaxed) == thread { return try body() }
        guard hostThread.compareExchange(expected: 0, desired: thread, ordering: .acquiringAndReleasing).exchanged else {
            throw FrondError(.misuse, "cannot \(what): the data source is in use by another thread at the same time "
                             + "(call a data source and its list from one thread at a time)")
        }
        defer {
            hostThread.store(0, ordering: .releasing)
            startDeferredBuild()
        }
        return try body()
    }
}

/// Told by a data source around each applied modification, on the host thread (a list
/// that mounts the items wraps their commits in one host commit).
protocol DataSourceCommitObserver: AnyObject {
    func willCommit()
    /// An item root built for the first time, before its first commit (its mutations go
    /// to the host the observer gives it).
    func willMount(_ itemRoot: DataSourceItemRoot)
    /// The time the animations of the item roots committed now start at (see
    /// ``ListView/tick(time:)``).
    var animationClock: Double { get }
    func didCommit(changes: DataSourceAppliedChanges)
}

/// One modification, as queued.
enum DataSourceModification<Model>: @unchecked Sendable {
    /// The changeset of a diff from the section's old models, and each new model's old index (-1: inserted).
    typealias Diff = ([Model]) throws(FrondError) -> (ListChangeset, [Int])
    /// The changeset of a sectioned diff from the old sections' identities and models.
    typealias SectionsDiff = ([AnyHashable?], [[Model]]) throws(FrondError) -> ListChangeset

    case changeset(DataSourceChangeset<Model>)
    case configuration(DataSourceConfiguration<Model>)
    case items(section: Int, models: [Model], diff: Diff)
    case sections([[Model]])
    case identifiedSections([AnyHashable], [[Model]], diff: SectionsDiff)
    case load(@Sendable (DataSourceState<Model>) -> DataSourceLoadRequest)
    /// The items whose scopes have state updates (nil: those marked when the build starts).
    case stateUpdates([DataSourceItemRoot]?)

    var isStateUpdates: Bool {
        if case .stateUpdates = self { return true }
        return false
    }

    var isLoad: Bool {
        if case .load = self { return true }
        return false
    }

    /// The section counts after this modification, for sections with `counts` items now.
    func sectionCounts(after counts: [Int]) throws(FrondError) -> [Int] {
        switch self {
        case .changeset(let changeset):
            return try changeset.changes.sectionCounts(after: counts)
        case .items(let section, let models, _):
            try DataSourceBuilt<Model>.checkDiffSection(section, sectionCount: counts.count)
            var result = counts.isEmpty ? [0] : counts
            result[section] = models.count
            return result
        case .sections(let models), .identifiedSections(_, let models, _):
            return models.map(\.count)
        case .configuration, .stateUpdates, .load:
            return counts
        }
    }
}

/// A modification handed to the builder, and what it built.
final class DataSourceBuild<Model>: @unchecked Sendable {
    /// Dropped (with its models) by ``DataSource/cancelAndWait()``, which may return while
    /// the builder's thread still holds this object.
    var modification: DataSourceModification<Model>?
    /// The state it is built onto (dropped with the modification).
    var base: DataSourceState<Model>?
    /// Written by the builder before `finished` is set.
    var result: Result<DataSourceBuilt<Model>, FrondError>?
    let finished = Atomic<Bool>(false)
    /// Taken by whoever builds it: the executor's work, or the host thread waiting for it.
    private let claimed = Atomic<Bool>(false)
    /// Signalled once when the build ends (a waiter signals it again for the next one).
    let done = DispatchSemaphore(value: 0)

    init(modification: DataSourceModification<Model>, base: DataSourceState<Model>) {
        self.modification = modification
        self.base = base
    }

    /// Lets go of the modification, the base state and the result (their models with them),
    /// once the host thread is done with them; the builder's thread may hold the build a
    /// moment longer.
    func drop() {
        modification = nil
        base = nil
        result = nil
    }

    /// Waits for the build to end (at once when it has), and leaves `done` signalled for the
    /// next waiter. The acquiring load of `finished` pairs with the builder's releasing
    /// store, so the result is seen whole: the semaphore orders them too, but libdispatch is
    /// linked into the library, where ThreadSanitizer does not see its semaphores.
    func waitUntilFinished() {
        done.wait()
        done.signal()
        _ = finished.load(ordering: .acquiring)
    }

    /// Whether the caller is the one to build it.
    func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}

/// Animations: the clock the host ticks, and the animations commits start.
///
///     flush ──► prepare: ask the animating components (ComponentAnimationProtocol)
///           ──► commit:  mount; start the animations at animationTime; send their
///                        values with the commit's mutations
///     tick(time:) ─────► advance every animation to `time`; send the changed values
///                        (update, setFrame) and remove the views whose final-unmount
///                        animations ended, in one host commit
extension Root {
    /// The animation clock: the time (seconds) of the last ``tick(time:)``, 0 before the
    /// first. The animations a commit starts start at this time.
    public var animationTime: Double { animator.time }

    /// Whether animations are scheduled or running, or views wait for their
    /// final-unmount animations: the host should keep ticking.
    public var hasRunningAnimations: Bool { animator.hasRunningAnimations }

    /// Moves the animation clock to `time` when nothing animates and the clock is earlier
    /// (a list item root about to commit: the animations its commit starts begin at the
    /// list's time, not at the item's last tick).
    func advanceAnimationClock(to time: Double) {
        guard time.isFinite, time > animator.time, !animator.hasRunningAnimations else { return }
        animator.setTime(time)
    }

    /// Advances the animations to `time` (seconds on a monotonic clock the host chooses;
    /// the first commit's animations start at 0 unless a tick came first) and sends the
    /// host the changed values in one commit (nothing when nothing changed); then calls
    /// the completions of the animations that ended. Returns the number of mutations
    /// sent. A time that is not finite or earlier than ``animationTime`` is
    /// `.invalidValue`; while the root flushes or holds a prepared flush, `.misuse`.
    @discardableResult
    public func tick(time: Double) throws(FrondError) -> Int {
        try runningCallbacks { () throws(FrondError) in try tickNow(time, onlyIfIdle: false) ?? 0 }
    }

    /// ``tick(time:)`` when the root is idle; nil, with nothing done, while a flush runs or
    /// is prepared (a list item that a builder's thread is building: the list ticks it at
    /// its next tick). Checked and claimed at once, where testing ``isIdle`` first would
    /// race with the builder.
    func tickIfIdle(time: Double) throws(FrondError) -> Int? {
        try runningCallbacks { () throws(FrondError) in try tickNow(time, onlyIfIdle: true) }
    }

    private func tickNow(_ time: Double, onlyIfIdle: Bool) throws(FrondError) -> Int? {
        guard time.isFinite else { throw FrondError(.invalidValue, "tick(time: \(time)): the time is not finite") }
        guard time >= animator.time else {
            throw FrondError(.invalidValue, "tick(time: \(time)): the clock cannot go back (the last tick was at \(animator.time))")
        }
        if onlyIfIdle && !claimIfIdle() { return nil }
        let count = try withCommittedTree("tick", claimed: onlyIfIdle) { () throws(FrondError) -> Int in
            let mutations = animator.tick(to: time, registry: &registry)
            if let host, !mutations.isEmpty {
                host.beginCommit()
                for mutation in mutations { host.apply(mutation) }
                host.endCommit()
            }
            var hooks = animator.takeHooks()
            hooks.run()
            // (While the root is still busy, as a flush's are: a completion that flushed or
            // ticked would run the next commit, and other completions, inside this one.)
            for completion in animator.takeCompletions() { completion() }
            return mutations.count
        }
        return count
    }

    /// Asks the animating components a build placed or dropped for their animations
    /// (while the flush is prepared: a bad animation fails it).
    func planAnimations(_ context: BuildContext) throws(FrondError) -> AnimationPlan {
        let initialMount = !skipsInitialMountAnimations
        skipsInitialMountAnimations = false
        if !context.animatedNodes.isEmpty { hasAnimatingComponents = true }
        guard hasAnimatingComponents else { return AnimationPlan() }
        return try AnimationPlan.collect(context, dropped: true, initialMount: initialMount)
    }

    /// Starts the plan's animations once the mounter is done; returns the commit's
    /// mutations (the mounter's, rewritten where animations own the values, and the
    /// animator's).
    func mountAnimations(_ plan: AnimationPlan, _ mounter: Mounter, _ mutations: inout [Mutation]) {
        guard !plan.isEmpty || animator.hasRunningAnimations || animator.hasFrameAnimatedViews
                || !mounter.disappeared.isEmpty else { return }
        for (view, parent) in mounter.disappeared { animator.keep(disappearing: view, in: parent) }
        animator.commit(plan, mutations: &mutations, registry: &registry)
    }
}

import FrondLayout

/// The animations running in one root, and what the host was last sent for them.
///
///     commit ──► purge (views gone or reused) ──► retarget (resting values changed)
///            ──► frame animations ──► start the plan ──► step(to: now)
///            ──► fold into the mounter's mutations                (one host commit)
///     tick(t) ─► step(to: t) ──► append                           (one host commit)
///
/// *Step* begins the scheduled animations whose time has come (each interrupting the
/// running one of its view and property) and ends those that reached their end, in time
/// order (animations ending together end in the order they were scheduled). Then, per
/// view, the host is sent the animated value of every running animation that changed
/// since it was last sent, and the resting value of each property whose animation ended
/// (an unset when the component has no such attribute); frames in one `setFrame`. Keys
/// in ``sent`` are the properties whose host value is an animated one: the mounter's own
/// updates of those are replaced, as the host must show the animated value.
///
/// *Fold*: in a commit, the values go into the mounter's mutations rather than after
/// them, so that the host never shows a value the animation does not start from: an
/// animated attribute in a view's update gets its animated value, a view's `setFrame`
/// its animated frame, and a view that is inserted gets its animated values before its
/// insert. What is left (views the mounter did not touch) is appended.
final class Animator {
    /// The clock: the time of the last tick (animations start at it).
    private(set) var time: Double = 0
    /// Scheduled animations not begun yet, by begin time.
    private var waiting: [Track] = []
    private var running: [Key: Track] = [:]
    /// What the host was sent for a property, while it shows an animated value.
    private var sent: [Key: AnimationValue] = [:]
    /// Properties whose host value may be out of date.
    private var dirty: Set<Key> = []
    /// Numbers the tracks in the order they are scheduled (ties in time go by it).
    private var nextSequence = 0
    /// Views that left the tree and stay until their final-unmount animations end.
    private var disappearing: [ViewID: Disappearance] = [:]
    /// Views whose frame changes are animated, with the identity of their component.
    private var frameAnimated: [ViewID: (identity: Int, timing: AnimationTiming)] = [:]
    /// Completions to call after the host's commit.
    private var completions: [() -> Void] = []
    /// Legacy components whose views went (told after the host's commit).
    private var hooks = MountHooks()
    /// Values the host showed before the commit being made, by node and property.
    private var priorValues: [NodeKey: AnimationValue] = [:]
    private var priorFrames: [ViewID: LayoutFrame] = [:]

    struct Key: Hashable {
        let view: ViewID
        let property: AnimatedProperty
    }

    private struct NodeKey: Hashable {
        let node: ObjectIdentifier
        let property: AnimatedProperty
    }

    private struct Disappearance {
        let parent: MountedView
        var remaining: Int
    }

    var hasRunningAnimations: Bool { !running.isEmpty || !waiting.isEmpty || !disappearing.isEmpty }
    /// Whether some views animate their frame changes (every commit must compare them).
    var hasFrameAnimatedViews: Bool { !frameAnimated.isEmpty }

    /// Moves the clock (the caller checked that `newTime` is not earlier).
    func setTime(_ newTime: Double) { time = newTime }

    // MARK: Commit

    /// Before mounting: remembers what the host shows for the plan's targets that have
    /// views, and the frames of the frame-animated views.
    func prepareCommit(_ plan: AnimationPlan, registry: ViewRegistry) {
        priorValues.removeAll(keepingCapacity: true)
        priorFrames.removeAll(keepingCapacity: true)
        for planned in plan.starting {
            planned.forEachBasic { node, property in
                guard let id = node.viewID, let view = registry[id], view.treeNode === node,
                      let value = shown(Key(view: id, property: property), view) else { return }
                priorValues[NodeKey(node: ObjectIdentifier(node), property: property)] = value
            }
        }
        for id in frameAnimated.keys {
            if let view = registry[id] { priorFrames[id] = view.frame }
        }
    }

    /// After mounting: starts the plan and brings the host's animated values up to date;
    /// returns the mutations to append to the commit (after rewriting the mounter's).
    func commit(_ plan: AnimationPlan, mutations: inout [Mutation], registry: inout ViewRegistry) {
        purge(registry)
        // Frame animations: registered for the views of the animating components built.
        // (Those without one first: a viewless component's frame animation moves its child's
        // view, and the child, animating too but not its frame, must not undo it.)
        for (node, timing) in plan.frameNodes where timing == nil {
            guard let id = node.viewID, let view = registry[id], view.treeNode === node else { continue }
            frameAnimated[id] = nil
        }
        for (node, timing) in plan.frameNodes {
            guard let timing, let id = node.viewID, let view = registry[id], view.treeNode === node else { continue }
            frameAnimated[id] = (node.identity, timing)
        }
        retarget(registry)
        for (id, entry) in frameAnimated {
            guard let old = priorFrames[id], let view = registry[id], view.frame != old else { continue }
            let frame = view.frame
            for property in [AnimatedProperty.position, .size] {
                let before = property.restingValue(attributes: [], frame: old)
                let after = property.restingValue(attributes: [], frame: frame)
                guard before != after else { continue }
                let key = Key(view: id, property: property)
                let track = Track(view: id, identity: entry.identity, property: property, from: .current, to: .current,
                                  timing: AnimationTiming(duration: entry.timing.duration, curve: entry.timing.curve),
                                  begin: time, run: AnimationRun(completion: nil, parent: nil, parts: 1))
                track.prior = running[key]?.value(at: time) ?? before
                schedule(track)
            }
        }
        for planned in plan.starting { schedule(planned, registry: registry, disappearing: false) }
        for planned in plan.finalUnmount { schedule(planned, registry: registry, disappearing: true) }
        priorValues.removeAll(keepingCapacity: true)
        priorFrames.removeAll(keepingCapacity: true)
        step(to: time, registry: registry)
        fold(pending(registry: registry), into: &mutations, registry: registry)
        removeDisappeared(registry: &registry, mutations: &mutations)
    }

    /// Records a view the mounter kept because its component left with final-unmount
    /// animations (their tracks are scheduled by ``commit``).
    func keep(disappearing view: MountedView, in parent: MountedView) {
        disappearing[view.id] = Disappearance(parent: parent, remaining: 0)
    }

    // MARK: Ticks

    /// Advances to `newTime` and returns the mutations that show it.
    func tick(to newTime: Double, registry: inout ViewRegistry) -> [Mutation] {
        var mutations: [Mutation] = []
        step(to: newTime, registry: registry)
        for (id, values) in pending(registry: registry) { Self.append(values, of: id, to: &mutations) }
        removeDisappeared(registry: &registry, mutations: &mutations)
        return mutations
    }

    /// Hands over the mount hooks due (to be run once the host's commit is done).
    func takeHooks() -> MountHooks {
        defer { hooks = MountHooks() }
        return hooks
    }

    /// Hands over the completions due (to be called once the host's commit is done).
    func takeCompletions() -> [() -> Void] {
        defer { completions.removeAll() }
        return completions
    }

    /// Ends everything (the root goes away): completions get `false`.
    func cancelAll() {
        for track in running.values.sorted(by: { $0.sequence < $1.sequence }) {
            track.run.partEnded(finished: false, &completions)
        }
        for track in waiting { track.run.partEnded(finished: false, &completions) }
        running.removeAll()
        waiting.removeAll()
        disappearing.removeAll()
    }

    // MARK: Scheduling

    /// Schedules the basic animations of `planned`, starting now.
    private func schedule(_ planned: PlannedAnimation, registry: ViewRegistry, disappearing isDisappearing: Bool) {
        var claimed: Set<Key> = []
        schedule(planned, begin: time, showing: time, claimed: &claimed, parent: nil, registry: registry,
                 disappearing: isDisappearing)
    }

    /// Schedules the basic animations of `planned` from `begin`; returns its end time. A
    /// basic one shows its start value from `showing` on, as during a delay (a later part of
    /// a sequence: its view must not show the resting value until its turn, and then jump),
    /// when nothing else animates its view's property: not an earlier part of the sequence
    /// (`claimed`), nor a running or scheduled animation. It interrupts nothing: an
    /// animation of the property that begins before its turn takes the property (see
    /// ``begin(_:registry:)``).
    @discardableResult
    private func schedule(_ planned: PlannedAnimation, begin: Double, showing: Double, claimed: inout Set<Key>,
                          parent: AnimationRun?, registry: ViewRegistry, disappearing isDisappearing: Bool) -> Double {
        switch planned.content {
        case .basic(let node, let property, let from, let to, let timing):
            let run = AnimationRun(completion: planned.completion, parent: parent, parts: 1)
            // (Validated when the flush was prepared.)
            let active = (try? timing.activeDuration()) ?? 0
            guard let id = node.viewID, let view = registry[id], view.treeNode === node,
                  !isDisappearing || disappearing[id] != nil else {
                // The view is gone (or went with its parent): the animation cannot run.
                run.partEnded(finished: false, &completions)
                return begin + timing.delay + active
            }
            let key = Key(view: id, property: property)
            let early = claimed.insert(key).inserted && showing < begin && running[key] == nil
                && !waiting.contains { $0.view == id && $0.property == property }
            let track = Track(view: id, identity: view.identity, property: property, from: from, to: to,
                              timing: timing, begin: begin, run: run)
            if early {
                track.turn = (begin, timing)
                track.begin = showing
                track.timing = AnimationTiming(duration: timing.duration, delay: timing.delay + (begin - showing),
                                               curve: timing.curve)
            }
            // (What the host showed before this commit is the start only for an animation that
            // begins with it: one that begins later starts from what is shown then.)
            if track.begin <= time { track.prior = priorValues[NodeKey(node: ObjectIdentifier(node), property: property)] }
            if isDisappearing {
                track.disappearing = true
                disappearing[id]?.remaining += 1
            }
            schedule(track)
            return track.end
        case .group(let isSequence, let parts):
            let run = AnimationRun(completion: planned.completion, parent: parent, parts: parts.count)
            var end = begin
            for part in parts {
                let partEnd = schedule(part, begin: isSequence ? end : begin, showing: showing, claimed: &claimed,
                                       parent: run, registry: registry, disappearing: isDisappearing)
                end = max(end, partEnd)
            }
            if parts.isEmpty { run.finishEmpty(&completions) }
            return end
        }
    }

    private func schedule(_ track: Track) {
        track.sequence = nextSequence
        nextSequence += 1
        // Kept sorted by begin time (stable: equal times keep their order).
        let index = waiting.lastIndex { $0.begin <= track.begin }.map { $0 + 1 } ?? 0
        waiting.insert(track, at: index)
    }

    // MARK: Advancing

    /// Begins and ends animations, in time order, up to `newTime`.
    private func step(to newTime: Double, registry: ViewRegistry) {
        while let next = waiting.first, next.begin <= newTime {
            finishTracks(endingBy: next.begin)
            waiting.removeFirst()
            begin(next, registry: registry)
        }
        finishTracks(endingBy: newTime)
        time = max(time, newTime)
    }

    private func begin(_ track: Track, registry: ViewRegistry) {
        guard let view = registry[track.view], view.identity == track.identity else {
            end(track, finished: false)
            return
        }
        let key = Key(view: track.view, property: track.property)
        if let waitingForTurn = running[key], let turn = waitingForTurn.turn, track.begin < turn.begin {
            // (It showed its start value only while nothing else animated the property: it
            // waits for its turn again, and what the host showed before it is the start here.)
            running[key] = nil
            sent[key] = nil
            waitingForTurn.begin = turn.begin
            waitingForTurn.timing = turn.timing
            waitingForTurn.turn = nil
            waitingForTurn.prior = nil
            schedule(waitingForTurn)
        }
        let shownNow = running[key]?.value(at: track.begin) ?? track.prior ?? shown(key, view)
        if let previous = running.removeValue(forKey: key) { end(previous, finished: false) }
        let resting = restingValue(key, view)
        switch track.fromEndpoint {
        case .current: track.from = shownNow ?? resting ?? track.property.defaultValue
        case .value(let value): track.from = value
        }
        switch track.toEndpoint {
        case .current:
            track.to = resting ?? track.property.defaultValue
            track.toResting = true
        case .value(let value): track.to = value
        }
        running[key] = track
        dirty.insert(key)
    }

    private func finishTracks(endingBy limit: Double) {
        // In time order; those ending at the same time in the order they were scheduled.
        let ended = running.filter { $0.value.end <= limit }.sorted {
            ($0.value.end, $0.value.sequence) < ($1.value.end, $1.value.sequence)
        }
        for (key, track) in ended {
            running[key] = nil
            dirty.insert(key)
            end(track, finished: true)
        }
    }

    private func end(_ track: Track, finished: Bool) {
        track.run.partEnded(finished: finished, &completions)
        if track.disappearing { disappearing[track.view]?.remaining -= 1 }
    }

    /// A commit changed resting values: animations that end at the resting value restart
    /// from the value shown (no jump) towards the new one.
    private func retarget(_ registry: ViewRegistry) {
        for (key, track) in running where track.toResting {
            guard let view = registry[key.view], let resting = restingValue(key, view), resting != track.to else { continue }
            if time < track.start {
                // (In its delay, or waiting for its turn: it starts when it was to, towards the
                // new value.)
                track.to = resting
                continue
            }
            track.from = track.value(at: time)
            track.to = resting
            track.begin = time - track.timing.delay
        }
    }

    /// Drops the animations of views that were destroyed or now show another component.
    private func purge(_ registry: ViewRegistry) {
        for (key, track) in running.sorted(by: { $0.value.sequence < $1.value.sequence }) {
            guard let view = registry[key.view] else {
                running[key] = nil
                sent[key] = nil
                end(track, finished: false)
                continue
            }
            if view.identity != track.identity {
                running[key] = nil
                dirty.insert(key)
                end(track, finished: false)
            }
        }
        waiting.removeAll { track in
            guard let view = registry[track.view], view.identity == track.identity else {
                end(track, finished: false)
                return true
            }
            return false
        }
        for key in sent.keys where registry[key.view] == nil { sent[key] = nil }
        for (id, entry) in frameAnimated where registry[id]?.identity != entry.identity { frameAnimated[id] = nil }
        for id in disappearing.keys where registry[id] == nil { disappearing[id] = nil }
    }

    // MARK: Host values

    /// The value the host shows for `key` (before any new animation): an animated one or
    /// the resting one.
    private func shown(_ key: Key, _ view: MountedView) -> AnimationValue? {
        running[key]?.value(at: time) ?? sent[key] ?? restingValue(key, view)
    }

    private func restingValue(_ key: Key, _ view: MountedView) -> AnimationValue? {
        key.property.restingValue(attributes: view.attributes, frame: view.frame)
    }

    /// What the host must be sent for one view.
    private struct Pending {
        var set: [Attribute] = []
        var unset: [String] = []
        /// The frame to send (nil: none).
        var frame: LayoutFrame?
    }

    /// Per view (in number order), what changed since the host was last sent it:
    /// animated values, and resting values of the animations that ended; recorded in
    /// ``sent`` as sent.
    private func pending(registry: ViewRegistry) -> [(ViewID, Pending)] {
        var views = Set(running.keys.map(\.view))
        for key in dirty { views.insert(key.view) }
        var result: [(ViewID, Pending)] = []
        for id in views.sorted() {
            guard let view = registry[id] else { continue }
            if let entry = disappearing[id], entry.remaining <= 0 {
                // Removed right after: its resting values are not worth sending.
                for property in AnimatedProperty.allCases { sent[Key(view: id, property: property)] = nil }
                continue
            }
            var values = Pending()
            var sendFrame = false
            for property in AnimatedProperty.allCases {
                let key = Key(view: id, property: property)
                if let track = running[key] {
                    let value = track.value(at: time)
                    guard sent[key] != value else { continue }
                    sent[key] = value
                    if let name = property.attributeName {
                        values.set.append(Attribute(name: name, value: property.attributeValue(value)))
                    } else {
                        sendFrame = true
                    }
                } else if sent.removeValue(forKey: key) != nil {
                    if let name = property.attributeName {
                        if let resting = view.attributes.first(where: { $0.name == name }) {
                            values.set.append(resting)
                        } else {
                            values.unset.append(name)
                        }
                    } else {
                        sendFrame = true
                    }
                }
            }
            if sendFrame { values.frame = hostFrame(of: view) }
            if !values.set.isEmpty || !values.unset.isEmpty || values.frame != nil { result.append((id, values)) }
        }
        dirty.removeAll(keepingCapacity: true)
        return result
    }

    /// Puts `pending` into the mounter's `mutations` (see the type's documentation): the
    /// host shows an animated value from the first mutation that shows the view.
    private func fold(_ pending: [(ViewID, Pending)], into mutations: inout [Mutation], registry: ViewRegistry) {
        let animatedViews = Set(running.keys.map(\.view)).union(sent.keys.map(\.view))
        guard !pending.isEmpty || !animatedViews.isEmpty else { return }
        var due: [ViewID: Pending] = [:]
        for (id, values) in pending { due[id] = values }
        var result: [Mutation] = []
        result.reserveCapacity(mutations.count + pending.count)
        for mutation in mutations {
            switch mutation {
            case .update(let id, let set, let unset) where animatedViews.contains(id) || due[id] != nil:
                // The mounter's resting values of animated attributes give way to the animated ones.
                func animated(_ name: String) -> Bool {
                    guard let property = AnimatedProperty(rawValue: name), !property.isFrame else { return false }
                    let key = Key(view: id, property: property)
                    return running[key] != nil || sent[key] != nil
                }
                var keptSet = set.filter { !animated($0.name) }
                var keptUnset = unset.filter { !animated($0) }
                if let values = due[id] {
                    let names = Set(values.set.map(\.name)).union(values.unset)
                    keptSet.removeAll { names.contains($0.name) }
                    keptUnset.removeAll { names.contains($0) }
                    keptSet += values.set
                    keptUnset += values.unset
                    due[id]?.set = []
                    due[id]?.unset = []
                }
                if !keptSet.isEmpty || !keptUnset.isEmpty { result.append(.update(id, set: keptSet, unset: keptUnset)) }
            case .setFrame(let id, _) where animatedViews.contains(id) || due[id]?.frame != nil:
                // The host's frame: the laid-out one with the animated parts.
                if let view = registry[id] { result.append(.setFrame(id, hostFrame(of: view))) } else { result.append(mutation) }
                due[id]?.frame = nil
            case .insert(let child, _, _) where due[child] != nil:
                // A view the host does not show yet: its animated values come first.
                if let values = due.removeValue(forKey: child) { Self.append(values, of: child, to: &result) }
                result.append(mutation)
            default:
                result.append(mutation)
            }
        }
        // Views the mounter sent nothing for.
        for (id, _) in pending {
            if let values = due[id] { Self.append(values, of: id, to: &result) }
        }
        mutations = result
    }

    private static func append(_ values: Pending, of id: ViewID, to mutations: inout [Mutation]) {
        if !values.set.isEmpty || !values.unset.isEmpty { mutations.append(.update(id, set: values.set, unset: values.unset)) }
        if let frame = values.frame { mutations.append(.setFrame(id, frame)) }
    }

    // MARK: What the host shows

    /// The frame the host shows for `view`: its laid-out frame with the animated position
    /// and size in place of the resting ones.
    func hostFrame(of view: MountedView) -> LayoutFrame {
        var frame = view.frame
        for property in [AnimatedProperty.position, .size] {
            if let value = sent[Key(view: view.id, property: property)] { apply(value, to: &frame) }
        }
        return frame
    }

    /// The point (`x`, `y`) of `view`'s parent in `view`'s own coordinates, where the host
    /// shows it (its ``hostFrame(of:)``, translated by `translationX` and `translationY` and
    /// scaled by `scale` about its centre, as CSS's `translate(…) scale(…)`); nil when the
    /// view does not hold the point (left and top edges included) or is scaled to nothing.
    func hostPoint(x: Float, y: Float, in view: MountedView) -> (x: Float, y: Float)? {
        let frame = hostFrame(of: view)
        func number(_ property: AnimatedProperty) -> Float? {
            guard case .number(let value)? = sent[Key(view: view.id, property: property)]
                    ?? property.restingValue(attributes: view.attributes, frame: frame) else { return nil }
            return Float(value)
        }
        let scale = number(.scale) ?? 1
        guard scale != 0 else { return nil }
        let halfWidth = frame.width / 2, halfHeight = frame.height / 2
        let localX = (x - frame.left - halfWidth - (number(.translationX) ?? 0)) / scale + halfWidth
        let localY = (y - frame.top - halfHeight - (number(.translationY) ?? 0)) / scale + halfHeight
        guard localX >= 0 && localX < frame.width && localY >= 0 && localY < frame.height else { return nil }
        return (localX, localY)
    }

    /// The attributes the host shows for `view`: its own, with the animated values in
    /// place of the resting ones (and animated attributes the component does not set).
    func hostAttributes(of view: MountedView) -> [Attribute] {
        var attributes = view.attributes
        for property in AnimatedProperty.allCases {
            guard let name = property.attributeName, let value = sent[Key(view: view.id, property: property)] else { continue }
            let shown = Attribute(name: name, value: property.attributeValue(value))
            if let index = attributes.firstIndex(where: { $0.name == name }) {
                attributes[index] = shown
            } else {
                attributes.append(shown)
            }
        }
        return attributes.sorted { $0.name < $1.name }
    }

    private func apply(_ value: AnimationValue, to frame: inout LayoutFrame) {
        switch value {
        case .point(let x, let y):
            frame = LayoutFrame(left: Float(x), top: Float(y), width: frame.width, height: frame.height)
        case .size(let width, let height):
            frame = LayoutFrame(left: frame.left, top: frame.top, width: Float(width), height: Float(height))
        default:
            break
        }
    }

    /// Removes and destroys the disappearing views whose animations all ended.
    private func removeDisappeared(registry: inout ViewRegistry, mutations: inout [Mutation]) {
        let done = disappearing.filter { $0.value.remaining <= 0 }.keys.sorted()
        for id in done {
            guard let entry = disappearing.removeValue(forKey: id), let view = registry[id] else { continue }
            if let index = entry.parent.children.firstIndex(where: { $0 === view }) {
                entry.parent.children.remove(at: index)
                mutations.append(.remove(child: id, parent: entry.parent.id))
            }
            destroy(view, registry: &registry, mutations: &mutations)
        }
    }

    private func destroy(_ view: MountedView, registry: inout ViewRegistry, mutations: inout [Mutation]) {
        for child in view.children { destroy(child, registry: &registry, mutations: &mutations) }
        registry[view.id] = nil
        hooks.destroy(view)
        for property in AnimatedProperty.allCases {
            let key = Key(view: view.id, property: property)
            sent[key] = nil
            if let track = running.removeValue(forKey: key) { end(track, finished: false) }
        }
        // (A view inside one that disappears goes with it: what waited for it ends now, so
        // that nothing is left running once the last view is gone.)
        if !waiting.isEmpty {
            waiting.removeAll { track in
                guard track.view == view.id else { return false }
                end(track, finished: false)
                return true
            }
        }
        disappearing[view.id] = nil
        frameAnimated[view.id] = nil
        mutations.append(.destroy(view.id))
    }
}

extension PlannedAnimation {
    /// Visits the (target node, property) of every basic animation.
    func forEachBasic(_ body: (TreeNode, AnimatedProperty) -> Void) {
        switch content {
        case .basic(let target, let property, _, _, _): body(target, property)
        case .group(_, let parts): for part in parts { part.forEachBasic(body) }
        }
    }
}

/// One basic animation, scheduled or running.
final class Track {
    let view: ViewID
    let identity: Int
    let property: AnimatedProperty
    let fromEndpoint: AnimationEndpoint
    let toEndpoint: AnimationEndpoint
    var timing: AnimationTiming
    let run: AnimationRun
    /// A later part of a sequence showing its start value before its turn (see
    /// ``Animator``'s scheduling): when its turn begins, and its own timing then. An
    /// animation of its property that begins before that takes the property, and this one
    /// waits for its turn again.
    var turn: (begin: Double, timing: AnimationTiming)?
    private let curve: Curve
    /// Seconds the curve takes (the duration, or a spring's settling time).
    let active: Double
    /// When it starts showing its start value; the curve starts after the delay.
    var begin: Double
    var from: AnimationValue = .number(0)
    var to: AnimationValue = .number(0)
    /// The end is the resting value (it follows it, see ``Animator``).
    var toResting = false
    /// A final-unmount animation (its view waits for it).
    var disappearing = false
    /// What the host showed for the target before the commit that scheduled it.
    var prior: AnimationValue?
    /// When it was scheduled among the root's tracks (see ``Animator``).
    var sequence = 0

    private enum Curve {
        case linear
        case bezier(CubicBezier)
        case spring(SpringMotion)
    }

    init(view: ViewID, identity: Int, property: AnimatedProperty, from: AnimationEndpoint, to: AnimationEndpoint,
         timing: AnimationTiming, begin: Double, run: AnimationRun) {
        self.view = view
        self.identity = identity
        self.property = property
        fromEndpoint = from
        toEndpoint = to
        self.timing = timing
        self.begin = begin
        self.run = run
        if case .spring(let spring) = timing.curve {
            let motion = spring.motion
            curve = .spring(motion)
            active = motion.settlingTime
        } else if let (x1, y1, x2, y2) = timing.curve.bezierPoints {
            curve = .bezier(CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2))
            active = timing.duration
        } else {
            curve = .linear
            active = timing.duration
        }
    }

    var start: Double { begin + timing.delay }
    var end: Double { start + active }

    /// The progress (0 at the start, 1 at the end) `elapsed` seconds after the start.
    func progress(_ elapsed: Double) -> Double {
        switch curve {
        case .linear: return active > 0 ? min(max(elapsed / active, 0), 1) : 1
        case .bezier(let bezier): return active > 0 ? bezier.progress(elapsed / active) : 1
        case .spring(let motion): return 1 - motion.distance(at: elapsed)
        }
    }

    func value(at time: Double) -> AnimationValue {
        if time < start { return from }
        if time >= end { return to }
        return from.interpolated(to: to, progress(time - start))
    }
}

/// The completion bookkeeping of one animation (basic or group): it ends when its parts
/// have, `finished` only if they all finished.
final class AnimationRun {
    private let completion: ((Bool) -> Void)?
    private let parent: AnimationRun?
    private var remaining: Int
    private var finished = true

    init(completion: ((Bool) -> Void)?, parent: AnimationRun?, parts: Int) {
        self.completion = completion
        self.parent = parent
        remaining = parts
    }

    func partEnded(finished partFinished: Bool, _ completions: inout [() -> Void]) {
        guard remaining > 0 else { return }
        remaining -= 1
        finished = finished && partFinished
        if remaining == 0 { complete(&completions) }
    }

    func finishEmpty(_ completions: inout [() -> Void]) {
        if remaining == 0 { complete(&completions) }
    }

    private func complete(_ completions: inout [() -> Void]) {
        if let completion {
            let result = finished
            completions.append { completion(result) }
        }
        parent?.partEnded(finished: finished, &completions)
    }
}

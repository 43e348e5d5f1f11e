/// A list that builds, lays out and mounts only the items near its viewport (Litho's
/// incremental mount over ComponentKit's data source).
///
///     host scrolls ──► setViewport(offset, length)
///        │  range = viewport extended by `rangeScreens` screens each way
///        ├─ items leaving the range: parked (views hidden, kept for reuse), then released
///        ├─ visible items not built yet: built and mounted now (rare when scrolling)
///        └─ the rest of the range: built off the host thread ──► processPending() mounts them
///
/// Its items are a ``DataSource`` that builds on demand (``dataSource``): change them
/// through it (changesets, diffing, new models); every modification it applies is mounted
/// in one host commit. Items are stacked along the axis at their laid-out sizes; an item
/// not laid out yet counts as the estimate (the configured one, or the average of the
/// items laid out so far). When real sizes arrive above the viewport, the viewport's offset
/// moves with them so that the first visible item stays where it was on screen
/// (``Listener/didAdjustOffset``); the content length is reported as it changes.
///
/// The host receives one container view per mounted item (type `"list-item"`, attributes
/// `section` and `item`) at the item's frame in the content, holding the item's views; a
/// parked container has `hidden` = true. Use a list on one thread (the data source's host
/// thread): its calls, ``processPending(waitForAll:)`` and the data source's synchronous
/// modifications. A second thread calling ``setViewport(offset:length:)``,
/// ``setCrossSize(_:)``, ``processPending(waitForAll:)``, ``send(_:to:)`` or the data source's host-thread
/// operations while one is under way gets ``FrondError/Kind/misuse`` (the getters are not
/// checked: read them on the host thread).
public final class ListView<Model>: @unchecked Sendable {
    public enum Axis: Sendable {
        /// Items stacked top to bottom, each as wide as the list.
        case vertical
        /// Items side by side, left to right, each as tall as the list.
        case horizontal
    }

    public struct Configuration: @unchecked Sendable {
        public var axis: Axis
        /// The list's width (vertical) or height (horizontal): each item's size across.
        public var crossSize: Float
        /// An item's size along the axis until it is laid out (nil: the average of the
        /// items laid out so far, 44 before any is).
        public var estimatedItemSize: Float?
        /// How far beyond the viewport items are built and mounted, in viewport lengths
        /// each way (Litho's default: 2).
        public var rangeScreens: Float
        public var provider: (Model) throws(FrondError) -> Component?

        public init(axis: Axis = .vertical, crossSize: Float, estimatedItemSize: Float? = nil, rangeScreens: Float = 2,
                    provider: @escaping (Model) throws(FrondError) -> Component?) {
            self.axis = axis
            self.crossSize = crossSize
            self.estimatedItemSize = estimatedItemSize
            self.rangeScreens = rangeScreens
            self.provider = provider
        }

        func validate() throws(FrondError) {
            guard crossSize.isFinite, crossSize >= 0 else {
                throw FrondError(.invalidValue, "list: crossSize \(crossSize) is not a finite number ≥ 0")
            }
            if let estimate = estimatedItemSize, !(estimate.isFinite && estimate >= 0) {
                throw FrondError(.invalidValue, "list: estimatedItemSize \(estimate) is not a finite number ≥ 0")
            }
            guard rangeScreens.isFinite, rangeScreens >= 0 else {
                throw FrondError(.invalidValue, "list: rangeScreens \(rangeScreens) is not a finite number ≥ 0")
            }
        }

        var sizeRange: SizeRange {
            axis == .vertical ? .flexibleHeight(width: crossSize) : .flexibleWidth(height: crossSize)
        }
    }

    /// What the list tells its host besides the mutations (all on the host thread).
    public struct Listener {
        /// The content's length along the axis changed.
        public var didChangeContentLength: ((Float) -> Void)?
        /// The list moved its viewport's offset: sizes that arrived above the viewport, to
        /// keep the first visible item in place, or ``scroll(toItem:at:)``. Scroll the host
        /// to this offset (told after the same commit's new content length).
        public var didAdjustOffset: ((Float) -> Void)?
        /// An item entered the range (it is built and mounted) or left it (working-range
        /// callbacks: start and cancel work such as an image download). Every model that
        /// entered leaves once, with the model it entered with: when its item leaves the
        /// range, when a change removes the item (from the path where it was last placed),
        /// or when an update gives the item a new model (it leaves with the old one, then
        /// enters with the new one). A list that goes away calls neither.
        public var didEnterRange: ((ItemPath, Model) -> Void)?
        public var didLeaveRange: ((ItemPath, Model) -> Void)?

        public init(didChangeContentLength: ((Float) -> Void)? = nil, didAdjustOffset: ((Float) -> Void)? = nil,
                    didEnterRange: ((ItemPath, Model) -> Void)? = nil, didLeaveRange: ((ItemPath, Model) -> Void)? = nil) {
            self.didChangeContentLength = didChangeContentLength
            self.didAdjustOffset = didAdjustOffset
            self.didEnterRange = didEnterRange
            self.didLeaveRange = didLeaveRange
        }
    }

    public let dataSource: DataSource<Model>
    public var listener = Listener()
    /// Receives the actions no responder of an item handled, with the item's path (its
    /// root's ``Root/unhandledActionHandler``), on the host thread.
    public var unhandledActionHandler: ((ActionEvent, ItemPath) throws(FrondError) -> Void)?
    public private(set) var configuration: Configuration
    /// Receives the mutations (see the type's documentation). Set it before the first
    /// viewport: a host set after views were mounted is not sent them (see ``Root/host``).
    public var host: (any Host)? {
        get { mounter.host }
        set { mounter.host = newValue }
    }

    let mounter = ListMounter()
    private var positions = ListPositions(count: 0)
    /// The flat index of each section's first item (and the item count at the end).
    private var sectionStarts: [Int] = [0]
    private var offset: Double = 0
    private var length: Double = 0
    private var contentLength: Double = 0
    /// The mounted items, by their root.
    private var mounts: [ObjectIdentifier: ListItemMount] = [:]
    /// The state the positions were made for.
    private var positionsVersion: UInt64 = 0
    /// Parked items whose roots the next load releases.
    private var awaitingRelease: [ObjectIdentifier: DataSourceItemRoot] = [:]
    /// Each placed item's model as of its last placing, by its mount's key: an item a change
    /// removes leaves the range with it (the data source no longer has it; holding it keeps
    /// the model until the item has left).
    private var placedModels: [ObjectIdentifier: Model] = [:]
    /// Items a change removed while their components' final-unmount animations run: their
    /// containers stay where they were, untappable, until the animations end (their roots
    /// are held here: the data source let go of them).
    private var leaving: [(itemRoot: DataSourceItemRoot, mount: ListItemMount)] = []
    /// The items the last change that moved paths inserted, until they are built: they start
    /// their initial-mount animations then (items that only come near the viewport appear at
    /// rest, as a scrolled-to row does not fade in). Valid for `appearingVersion`'s paths.
    private var appearing: Set<ItemPath> = []
    private var appearingVersion: UInt64 = 0

    public init(configuration: Configuration, host: (any Host)? = nil,
                textMeasurer: any TextMeasurer = MonospaceTextMeasurer(),
                executor: DataSource<Model>.Executor? = nil) throws(FrondError) {
        try configuration.validate()
        self.configuration = configuration
        dataSource = try DataSource(configuration: DataSourceConfiguration(sizeRange: configuration.sizeRange,
                                                                           provider: configuration.provider),
                                    textMeasurer: textMeasurer, executor: executor, buildsOnDemand: true)
        mounter.host = host
        dataSource.commitObserver = self
    }

    // MARK: The viewport

    /// The viewport: the visible part of the content, from `offset` along the axis for
    /// `length`. Parks the items that left the range, builds and mounts the visible items
    /// that are not (at once, and then those that items smaller than the estimate leave
    /// room for in the viewport), and queues the rest of the range for building off the host
    /// thread (``processPending(waitForAll:)`` mounts them). Negative, NaN or infinite
    /// values are ``FrondError/Kind/invalidValue`` and change nothing.
    public func setViewport(offset: Float, length: Float) throws(FrondError) {
        guard offset.isFinite, offset >= 0, length.isFinite, length >= 0 else {
            throw FrondError(.invalidValue, "list viewport: offset \(offset) and length \(length) must be finite numbers ≥ 0")
        }
        try hostCall("set the list's viewport") { () throws(FrondError) in
            try scroll(to: Double(offset), length: Double(length))
        }
    }

    private func scroll(to offset: Double, length: Double) throws(FrondError) {
        self.offset = offset
        self.length = length
        try mounter.inCommit { () throws(FrondError) in
            // Built, items smaller than estimated leave room for more, which are built too.
            // (And a synchronous load applies what is pending first: a changeset that moves
            // the items drops the request, made for the paths before; it is then made again
            // for the paths after, when nothing is pending any more.) Two rounds in a row
            // that mount none of the items they ask for stop (the second is not a dropped
            // request: those items show nothing); the bound keeps a far-off estimate from
            // holding the host thread for long (processPending builds the rest).
            parkOutsideRange()
            var fruitless = 0
            for _ in 0..<64 {
                let visible = range(extension: 0)
                let missing = unmountedItems(in: visible)
                if missing.isEmpty || fruitless == 2 { break }
                let paths = dataSource.state.pathsVersion
                let build = missing.map(path(ofFlat:))
                let request = DataSourceLoadRequest(build: build, release: parkedPaths(in: visible),
                                                    appearing: appearingPaths(among: build))
                try dataSource.load({ state in state.pathsVersion == paths ? request : DataSourceLoadRequest() },
                                    mode: .synchronous)
                let stillMissing = Set(unmountedItems(in: visible))
                let mountedAny = missing.contains { !stillMissing.contains($0) }
                fruitless = mountedAny ? 0 : fruitless + 1
            }
            // (The sizes the rounds brought may have moved items built in an earlier round
            // out of the range.)
            parkOutsideRange()
        }
        try queueRangeLoad()
    }

    /// Lays the list out at a new cross size (its width, or its height when horizontal), as
    /// when a window is resized: the built items are built and laid out again at once at
    /// that size, the others count as the estimate until they are built, the viewport is
    /// filled again, and the first visible item stays where it was on screen (the offset
    /// moves with ``Listener/didAdjustOffset`` when the sizes above it changed). One host
    /// commit. A NaN, infinite or negative size is ``FrondError/Kind/invalidValue`` and
    /// changes nothing.
    public func setCrossSize(_ size: Float) throws(FrondError) {
        var resized = configuration
        resized.crossSize = size
        try resized.validate()
        try hostCall("resize the list") { () throws(FrondError) in
            guard size != configuration.crossSize else { return }
            let previous = configuration
            configuration = resized
            do throws(FrondError) {
                try mounter.inCommit { () throws(FrondError) in
                    try dataSource.updateForList(configuration: DataSourceConfiguration(
                        sizeRange: resized.sizeRange, provider: resized.provider))
                    try scroll(to: offset, length: length)
                }
            } catch {
                // (Nothing of it applied when the rebuild itself failed: the items keep the old size.)
                if dataSource.state.configuration.sizeRange != resized.sizeRange { configuration = previous }
                throw error
            }
        }
    }

    /// Where ``scroll(toItem:at:)`` puts an item in the viewport.
    public enum ScrollPosition: Sendable {
        /// The item's start at the viewport's start.
        case start
        /// The item's centre at the viewport's centre.
        case center
        /// The item's end at the viewport's end.
        case end
    }

    /// Scrolls to the item at `path` (after what is pending applies): the viewport moves (as
    /// ``setViewport(offset:length:)``, keeping its length) to the offset that puts the item at
    /// `position`, within the content, what comes into view is built, and the host is told to
    /// scroll there (``Listener/didAdjustOffset``). The offset is worked out again once the
    /// items that came into view have their real sizes, so that an item whose size was an
    /// estimate ends where it was asked to be: a commit for the first move, and one for each
    /// correction (at most three more; usually none or one). A path the list lacks is
    /// ``FrondError/Kind/invalidValue`` and changes nothing.
    public func scroll(toItem path: ItemPath, at position: ScrollPosition = .start) throws(FrondError) {
        try hostCall("scroll the list to an item") { () throws(FrondError) in
            try dataSource.applyBuildUnderWay()
            guard flatIndex(of: path) != nil else {
                throw FrondError(.invalidValue, "scroll to item \(path): the list has no such item")
            }
            // A commit per round, each telling the host the offset it shows: the first puts
            // the item where the estimates say, and the real sizes it brings (of the item,
            // and of those above it in view) may ask for a smaller correction. (Not one
            // commit: a container shown in a round would be moved in the next, and a host
            // drawing each mutation would show it in the wrong place first.)
            for _ in 0..<4 {
                guard let flat = flatIndex(of: path) else { break }
                let target = offset(showing: flat, at: position)
                if abs(target - offset) < 0.5 && unmountedItems(in: range(extension: 0)).isEmpty { break }
                let before = offset
                try scroll(to: target, length: length)
                if offset != before { listener.didAdjustOffset?(Float(offset)) }
            }
        }
    }

    /// The viewport's offset that puts the item at flat index `flat` at `position`, within
    /// the content (positions as they are now: estimates where sizes are not known).
    private func offset(showing flat: Int, at position: ScrollPosition) -> Double {
        let start = positions.start(of: flat, estimate: estimate)
        let size = positions.size(at: flat).map(Double.init) ?? estimate
        let target = switch position {
        case .start: start
        case .center: start + size / 2 - length / 2
        case .end: start + size - length
        }
        return min(max(target, 0), max(0, positions.length(estimate: estimate) - length))
    }

    /// The viewport's offset (moved by ``Listener/didAdjustOffset``) and length.
    public var viewport: (offset: Float, length: Float) { (Float(offset), Float(length)) }

    /// The content's length along the axis (estimates included).
    public var contentSize: Float { Float(contentLength) }

    /// Applies what the data source built (and, with `waitForAll`, builds and applies
    /// what is pending until the range is built: the sizes a build brings may show items it
    /// did not ask for), mounting it. Returns how many modifications were applied, the
    /// list's own builds of the items nearing the viewport included.
    @discardableResult
    public func processPending(waitForAll: Bool = false) throws(FrondError) -> Int {
        try hostCall("process the list") { () throws(FrondError) in
            var applied = try dataSource.processPending(waitForAll: waitForAll)
            try queueRangeLoad()
            // (Each round builds what the range lacks with the sizes known so far; a few
            // rounds settle it. The bound keeps far-off estimates from holding the thread.)
            var rounds = 1
            while waitForAll, dataSource.hasPending, rounds < Self.settlingRounds {
                applied += try dataSource.processPending(waitForAll: true)
                try queueRangeLoad()
                rounds += 1
            }
            return applied
        }
    }

    /// How many rounds of building ``processPending(waitForAll:)`` makes at most.
    static var settlingRounds: Int { 32 }

    /// Sends a host event on one of the list's views to the item root that shows it (its
    /// responder chain); a view of no mounted item is ``FrondError/Kind/invalidValue``.
    public func send(_ event: HostEvent, to view: ViewID) throws(FrondError) -> ActionOutcome {
        try hostCall("send an event to the list") { () throws(FrondError) in
            try dataSource.applyBuildUnderWay()
            guard let (mount, local) = mounter.owner(of: view), let itemRoot = mount.itemRoot else {
                throw FrondError(.invalidValue, "\(view) is not a view of a mounted list item")
            }
            // (An item on its way out takes no input: its actions would reach nothing.)
            if leaving.contains(where: { $0.mount === mount }) { return .noAction }
            return try itemRoot.root.send(event, to: local)
        }
    }

    /// A tap at (`x`, `y`) in the list's content coordinates (where the host placed the
    /// items' containers): the mounted item whose frame holds the point (left and top edges
    /// included) hit-tests its views as ``Root/tap(atX:y:)`` does, relative to its frame, and
    /// sends the `onTap` action of the deepest view with one. Returns the outcome and that
    /// view in the host's numbers (``ActionOutcome/noAction`` and nil when no item or no
    /// such view is under the point). A build under way is applied first, and state updates
    /// start their builds when the call returns, as for ``send(_:to:)``. A coordinate that
    /// is not finite is ``FrondError/Kind/invalidValue``.
    @discardableResult
    public func tap(atX x: Float, y: Float) throws(FrondError) -> (outcome: ActionOutcome, view: ViewID?) {
        guard x.isFinite && y.isFinite else {
            throw FrondError(.invalidValue, "list tap(atX: \(x), y: \(y)): the point is not finite")
        }
        return try hostCall("tap the list") { () throws(FrondError) -> (outcome: ActionOutcome, view: ViewID?) in
            try dataSource.applyBuildUnderWay()
            for mount in mounts.values {
                guard let container = mount.container, let itemRoot = mount.itemRoot,
                      let frame = mounter.frame(of: container),
                      x >= frame.left, x < frame.left + frame.width, y >= frame.top, y < frame.top + frame.height
                else { continue }
                let (outcome, local) = try itemRoot.root.tap(atX: x - frame.left, y: y - frame.top)
                return (outcome, local.flatMap { mount.hostView(of: $0) })
            }
            return (.noAction, nil)
        }
    }

    /// Runs `body` as one of the host thread's calls of the list (its data source's
    /// ``DataSource/hostCall(_:_:)``): another thread calling the list or its data source
    /// at the same time is ``FrondError/Kind/misuse``.
    package func hostCall<T>(_ what: String, _ body: () throws(FrondError) -> T) throws(FrondError) -> T {
        try dataSource.hostCall(what, body)
    }

    // MARK: Animations

    /// The time of the last ``tick(time:)`` (0 before the first): the animations that the
    /// items' commits start from now on begin at it.
    public private(set) var animationTime: Double = 0

    /// Whether a mounted item animates, or a removed one plays its final-unmount animations
    /// (keep ticking while true).
    public var hasRunningAnimations: Bool {
        !leaving.isEmpty || mounts.values.contains { $0.itemRoot?.root.hasRunningAnimations ?? false }
    }

    /// Advances the animations of the mounted items to `time` (seconds on a monotonic clock
    /// the host chooses, as for ``Root/tick(time:)``) and sends the host the changed values
    /// in one commit (none when nothing changed); then calls the completions of the
    /// animations that ended. Returns the number of mutations sent. Items start their
    /// animations at the list's last tick: tick the list to the current time before
    /// processing (``processPending(waitForAll:)``), scrolling or changing items, as a host
    /// ticks a root before it flushes. A time that is not finite or earlier than
    /// ``animationTime`` is `.invalidValue`. (An item whose build is being applied is ticked
    /// by the next tick.)
    @discardableResult
    public func tick(time: Double) throws(FrondError) -> Int {
        guard time.isFinite else { throw FrondError(.invalidValue, "list tick(time: \(time)): the time is not finite") }
        guard time >= animationTime else {
            throw FrondError(.invalidValue, "list tick(time: \(time)): the clock cannot go back (the last tick was at \(animationTime))")
        }
        return try hostCall("tick the list's animations") { () throws(FrondError) -> Int in
            animationTime = time
            // (Every mounted item's clock moves, so that what it starts later begins now;
            // one host commit holds the frame's changes of all the items that animate.)
            // (A root a builder's thread is building is left for the next tick: checking
            // `isIdle` here and ticking later raced with the builder, and failed the tick.)
            let roots = mounts.values.compactMap { $0.itemRoot?.root }.filter { $0.isIdle && $0.animationTime < time }
            let animating = !leaving.isEmpty || roots.contains { $0.hasRunningAnimations }
            func tickAll() throws(FrondError) -> Int {
                var count = 0
                for root in roots { count += try root.tickIfIdle(time: time) ?? 0 }
                count += try tickLeaving(time: time)
                return count
            }
            return animating ? try mounter.inCommit(tickAll) : try tickAll()
        }
    }

    /// How many items are mounted, and how many views the host has for the list (parked
    /// ones included).
    public var mountedItemCount: Int { mounts.values.filter { $0.container != nil }.count }
    public var hostViewCount: Int { mounter.viewCount }
    public var parkedItemCount: Int { mounter.parkedCount }
    public var mountStatistics: ListMountStatistics { mounter.statistics }

    /// Where an item is in the content (estimates included), nil for a path the list lacks.
    public func frame(of path: ItemPath) -> LayoutFrame? {
        guard let flat = flatIndex(of: path) else { return nil }
        return frame(ofFlat: flat, size: positions.size(at: flat) ?? Float(estimate))
    }

    // MARK: Ranges and positions

    private var estimate: Double {
        if let estimate = configuration.estimatedItemSize { return Double(estimate) }
        return positions.averageKnownSize ?? 44
    }

    /// The flat indexes of the items that intersect the viewport extended by `screens`
    /// viewport lengths each way.
    private func range(extension screens: Double) -> Range<Int> {
        let count = positions.count
        guard count > 0 else { return 0..<0 }
        let low = max(0, offset - screens * length)
        let high = offset + length + screens * length
        let first = positions.index(at: low, estimate: estimate)
        // (The item under `high` is included when it starts before it.)
        var end = positions.index(at: high, estimate: estimate)
        if end < count, positions.start(of: end, estimate: estimate) < high { end += 1 }
        return min(first, count)..<max(min(end, count), min(first, count))
    }

    private func path(ofFlat flat: Int) -> ItemPath {
        // The last section starting at or before `flat` (sections are few; a binary search).
        var low = 0
        var high = sectionStarts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if sectionStarts[middle] <= flat { low = middle } else { high = middle - 1 }
        }
        return ItemPath(section: low, item: flat - sectionStarts[low])
    }

    private func flatIndex(of path: ItemPath) -> Int? {
        guard path.section >= 0, path.section + 1 < sectionStarts.count, path.item >= 0,
              path.item < sectionStarts[path.section + 1] - sectionStarts[path.section] else { return nil }
        return sectionStarts[path.section] + path.item
    }

    private func frame(ofFlat flat: Int, size: Float) -> LayoutFrame {
        let start = Float(positions.start(of: flat, estimate: estimate))
        switch configuration.axis {
        case .vertical: return LayoutFrame(left: 0, top: start, width: configuration.crossSize, height: size)
        case .horizontal: return LayoutFrame(left: start, top: 0, width: size, height: configuration.crossSize)
        }
    }

    /// The items of `range` that are not mounted.
    private func unmountedItems(in range: Range<Int>) -> [Int] {
        let state = dataSource.state
        var missing: [Int] = []
        for flat in range {
            let path = path(ofFlat: flat)
            guard let item = state[path] else { continue }
            if let root = item.root, mounts[ObjectIdentifier(root)] != nil { continue }
            missing.append(flat)
        }
        return missing
    }

    /// The built items of `range` whose views were parked (they are built afresh).
    private func parkedPaths(in range: Range<Int>) -> [ItemPath] {
        let state = dataSource.state
        return awaitingRelease.values.compactMap { root in
            guard let path = state.path(of: root), let flat = flatIndex(of: path), range.contains(flat) else { return nil }
            return path
        }
    }

    /// Parks every mounted item outside the range (its root is released by the next load).
    private func parkOutsideRange() {
        let range = range(extension: Double(configuration.rangeScreens))
        let state = dataSource.state
        for (key, mount) in mounts {
            guard let path = mount.itemRoot.flatMap(state.path(of:)), let flat = flatIndex(of: path), !range.contains(flat) else {
                continue
            }
            park(key, mount, leaving: (path, state[path]?.model))
        }
    }

    /// Starts an item that a change removed on its way out when its components have
    /// final-unmount animations: its root shows nothing from now on, its views that
    /// animate stay (the others go in this commit), and its container stays where it was
    /// until the animations end (``tickLeaving(time:)``). False: it has none to play (or its
    /// animations were refused), and it is parked as it is.
    private func startLeaving(_ key: ObjectIdentifier, _ mount: ListItemMount) -> Bool {
        guard let itemRoot = mount.itemRoot, mount.container != nil, itemRoot.root.hasAnimatingComponents,
              itemRoot.root.isIdle else { return false }
        let root = itemRoot.root
        root.advanceAnimationClock(to: animationTime)
        do {
            try root.flushShowingNothing()
        } catch {
            // (Nothing was mounted: the item's views are as they were, and it is parked. So is
            // an item whose root a builder's thread was preparing just then.)
            return false
        }
        mounts[key] = nil
        if let placed = placedModels.removeValue(forKey: key), let path = mount.placedPath {
            listener.didLeaveRange?(path, placed)
        }
        if root.hasRunningAnimations {
            mounter.markLeaving(mount)
            leaving.append((itemRoot, mount))
        } else {
            mounter.discard(mount)  // (its views went with the flush: no view of it is left to reuse)
        }
        return true
    }

    /// Ticks the items on their way out; those whose animations ended leave the host.
    private func tickLeaving(time: Double) throws(FrondError) -> Int {
        guard !leaving.isEmpty else { return 0 }
        var count = 0
        var firstError: FrondError?
        for (itemRoot, _) in leaving where itemRoot.root.isIdle && itemRoot.root.animationTime < time {
            do {
                count += try itemRoot.root.tick(time: time)
            } catch {
                firstError = firstError ?? error
            }
        }
        leaving.removeAll { itemRoot, mount in
            guard !itemRoot.root.hasRunningAnimations else { return false }
            mounter.discard(mount)
            itemRoot.root.host = nil
            return true
        }
        if let firstError { throw firstError }
        return count
    }

    /// Parks a mounted item; `item`: its path and model now, nil when a change removed it
    /// (it then leaves the range from the path where it was last placed, with its model).
    private func park(_ key: ObjectIdentifier, _ mount: ListItemMount, leaving item: (ItemPath, Model?)?) {
        mounts[key] = nil
        let placed = placedModels.removeValue(forKey: key)
        if let itemRoot = mount.itemRoot {
            awaitingRelease[key] = itemRoot
            itemRoot.root.host = nil
        }
        mounter.park(mount)
        if let (path, model) = item, let model {
            listener.didLeaveRange?(path, model)
        } else if item == nil, let placed, let path = mount.placedPath {
            listener.didLeaveRange?(path, placed)
        }
    }

    /// The paths among `build` of items a change inserted that were not built since.
    private func appearingPaths(among build: [ItemPath]) -> [ItemPath] {
        guard !appearing.isEmpty, appearingVersion == dataSource.state.pathsVersion else { return [] }
        return build.filter { appearing.contains($0) }
    }

    /// Queues (asynchronously) building the unbuilt items of the range and releasing the
    /// built ones outside it, when there is something to do and the data source's state is
    /// the one the positions describe.
    private func queueRangeLoad() throws(FrondError) {
        let state = dataSource.state
        guard state.version == positionsVersion else { return }
        let range = range(extension: Double(configuration.rangeScreens))
        var build: [ItemPath] = []
        for flat in range {
            let path = path(ofFlat: flat)
            if state.contains(path), state.root(at: path) == nil { build.append(path) }
        }
        // Parked items are released (those in the range are built afresh).
        var release: [ItemPath] = []
        for (key, root) in awaitingRelease {
            if let path = state.path(of: root) {
                release.append(path)
                if let flat = flatIndex(of: path), range.contains(flat) { build.append(path) }
            } else {
                awaitingRelease[key] = nil
            }
        }
        guard !build.isEmpty || !release.isEmpty else { return }
        // (The request holds while the paths do. It once asked for the state's version
        // instead, which every applied load changes: a load queued while an earlier one was
        // under way found the version moved on, was dropped, and was applied as an empty
        // load that moved it on again for the next, for as long as the list was processed.)
        let paths = state.pathsVersion
        let request = DataSourceLoadRequest(build: build, release: release, appearing: appearingPaths(among: build))
        try dataSource.load({ state in state.pathsVersion == paths ? request : DataSourceLoadRequest() },
                            mode: .asynchronous)
    }

    // MARK: Mounting what the data source applied

    func willCommit() {
        mounter.begin()
    }

    var animationClock: Double { animationTime }

    func willMount(_ itemRoot: DataSourceItemRoot) {
        let mount = ListItemMount(mounter: mounter, itemRoot: itemRoot)
        mounts[ObjectIdentifier(itemRoot)] = mount
        itemRoot.root.host = mount
        // (Weak, not unowned: a scope of the item may send an action from another thread
        // while the list releases the item, and the root outlives its item then.)
        itemRoot.root.unhandledActionHandler = { [weak self, weak itemRoot] event throws(FrondError) in
            guard let self, let itemRoot, let handler = unhandledActionHandler,
                  let path = dataSource.state.path(of: itemRoot) else { return }
            try handler(event, path)
        }
    }

    func didCommit(changes: DataSourceAppliedChanges) {
        defer { mounter.end() }
        let state = dataSource.state
        // Items this change inserted appear with their initial-mount animations when they are
        // built (now, or as they come near the viewport); those inserted before, once built
        // or moved by a later change, no longer do. (Items loaded into an empty list appear
        // at rest: that is the list's first content, not an insertion a person sees.)
        if appearingVersion != state.pathsVersion {
            let wasEmpty = (sectionStarts.last ?? 0) == 0
            appearing = wasEmpty ? [] : Set(changes.changes.insertedItems)
            appearingVersion = state.pathsVersion
        }
        if !appearing.isEmpty { appearing = appearing.filter { state.contains($0) && state.root(at: $0) == nil } }
        // The anchor: the first mounted item at or below the viewport's top, and where it was.
        let anchor = anchorItem(state: state)
        let structural = positionsVersion == 0 || !changes.changes.isEmpty
            && !(changes.changes.removedItems.isEmpty && changes.changes.insertedItems.isEmpty
                 && changes.changes.movedItems.isEmpty && changes.changes.removedSections.isEmpty
                 && changes.changes.insertedSections.isEmpty
                 && changes.changes.updatedItems.allSatisfy { state[$0]?.root != nil })
        if structural {
            rebuildPositions(state)
        }
        // Gone items are parked; the sizes of the mounted ones are read.
        for (key, mount) in mounts {
            guard let path = mount.itemRoot.flatMap(state.path(of:)), let flat = flatIndex(of: path), let item = state[path] else {
                if !startLeaving(key, mount) { park(key, mount, leaving: nil) }
                continue
            }
            positions.setSize(mainSize(of: item), at: flat)
        }
        positionsVersion = state.version
        var offsetMoved = false
        if let (item, oldStart) = anchor, let flat = anchorIndex(item, state: state, structural: structural) {
            let newStart = positions.start(of: flat, estimate: estimate)
            if newStart != oldStart {
                offset = max(0, offset + newStart - oldStart)
                offsetMoved = true
                // (Items on their way out move with the content around the viewport.)
                for (_, mount) in leaving {
                    mounter.shift(mount, by: Float(newStart - oldStart), vertically: configuration.axis == .vertical)
                }
            }
        }
        // Containers at their items' places; items new to the range announced. An item given
        // a new model leaves with the model it entered with (still held here, so a C model
        // is alive for the call) and enters again with the new one.
        let renewed: Set<ItemPath> = changes.replacesModels ? Set(changes.updatedDestinations.map(\.to)) : []
        for (key, mount) in mounts {
            guard let container = mount.container, let path = mount.itemRoot.flatMap(state.path(of:)),
                  let flat = flatIndex(of: path), let item = state[path] else { continue }
            let placedAt = mount.placedPath
            mount.placedPath = path
            mounter.place(container, path: path, frame: frame(ofFlat: flat, size: mainSize(of: item) ?? 0))
            if let placedAt, renewed.contains(path), let entered = placedModels[key] {
                listener.didLeaveRange?(placedAt, entered)
                placedModels[key] = item.model
                listener.didEnterRange?(path, item.model)
                continue
            }
            placedModels[key] = item.model
            if placedAt == nil { listener.didEnterRange?(path, item.model) }
        }
        let length = positions.length(estimate: estimate)
        if length != contentLength {
            contentLength = length
            listener.didChangeContentLength?(Float(length))
        }
        // (After the new length: a host scrolling there must have room to.)
        if offsetMoved { listener.didAdjustOffset?(Float(offset)) }
        // Items a changeset brought into the range are built off the host thread too.
        // (Queued, never applied here: an asynchronous load may be queued from anywhere.)
        if !changes.changes.isEmpty { try? queueRangeLoad() }
    }

    private func mainSize(of item: DataSourceItem<Model>) -> Float? {
        guard item.isLaidOut else { return nil }
        return configuration.axis == .vertical ? item.size.height : item.size.width
    }

    /// The item a commit keeps in place on screen: a mounted item, or (when none is in the
    /// viewport) the item at the viewport's top by the positions, built or not.
    private enum Anchor {
        case mounted(ListItemMount)
        case position(Int)
    }

    /// The first mounted item that starts at or after the viewport's top (or covers it)
    /// and is in the viewport, with where it starts now. When no mounted item is in the
    /// viewport (a jump far into the list, where nothing is built yet), the item at the
    /// viewport's top, which the viewport is about to show: the items built for it change
    /// the average size that the items above count as, and without an anchor the viewport
    /// would stay where the old average put it, showing other items or none. (Not a
    /// mounted item further down: that would move the viewport off the items it is about
    /// to show.)
    private func anchorItem(state: DataSourceState<Model>) -> (Anchor, Double)? {
        guard positionsVersion != 0 else { return nil }
        var best: (ListItemMount, Int)? = nil
        // (An item showing less than a point at the top is not the one a person sees: a host
        // whose scroll offset is rounded leaves a sliver of the item above the one it shows.)
        let top = positions.index(at: offset + min(1, length), estimate: estimate)
        let bottom = positions.index(at: offset + length, estimate: estimate)
        for mount in mounts.values {
            guard mount.container != nil, let path = mount.placedPath, let flat = flatIndex(of: path), flat >= top,
                  flat <= bottom else {
                continue
            }
            if let (_, bestFlat) = best, bestFlat <= flat { continue }
            best = (mount, flat)
        }
        guard let (mount, flat) = best else {
            guard top < positions.count else { return nil }
            return (.position(top), positions.start(of: top, estimate: estimate))
        }
        return (.mounted(mount), positions.start(of: flat, estimate: estimate))
    }

    /// Where `anchor` is after the commit (a position counts only when the commit moved no
    /// item: the same index is then the same item).
    private func anchorIndex(_ anchor: Anchor, state: DataSourceState<Model>, structural: Bool) -> Int? {
        switch anchor {
        case .mounted(let mount): return mount.itemRoot.flatMap(state.path(of:)).flatMap(flatIndex(of:))
        case .position(let flat): return structural || flat >= positions.count ? nil : flat
        }
    }

    private func rebuildPositions(_ state: DataSourceState<Model>) {
        var starts = [0]
        starts.reserveCapacity(state.sections.count + 1)
        for items in state.sections { starts.append((starts.last ?? 0) + items.count) }
        sectionStarts = starts
        let vertical = configuration.axis == .vertical
        var known: [(index: Int, size: Float)] = []
        for (section, items) in state.sections.enumerated() {
            let start = starts[section]
            items.sizes.forEachStored { index, size in
                if !size.width.isNaN { known.append((start + index, vertical ? size.height : size.width)) }
            }
        }
        positions = ListPositions(count: starts.last ?? 0, known: known)
    }
}

extension ListView: DataSourceCommitObserver {}

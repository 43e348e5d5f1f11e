import Dispatch
import Frond
import FrondTestSupport
import Synchronization
import Testing

/// A feed row: its text wraps, so rows differ in height.
private struct Post: Sendable {
    var id: Int
    var text: String
}

private func posts(_ count: Int, from start: Int = 0) -> [Post] {
    (start..<(start + count)).map { Post(id: $0, text: "post \($0) " + String(repeating: "word ", count: $0 % 7 * 4)) }
}

private func makeList(host: RecordingHost, estimate: Float? = 30, range: Float = 2,
                      axis: ListView<Post>.Axis = .vertical) throws -> ListView<Post> {
    try ListView(configuration: .init(axis: axis, crossSize: 120, estimatedItemSize: estimate, rangeScreens: range) { post in
        Flexbox { Text(post.text, style: TextStyle(fontSize: 10)) }
    }, host: host)
}

/// The containers the host shows (not hidden), by item index, with their frames.
private func shownItems(_ host: RecordingHost) -> [Int: LayoutFrame] {
    var shown: [Int: LayoutFrame] = [:]
    for id in host.rootChildren {
        guard let view = host.views[id], view.attributes["hidden"] == nil,
              case .number(let item)? = view.attributes["item"] else { continue }
        shown[Int(item)] = view.frame
    }
    return shown
}

@Suite struct ListViewTests {
    @Test func test_onlyTheItemsNearTheViewportAreBuiltAndMounted() throws {
        let host = RecordingHost()
        let list = try makeList(host: host)
        try list.dataSource.setSections([posts(10_000)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 200)
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        let state = list.dataSource.state
        let built = state.sections[0].indices.filter { state.sections[0][$0].isBuilt }
        // The viewport (200) and two screens below it (400 more): a few dozen rows, not 10,000.
        #expect(built.count > 10 && built.count < 80, "\(built.count) built")
        #expect(built == Array(0..<built.count), "a run from the top")
        let shown = shownItems(host)
        #expect(shown.count == built.count)
        // Stacked in order, each at its laid-out height, as wide as the list.
        var top: Float = 0
        for index in 0..<built.count {
            let frame = try #require(shown[index])
            #expect(frame.top == top && frame.width == 120)
            #expect(frame.height == state.sections[0][index].size.height)
            top += frame.height
        }
        #expect(list.contentSize > top)
    }

    @Test func test_scrollingParksAndReusesViews() throws {
        let host = RecordingHost()
        let list = try makeList(host: host, range: 1)
        try list.dataSource.setSections([posts(2_000)], mode: .synchronous)
        var maximumViews = 0
        for step in 0..<60 {
            try list.setViewport(offset: Float(step) * 150, length: 150)
            try list.processPending(waitForAll: true)
            #expect(host.problems == [], "step \(step)")
            maximumViews = max(maximumViews, host.views.count)
            // Every item that intersects the viewport is shown at its place.
            let shown = shownItems(host)
            let viewport = (Float(step) * 150, Float(step) * 150 + 150)
            let visible = shown.filter { $0.value.top < viewport.1 && $0.value.top + $0.value.height > viewport.0 }
            #expect(!visible.isEmpty)
            if let first = visible.keys.min(), let last = visible.keys.max() {
                #expect(visible.count == last - first + 1, "no gap in the visible items at step \(step)")
            }
        }
        let statistics = list.mountStatistics
        #expect(statistics.reused > statistics.created, "\(statistics)")
        #expect(maximumViews < 400, "views are reused, not piled up: \(maximumViews)")
        let built = list.dataSource.state.sections[0].filter(\.isBuilt).count
        #expect(built < 60, "items outside the range are released: \(built) built")
    }

    @Test func test_realSizesAboveTheViewportDoNotMoveTheVisibleItems() throws {
        let host = RecordingHost()
        let offsets = Mutex<[Float]>([])
        // An estimate far from the real heights: the items above the viewport grow when laid out.
        let list = try makeList(host: host, estimate: 5)
        list.listener.didAdjustOffset = { offset in offsets.withLock { $0.append(offset) } }
        try list.dataSource.setSections([posts(5_000)], mode: .synchronous)
        try list.setViewport(offset: 5_000, length: 200)
        let firstShown = try #require(shownItems(host).min { $0.key < $1.key })
        let before = firstShown.value.top - list.viewport.offset
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        let after = try #require(shownItems(host)[firstShown.key])
        #expect(!offsets.withLock { $0 }.isEmpty)
        #expect(abs((after.top - list.viewport.offset) - before) < 0.01,
                "the first visible item stays in place on screen")
    }

    /// With the average as the estimate, a jump far into a list lands where nothing is
    /// built: the items built there change the average, and so where every item above
    /// starts. The item at the viewport's top when it jumped stays there on screen, the
    /// viewport is never past the content, it shows items, and no item built on the way
    /// stays mounted outside the range.
    @Test func test_aJumpFarIntoTheListWithTheAverageEstimateKeepsTheItemItJumpedTo() throws {
        for (count, fraction) in [(10_000, 0.5), (10_000, 0.999), (200_000, 0.7)] {
            let host = RecordingHost()
            let list = try makeList(host: host, estimate: nil, range: 1)
            try list.dataSource.setSections([posts(count)], mode: .synchronous)
            let offset = Float(Double(list.contentSize) * fraction)
            let length: Float = 300
            // The item at the top, by the estimate of 44 points that nothing built yet gives.
            let item = Int(offset / 44)
            let before = try #require(list.frame(of: ItemPath(section: 0, item: item))).top - offset
            try list.setViewport(offset: offset, length: length)
            try list.processPending(waitForAll: true)
            #expect(host.problems == [])
            let viewport = list.viewport
            let after = try #require(list.frame(of: ItemPath(section: 0, item: item))).top - viewport.offset
            #expect(abs(after - before) < 1, "item \(item) of \(count) moved on screen from \(before) to \(after)")
            #expect(viewport.offset <= list.contentSize)
            let shown = shownItems(host)
            #expect(shown[item] != nil, "item \(item) is shown")
            let far = shown.filter { abs($0.value.top - viewport.offset) > 3 * length }
            #expect(far.isEmpty, "\(far.count) items shown more than three screens away")
        }
    }

    /// A window resized: the built items are laid out again at the new width in one commit,
    /// the first visible item stays in place on screen, the viewport is filled without gaps,
    /// and the items' own views take the new width.
    /// Scrolling to an item far into a list of estimated sizes: it ends at its start, centre
    /// or end of the viewport by its real size, shown, and the host is told the offset.
    @Test func test_scrollingToAnItemPutsItWhereAsked() throws {
        let host = RecordingHost()
        let told = Mutex<[Float]>([])
        let list = try makeList(host: host, estimate: 12)
        list.listener.didAdjustOffset = { offset in told.withLock { $0.append(offset) } }
        try list.dataSource.setSections([posts(5_000)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 200)
        for (item, position) in [(3_000, ListView<Post>.ScrollPosition.start), (1_234, .center), (4_321, .end),
                                 (20, .start)] {
            try list.scroll(toItem: ItemPath(section: 0, item: item), at: position)
            #expect(host.problems == [])
            let frame = try #require(shownItems(host)[item], "item \(item) is shown")
            let offset = list.viewport.offset
            switch position {
            case .start: #expect(frame.top == offset)
            case .center: #expect(abs(frame.top + frame.height / 2 - (offset + 100)) < 0.5)
            case .end: #expect(abs(frame.top + frame.height - (offset + 200)) < 0.5)
            }
            #expect(told.withLock { $0.last } == offset)
        }
        // At the ends, the offset stays within the content.
        try list.scroll(toItem: ItemPath(section: 0, item: 4_999), at: .start)
        #expect(list.viewport.offset <= list.contentSize - 200 + 0.5)
        try list.scroll(toItem: ItemPath(section: 0, item: 0), at: .end)
        #expect(list.viewport.offset == 0)
        #expect(throws: FrondError.self) { try list.scroll(toItem: ItemPath(section: 0, item: 5_000)) }
        #expect(throws: FrondError.self) { try list.scroll(toItem: ItemPath(section: 1, item: 0)) }
        #expect(host.problems == [])
    }

    @Test func test_aNewCrossSizeLaysTheItemsOutAgainInPlace() throws {
        let host = RecordingHost()
        let list = try makeList(host: host, estimate: 30, range: 1)
        try list.dataSource.setSections([posts(2_000)], mode: .synchronous)
        try list.setViewport(offset: 3_000, length: 300)
        try list.processPending(waitForAll: true)
        let firstShown = try #require(shownItems(host).filter { $0.value.top + $0.value.height > list.viewport.offset }
            .min { $0.key < $1.key })
        let before = firstShown.value.top - list.viewport.offset
        let commits = host.commits.count
        let heightBefore = list.dataSource.state.sections[0][firstShown.key].size.height
        try list.setCrossSize(60)
        #expect(host.problems == [])
        #expect(host.commits.count == commits + 1, "one commit")
        let state = list.dataSource.state
        let shown = shownItems(host)
        let after = try #require(shown[firstShown.key])
        #expect(abs((after.top - list.viewport.offset) - before) < 0.01, "the first visible item stays in place")
        #expect(state.sections[0][firstShown.key].size.height > heightBefore, "narrower: the text wraps more")
        for (index, frame) in shown {
            #expect(frame.width == 60, "item \(index)")
            #expect(frame.height == state.sections[0][index].size.height, "item \(index) at its new height")
            #expect(state.sections[0][index].size.width == 60, "item \(index) laid out at the new width")
        }
        // The item's own views (its text) are as wide as the list now.
        let container = try #require(host.rootChildren.first { id in
            if case .number(let item)? = host.views[id]?.attributes["item"] { return Int(item) == firstShown.key }
            return false
        })
        let text = try #require(host.views[container]?.children.first)
        #expect(host.views[text]?.frame.width == 60)
        // The viewport is covered, without gaps.
        let top = list.viewport.offset, bottom = top + 300
        let visible = shown.filter { $0.value.top < bottom && $0.value.top + $0.value.height > top }
            .sorted { $0.key < $1.key }
        #expect(!visible.isEmpty && visible.first?.value.top ?? .infinity <= top)
        #expect((visible.last.map { $0.value.top + $0.value.height } ?? 0) >= bottom)
        for (above, below) in zip(visible, visible.dropFirst()) {
            #expect(below.key == above.key + 1 && below.value.top == above.value.top + above.value.height)
        }
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        // Bad sizes change nothing; the same size is no commit.
        for bad: Float in [.nan, -1, .infinity] {
            #expect(throws: FrondError.self) { try list.setCrossSize(bad) }
        }
        let settled = host.commits.count
        try list.setCrossSize(60)
        #expect(list.configuration.crossSize == 60 && host.commits.count == settled)
        // A host whose offset is rounded shows a sliver (a quarter point) of the item above
        // the one at its top: that one stays in place, not the sliver.
        let shownAtTop = try #require(list.frame(of: ItemPath(section: 0, item: firstShown.key + 3)))
        try list.setViewport(offset: shownAtTop.top - 0.25, length: 300)
        try list.processPending(waitForAll: true)
        try list.setCrossSize(90)
        let moved = try #require(list.frame(of: ItemPath(section: 0, item: firstShown.key + 3)))
        #expect(abs(moved.top - list.viewport.offset - 0.25) < 0.01, "\(moved.top) at offset \(list.viewport.offset)")
    }

    @Test func test_scrollingBackOverItemsSmallerThanTheEstimateShowsTheVisibleOnesAtOnce() throws {
        // Items a third of the estimate: a range build is always pending when the viewport
        // moves (processPending queues the next one), and it changes the positions.
        for height: Float in [10, 20, 29] {
            let host = RecordingHost()
            let list = try ListView<Float>(configuration: .init(crossSize: 200, estimatedItemSize: 30,
                                                                rangeScreens: 1) { height in
                Component(view: ViewConfiguration("box"), size: .points(50, height))
            }, host: host)
            try list.dataSource.setSections([Array(repeating: height, count: 100)], mode: .synchronous)
            try list.setViewport(offset: 1_000, length: 300)
            try list.processPending(waitForAll: true)
            try list.setViewport(offset: 0, length: 300)
            #expect(host.problems == [], "height \(height)")
            // Every item the viewport intersects is shown, at once, from the top.
            let top = list.viewport.offset, bottom = top + 300
            let shown = shownItems(host)
            let visible = shown.filter { $0.value.top < bottom && $0.value.top + $0.value.height > top }.keys.sorted()
            #expect(visible.first == 0, "height \(height): \(visible)")
            #expect(visible == Array(0..<visible.count), "height \(height): no gap, \(visible)")
            #expect(Float(visible.count) * height >= min(300, Float(100) * height) - height, "height \(height): \(visible)")
            try list.processPending(waitForAll: true)
            #expect(host.problems == [], "height \(height)")
            // Once settled, the viewport has not moved off the top (nothing above it changed).
            #expect(list.viewport.offset == 0, "height \(height): the top stays at the top")
            #expect(shownItems(host)[0]?.top == 0, "height \(height)")
        }
    }

    @Test func test_changesAndStateUpdatesMoveTheMountedItems() throws {
        let host = RecordingHost()
        let log = CallLog()
        let list = try ListView<String>(configuration: .init(crossSize: 100, estimatedItemSize: 10) { name in
            Counter(name, log: log)
        }, host: host)
        try list.dataSource.setSections([(0..<20).map { "c\($0)" }], mode: .synchronous)
        try list.setViewport(offset: 0, length: 50)
        try list.processPending(waitForAll: true)
        #expect(shownItems(host)[1]?.top == 10)
        // An item inserted at the top: the others move down one place and are renumbered.
        try list.dataSource.apply(DataSourceChangeset(insertedItems: [(ItemPath(item: 0), "new")]), mode: .synchronous)
        try list.setViewport(offset: 0, length: 50)
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        let shown = shownItems(host)
        #expect(shown[0]?.top == 0 && shown[1]?.top == 10 && shown[2]?.top == 20)
        #expect(log.scopes["c0"] != nil)
        log.reset()
        try #require(log.scopes["c1"]).update { $0 += 1 }
        try list.processPending(waitForAll: true)
        #expect(log.renders == ["c1": 1])
        #expect(host.problems == [])
    }

    @Test func test_workingRangeCallbacksFollowTheRange() throws {
        let host = RecordingHost()
        let list = try makeList(host: host, range: 0)
        let entered = Mutex<Set<Int>>([])
        let left = Mutex<Set<Int>>([])
        list.listener.didEnterRange = { path, _ in entered.withLock { _ = $0.insert(path.item) } }
        list.listener.didLeaveRange = { path, _ in left.withLock { _ = $0.insert(path.item) } }
        try list.dataSource.setSections([posts(500)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        let first = entered.withLock { $0 }
        #expect(first.contains(0) && !first.contains(400))
        try list.setViewport(offset: 3_000, length: 100)
        try list.processPending(waitForAll: true)
        // The first items left; so did any item built on the way that the sizes then moved
        // out of the range: every item that entered and is not shown now, and no other.
        let shown = Set(shownItems(host).keys)
        #expect(left.withLock { $0 }.isSuperset(of: first))
        #expect(left.withLock { $0 } == entered.withLock { $0 }.subtracting(shown))
        #expect(entered.withLock { $0 }.count > first.count)
    }

    /// Items a change removes while they are in the range leave it (from where they were
    /// last placed, with their models): every item that entered and is not shown has left,
    /// whatever took it away.
    @Test func test_removedItemsLeaveTheRange() throws {
        let host = RecordingHost()
        let list = try makeList(host: host, range: 0)
        let entered = Mutex<[Int: Int]>([:])  // item path -> post id, as they entered
        let left = Mutex<[(item: Int, id: Int)]>([])
        list.listener.didEnterRange = { path, post in entered.withLock { $0[path.item] = post.id } }
        list.listener.didLeaveRange = { path, post in left.withLock { $0.append((path.item, post.id)) } }
        try list.dataSource.setSections([posts(50)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        let shownBefore = Set(shownItems(host).keys)
        #expect(shownBefore.contains(0) && shownBefore.contains(1) && left.withLock { $0.isEmpty })
        try list.dataSource.apply(DataSourceChangeset(removedItems: [ItemPath(item: 0), ItemPath(item: 1)]),
                                  mode: .synchronous)
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        let gone = left.withLock { $0 }.filter { $0.id == 0 || $0.id == 1 }.sorted { $0.id < $1.id }
        #expect(gone.map(\.item) == [0, 1] && gone.map(\.id) == [0, 1])
        // Every post that entered and is not shown now has left, once.
        let shownIDs = Set(shownItems(host).keys.map { $0 + 2 })
        let enteredIDs = Set(entered.withLock { $0.values })
        let leftIDs = left.withLock { $0.map(\.id) }
        #expect(Set(leftIDs).count == leftIDs.count)
        #expect(Set(leftIDs) == enteredIDs.subtracting(shownIDs))
    }

    @Test func test_horizontalListsStackAlongX() throws {
        let host = RecordingHost()
        let list = try makeList(host: host, axis: .horizontal)
        try list.dataSource.setSections([posts(50)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 300)
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        let shown = shownItems(host)
        let first = try #require(shown[0]), second = try #require(shown[1])
        #expect(first.height == 120 && second.left == first.width && second.top == 0)
    }

    /// An item whose provider fails as the list builds it near the viewport is shown as
    /// nothing, the others are shown, and the data source's listeners hear the failure (a
    /// load changes no index, so its update holds only the failure).
    @Test func test_anItemThatFailsAsTheListBuildsItIsReported() throws {
        let host = RecordingHost()
        let list = try ListView<Post>(configuration: .init(crossSize: 120, estimatedItemSize: 30) {
            (post: Post) throws(FrondError) -> Component? in
            if post.id == 3 { throw FrondError(.callbackFailed, "no row for post 3") }
            return Flexbox { Text(post.text, style: TextStyle(fontSize: 10)) }
        }, host: host)
        let failures = Mutex<[DataSourceItemFailure]>([])
        list.dataSource.addListener(.init(didApply: { update in
            failures.withLock { $0 += update.changes.failures }
        }))
        try list.dataSource.setSections([posts(20)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 200)
        try list.processPending(waitForAll: true)
        #expect(host.problems == [])
        #expect(failures.withLock { $0 } == [DataSourceItemFailure(path: ItemPath(section: 0, item: 3),
                                                                   error: FrondError(.callbackFailed, "no row for post 3"))])
        // Nothing of item 3 is shown, and it takes no room: item 4 follows item 2.
        let shown = shownItems(host)
        #expect(shown[3] == nil || shown[3]?.height == 0)
        let second = try #require(shown[2]), fourth = try #require(shown[4])
        #expect(second.height > 0 && fourth.top == second.top + second.height)
    }

    /// A list's items take its cross size: its data source refuses a configuration of its
    /// own, and the items keep their sizes.
    @Test func test_aListsDataSourceRefusesAnotherConfiguration() throws {
        let host = RecordingHost()
        let list = try makeList(host: host)
        try list.dataSource.setSections([posts(10)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 200)
        try list.processPending(waitForAll: true)
        let before = shownItems(host)
        let error = #expect(throws: FrondError.self) {
            try list.dataSource.update(configuration: .init(sizeRange: .flexibleHeight(width: 50)) { _ in nil },
                                       mode: .synchronous)
        }
        #expect(error?.kind == .misuse)
        try list.processPending(waitForAll: true)
        #expect(shownItems(host) == before && before[0]?.width == 120)
    }

    /// While one thread is in a list call (held in its host's endCommit), another thread's
    /// calls of the list and of its data source's host-thread operations are misuse and
    /// change nothing; an asynchronous modification is still queued.
    @Test func test_aSecondThreadCallingAtOnceIsMisuse() throws {
        let recording = RecordingHost()
        let host = PausingHost(recording)
        let list = try ListView(configuration: .init(crossSize: 120, estimatedItemSize: 30) { (post: Post) in
            Flexbox { Text(post.text, style: TextStyle(fontSize: 10)) }
        }, host: host)
        try list.dataSource.setSections([posts(300)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 200)
        try list.processPending(waitForAll: true)
        host.pause.store(true, ordering: .sequentiallyConsistent)
        let scrolled = Mutex<Result<Void, FrondError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let result = Result { () throws(FrondError) in try list.setViewport(offset: 600, length: 200) }
            scrolled.withLock { $0 = result }
            done.signal()
        }
        #expect(host.paused.wait(timeout: .now() + 30) == .success, "the other thread's commit began")
        let refused: [(String, () throws(FrondError) -> Void)] = [
            ("setViewport", { () throws(FrondError) in try list.setViewport(offset: 1000, length: 200) }),
            ("processPending", { () throws(FrondError) in _ = try list.processPending(waitForAll: true) }),
            ("send", { () throws(FrondError) in _ = try list.send(.tap, to: ViewID(1)) }),
            ("a synchronous modification", { () throws(FrondError) in
                try list.dataSource.setSections([posts(2)], mode: .synchronous)
            }),
            ("the data source's processPending", { () throws(FrondError) in
                _ = try list.dataSource.processPending(waitForAll: true)
            }),
        ]
        for (name, call) in refused {
            do throws(FrondError) {
                try call()
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.kind == .misuse && error.message.contains("another thread"), "\(name): \(error)")
            }
        }
        try list.dataSource.setSections([posts(5)], mode: .asynchronous)
        host.go.signal()
        #expect(done.wait(timeout: .now() + 30) == .success, "the other thread's call ended")
        let result = try #require(scrolled.withLock { $0 })
        #expect(throws: Never.self) { try result.get() }
        #expect(list.viewport.offset == 600)
        try list.processPending(waitForAll: true)
        #expect(list.dataSource.state.sections[0].count == 5)
        #expect(recording.problems == [])
    }

    @Test func test_badViewportsAreRefused() throws {
        let host = RecordingHost()
        let list = try makeList(host: host)
        for (offset, length) in [(Float.nan, 10), (-1, 10), (0, Float.infinity), (0, -5)] as [(Float, Float)] {
            #expect(throws: FrondError.self) { try list.setViewport(offset: offset, length: length) }
        }
        #expect(throws: FrondError.self) {
            try ListView<Post>(configuration: .init(crossSize: .nan) { _ in nil })
        }
        #expect(host.commits.isEmpty)
    }

    @Test func test_eventsReachTheItemThatShowsTheView() throws {
        let host = RecordingHost()
        let handled = Mutex<[String]>([])
        let list = try ListView<String>(configuration: .init(crossSize: 100, estimatedItemSize: 20) { name in
            Component(view: ViewConfiguration("button", attributes: ["onTap": .action("tap-\(name)")]), size: .points(100, 20))
        }, host: host)
        try list.dataSource.setSections([["a", "b", "c"]], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        list.unhandledActionHandler = { event, path in handled.withLock { $0.append("\(event.name) \(path)") } }
        let container = try #require(host.rootChildren.first { host.views[$0]?.attributes["item"] == .number(1) })
        let button = try #require(host.views[container]?.children.first)
        #expect(try list.send(.tap, to: button) == .unhandled)
        #expect(handled.withLock { $0 } == ["tap-b [0, 1]"])
        #expect(throws: FrondError.self) { try list.send(.tap, to: container) }
    }

    @Test func test_aTapAtAPointReachesTheItemThere() throws {
        let host = RecordingHost()
        let handled = Mutex<[String]>([])
        let list = try ListView<String>(configuration: .init(crossSize: 100, estimatedItemSize: 20) { name in
            Component(view: ViewConfiguration("button", attributes: ["onTap": .action("tap-\(name)")]), size: .points(60, 20))
        }, host: host)
        try list.dataSource.setSections([["a", "b", "c"]], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        list.unhandledActionHandler = { event, path in handled.withLock { $0.append("\(event.name) \(path)") } }
        let container = try #require(host.rootChildren.first { host.views[$0]?.attributes["item"] == .number(2) })
        let button = try #require(host.views[container]?.children.first)
        // Item 2 is at 40…60 in the content; its button 60 wide.
        let hit = try list.tap(atX: 10, y: 45)
        #expect(hit.outcome == .unhandled && hit.view == button)
        #expect(handled.withLock { $0 } == ["tap-c [0, 2]"])
        let beside = try list.tap(atX: 70, y: 45)
        #expect(beside.outcome == .noAction && beside.view == nil)
        let below = try list.tap(atX: 10, y: 60)
        #expect(below.outcome == .noAction && below.view == nil)
        #expect(throws: FrondError.self) { try list.tap(atX: .nan, y: 0) }
        #expect(host.problems == [])
    }
}

/// Passes mutations to a recording host; once `pause` is set, its next commit signals
/// `paused` at its end and waits there for `go`.
private final class PausingHost: Host, @unchecked Sendable {
    let recording: RecordingHost
    let pause = Atomic<Bool>(false)
    let paused = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)

    init(_ recording: RecordingHost) { self.recording = recording }

    func beginCommit() { recording.beginCommit() }
    func apply(_ mutation: Mutation) { recording.apply(mutation) }
    func endCommit() {
        recording.endCommit()
        guard pause.exchange(false, ordering: .sequentiallyConsistent) else { return }
        paused.signal()
        _ = go.wait(timeout: .now() + 30)
    }
}

/// A list row that counts its taps: its handler updates the state, waits a moment (for a
/// build the update might have started elsewhere), then tells the list by an action.
private final class CountingRow: RenderComponent<Int>, @unchecked Sendable {
    let built: DispatchSemaphore
    init(built: DispatchSemaphore) {
        self.built = built
        super.init(key: "row")
    }

    override func initialState() -> Int? { 0 }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        Component(view: ViewConfiguration("button", attributes: ["taps": .number(Double(state)), "onTap": .action("tap")]),
                  size: .points(100, 20))
    }

    override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
        guard action.name == "tap" else { return false }
        try scope.update { $0 += 1 }
        // (Had the update started the item's build on the builder's thread, it would finish
        // in this time, and the send below would find the root prepared under it.)
        _ = built.wait(timeout: .now() + .milliseconds(200))
        try scope.send(ActionName<Void>("tapped"))
        return true
    }
}

@Suite struct ListItemStateTests {
    @Test func test_anItemsHandlerUpdatesStateAndGoesOnUsingItsRoot() throws {
        let host = RecordingHost()
        let built = DispatchSemaphore(value: 0)
        let list = try ListView<Int>(configuration: .init(crossSize: 100, estimatedItemSize: 20) { _ in
            CountingRow(built: built)
        }, host: host)
        list.dataSource.addListener(.init(didBuild: { built.signal() }))
        try list.dataSource.setSections([Array(0..<3)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        while built.wait(timeout: .now()) == .success {}
        let heard = Mutex<[String]>([])
        list.unhandledActionHandler = { event, path in heard.withLock { $0.append("\(event.name) \(path)") } }
        let container = try #require(host.rootChildren.first { host.views[$0]?.attributes["item"] == .number(1) })
        let button = try #require(host.views[container]?.children.first)
        // Two taps in a row, the first one's build not applied yet: both reach the handler,
        // whose action reaches the list each time.
        #expect(try list.send(.tap, to: button) == .handled)
        #expect(try list.send(.tap, to: button) == .handled)
        #expect(heard.withLock { $0 } == ["tapped [0, 1]", "tapped [0, 1]"])
        try list.processPending(waitForAll: true)
        #expect(host.views[button]?.attributes["taps"] == .number(2))
        #expect(host.problems == [])
    }

    @Test func test_anItemKeepsItsStateWhenReleasedOutsideTheRange() throws {
        let host = RecordingHost()
        let built = DispatchSemaphore(value: 0)
        let list = try ListView<Int>(configuration: .init(crossSize: 100, estimatedItemSize: 20, rangeScreens: 1) { _ in
            CountingRow(built: built)
        }, host: host)
        try list.dataSource.setSections([Array(0..<300)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        func button(ofItem item: Int) throws -> ViewID {
            let container = try #require(host.rootChildren.first {
                host.views[$0]?.attributes["item"] == .number(Double(item)) && host.views[$0]?.attributes["hidden"] == nil
            })
            return try #require(host.views[container]?.children.first)
        }
        for _ in 0..<2 { _ = try list.send(.tap, to: try button(ofItem: 1)) }
        try list.processPending(waitForAll: true)
        #expect(host.views[try button(ofItem: 1)]?.attributes["taps"] == .number(2))
        // Far away: the first items leave the range and are released (not built any more).
        try list.setViewport(offset: 4_000, length: 100)
        try list.processPending(waitForAll: true)
        #expect(list.dataSource.state[ItemPath(section: 0, item: 1)]?.isBuilt == false)
        // Back: built again, from the state it had; the items never tapped start afresh.
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        #expect(host.views[try button(ofItem: 1)]?.attributes["taps"] == .number(2))
        #expect(host.views[try button(ofItem: 0)]?.attributes["taps"] == .number(0))
        _ = try list.send(.tap, to: try button(ofItem: 1))
        try list.processPending(waitForAll: true)
        #expect(host.views[try button(ofItem: 1)]?.attributes["taps"] == .number(3))
        // Kept through a move while released, and dropped with the item.
        try list.setViewport(offset: 4_000, length: 100)
        try list.processPending(waitForAll: true)
        try list.dataSource.apply(DataSourceChangeset(movedItems: [.init(from: ItemPath(section: 0, item: 1),
                                                                            to: ItemPath(section: 0, item: 2))]),
                                  mode: .synchronous)
        try list.setViewport(offset: 0, length: 100)
        try list.processPending(waitForAll: true)
        #expect(host.views[try button(ofItem: 2)]?.attributes["taps"] == .number(3))
        #expect(host.views[try button(ofItem: 1)]?.attributes["taps"] == .number(0))
        #expect(host.problems == [])
    }

    @Test func test_aRemovedItemPlaysItsFinalUnmountAnimationsWhereItWas() throws {
        let host = RecordingHost()
        let completions = CompletionLog()
        let list = try ListView<Int>(configuration: .init(crossSize: 100, estimatedItemSize: 10, rangeScreens: 1) { item in
            let fadeOut = Animation(.opacity, from: .current, to: .value(.number(0)), timing: linear(1),
                                    completion: completions.callback("row \(item)"))
            return AnimatedBox("row \(item)", opacity: 1, extra: ["onTap": .action("select")],
                               final: item % 2 == 0 ? [fadeOut] : [])
        }, host: host)
        func box(_ item: Int) -> ViewID? {
            host.views.first { $0.value.attributes["name"] == .string("row \(item)") }?.key
        }
        func container(_ item: Int) -> ViewID? { box(item).flatMap { host.views[$0]?.parent } }
        try list.tick(time: 5)
        try list.dataSource.setSections([Array(0..<6)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 60)
        try list.processPending(waitForAll: true)
        let leavingContainer = try #require(container(2))
        #expect(host.views[leavingContainer]?.frame.top == 20)
        // Items 2 (which fades out) and 3 (which has nothing to play) go in one change.
        try list.dataSource.apply(DataSourceChangeset(removedItems: [ItemPath(section: 0, item: 2),
                                                                     ItemPath(section: 0, item: 3)]),
                                  mode: .synchronous)
        #expect(box(3) == nil, "an item without final-unmount animations leaves at once")
        #expect(container(2) == leavingContainer && host.views[leavingContainer]?.frame.top == 20,
                "the leaving item stays where it was")
        #expect(host.views[leavingContainer]?.attributes == ["leaving": .bool(true)], "it shows no item of the list any more")
        #expect(try list.send(.tap, to: try #require(box(2))) == .noAction, "it takes no input")
        #expect(host.rootChildren.last == leavingContainer, "on top: the item in its place shows through as it fades")
        #expect(host.views[try #require(box(2))]?.attributes["opacity"] == .number(1))
        #expect(host.views[try #require(container(4))]?.frame.top == 20, "the items after it close up at once")
        #expect(list.mountedItemCount == 4 && list.hasRunningAnimations)
        try list.tick(time: 5.5)
        #expect(host.views[try #require(box(2))]?.attributes["opacity"] == .number(0.5))
        #expect(completions.calls.isEmpty)
        try list.tick(time: 6)
        #expect(box(2) == nil && host.views[leavingContainer] == nil, "gone with its container once it ended")
        #expect(completions.calls == ["row 2:true"])
        #expect(!list.hasRunningAnimations)
        // Another one leaves from the new top.
        try list.dataSource.apply(DataSourceChangeset(removedItems: [ItemPath(section: 0, item: 0)]), mode: .synchronous)
        try list.tick(time: 6.25)
        #expect(host.views[try #require(box(0))]?.attributes["opacity"] == .number(0.75))
        #expect(host.problems == [])
    }

    @Test func test_aLeavingItemMovesWithTheContentWhenTheListKeepsItsPlace() throws {
        // An item inserted above the viewport in the same change moves the offset (the first
        // visible item stays in place on screen): the leaving item moves with it.
        let host = RecordingHost()
        let list = try ListView<Int>(configuration: .init(crossSize: 100, rangeScreens: 1) { item in
            AnimatedBox("row \(item)", opacity: 1, size: .points(100, 20),
                        final: [Animation(.opacity, to: .value(.number(0)), timing: linear(1))])
        }, host: host)
        func container(_ item: Int) -> ViewID? {
            host.view(named: "row \(item)").flatMap { host.views[$0]?.parent }
        }
        try list.dataSource.setSections([Array(0..<30)], mode: .synchronous)
        try list.setViewport(offset: 100, length: 100)
        try list.processPending(waitForAll: true)
        let leaving = try #require(container(6))
        let offset = list.viewport.offset
        #expect(host.views[leaving]?.frame.top == 120)
        try list.dataSource.apply(DataSourceChangeset(removedItems: [ItemPath(item: 6)],
                                                      insertedItems: [(ItemPath(item: 0), 100)]), mode: .synchronous)
        #expect(list.viewport.offset == offset + 20, "the first visible item stayed in place")
        #expect(host.views[leaving]?.frame.top == 140 && container(6) == leaving, "where it was on screen")
        #expect(host.problems == [])
    }

    @Test func test_itemsAnimateAsTheListTicks() throws {
        let host = RecordingHost()
        let fadeIn = Animation(.opacity, from: .value(.number(0)), to: .current,
                               timing: AnimationTiming(duration: 1, curve: .linear))
        let list = try ListView<Int>(configuration: .init(crossSize: 100, estimatedItemSize: 10, rangeScreens: 1) { item in
            AnimatedBox("row \(item)", opacity: 1, initial: [fadeIn])
        }, host: host)
        func opacity(ofItem item: Int) -> AttributeValue? {
            host.views.values.first { $0.attributes["name"] == .string("row \(item)") }?.attributes["opacity"]
        }
        try list.tick(time: 10)
        try list.dataSource.setSections([Array(0..<5)], mode: .synchronous)
        try list.setViewport(offset: 0, length: 50)
        try list.processPending(waitForAll: true)
        // Items that come near the viewport appear at rest (as a scrolled-to row does not
        // fade in); those a change inserts start their initial-mount animations.
        #expect(opacity(ofItem: 0) == .number(1) && opacity(ofItem: 4) == .number(1))
        #expect(!list.hasRunningAnimations)
        try list.dataSource.apply(DataSourceChangeset(insertedItems: [(ItemPath(item: 0), 100), (ItemPath(item: 2), 102)]),
                                  mode: .synchronous)
        try list.processPending(waitForAll: true)
        // Mounted at the animation's start, which is the list's time.
        #expect(opacity(ofItem: 100) == .number(0) && opacity(ofItem: 102) == .number(0))
        #expect(opacity(ofItem: 0) == .number(1))
        #expect(list.hasRunningAnimations)
        let commits = host.commits.count
        try list.tick(time: 10.5)
        #expect(host.commits.count == commits + 1, "one commit for every item's frame")
        #expect(opacity(ofItem: 100) == .number(0.5) && opacity(ofItem: 102) == .number(0.5))
        try list.tick(time: 11)
        #expect(opacity(ofItem: 100) == .number(1) && !list.hasRunningAnimations)
        // Scrolled away and back: built again, an inserted item appears at rest too.
        try list.setViewport(offset: 5_000, length: 50)
        try list.processPending(waitForAll: true)
        try list.setViewport(offset: 0, length: 50)
        try list.processPending(waitForAll: true)
        #expect(opacity(ofItem: 100) == .number(1) && !list.hasRunningAnimations)
        let settled = host.commits.count
        try list.tick(time: 12)
        #expect(host.commits.count == settled, "nothing animates: no commit")
        #expect(throws: FrondError.self) { try list.tick(time: 11.5) }
        #expect(throws: FrondError.self) { try list.tick(time: .nan) }
        #expect(host.problems == [])
    }
}


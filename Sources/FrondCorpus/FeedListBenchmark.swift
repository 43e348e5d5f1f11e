import CMallocInfo
import Dispatch
import Frond
import Glibc
import Synchronization

/// A feed post for the list benchmarks: text of varying length, and on every third post a
/// like button with state.
public struct FeedPost: Sendable {
    public var id: Int
    public var textLength: Int32
    public var hasLike: Bool

    /// Post `id` of a feed: lengths from 20 to 320 characters, a like button on every third.
    public init(id: Int) {
        self.id = id
        textLength = Int32(20 + (id &* 7919) % 300)
        hasLike = id % 3 == 0
    }
}

/// A post's row: its text, and its like button (a render component whose state is whether
/// it is liked; a tap toggles it).
public enum FeedRow {
    private static let words = String(repeating: "lorem ipsum dolor sit amet consectetur adipiscing elit ", count: 7)

    private static let style: FlexboxStyle = {
        var padding = EdgeValues()
        padding.all = .points(8)
        return FlexboxStyle(padding: padding)
    }()

    public static func component(for post: FeedPost) -> Component? {
        let text = Text(String(words.prefix(Int(post.textLength))), style: TextStyle(fontSize: 14))
        guard post.hasLike else { return Flexbox(style: style) { text } }
        return Flexbox(style: style) {
            text
            LikeButton(key: "like")
        }
    }

    final class LikeButton: RenderComponent<Bool>, @unchecked Sendable {
        override func initialState() throws(FrondError) -> Bool? { false }

        override func render(state: Bool, scope: StateScope<Bool>) throws(FrondError) -> Component? {
            Component(view: ViewConfiguration("button", attributes: ["title": .string(state ? "Liked" : "Like"),
                                                                     "onTap": .action("like")]),
                      size: .points(80, 32))
        }

        override func handle(_ action: ActionEvent, scope: StateScope<Bool>) throws(FrondError) -> Bool {
            guard action.name == "like" else { return false }
            try scope.update { $0.toggle() }
            return true
        }
    }
}

/// The list operations of `frond bench-list` besides diffing: a feed of `items` posts in a
/// ``ListView`` 400 points wide with an 800-point viewport.
struct FeedListBenchmark {
    static let operations = ["first_display", "scroll_step", "resize", "apply_changeset_1k", "memory_per_item"]
    let items: Int
    let iterations: Int
    static let viewportLength: Float = 800

    private func makeList(host: Host) throws(FrondError) -> ListView<FeedPost> {
        try ListView(configuration: .init(crossSize: 400) { FeedRow.component(for: $0) }, host: host)
    }

    private func feed(_ count: Int) -> [FeedPost] { (0..<count).map(FeedPost.init(id:)) }

    func run(_ operation: String) throws(FrondError) -> String {
        switch operation {
        case "first_display": return try firstDisplay()
        case "scroll_step": return try scrollStep()
        case "resize": return try resize()
        case "apply_changeset_1k": return try applyChangeset()
        default: return try memoryPerItem()
        }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func summary(_ times: [UInt64]) -> String {
        let sorted = times.sorted()
        return "median_ns=\(sorted[sorted.count / 2]) best_ns=\(sorted[0]) worst_ns=\(sorted[sorted.count - 1])"
    }

    /// From handing the list its models to the commit that shows the visible items.
    private func firstDisplay() throws(FrondError) -> String {
        let models = feed(items)
        var times: [UInt64] = []
        var mounted = 0
        for _ in 0..<iterations {
            let host = CountingHost()
            let list = try makeList(host: host)
            let start = Self.now()
            try list.dataSource.setSections([models], mode: .synchronous)
            try list.setViewport(offset: 0, length: Self.viewportLength)
            times.append(Self.now() - start)
            mounted = list.mountedItemCount
            try list.dataSource.cancelAndWait()
        }
        return "op=first_display items=\(items) \(Self.summary(times)) mounted_items=\(mounted)"
    }

    /// One screen down at a time, 200 times: the host thread's time per step (parking,
    /// mounting what the builder laid out meanwhile); the builder works between steps, as
    /// it would between frames.
    private func scrollStep() throws(FrondError) -> String {
        let host = CountingHost()
        let list = try makeList(host: host)
        let ready = Atomic<Int>(0)
        list.dataSource.setReadyHandler { ready.add(1, ordering: .releasing) }
        try list.dataSource.setSections([feed(items)], mode: .synchronous)
        try list.setViewport(offset: 0, length: Self.viewportLength)
        try list.processPending(waitForAll: true)
        var times: [UInt64] = []
        var mountedViews = 0
        let steps = 200
        for step in 1...steps {
            let start = Self.now()
            try list.setViewport(offset: Float(step) * Self.viewportLength, length: Self.viewportLength)
            try list.processPending()
            times.append(Self.now() - start)
            mountedViews = max(mountedViews, list.hostViewCount)
            // Between frames: the builder lays out the range ahead (not the host's time).
            while list.dataSource.hasPending {
                let seen = ready.load(ordering: .acquiring)
                try list.processPending()
                if list.dataSource.hasPending { while ready.load(ordering: .acquiring) == seen { sched_yield() } }
            }
        }
        return "op=scroll_step items=\(items) steps=\(steps) \(Self.summary(times)) host_views=\(mountedViews) "
            + "reused=\(list.mountStatistics.reused) created=\(list.mountStatistics.created)"
    }

    /// A window resized, again and again: the list showing the middle of the feed (its
    /// range built) takes a new width (alternately 380 and 400 points) and shows it in one
    /// commit; the host thread's time per resize.
    private func resize() throws(FrondError) -> String {
        let host = CountingHost()
        let list = try makeList(host: host)
        try list.dataSource.setSections([feed(items)], mode: .synchronous)
        try list.setViewport(offset: 0, length: Self.viewportLength)
        try list.setViewport(offset: list.contentSize / 2, length: Self.viewportLength)
        try list.processPending(waitForAll: true)
        var times: [UInt64] = []
        for step in 0..<iterations {
            let start = Self.now()
            try list.setCrossSize(step % 2 == 0 ? 380 : 400)
            times.append(Self.now() - start)
            try list.processPending(waitForAll: true)
        }
        return "op=resize items=\(items) \(Self.summary(times)) mounted_items=\(list.mountedItemCount)"
    }

    /// 1,000 mixed operations (250 each of updates, removals, moves and insertions) on a
    /// list of 100,000 posts showing its middle, applied synchronously.
    private func applyChangeset() throws(FrondError) -> String {
        let count = min(items, 100_000)
        var times: [UInt64] = []
        for iteration in 0..<iterations {
            let host = CountingHost()
            let list = try makeList(host: host)
            try list.dataSource.setSections([feed(count)], mode: .synchronous)
            try list.setViewport(offset: Float(count / 2) * 60, length: Self.viewportLength)
            try list.processPending(waitForAll: true)
            // Distinct old places for the updates, removals and move sources; distinct new
            // places for the insertions and move destinations.
            var generator = SplitMixGenerator(seed: UInt64(iteration) &+ 29)
            var old = Array(0..<count)
            generator.shuffle(&old)
            let newCount = count - 250 + 250
            var new = Array(0..<newCount)
            generator.shuffle(&new)
            var changeset = DataSourceChangeset<FeedPost>()
            for index in old[0..<250] { changeset.updatedItems.append((ItemPath(item: index), FeedPost(id: index + 1))) }
            changeset.removedItems = old[250..<500].map { ItemPath(item: $0) }
            for (from, to) in zip(old[500..<750], new[0..<250]) {
                changeset.movedItems.append(ListChangeset.Move(from: ItemPath(item: from), to: ItemPath(item: to)))
            }
            for (number, place) in new[250..<500].enumerated() {
                changeset.insertedItems.append((ItemPath(item: place), FeedPost(id: count + number)))
            }
            let start = Self.now()
            try list.dataSource.apply(changeset, mode: .synchronous)
            times.append(Self.now() - start)
            try list.dataSource.cancelAndWait()
        }
        return "op=apply_changeset_1k items=\(count) operations=1000 \(Self.summary(times))"
    }

    /// Bytes the allocator holds per item: for a list of `items` posts none of which is
    /// laid out, and per laid-out item of a data source that builds every item.
    private func memoryPerItem() throws(FrondError) -> String {
        let models = feed(items)
        // Laid-out posts first (each with its root, tree, layout and state), then a list
        // whose posts are not laid out; each measured while nothing else is freed.
        let built = 2_000
        let builtBytes = try Self.bytes { () throws(FrondError) in
            let source = try DataSource<FeedPost>(configuration: DataSourceConfiguration(
                sizeRange: .flexibleHeight(width: 400)) { FeedRow.component(for: $0) })
            try source.setSections([Array(models.prefix(built))], mode: .synchronous)
            return source
        }
        // (The posts are made inside: their storage, which the list keeps, counts too.)
        let unbuiltBytes = try Self.bytes { () throws(FrondError) in
            let list = try makeList(host: CountingHost())
            try list.dataSource.setSections([feed(items)], mode: .synchronous)
            try list.setViewport(offset: 0, length: 0)
            return list
        }
        return "op=memory_per_item items=\(items) unbuilt_bytes=\(Int((Double(unbuiltBytes) / Double(items)).rounded())) "
            + "built_bytes=\(Int((Double(builtBytes) / Double(built)).rounded())) built_items=\(built)"
    }

    /// The bytes that what `make` returns holds (measured while it is alive).
    private static func bytes<T>(_ make: () throws(FrondError) -> T) throws(FrondError) -> Int {
        let before = allocated()
        let made = try make()
        let after = allocated()
        withExtendedLifetime(made) {}
        return after - before
    }

    /// The bytes malloc has handed out and not taken back.
    private static func allocated() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }
}

/// SplitMix64, for the benchmark's shuffles.
struct SplitMixGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func shuffle(_ values: inout [Int]) {
        guard values.count > 1 else { return }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(index, Int(next() % UInt64(index + 1)))
        }
    }
}

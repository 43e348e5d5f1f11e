import Dispatch
import Frond

/// js-framework-benchmark's operations on a list of rows, through a root with a host
/// that only counts mutations. Each row is 6 components: a render component holding a
/// `selected` flag, its row flexbox (a view), an avatar, two labels and a button.
public struct TreeBenchmark {
    /// One operation's result: medians over the iterations and the counts of the last one.
    public struct Result: Sendable {
        public var operation: String
        public var rows: Int
        public var components = 0
        public var buildNanoseconds: UInt64 = 0
        public var layoutNanoseconds: UInt64 = 0
        public var mountNanoseconds: UInt64 = 0
        public var releaseNanoseconds: UInt64 = 0
        public var totalNanoseconds: UInt64 = 0
        public var statistics = CommitStatistics()

        /// The result as `key=value` pairs.
        public var line: String {
            let perComponent = components > 0 ? Double(totalNanoseconds) / Double(components) : 0
            let fields: [(String, String)] = [
                ("op", operation), ("rows", "\(rows)"), ("components", "\(components)"),
                ("build_ns", "\(buildNanoseconds)"), ("layout_ns", "\(layoutNanoseconds)"),
                ("mount_ns", "\(mountNanoseconds)"), ("release_ns", "\(releaseNanoseconds)"), ("total_ns", "\(totalNanoseconds)"),
                ("ns_per_component", String(perComponent.rounded())),
                ("mutations", "\(statistics.mutations)"), ("created", "\(statistics.created)"),
                ("destroyed", "\(statistics.destroyed)"), ("moved", "\(statistics.moved)"),
                ("renders", "\(statistics.renders)"), ("reused_subtrees", "\(statistics.reusedSubtrees)"),
                ("layouts", "\(statistics.layouts)"), ("measure_calls", "\(statistics.measureCalls)"),
            ]
            return fields.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
        }
    }

    public var iterations: Int
    /// The rows of the list the reordering operations (shuffle_rows, reverse_rows) reorder.
    public var reorderedRows: Int

    public init(iterations: Int, reorderedRows: Int = 10_000) {
        self.iterations = iterations
        self.reorderedRows = reorderedRows
    }

    /// Every operation: js-framework-benchmark's, in its order, then two that reorder the
    /// whole list (every row keyed, so each reorder is a sequence of moves).
    public static let operations = ["create_1k", "create_10k", "replace_all", "update_every_10th", "select_row",
                                    "swap_rows", "remove_row", "append_1k", "clear", "shuffle_rows", "reverse_rows"]

    /// Runs one operation `iterations` times (setup outside the timer).
    public func run(_ operation: String) throws(FrondError) -> Result {
        var samples: [Sample] = []
        let rows: Int
        switch operation {
        case "create_1k", "create_10k":
            rows = operation == "create_1k" ? 1_000 : 10_000
            for _ in 0..<iterations {
                let list = BenchList()
                samples.append(try list.timed { list.rows = BenchList.makeRows(0..<rows) })
            }
        case "replace_all":
            rows = 1_000
            let list = try BenchList.created(rows)
            for iteration in 0..<iterations {
                let start = (iteration + 1) * rows
                samples.append(try list.timed { list.rows = BenchList.makeRows(start..<(start + rows)) })
            }
        case "update_every_10th":
            rows = 10_000
            let list = try BenchList.created(rows)
            for _ in 0..<iterations {
                samples.append(try list.timed {
                    list.rows = list.rows.enumerated().map { index, row in
                        index % 10 == 0 ? BenchRow.Props(id: row.id, label: row.label + " !!!") : row
                    }
                })
            }
        case "select_row":
            rows = 10_000
            let list = try BenchList.created(rows)
            for iteration in 0..<iterations {
                // (The host knows which view was tapped: finding it is not part of the step.)
                let view = try list.rowView((iteration * 997 + 5) % rows)
                samples.append(try list.timed(newList: false) { () throws(FrondError) in try list.select(view) })
            }
        case "swap_rows":
            rows = 10_000
            let list = try BenchList.created(rows)
            for _ in 0..<iterations {
                samples.append(try list.timed { list.rows.swapAt(1, rows - 2) })
            }
        case "remove_row":
            rows = 10_000
            let list = try BenchList.created(rows + iterations)
            for iteration in 0..<iterations {
                samples.append(try list.timed { list.rows.remove(at: 10 + iteration) })
            }
        case "append_1k":
            rows = 10_000
            for _ in 0..<iterations {
                let list = try BenchList.created(rows)
                samples.append(try list.timed { list.rows += BenchList.makeRows(rows..<(rows + 1_000)) })
            }
        case "clear":
            rows = 10_000
            for _ in 0..<iterations {
                let list = try BenchList.created(rows)
                samples.append(try list.timed { list.rows = [] })
            }
        case "shuffle_rows":
            rows = reorderedRows
            let list = try BenchList.created(rows)
            var order = ShuffleOrder(seed: UInt64(rows))
            for _ in 0..<iterations {
                samples.append(try list.timed { order.shuffle(&list.rows) })
            }
        case "reverse_rows":
            rows = reorderedRows
            let list = try BenchList.created(rows)
            for _ in 0..<iterations {
                samples.append(try list.timed { list.rows.reverse() })
            }
        default:
            throw FrondError(.invalidValue, "unknown operation \(operation) (one of \(Self.operations.joined(separator: ", ")))")
        }
        var result = Result(operation: operation, rows: rows)
        result.buildNanoseconds = median(samples.map(\.statistics.buildNanoseconds))
        result.layoutNanoseconds = median(samples.map(\.statistics.layoutNanoseconds))
        result.mountNanoseconds = median(samples.map(\.statistics.mountNanoseconds))
        result.releaseNanoseconds = median(samples.map(\.statistics.releaseNanoseconds))
        result.totalNanoseconds = median(samples.map(\.total))
        if let last = samples.last {
            result.statistics = last.statistics
            // The larger tree the operation handled: after creating, before clearing.
            result.components = max(last.componentsBefore, last.statistics.components)
        }
        return result
    }

    private func median(_ values: [UInt64]) -> UInt64 {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// The shuffles of shuffle_rows: Fisher–Yates driven by a 64-bit linear congruential
/// generator (Knuth's MMIX constants), so that every run reorders the same way.
struct ShuffleOrder {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    private mutating func below(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
    }
}

/// One timed step: the wall time of making the components and flushing, and what the
/// flush did.
struct Sample {
    var total: UInt64
    var statistics: CommitStatistics
    var componentsBefore: Int
}

/// A host that only counts what it is told.
final class CountingHost: Host {
    var mutations = 0
    func beginCommit() {}
    func apply(_ mutation: Mutation) { mutations += 1 }
    func endCommit() {}
}

/// The list under test: its rows' props, a root and the scopes of the rows' selection.
final class BenchList {
    var rows: [BenchRow.Props] = []
    let root: Root
    private var componentCount = 0

    init() {
        root = Root(sizeRange: .flexibleHeight(width: 800), host: CountingHost())
    }

    static func created(_ count: Int) throws(FrondError) -> BenchList {
        let list = BenchList()
        _ = try list.timed { list.rows = makeRows(0..<count) }
        return list
    }

    static func makeRows(_ ids: Range<Int>) -> [BenchRow.Props] {
        let adjectives = ["pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint"]
        let nouns = ["table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger"]
        return ids.map { id in
            BenchRow.Props(id: id, label: "\(adjectives[id % adjectives.count]) \(nouns[(id / 10) % nouns.count])")
        }
    }

    /// The view of the row at `index`.
    func rowView(_ index: Int) throws(FrondError) -> ViewID {
        guard let list = root.children(of: .root)?.first, let rows = root.children(of: list),
              rows.indices.contains(index) else {
            throw FrondError(.misuse, "row \(index) is not mounted")
        }
        return rows[index]
    }

    /// Selects a row as a tap on it does: the row's `onTap` action reaches the row's
    /// component, which updates its state.
    func select(_ row: ViewID) throws(FrondError) {
        guard try root.send(.tap, to: row) == .handled else {
            throw FrondError(.misuse, "the tap on \(row) selected nothing")
        }
    }

    /// Runs `change` (which edits rows, or only updates state: `newList` false), then
    /// flushes (with a new list component made from the rows when `newList`).
    func timed(newList: Bool = true, _ change: () throws(FrondError) -> Void) throws(FrondError) -> Sample {
        let before = componentCount
        let start = DispatchTime.now().uptimeNanoseconds
        try change()
        if newList {
            root.setComponent(Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .column),
                                      children: rows.map { FlexChild(BenchRow($0)) }))
        }
        let statistics = try root.flush()
        let end = DispatchTime.now().uptimeNanoseconds
        componentCount = statistics.components
        return Sample(total: end >= start ? end - start : 0, statistics: statistics, componentsBefore: before)
    }
}

/// A row: its props are an id and a label; its state whether it is selected.
final class BenchRow: RenderComponent<Bool>, @unchecked Sendable {
    struct Props: Equatable {
        var id: Int
        var label: String
    }

    let props: Props

    init(_ props: Props) {
        self.props = props
        super.init(key: String(props.id))
    }

    override func initialState() -> Bool? { false }

    override func render(state: Bool, scope: StateScope<Bool>) -> Component? {
        var rowAttributes: AttributeList = ["onTap": .action("select")]
        if state { rowAttributes["selected"] = .bool(true) }
        return Flexbox(view: ViewConfiguration("row", attributes: rowAttributes),
                       style: FlexboxStyle(direction: .row, alignItems: .center, spacing: 8)) {
            Component(view: ViewConfiguration("image", attributes: ["source": .string("avatar.png")]), size: .points(32, 32))
            Text(String(props.id))
            Text(props.label).flexGrow(1)
            Component(view: ViewConfiguration("button", attributes: ["title": .string("Remove"), "onTap": .action("remove")]),
                      size: .points(64, 28))
        }
    }

    override func handle(_ action: ActionEvent, scope: StateScope<Bool>) throws(FrondError) -> Bool {
        guard action.name == "select" else { return false }
        try scope.update { $0.toggle() }
        return true
    }

    override func shouldUpdate(from previous: RenderComponent<Bool>) -> Bool {
        guard let previous = previous as? BenchRow else { return true }
        return previous.props != props
    }
}

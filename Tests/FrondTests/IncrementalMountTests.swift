import Frond
import FrondTestSupport
import Testing

/// The mount step looks only where a build or a layout changed something. These tests
/// check that what it leaves out never matters: after any sequence of edits and state
/// updates, the host's views are exactly those a fresh root mounts for the same tree.

/// A stateful cell whose initial state comes from its props; its height follows its state
/// (so state updates move the views below it).
private final class Cell: RenderComponent<Int>, @unchecked Sendable {
    let id: Int
    let start: Int
    let scopes: ScopeBook

    init(id: Int, start: Int, scopes: ScopeBook) {
        self.id = id
        self.start = start
        self.scopes = scopes
        super.init(key: "n\(id)")
    }

    override func initialState() -> Int? { start }

    override func render(state: Int, scope: StateScope<Int>) -> Component? {
        scopes.scopes[id] = scope
        let cell = Component(view: ViewConfiguration("cell", attributes: ["count": .number(Double(state))]),
                             size: .points(12, Float(8 + state % 3)))
        // Some states render another view type, or more views through a viewless box.
        switch state % 5 {
        case 2: return Component(view: ViewConfiguration("badge"), size: .points(6, 6))
        case 4: return Flexbox(direction: .row) {
            cell
            Component(view: ViewConfiguration("dot"), size: .points(3, 3))
        }
        default: return cell
        }
    }
}

private final class ScopeBook: @unchecked Sendable {
    var scopes: [Int: StateScope<Int>] = [:]
}

/// A model of a component tree that remembers the components it made, so that an edit
/// makes new instances only for the edited node and its ancestors (as an app would).
private final class ModelNode {
    enum Kind {
        case box(viewType: String, tint: Int, width: Float, height: Float)
        case flex(hasView: Bool, row: Bool, padding: Float)
        case composite(hasView: Bool)
        case text(String)
        case cell(state: Int)
    }

    let id: Int
    var kind: Kind
    var children: [ModelNode] = []
    weak var parent: ModelNode?
    private var cached: Component?

    init(id: Int, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    var canHaveChildren: Bool {
        switch kind {
        case .flex: return true
        case .composite: return children.isEmpty
        default: return false
        }
    }

    /// Forgets the components of this node and its ancestors.
    func edited() {
        var node: ModelNode? = self
        while let current = node {
            current.cached = nil
            node = current.parent
        }
    }

    /// The component for this node: the remembered one, or (`fresh`) always a new one.
    func component(_ scopes: ScopeBook, fresh: Bool) -> Component {
        if !fresh, let cached { return cached }
        let key = "n\(id)"
        let made: Component
        switch kind {
        case .box(let viewType, let tint, let width, let height):
            made = Component(view: ViewConfiguration(viewType, attributes: ["tint": .number(Double(tint))]),
                             size: .points(width, height), key: key)
        case .flex(let hasView, let row, let padding):
            var style = FlexboxStyle(direction: row ? .row : .column, spacing: 1)
            style.padding[.all] = .points(padding)
            made = Flexbox(view: hasView ? ViewConfiguration("stack") : .viewless, key: key, style: style,
                           children: children.map { FlexChild($0.component(scopes, fresh: fresh)) })
        case .composite(let hasView):
            if let child = children.first {
                made = CompositeComponent(view: hasView ? ViewConfiguration("wrap") : .viewless,
                                          size: ComponentSize(width: .points(40)), key: key,
                                          child: child.component(scopes, fresh: fresh))
            } else {
                made = Component(view: hasView ? ViewConfiguration("wrap") : .viewless, size: .points(5, 5), key: key)
            }
        case .text(let string):
            made = Text(string, key: key)
        case .cell(let state):
            made = Cell(id: id, start: state, scopes: scopes)
        }
        if !fresh { cached = made }
        return made
    }

    /// Forgets the components of this subtree (its cells get new scopes when it moves).
    func forgetSubtree() {
        forEach { $0.cached = nil }
    }

    func forEach(_ body: (ModelNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}

private struct Model {
    var random: SplitMix
    var nextID = 1
    let top: ModelNode

    init(seed: Int) {
        random = SplitMix(state: UInt64(seed) &* 7919)
        top = ModelNode(id: 0, kind: .flex(hasView: false, row: false, padding: 2))
        for _ in 0..<6 { insertRandomNode() }
    }

    var nodes: [ModelNode] {
        var list: [ModelNode] = []
        top.forEach { list.append($0) }
        return list
    }

    mutating func newNode() -> ModelNode {
        defer { nextID += 1 }
        let kind: ModelNode.Kind
        switch random.int(0...4) {
        case 0: kind = .box(viewType: random.int(0...1) == 0 ? "box" : "label", tint: random.int(0...3),
                            width: Float(random.int(5...30)), height: Float(random.int(5...15)))
        case 1: kind = .flex(hasView: random.int(0...1) == 0, row: random.int(0...1) == 0, padding: Float(random.int(0...3)))
        case 2: kind = .composite(hasView: random.int(0...1) == 0)
        case 3: kind = .text(String(repeating: "w", count: random.int(1...12)))
        default: kind = .cell(state: 0)
        }
        return ModelNode(id: nextID, kind: kind)
    }

    mutating func insertRandomNode() {
        let parents = nodes.filter(\.canHaveChildren)
        let parent = parents[random.int(0...(parents.count - 1))]
        let node = newNode()
        node.parent = parent
        parent.children.insert(node, at: random.int(0...parent.children.count))
        parent.edited()
    }

    /// One random edit; returns the state updates to make (cell, amount).
    mutating func edit(_ scopes: ScopeBook) throws {
        let all = nodes
        let node = all[random.int(0...(all.count - 1))]
        switch random.int(0...7) {
        case 0:
            insertRandomNode()
        case 1 where node !== top:
            guard let parent = node.parent, let index = parent.children.firstIndex(where: { $0 === node }) else { return }
            parent.children.remove(at: index)
            parent.edited()
        case 2 where node.children.count > 1:
            let child = node.children.remove(at: random.int(0...(node.children.count - 1)))
            node.children.insert(child, at: random.int(0...node.children.count))
            node.edited()
        case 3 where node !== top:
            // Moves a subtree under another parent (outside itself).
            var inside = Set<ObjectIdentifier>()
            node.forEach { inside.insert(ObjectIdentifier($0)) }
            let targets = all.filter { $0.canHaveChildren && !inside.contains(ObjectIdentifier($0)) }
            guard let parent = node.parent, let index = parent.children.firstIndex(where: { $0 === node }),
                  !targets.isEmpty else { return }
            let target = targets[random.int(0...(targets.count - 1))]
            parent.children.remove(at: index)
            parent.edited()
            node.parent = target
            node.forgetSubtree()
            target.children.insert(node, at: random.int(0...target.children.count))
            target.edited()
        case 4, 5:
            // Changes the node's own values (view type, attributes, size, view or none).
            switch node.kind {
            case .box(let viewType, let tint, let width, let height):
                switch random.int(0...2) {
                case 0: node.kind = .box(viewType: viewType == "box" ? "label" : "box", tint: tint, width: width, height: height)
                case 1: node.kind = .box(viewType: viewType, tint: (tint + 1) % 4, width: width, height: height)
                default: node.kind = .box(viewType: viewType, tint: tint, width: width, height: Float(random.int(5...15)))
                }
            case .flex(let hasView, let row, let padding):
                switch random.int(0...2) {
                case 0: node.kind = .flex(hasView: !hasView, row: row, padding: padding)
                case 1: node.kind = .flex(hasView: hasView, row: !row, padding: padding)
                default: node.kind = .flex(hasView: hasView, row: row, padding: Float(random.int(0...3)))
                }
            case .composite(let hasView):
                node.kind = .composite(hasView: !hasView)
            case .text:
                node.kind = .text(String(repeating: "m", count: random.int(1...12)))
            case .cell:
                return
            }
            node.edited()
        default:
            // A state update in a cell (its instance stays the same).
            let cells = all.filter { if case .cell = $0.kind { return true } else { return false } }
            guard !cells.isEmpty else { return }
            let cell = cells[random.int(0...(cells.count - 1))]
            guard case .cell(let state) = cell.kind else { return }
            let amount = random.int(1...4)
            // (A cell added since the last flush has no scope yet.)
            guard let scope = scopes.scopes[cell.id], scope.isValid else { return }
            try scope.update { $0 += amount }
            // A fresh root starts the cell at the state it has now.
            cell.kind = .cell(state: state + amount)
        }
    }
}

@Suite struct IncrementalMountTests {
    @Test(arguments: 1...60)
    func test_randomEditsMountExactlyWhatAFreshRootMounts(seed: Int) throws {
        var model = Model(seed: seed)
        let scopes = ScopeBook()
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 200), host: host)
        root.setComponent(model.top.component(scopes, fresh: false))
        try root.flush()
        for step in 0..<25 {
            for _ in 0..<model.random.int(1...3) { try model.edit(scopes) }
            // Cells edited away from the model keep no scope worth updating.
            root.setComponent(model.top.component(scopes, fresh: false))
            try root.flush()

            let freshHost = RecordingHost()
            let fresh = Root(sizeRange: .flexibleHeight(width: 200), host: freshHost)
            fresh.setComponent(model.top.component(ScopeBook(), fresh: true))
            try fresh.flush()
            #expect(host.problems == [], "seed \(seed) step \(step)")
            #expect(host.dump() == freshHost.dump(), "seed \(seed) step \(step)")
        }
    }

    @Test func test_aStateUpdateInOneRowLooksAtTheListsViewsOnlyOnce() throws {
        let scopes = ScopeBook()
        let rows = (0..<200).map { index in
            FlexChild(Flexbox(view: ViewConfiguration("row"), key: "r\(index)", style: FlexboxStyle(direction: .row)) {
                Component(view: ViewConfiguration("avatar"), size: .points(10, 5))
                Cell(id: index, start: 0, scopes: scopes)
            })
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(Flexbox(children: rows))
        try root.flush()
        // Row 50's cell grows by one point: it changes, and every row below it moves.
        try #require(scopes.scopes[50]).update { $0 += 1 }
        let statistics = try root.flush()
        #expect(statistics.renders == 1)
        #expect(statistics.updated == 1)
        #expect(statistics.mutations == 1 + 1 + 149 + 1)  // attributes, cell frame, rows below, row 50's frame
        // Views looked at: the 200 rows (their frames), the changed cell; not the 400 leaves.
        #expect(statistics.viewsVisited <= 200 + 2)
        try #require(scopes.scopes[7]).update { $0 += 3 }
        let same = try root.flush()
        #expect(same.mutations == 1)        // 3 % 3 == 0: same height, new count
        #expect(same.viewsVisited <= 200 + 2)
    }
}

/// Reordered children keep their cached layouts: the layout node's children are moved
/// one by one (or, after a large shuffle, replaced at once), and either way the result
/// is what a fresh root lays out.
@Suite struct ReorderedChildrenTests {
    /// A column of keyed rows of varying heights, as a fresh root mounts them.
    private func column(_ order: [Int]) -> Component {
        Flexbox(view: ViewConfiguration("list"), children: order.map { index in
            FlexChild(Flexbox(view: ViewConfiguration("row"), size: .points(50, Float(1 + index % 7)), key: "r\(index)",
                              style: FlexboxStyle(direction: .row)) {
                Component(view: ViewConfiguration("cell", attributes: ["n": .number(Double(index))]), size: .points(5, 1))
            })
        })
    }

    private func freshDump(_ order: [Int]) throws -> String {
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(column(order))
        try root.flush()
        return host.dump()
    }

    @Test func test_reordersLayOutLikeAFreshRoot() throws {
        var random = SystemRandomNumberGenerator()
        var order = Array(0..<300)
        let host = RecordingHost()
        let root = Root(sizeRange: .flexibleHeight(width: 100), host: host)
        root.setComponent(column(order))
        try root.flush()
        let edits: [(String, ([Int]) -> [Int])] = [
            ("swap", { var o = $0; o.swapAt(1, o.count - 2); return o }),
            ("remove", { var o = $0; o.remove(at: 10); return o }),
            ("insert", { var o = $0; o.insert(1000 + o.count, at: 5); return o }),
            ("move to front", { var o = $0; let last = o.removeLast(); o.insert(last, at: 0); return o }),
            ("reverse", { $0.reversed() }),
            ("shuffle", { $0.shuffled(using: &random) }),
            ("few moves", { var o = $0; for step in 0..<5 { o.swapAt(step * 7, o.count - 1 - step * 11) }; return o }),
            ("append", { $0 + (2000..<2050) }),
            ("clear half", { Array($0.prefix($0.count / 2)) }),
        ]
        for (name, edit) in edits {
            order = edit(order)
            root.setComponent(column(order))
            let statistics = try root.flush()
            #expect(host.problems == [], "\(name)")
            #expect(host.dump() == (try freshDump(order)), "\(name)")
            if name == "swap" {
                // The list and the two moved rows (with their cells) are laid out again.
                #expect(statistics.layouts <= 6, "\(statistics.layouts)")
            }
        }
    }
}

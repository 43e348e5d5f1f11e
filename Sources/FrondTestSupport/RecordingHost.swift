import Frond

/// A host that keeps its views in memory: each commit's mutations are checked (a view
/// must exist before it is used, indices must be in range, a view is destroyed after its
/// children and out of the mounted tree, every live view is mounted when a commit ends)
/// and applied to a tree of records, which can be printed. For tests and debugging.
public final class RecordingHost: Host {
    /// One view as the host sees it.
    public struct View: Hashable, Sendable {
        public var viewType: String
        public var attributes: [String: AttributeValue] = [:]
        public var frame = LayoutFrame()
        public var children: [ViewID] = []
        public var parent: ViewID?
    }

    public private(set) var views: [ViewID: View] = [:]
    /// The root container's children.
    public private(set) var rootChildren: [ViewID] = []
    /// The mutations of every commit, in order.
    public private(set) var commits: [[Mutation]] = []
    /// Mutations the host could not apply, with the reason.
    public private(set) var problems: [String] = []
    /// Views destroyed so far.
    public private(set) var destroyedCount = 0
    private var open: [Mutation]? = nil

    public init() {}

    public func beginCommit() {
        if open != nil { problems.append("beginCommit inside a commit") }
        open = []
    }

    public func apply(_ mutation: Mutation) {
        if open == nil { problems.append("\(mutation) outside a commit") }
        open?.append(mutation)
        switch mutation {
        case .create(let view, let viewType):
            if views[view] != nil || view == .root { problems.append("\(mutation): the view exists") }
            views[view] = View(viewType: viewType)
        case .update(let view, let set, let unset):
            guard views[view] != nil else { return missing(view, mutation) }
            for attribute in set { views[view]?.attributes[attribute.name] = attribute.value }
            for name in unset {
                if views[view]?.attributes.removeValue(forKey: name) == nil {
                    problems.append("\(mutation): \(name) was not set")
                }
            }
        case .setFrame(let view, let frame):
            guard views[view] != nil else { return missing(view, mutation) }
            views[view]?.frame = frame
        case .insert(let child, let parent, let index):
            guard views[child] != nil else { return missing(child, mutation) }
            guard views[child]?.parent == nil else { return problems.append("\(mutation): the child has a parent") }
            guard let count = childCount(parent), index >= 0, index <= count else {
                return problems.append("\(mutation): no such parent or index")
            }
            insert(child, into: parent, at: index)
        case .move(let child, let parent, let index):
            guard views[child]?.parent == parent, let position = children(of: parent).firstIndex(of: child) else {
                return problems.append("\(mutation): the child is not in that parent")
            }
            detach(child, from: parent, at: position)
            guard let count = childCount(parent), index >= 0, index <= count else {
                return problems.append("\(mutation): index out of range")
            }
            insert(child, into: parent, at: index)
        case .remove(let child, let parent):
            guard views[child]?.parent == parent, let position = children(of: parent).firstIndex(of: child) else {
                return problems.append("\(mutation): the child is not in that parent")
            }
            detach(child, from: parent, at: position)
        case .destroy(let view):
            guard let record = views[view] else { return missing(view, mutation) }
            // A view is destroyed out of the mounted tree (its top was removed first), after
            // its children, and without a REMOVE from a parent that is being destroyed too.
            if isMounted(view) { problems.append("\(mutation): the view is still in the mounted tree") }
            if !record.children.isEmpty { problems.append("\(mutation): its children are not destroyed yet") }
            if let parent = record.parent, parent != .root, let position = views[parent]?.children.firstIndex(of: view) {
                views[parent]?.children.remove(at: position)
            }
            views[view] = nil
            destroyedCount += 1
        }
    }

    public func endCommit() {
        if let open { commits.append(open) } else { problems.append("endCommit outside a commit") }
        open = nil
        // No live view may still hold a destroyed one.
        for (id, view) in views where view.children.contains(where: { views[$0] == nil }) {
            problems.append("after a commit: \(id) holds a destroyed child")
        }
        if rootChildren.contains(where: { views[$0] == nil }) {
            problems.append("after a commit: the root holds a destroyed child")
        }
        // Every live view is in the mounted tree: none was created and left out, none was
        // removed and not destroyed. (Only the views the commit names can have left it.)
        for id in Set((commits.last ?? []).map { Self.viewNamed(by: $0) }) where views[id] != nil && !isMounted(id) {
            problems.append("after a commit: \(id) is alive but not in the mounted tree")
        }
    }

    /// The view a mutation is about (the child, for those that place one).
    private static func viewNamed(by mutation: Mutation) -> ViewID {
        switch mutation {
        case .create(let view, _), .update(let view, _, _), .setFrame(let view, _), .destroy(let view): return view
        case .insert(let child, _, _), .move(let child, _, _), .remove(let child, _): return child
        }
    }

    /// Whether `view` is in the tree under the root container.
    private func isMounted(_ view: ViewID) -> Bool {
        var current = view
        var steps = 0
        while let parent = views[current]?.parent {
            if parent == .root { return true }
            current = parent
            steps += 1
            if steps > views.count { return false }   // (a cycle: reported by the tree's users)
        }
        return false
    }

    /// The mutations of the last commit.
    public var lastCommit: [Mutation] { commits.last ?? [] }

    /// The live views as indented lines: `label (x, y, w×h) text="Hi"` (attributes sorted).
    public func dump() -> String {
        var lines: [String] = []
        func visit(_ id: ViewID, _ depth: Int) {
            guard let view = views[id] else { return }
            let attributes = view.attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            lines.append(String(repeating: "  ", count: depth) + "\(view.viewType) \(view.frame)" + attributes)
            for child in view.children { visit(child, depth + 1) }
        }
        for child in rootChildren { visit(child, 0) }
        return lines.joined(separator: "\n")
    }

    private func children(of parent: ViewID) -> [ViewID] {
        parent == .root ? rootChildren : views[parent]?.children ?? []
    }

    private func childCount(_ parent: ViewID) -> Int? {
        parent == .root ? rootChildren.count : views[parent]?.children.count
    }

    private func insert(_ child: ViewID, into parent: ViewID, at index: Int) {
        if parent == .root { rootChildren.insert(child, at: index) } else { views[parent]?.children.insert(child, at: index) }
        views[child]?.parent = parent
    }

    private func detach(_ child: ViewID, from parent: ViewID, at position: Int) {
        if parent == .root { rootChildren.remove(at: position) } else { views[parent]?.children.remove(at: position) }
        views[child]?.parent = nil
    }

    private func missing(_ view: ViewID, _ mutation: Mutation) {
        problems.append("\(mutation): no view \(view)")
    }
}

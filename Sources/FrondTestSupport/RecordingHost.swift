import Frond

/// A host that keeps its views in memory: each commit's mutations are checked (a view
/// must exist before it is used, indices must be in range) and applied to a tree of
/// records, which can be printed. For tests and debugging.
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
            guard views[view] != nil else { return missing(view, mutation) }
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

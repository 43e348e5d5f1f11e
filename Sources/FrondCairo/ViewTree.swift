import Frond

/// The views a host holds, as the renderer draws them: each view's type, attributes,
/// frame (in its parent's coordinates) and children, back to front. Built by applying a
/// root's mutations; a mutation that does not fit the tree (an unknown view, an index out
/// of range, a cycle, a frame that is not finite) is refused with a message and changes
/// nothing, so mutations from outside the engine cannot break it.
public struct ViewTree: Sendable {
    /// One view.
    public struct View: Hashable, Sendable {
        public var viewType: String
        public var attributes: [String: AttributeValue] = [:]
        public var frame = LayoutFrame()
        public var children: [ViewID] = []
        public var parent: ViewID?

        public init(viewType: String) {
            self.viewType = viewType
        }
    }

    public private(set) var views: [ViewID: View] = [:]
    /// The views in the host's root container, back to front.
    public private(set) var topLevel: [ViewID] = []

    public init() {}

    /// The children of `parent` (``ViewID/root``: the top-level views), back to front.
    public func children(of parent: ViewID) -> [ViewID] {
        parent == .root ? topLevel : views[parent]?.children ?? []
    }

    /// The smallest size, from the root container's origin, that holds every top-level
    /// view's frame (0 × 0 without views).
    public var extent: LayoutSize {
        var size = LayoutSize(width: 0, height: 0)
        for id in topLevel {
            guard let frame = views[id]?.frame else { continue }
            size.width = max(size.width, frame.left + frame.width)
            size.height = max(size.height, frame.top + frame.height)
        }
        return size
    }

    /// Applies one mutation, or throws ``RenderError/Kind/invalidValue`` saying why it
    /// does not fit (the tree is then unchanged).
    public mutating func apply(_ mutation: Mutation) throws(RenderError) {
        switch mutation {
        case .create(let view, let viewType):
            guard view != .root, views[view] == nil else { throw refusal(mutation, "\(view) exists already") }
            views[view] = View(viewType: viewType)
        case .update(let view, let set, let unset):
            guard views[view] != nil else { throw refusal(mutation, "there is no view \(view)") }
            for attribute in set { views[view]?.attributes[attribute.name] = attribute.value }
            for name in unset { views[view]?.attributes[name] = nil }
        case .setFrame(let view, let frame):
            guard views[view] != nil else { throw refusal(mutation, "there is no view \(view)") }
            guard [frame.left, frame.top, frame.width, frame.height].allSatisfy(\.isFinite), frame.width >= 0,
                  frame.height >= 0 else {
                throw refusal(mutation, "the frame \(frame) is not finite with a width and height ≥ 0")
            }
            views[view]?.frame = frame
        case .insert(let child, let parent, let index):
            guard let view = views[child] else { throw refusal(mutation, "there is no view \(child)") }
            guard view.parent == nil else { throw refusal(mutation, "\(child) is in a parent already") }
            guard parent == .root || views[parent] != nil else { throw refusal(mutation, "there is no view \(parent)") }
            guard !isAncestor(child, of: parent) else { throw refusal(mutation, "\(parent) is inside \(child)") }
            guard index >= 0 && index <= children(of: parent).count else {
                throw refusal(mutation, "index \(index) is out of range")
            }
            insert(child, into: parent, at: index)
        case .move(let child, let parent, let index):
            guard views[child]?.parent == parent, let position = children(of: parent).firstIndex(of: child) else {
                throw refusal(mutation, "\(child) is not a child of \(parent)")
            }
            guard index >= 0 && index < children(of: parent).count else {
                throw refusal(mutation, "index \(index) is out of range")
            }
            detach(child, from: parent, at: position)
            insert(child, into: parent, at: index)
        case .remove(let child, let parent):
            guard views[child]?.parent == parent, let position = children(of: parent).firstIndex(of: child) else {
                throw refusal(mutation, "\(child) is not a child of \(parent)")
            }
            detach(child, from: parent, at: position)
        case .destroy(let view):
            guard let destroyed = views[view] else { throw refusal(mutation, "there is no view \(view)") }
            // A destroyed view leaves its parent, and its children leave it (the engine
            // destroys them first; others are kept as unattached views).
            if let parent = destroyed.parent, let position = children(of: parent).firstIndex(of: view) {
                detach(view, from: parent, at: position)
            }
            for child in destroyed.children { views[child]?.parent = nil }
            views[view] = nil
        }
    }

    /// Whether `ancestor` is `view` or holds it.
    private func isAncestor(_ ancestor: ViewID, of view: ViewID) -> Bool {
        var current: ViewID? = view
        var steps = 0
        while let id = current, id != .root, steps <= views.count {
            if id == ancestor { return true }
            current = views[id]?.parent
            steps += 1
        }
        return false
    }

    private mutating func insert(_ child: ViewID, into parent: ViewID, at index: Int) {
        if parent == .root { topLevel.insert(child, at: index) } else { views[parent]?.children.insert(child, at: index) }
        views[child]?.parent = parent
    }

    private mutating func detach(_ child: ViewID, from parent: ViewID, at position: Int) {
        if parent == .root { topLevel.remove(at: position) } else { views[parent]?.children.remove(at: position) }
        views[child]?.parent = nil
    }

    private func refusal(_ mutation: Mutation, _ reason: String) -> RenderError {
        RenderError(.invalidValue, "\(mutation): \(reason)")
    }
}

/// Puts a list's mounted items into one host: each item's views (its own root's mutations,
/// in its own view numbers) go into a container view of type `"list-item"` whose attributes
/// `section` and `item` say which item it shows, placed by the list at the item's frame.
/// Views get host numbers of the mounter's own, so that many item roots share one host.
///
/// When an item leaves the list's range its container is *parked*: hidden (attribute
/// `hidden` = true), still in the host's tree, in a reuse pool keyed by its shape (the view
/// types of its subtree, nested). An item mounted later whose views have that shape takes
/// the parked views over: its first commit becomes attribute updates and frames for them
/// (only what differs), instead of creating views. A pool holds at most
/// ``maximumParkedPerShape`` containers; beyond that the oldest one is destroyed.
final class ListMounter {
    var host: (any Host)?
    static let maximumParkedPerShape = 32
    static let containerType = "list-item"

    /// One view as the host has it (the mounter's copy).
    private struct View {
        var viewType: String
        var attributes: [String: AttributeValue] = [:]
        var frame = LayoutFrame()
        var children: [ViewID] = []
        var parent: ViewID?
        /// The item that shows it now, and its number in that item's root (nil: parked).
        weak var owner: ListItemMount?
        var local = ViewID.root
    }

    private var views: [ViewID: View] = [:]
    private var rootChildren: [ViewID] = []
    /// New containers not inserted into the host's root view yet (see ``place(_:path:frame:)``).
    private var uninserted: Set<ViewID> = []
    private var pools: [String: [ParkedItem]] = [:]
    private var nextID: UInt64 = 1
    private var commitDepth = 0
    /// Whether the host's commit is open (its first mutation was sent).
    private var hostInCommit = false
    private(set) var statistics = ListMountStatistics()

    private struct ParkedItem {
        let container: ViewID
        /// The container's views in preorder (the container itself not included).
        let views: [ViewID]
    }

    /// Views the host has (mounted or parked), containers included.
    var viewCount: Int { views.count }
    var parkedCount: Int { pools.values.reduce(0) { $0 + $1.count } }

    // MARK: Commits

    /// Runs `body` inside one host commit (nested calls share the outer one).
    func inCommit<T>(_ body: () throws(FrondError) -> T) throws(FrondError) -> T {
        begin()
        defer { end() }
        return try body()
    }

    func begin() {
        commitDepth += 1
    }

    func end() {
        // (A container that was not placed, parked before it was, goes in as it is: every
        // view the host has is in its tree when a commit ends.)
        if commitDepth == 1 {
            for container in uninserted.sorted(by: { $0.rawValue < $1.rawValue }) { insert(container) }
        }
        commitDepth -= 1
        if commitDepth == 0, hostInCommit {
            hostInCommit = false
            host?.endCommit()
        }
    }

    /// Sends a mutation, opening the host's commit with the first one: a commit that changes
    /// nothing (a data source loaded before any viewport, a build that moved nothing) is not
    /// sent as an empty begin and end, as a root sends none.
    private func emit(_ mutation: Mutation) {
        guard let host else { return }
        if !hostInCommit {
            hostInCommit = true
            host.beginCommit()
        }
        host.apply(mutation)
        if commitDepth == 0 {  // (not inside a commit: one of its own)
            hostInCommit = false
            host.endCommit()
        }
    }

    private func newID() -> ViewID {
        defer { nextID += 1 }
        return ViewID(nextID)
    }

    // MARK: Items

    /// Mounts an item's first commit (`mutations`, in its root's numbers): onto a parked
    /// item of the same shape, or into new views. Returns the container.
    func mountFirst(_ mount: ListItemMount, _ mutations: [Mutation]) -> ViewID {
        if let tree = CreatedTree(mutations), let parked = pools[tree.shape]?.popLast() {
            reuse(parked, for: mount, tree)
            statistics.reused += 1
            return parked.container
        }
        let container = newID()
        views[container] = View(viewType: Self.containerType, parent: .root)
        emit(.create(container, viewType: Self.containerType))
        // (Inserted once placed, with its item, frame and views: a host that draws each
        // mutation does not draw it empty at the content's origin first.)
        uninserted.insert(container)
        mount.container = container
        for mutation in mutations { forward(mutation, from: mount) }
        statistics.created += 1
        return container
    }

    /// Hands a parked item's views to `mount`, showing the item `tree` describes.
    private func reuse(_ parked: ParkedItem, for mount: ListItemMount, _ tree: CreatedTree) {
        mount.container = parked.container
        // (Hidden until placed: shown before, it would show the new item at the old one's
        // place to a host that draws each mutation.)
        setAttributes(parked.container, [:], keeping: ["section", "item", "hidden"])
        for (local, id) in zip(tree.preorder, parked.views) {
            mount.globalOf[local] = id
            views[id]?.owner = mount
            views[id]?.local = local
            setAttributes(id, tree.attributes[local] ?? [:])
            if let frame = tree.frames[local], views[id]?.frame != frame {
                views[id]?.frame = frame
                emit(.setFrame(id, frame))
            }
        }
    }

    /// Makes `id`'s attributes `attributes` (plus those named in `keeping`), sending only
    /// what changes.
    private func setAttributes(_ id: ViewID, _ attributes: [String: AttributeValue], keeping: Set<String> = []) {
        guard let old = views[id]?.attributes else { return }
        let set = attributes.filter { old[$0.key] != $0.value }.map { Attribute(name: $0.key, value: $0.value) }
            .sorted { $0.name < $1.name }
        let unset = old.keys.filter { attributes[$0] == nil && !keeping.contains($0) }.sorted()
        guard !set.isEmpty || !unset.isEmpty else { return }
        for attribute in set { views[id]?.attributes[attribute.name] = attribute.value }
        for name in unset { views[id]?.attributes[name] = nil }
        emit(.update(id, set: set, unset: unset))
    }

    /// Puts a new container into the host's root view, after the others.
    private func insert(_ container: ViewID) {
        guard uninserted.remove(container) != nil else { return }
        emit(.insert(child: container, parent: .root, index: rootChildren.count))
        rootChildren.append(container)
    }

    /// Says which item a container shows, and where (a new container is inserted then).
    func place(_ container: ViewID, path: ItemPath, frame: LayoutFrame) {
        defer { insert(container) }
        guard let view = views[container] else { return }
        var set: [Attribute] = []
        if view.attributes["section"] != .number(Double(path.section)) {
            set.append(Attribute(name: "section", value: .number(Double(path.section))))
        }
        if view.attributes["item"] != .number(Double(path.item)) {
            set.append(Attribute(name: "item", value: .number(Double(path.item))))
        }
        if !set.isEmpty {
            for attribute in set { views[container]?.attributes[attribute.name] = attribute.value }
            emit(.update(container, set: set, unset: []))
        }
        if view.frame != frame {
            views[container]?.frame = frame
            emit(.setFrame(container, frame))
        }
        if view.attributes["hidden"] != nil {  // (a reused container, shown once placed)
            views[container]?.attributes["hidden"] = nil
            emit(.update(container, set: [], unset: ["hidden"]))
        }
    }

    /// A later commit's mutation of a mounted item, in host numbers.
    func forward(_ mutation: Mutation, from mount: ListItemMount) {
        func global(_ local: ViewID) -> ViewID? { mount.hostView(of: local) }
        switch mutation {
        case .create(let local, let viewType):
            let id = newID()
            mount.globalOf[local] = id
            var view = View(viewType: viewType)
            view.owner = mount
            view.local = local
            views[id] = view
            emit(.create(id, viewType: viewType))
        case .update(let local, let set, let unset):
            guard let id = global(local) else { return }
            for attribute in set { views[id]?.attributes[attribute.name] = attribute.value }
            for name in unset { views[id]?.attributes[name] = nil }
            emit(.update(id, set: set, unset: unset))
        case .setFrame(let local, let frame):
            guard let id = global(local) else { return }
            views[id]?.frame = frame
            emit(.setFrame(id, frame))
        case .insert(let localChild, let localParent, let index):
            guard let child = global(localChild), let parent = global(localParent) else { return }
            views[child]?.parent = parent
            let count = views[parent]?.children.count ?? 0
            views[parent]?.children.insert(child, at: min(max(index, 0), count))
            emit(.insert(child: child, parent: parent, index: index))
        case .move(let localChild, let localParent, let index):
            guard let child = global(localChild), let parent = global(localParent) else { return }
            views[parent]?.children.removeAll { $0 == child }
            let count = views[parent]?.children.count ?? 0
            views[parent]?.children.insert(child, at: min(max(index, 0), count))
            emit(.move(child: child, parent: parent, index: index))
        case .remove(let localChild, let localParent):
            guard let child = global(localChild), let parent = global(localParent) else { return }
            views[parent]?.children.removeAll { $0 == child }
            views[child]?.parent = nil
            emit(.remove(child: child, parent: parent))
        case .destroy(let local):
            guard let id = global(local) else { return }
            if let parent = views[id]?.parent { views[parent]?.children.removeAll { $0 == id } }
            views[id] = nil
            mount.globalOf[local] = nil
            emit(.destroy(id))
        }
    }

    /// Hides an item's container and keeps it, with its views, for reuse.
    func park(_ mount: ListItemMount) {
        guard let (container, preorder, shape) = takeViews(of: mount) else { return }
        for id in preorder { views[id]?.owner = nil }
        setAttributes(container, ["hidden": .bool(true)], keeping: ["section", "item"])
        pools[shape, default: []].append(ParkedItem(container: container, views: preorder))
        statistics.parked += 1
        if let pool = pools[shape], pool.count > Self.maximumParkedPerShape {
            pools[shape]?.removeFirst()
            destroy(pool[0])
        }
    }

    /// Marks an item's container as showing no item of the list any more (it plays its final
    /// animations): its `section` and `item` attributes go, and `leaving` = true tells the
    /// host to let it take no input (the item that takes its place is under it).
    func markLeaving(_ mount: ListItemMount) {
        guard let container = mount.container else { return }
        setAttributes(container, ["leaving": .bool(true)], keeping: ["hidden"])
        // On top of the others: the item that takes its place shows through as it fades.
        if let index = rootChildren.firstIndex(of: container), index != rootChildren.count - 1 {
            rootChildren.remove(at: index)
            rootChildren.append(container)
            emit(.move(child: container, parent: .root, index: rootChildren.count - 1))
        }
    }

    /// Moves a leaving item's container along with the content around it (the list's
    /// positions shifted by `delta` where the viewport is, and the host scrolls by it).
    func shift(_ mount: ListItemMount, by delta: Float, vertically: Bool) {
        guard let container = mount.container, var frame = views[container]?.frame, delta != 0 else { return }
        if vertically { frame.top += delta } else { frame.left += delta }
        views[container]?.frame = frame
        emit(.setFrame(container, frame))
    }

    /// Removes an item's container from the host for good, with the views still in it (an
    /// item that left the list once its final-unmount animations ended).
    func discard(_ mount: ListItemMount) {
        guard let (container, preorder, _) = takeViews(of: mount) else { return }
        destroy(ParkedItem(container: container, views: preorder))
    }

    /// Takes an item's container from its mount (nil: it has none): the container, the views
    /// in it in preorder, and their shape (what a parked container is reused for).
    private func takeViews(of mount: ListItemMount) -> (container: ViewID, preorder: [ViewID], shape: String)? {
        guard let container = mount.container else { return nil }
        mount.container = nil
        mount.globalOf.removeAll()
        var preorder: [ViewID] = []
        var shape = ""
        describe(views[container]?.children ?? [], preorder: &preorder, shape: &shape)
        return (container, preorder, shape)
    }

    /// Removes a parked item from the host for good.
    private func destroy(_ parked: ParkedItem) {
        if uninserted.remove(parked.container) == nil {
            emit(.remove(child: parked.container, parent: .root))
            rootChildren.removeAll { $0 == parked.container }
        }
        // Children before their parents, without removing them from parents that go too.
        for id in parked.views.reversed() {
            views[id] = nil
            emit(.destroy(id))
        }
        views[parked.container] = nil
        emit(.destroy(parked.container))
        statistics.destroyed += 1
    }

    /// The shape of the views `ids` (and their subtrees): `type(child,child),…`, and their
    /// preorder.
    private func describe(_ ids: [ViewID], preorder: inout [ViewID], shape: inout String) {
        for id in ids {
            guard let view = views[id] else { continue }
            preorder.append(id)
            shape += view.viewType
            if !view.children.isEmpty {
                shape += "("
                describe(view.children, preorder: &preorder, shape: &shape)
                shape += ")"
            }
            shape += ","
        }
    }

    /// Where a view is in its parent, in the host's numbers (nil: none of the list's).
    func frame(of id: ViewID) -> LayoutFrame? { views[id]?.frame }

    /// The item view that a host view shows, in its item root's numbers (nil: a container,
    /// a parked view, or none of the list's).
    func owner(of id: ViewID) -> (mount: ListItemMount, local: ViewID)? {
        guard let view = views[id], let owner = view.owner else { return nil }
        return (owner, view.local)
    }
}

/// What a list's mounting did so far: items mounted into new views (`created`) and into a
/// parked item's views (`reused`), items parked, and parked items destroyed (their pool was full).
public struct ListMountStatistics: Hashable, Sendable {
    public var created = 0
    public var reused = 0
    public var parked = 0
    public var destroyed = 0
}

/// The views an item's first commit creates, read from its mutations: their shape (as
/// ``ListMounter`` describes a parked item's), their preorder, attributes and frames. Nil
/// when the commit does anything but create, update, place and insert.
private struct CreatedTree {
    var shape = ""
    var preorder: [ViewID] = []
    var attributes: [ViewID: [String: AttributeValue]] = [:]
    var frames: [ViewID: LayoutFrame] = [:]

    init?(_ mutations: [Mutation]) {
        var types: [ViewID: String] = [:]
        var children: [ViewID: [ViewID]] = [:]
        for mutation in mutations {
            switch mutation {
            case .create(let id, let viewType): types[id] = viewType
            case .update(let id, let set, let unset):
                for attribute in set { attributes[id, default: [:]][attribute.name] = attribute.value }
                for name in unset { attributes[id]?[name] = nil }
            case .setFrame(let id, let frame): frames[id] = frame
            case .insert(let child, let parent, let index):
                var list = children[parent] ?? []
                guard index >= 0, index <= list.count else { return nil }
                list.insert(child, at: index)
                children[parent] = list
            case .move, .remove, .destroy: return nil
            }
        }
        var shape = ""
        var preorder: [ViewID] = []
        func visit(_ ids: [ViewID]) -> Bool {
            for id in ids {
                guard let type = types[id] else { return false }
                preorder.append(id)
                shape += type
                if let below = children[id], !below.isEmpty {
                    shape += "("
                    guard visit(below) else { return false }
                    shape += ")"
                }
                shape += ","
            }
            return true
        }
        guard visit(children[.root] ?? []), preorder.count == types.count else { return nil }
        self.shape = shape
        self.preorder = preorder
    }
}

/// The host of one list item's root: passes its mutations to the list's mounter in host
/// numbers (its first commit whole, so that it can take a parked item's views over).
final class ListItemMount: Host {
    unowned let mounter: ListMounter
    /// (Weak: the item's root holds this host.)
    weak var itemRoot: DataSourceItemRoot?
    /// The item's container (nil until its first commit, and once parked).
    var container: ViewID?
    /// Host numbers of the item root's views.
    var globalOf: [ViewID: ViewID] = [:]

    /// The host's number of one of the item root's views (its root view: the container).
    func hostView(of local: ViewID) -> ViewID? { local == .root ? container : globalOf[local] }
    /// Where the list last placed the item (nil: not yet).
    var placedPath: ItemPath?
    private var firstCommit: [Mutation]?
    /// Whether the item went through its first commit.
    private(set) var isMounted = false

    init(mounter: ListMounter, itemRoot: DataSourceItemRoot) {
        self.mounter = mounter
        self.itemRoot = itemRoot
    }

    func beginCommit() {
        mounter.begin()
        if !isMounted { firstCommit = [] }
    }

    func apply(_ mutation: Mutation) {
        if firstCommit != nil {
            firstCommit?.append(mutation)
        } else if container != nil {
            mounter.forward(mutation, from: self)
        }
    }

    func endCommit() {
        if let mutations = firstCommit {
            firstCommit = nil
            isMounted = true
            _ = mounter.mountFirst(self, mutations)
        }
        mounter.end()
    }
}

import CPrefetch

/// A view the host holds for a root, as the last commit left it. (Changed only by the
/// root's flushes, on one thread at a time: its fields skip run-time exclusivity checks.)
final class MountedView {
    let id: ViewID
    let viewType: String
    /// The tree node whose component the view shows (nil for the root view); the node
    /// learns its view (``TreeNode/viewID``).
    var treeNode: TreeNode? {
        get { treeNodeStorage }
        set {
            treeNodeStorage = newValue
            newValue?.viewID = id
        }
    }
    @exclusivity(unchecked) private var treeNodeStorage: TreeNode?
    @exclusivity(unchecked) var attributes: [Attribute]
    @exclusivity(unchecked) var frame: LayoutFrame
    @exclusivity(unchecked) var children: [MountedView] = []
    /// Created in the commit being made: its frame is sent even if it is all zeros.
    @exclusivity(unchecked) var isFresh = true
    /// Its component left the tree, and the view stays (among its siblings, where it
    /// was) until its final-unmount animations end (see ``Animator``).
    @exclusivity(unchecked) var isDisappearing = false
    /// The legacy component whose ``LegacyComponent/didMount(view:)`` this view last
    /// told (and whose didUnmount is still due), if any.
    var hooked: LegacyComponent?
    /// Where the view was among its parent's children when the mount step last matched
    /// them (``Mounter/reconcile(_:with:)``'s scratch: true only where that list has this
    /// view at this index, which the step checks).
    @exclusivity(unchecked) var siblingIndex = -1

    init(id: ViewID, viewType: String, treeNode: TreeNode?, attributes: [Attribute], frame: LayoutFrame) {
        self.id = id
        self.viewType = viewType
        treeNodeStorage = treeNode
        self.attributes = attributes
        self.frame = frame
        treeNode?.viewID = id
    }

    /// Whether the view shows the node at `node` (compared by address: neither is
    /// retained, and the node is not read).
    @inline(__always)
    func shows(_ node: UnsafeRawPointer) -> Bool {
        let shown = withUnsafeMutablePointer(to: &treeNodeStorage) { UnsafeRawPointer($0).load(as: UnsafeRawPointer?.self) }
        return shown == node
    }

    /// The identity of the component the view shows (see ``TreeNode``); 0 for none.
    var identity: Int { treeNode?.identity ?? 0 }

    /// What a view can be reused for: the same type with the same attribute names.
    var shape: Shape { Shape(viewType: viewType, names: attributes.map(\.name)) }

    struct Shape: Hashable {
        let viewType: String
        let names: [String]
    }
}

/// Turns a new build into host mutations against what is mounted.
///
///     built components (with views) ──► per parent view: match old children
///                                         1. same identity and view type → keep
///                                         2. same (type, attribute names) → reuse
///                                         3. otherwise                    → create
///     old children left over ─────────► remove + destroy (children first), or kept as
///                                         disappearing when their component left with
///                                         final-unmount animations
///     kept views out of order ────────► move (the longest run in order stays put)
///
/// Viewless components have no view: their children are mounted into the nearest
/// ancestor view, with the viewless components' offsets added to their frames.
///
/// Only what may have changed is looked at: a kept view whose tree node the build did
/// not visit, and whose layout subtree kept its frames, is skipped with everything in
/// it; a view whose content still places the same views (see
/// ``TreeNode/placementsChangedFlush``) gets its children's attributes and frames
/// brought up to date without matching them again; when no frame changed either, only
/// the views of the children the build rebuilt are looked at (``rebuiltChildren``). So a
/// state update in one row of a long list looks at that row's views, not at the list's.
struct Mounter {
    private(set) var mutations: [Mutation] = []
    private(set) var statistics = CommitStatistics()
    private var nextViewID: UInt64
    /// Every live view by number (kept up to date as views are created and destroyed).
    var registry = ViewRegistry()
    /// The flush whose build is mounted (see ``TreeNode/visitedFlush``).
    private let flush: UInt64
    /// The layout pass the mounted frames come from: frames changed in later passes are
    /// new (see ``LayoutNode/descendantFramesChangedPass``).
    private let mountedPass: UInt64
    /// The tree nodes (of components that left) whose views stay to disappear.
    var keepsDisappearing: Set<ObjectIdentifier> = []
    /// The views this commit kept as disappearing, with their parents.
    private(set) var disappeared: [(view: MountedView, parent: MountedView)] = []
    /// The views that may start or stop showing legacy components (see ``MountHooks``).
    private(set) var hooks = MountHooks()
    /// The children each node whose component stayed had rebuilt (the build's record, by
    /// the node's identity): with no frame changed below such a node, only those
    /// children's views need looking at.
    var rebuiltChildren: [ObjectIdentifier: [TreeNode]] = [:]

    /// Takes over the registry (swap it back with ``registry`` when done).
    init(nextViewID: UInt64, flush: UInt64, mountedPass: UInt64) {
        self.nextViewID = nextViewID
        self.flush = flush
        self.mountedPass = mountedPass
    }

    var lastViewID: UInt64 { nextViewID }

    /// The mutations made so far, handed over (the mounter keeps none, so that the caller
    /// holds the only reference and may change the list in place).
    mutating func takeMutations() -> [Mutation] {
        var taken: [Mutation] = []
        swap(&taken, &mutations)
        return taken
    }

    /// A view-bearing component to mount, with its frame relative to the parent view, and
    /// what the match needs to know of its node. (Read from the node once, where the
    /// placements are gathered: a reordered list of thousands reaches its nodes out of
    /// memory order, each on a page of its own, and every later pass over the nodes would
    /// wait on memory for each again.)
    struct Placement {
        /// (Not counted: the built tree keeps its nodes for the whole mount step.)
        unowned(unsafe) let built: TreeNode
        /// The address of `built` (compared without a retain, which would write to the
        /// node: in a reordered list of many rows, a cache miss per row).
        let builtAddress: UnsafeRawPointer
        let frame: LayoutFrame
        /// The view the mount step last gave the node (``TreeNode/viewID``).
        let viewID: ViewID?
        /// The view type of the node's component.
        let viewType: String?
        /// The build visited the node (its component may have new attributes).
        let visited: Bool
        /// Something in the node's content may need mounting again: the build visited the
        /// node or a frame below it changed (what ``mountContent(of:node:left:top:full:)``
        /// checks first for a view it keeps).
        let contentChanged: Bool

        init(_ node: TreeNode, frame: LayoutFrame, viewType: String?, flush: UInt64, mountedPass: UInt64) {
            built = node
            builtAddress = UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque())
            self.frame = frame
            viewID = node.viewID
            self.viewType = viewType
            visited = node.visitedFlush == flush
            contentChanged = visited || node.descendantFramesChangedPass > mountedPass
        }
    }

    /// The view-bearing components under `built` (itself excluded), as children of the
    /// view that contains `built`, which sits at (`left`, `top`) in that view.
    func placements(under built: TreeNode, left: Float, top: Float, into list: inout [Placement]) {
        // (Each child asks for what the walk will read a few places ahead: see
        // TreeNode+Prefetch.swift. The nodes and components are lent, and the view
        // configuration is read in place, not copied.)
        let children = built.treeChildren
        for ahead in -8 ..< 0 { children.prefetchPlacements(at: ahead) }
        for index in children.indices {
            children.prefetchPlacements(at: index)
            children.lent(index)._withUnsafeGuaranteedRef { child in
                let frame = child.frame
                let childLeft = left + frame.left
                let childTop = top + frame.top
                let viewType = Unmanaged.passUnretained(child.component)._withUnsafeGuaranteedRef { $0.view.viewType }
                if let viewType {
                    list.append(Placement(child, frame: LayoutFrame(left: childLeft, top: childTop, width: frame.width,
                                                                    height: frame.height),
                                          viewType: viewType, flush: flush, mountedPass: mountedPass))
                } else {
                    placements(under: child, left: childLeft, top: childTop, into: &list)
                }
            }
        }
    }

    /// Makes the root view's children show `tree`.
    mutating func mount(_ tree: TreeNode?, in rootView: MountedView) {
        guard let tree else {
            reconcile(rootView, with: [])
            return
        }
        let frame = tree.frame
        guard tree.component.view.hasView else {
            // A viewless top: the root view holds its content, offset by its frame.
            mountContent(of: rootView, node: tree, left: frame.left, top: frame.top,
                         full: tree.viewChangedFlush == flush)
            return
        }
        if rootView.children.count == 1, let view = rootView.children.first, view.treeNode === tree,
           tree.viewChangedFlush != flush {
            statistics.viewsVisited += 1
            if tree.visitedFlush == flush {
                updateAttributes(of: view, to: tree.component.view.mountedAttributes)
                hooks.touch(view, tree)
            }
            setFrame(of: view, to: frame)
            mountContent(of: view, node: tree, left: 0, top: 0, full: false)
        } else {
            reconcile(rootView, with: [Placement(tree, frame: frame, viewType: tree.component.view.viewType, flush: flush,
                                                 mountedPass: mountedPass)])
        }
    }

    /// Brings the children of `view`, which shows `node`'s content at (`left`, `top`), up
    /// to date. `full`: match them again whatever the build says (the view is new or
    /// was showing another node).
    private mutating func mountContent(of view: MountedView, node: TreeNode, left: Float, top: Float, full: Bool) {
        let visited = node.visitedFlush == flush
        let framesChanged = node.descendantFramesChangedPass > mountedPass
        guard full || visited || framesChanged else { return }
        if full && view.children.isEmpty {
            // (At most four mutations per node: one growth of the mutation list instead of
            // many, grown geometrically: many small subtrees in a row must not copy each time.)
            let changes = mutations.count + 4 * node.subtreeSize
            if changes > mutations.capacity { mutations.reserveCapacity(max(changes, 2 * mutations.capacity)) }
            createContent(of: view, node: node, left: left, top: top)
            return
        }
        if full || (visited && (node.placementsChangedFlush == flush || node.viewChangedFlush == flush)) {
            var placements: [Placement] = []
            placements.reserveCapacity(node.treeChildCount)
            self.placements(under: node, left: left, top: top, into: &placements)
            reconcile(view, with: placements)
            return
        }
        // The same views for the same nodes, in the same order (and disappearing ones).
        if !framesChanged, let rebuilt = rebuiltChildren[ObjectIdentifier(node)] {
            // No frame changed below: only the views of the children the build visited can
            // change, and the build says which (a list's one updated row, not every row).
            for child in rebuilt { mountVisited(child, in: view) }
            return
        }
        for child in view.children {
            guard !child.isDisappearing, let childNode = child.treeNode else { continue }
            statistics.viewsVisited += 1
            if childNode.visitedFlush == flush {
                updateAttributes(of: child, to: childNode.component.view.mountedAttributes)
                hooks.touch(child, childNode)
            }
            if framesChanged, let frame = Self.frame(of: childNode, in: node, left: left, top: top) {
                setFrame(of: child, to: frame)
            }
            mountContent(of: child, node: childNode, left: 0, top: 0, full: false)
        }
    }

    /// Brings up to date the views `child` (a child the build visited of the node `view`
    /// shows, which kept the same views) places in `view`: its own, or those of its visited
    /// children when it has no view. What the loop over all of `view`'s children does
    /// for these; it does nothing for the others, whose nodes were not visited.
    private mutating func mountVisited(_ child: TreeNode, in view: MountedView) {
        guard child.visitedFlush == flush else { return }
        guard child.component.view.hasView else {
            let grandchildren = rebuiltChildren[ObjectIdentifier(child)].map { $0[...] }
                ?? child.treeChildren.filter { $0.visitedFlush == flush }[...]
            for grandchild in grandchildren { mountVisited(grandchild, in: view) }
            return
        }
        guard let id = child.viewID, let childView = registry[id], childView.treeNode === child,
              !childView.isDisappearing else { return }
        statistics.viewsVisited += 1
        updateAttributes(of: childView, to: child.component.view.mountedAttributes)
        hooks.touch(childView, child)
        mountContent(of: childView, node: child, left: 0, top: 0, full: false)
    }

    /// Fills `view`, which has no children yet, with `node`'s content (at `left`, `top`):
    /// every view is new. The mutations are those ``reconcile(_:with:)`` would send, in
    /// the same order, without its matching.
    private mutating func createContent(of view: MountedView, node: TreeNode, left: Float, top: Float) {
        // (Only the count: the list itself is read by createViews.)
        let count = node.treeChildCount
        guard count > 0 else { return }
        var children: [MountedView] = []
        // (Usually one view per child: viewless children with several views grow it.)
        children.reserveCapacity(count)
        createViews(under: node, left: left, top: top, into: &children)
        guard !children.isEmpty else { return }
        // (Each view asks for the node of the one a few places ahead, which it will fill:
        // see TreeNode+Prefetch.swift.)
        // (The views are lent by the list, and their nodes by the views: nothing here
        // changes either.)
        for index in children.indices {
            if index &+ LayoutNode.prefetchDistance < children.count {
                children.lent(index &+ LayoutNode.prefetchDistance)._withUnsafeGuaranteedRef { $0.treeNode?.prefetch() }
            }
            statistics.viewsVisited += 1
            children.lent(index)._withUnsafeGuaranteedRef { child in
                guard let childNode = child.treeNode.map({ Unmanaged.passUnretained($0) }) else { return }
                // (The view was made with its attributes: they are all new.)
                if !child.attributes.isEmpty {
                    emit(.update(child.id, set: child.attributes, unset: []))
                    statistics.updated += 1
                }
                child.isFresh = false
                emit(.setFrame(child.id, child.frame))
                childNode._withUnsafeGuaranteedRef { childNode in
                    hooks.touch(child, childNode)
                    createContent(of: child, node: childNode, left: 0, top: 0)
                }
            }
        }
        let parentID = view.id
        for index in children.indices {
            emit(.insert(child: children.lent(index)._withUnsafeGuaranteedRef { $0.id }, parent: parentID, index: index))
        }
        view.children = children
    }

    /// A new view of `viewType` for `node`, registered, its creation sent.
    private mutating func createView(_ viewType: String, for node: TreeNode, attributes: consuming [Attribute],
                                     frame: LayoutFrame) -> MountedView {
        let view = MountedView(id: ViewID(nextViewID), viewType: viewType, treeNode: node, attributes: attributes,
                               frame: frame)
        nextViewID += 1
        registry.insert(view.id.rawValue, view)
        emit(.create(view.id, viewType: viewType))
        statistics.created += 1
        return view
    }

    /// Creates the views of the view-bearing components under `node` (as
    /// ``placements(under:left:top:into:)`` finds them), each with its frame.
    private mutating func createViews(under node: TreeNode, left: Float, top: Float, into views: inout [MountedView]) {
        // (Each child asks for the one a few places ahead: see TreeNode+Prefetch.swift.)
        let children = node.treeChildren
        for ahead in 0..<LayoutNode.prefetchDistance { children.prefetchNode(at: ahead) }
        for index in children.indices {
            children.prefetchNode(at: index &+ LayoutNode.prefetchDistance)
            // (And for the component of the next, whose node has had time to arrive.)
            children.prefetchComponent(at: index &+ 1)
            // (The child is lent by the list, which keeps it, and its component by the child,
            // which keeps it: the mount step changes neither.)
            children.lent(index)._withUnsafeGuaranteedRef { child in
                let frame = child.frame
                let childLeft = left + frame.left
                let childTop = top + frame.top
                Unmanaged.passUnretained(child.component)._withUnsafeGuaranteedRef { component in
                    // (The component's view configuration is read in place, not copied.)
                    guard let viewType = component.view.viewType else {
                        createViews(under: child, left: childLeft, top: childTop, into: &views)
                        return
                    }
                    views.append(createView(viewType, for: child, attributes: component.view.mountedAttributes,
                                            frame: LayoutFrame(left: childLeft, top: childTop, width: frame.width,
                                                               height: frame.height)))
                }
            }
        }
    }

    /// The frame of `descendant` in the view that shows `ancestor`'s content at (`left`,
    /// `top`): the offsets of the viewless nodes between them added top-down, exactly as
    /// ``placements(under:left:top:into:)`` adds them. Nil if it is not a descendant.
    private static func frame(of descendant: TreeNode, in ancestor: TreeNode, left: Float, top: Float) -> LayoutFrame? {
        let own = descendant.frame
        guard let parent = descendant.treeParent else { return nil }
        if parent === ancestor {
            return LayoutFrame(left: left + own.left, top: top + own.top, width: own.width, height: own.height)
        }
        var chain: [LayoutFrame] = []
        var current: TreeNode? = parent
        while let node = current, node !== ancestor {
            chain.append(node.frame)
            current = node.treeParent
        }
        guard current != nil else { return nil }
        var x = left, y = top
        for frame in chain.reversed() {
            x += frame.left
            y += frame.top
        }
        return LayoutFrame(left: x + own.left, top: y + own.top, width: own.width, height: own.height)
    }

    /// Makes `parent`'s children match `placements`, recursively.
    mutating func reconcile(_ parent: MountedView, with placements: [Placement]) {
        let old = parent.children
        // Each old view learns its index, and the node a view shows knows the view
        // (``TreeNode/viewID``): matching a list of thousands needs no table of them.
        // Disappearing views stay where they are; nobody takes them.
        var taken = [Bool](repeating: false, count: old.count)
        var hasDisappearing = false
        for index in old.indices {
            old.lent(index)._withUnsafeGuaranteedRef { view in
                view.siblingIndex = index
                if view.isDisappearing {
                    taken[index] = true
                    hasDisappearing = true
                }
            }
        }
        var final: [MountedView?] = Array(repeating: nil, count: placements.count)
        /// Where each slot's view was in `old` (nil for a new view).
        var oldIndices = [Int?](repeating: nil, count: placements.count)
        /// Slots whose view showed the same node before (its content can be updated in place).
        var kept = [Bool](repeating: false, count: placements.count)

        // 1. Views of the same component (identity: the same node) and type are kept.
        // (The placements say which view each node had: the nodes themselves are not read.)
        if !old.isEmpty {
            for slot in placements.indices {
                // (A reordered list reaches its views out of order: each asks for the view of
                // the one a few places ahead.)
                if slot &+ 8 < placements.count, let id = placements[slot &+ 8].viewID { registry.prefetchSlot(id) }
                if slot &+ 4 < placements.count, let id = placements[slot &+ 4].viewID { registry.prefetch(id) }
                // (The view is lent by the registry: it is retained once, where it is kept.)
                guard let id = placements[slot].viewID, let lent = registry.lent(id) else { continue }
                let index = lent._withUnsafeGuaranteedRef { view -> Int? in
                    guard view.shows(placements[slot].builtAddress), let index = Self.index(of: view, in: old), !taken[index],
                          view.viewType == placements[slot].viewType else { return nil }
                    return index
                }
                guard let index else { continue }
                taken[index] = true
                final[slot] = lent.takeUnretainedValue()
                kept[slot] = true
                oldIndices[slot] = index
            }
        }

        // Views of components that left with final-unmount animations start disappearing.
        if !keepsDisappearing.isEmpty {
            for (index, view) in old.enumerated() where !taken[index] {
                guard let node = view.treeNode, keepsDisappearing.contains(ObjectIdentifier(node)) else { continue }
                startDisappearing(view)
                taken[index] = true
                hasDisappearing = true
                disappeared.append((view, parent))
            }
        }

        // 2. Other old views of the same shape are reused, in order; 3. the rest is created.
        let reusable = taken.contains(false)
        var pool: [MountedView.Shape: [Int]]? = nil
        for (slot, placement) in placements.enumerated() where final[slot] == nil {
            let configuration = placement.built.component.view
            if reusable && pool == nil {
                var shapes: [MountedView.Shape: [Int]] = [:]
                for (index, view) in old.enumerated().reversed() where !taken[index] { shapes[view.shape, default: []].append(index) }
                pool = shapes
            }
            if reusable, let index = pool?[MountedView.Shape(viewType: configuration.viewType ?? "",
                                                              names: configuration.mountedAttributes.map(\.name))]?.popLast() {
                taken[index] = true
                old[index].treeNode = placement.built
                final[slot] = old[index]
                oldIndices[slot] = index
            } else {
                final[slot] = createView(configuration.viewType ?? "", for: placement.built, attributes: [],
                                         frame: LayoutFrame())
            }
        }

        // Old views nobody took leave the parent.
        for index in old.indices where !taken[index] {
            let view = old[index]
            emit(.remove(child: view.id, parent: parent.id))
            destroy(view)
        }

        // Attributes, frames and children of every view in the new order. (A kept view
        // whose node the build did not visit, with no frame changed below it, has nothing
        // new but its own frame: its node is not read.)
        // (Moved out of `final`, every slot of which now has a view: copying them would
        // retain and then release each view once more, which a long reordered list has
        // evicted from the caches by now.)
        let views = [MountedView](unsafeUninitializedCapacity: final.count) { buffer, initialized in
            final.withUnsafeMutableBufferPointer { slots in
                guard let from = slots.baseAddress, let to = buffer.baseAddress else { return }
                for slot in slots.indices {
                    let view = (from + slot).move()
                    (from + slot).initialize(to: nil)
                    if let view {
                        (to + initialized).initialize(to: view)
                        initialized += 1
                    }
                }
            }
        }
        // (The order step reads the views' numbers from here, not from the views, which a
        // long reordered list has evicted from the caches by then.)
        var ids: [ViewID] = []
        ids.reserveCapacity(views.count)
        for (slot, view) in zip(placements.indices, views) {
            if slot &+ 8 < views.count { frond_prefetch_bytes(Unmanaged.passUnretained(views[slot &+ 8]).toOpaque(), 128) }
            ids.append(view.id)
            statistics.viewsVisited += 1
            let isKept = kept[slot]
            if !isKept || placements[slot].visited {
                let node = placements[slot].built
                updateAttributes(of: view, to: node.component.view.mountedAttributes)
                hooks.touch(view, node)
            }
            setFrame(of: view, to: placements[slot].frame)
            if !isKept || placements[slot].contentChanged {
                mountContent(of: view, node: placements[slot].built, left: 0, top: 0, full: !isKept)
            }
        }

        if hasDisappearing {
            let ordered = Self.keepingDisappearing(views, old: old, taken: taken)
            order(ordered.map(\.id), oldIndices: ordered.map { Self.takenIndex(of: $0, in: old, taken: taken) },
                  in: parent, old: old, taken: taken)
            parent.children = ordered
        } else {
            order(ids, oldIndices: oldIndices, in: parent, old: old, taken: taken)
            parent.children = views
        }
    }

    /// Keeps `view`, whose component left, for its final-unmount animations: it and the views
    /// in it take no events, and the attribute `leaving` = true tells the host (which lets it
    /// take no input, as a list's leaving item: what is under it gets the clicks).
    private mutating func startDisappearing(_ view: MountedView) {
        func mark(_ view: MountedView) {
            view.isDisappearing = true
            for child in view.children { mark(child) }
        }
        mark(view)
        var attributes = view.attributes
        let leaving = Attribute(name: "leaving", value: .bool(true))
        if let index = attributes.firstIndex(where: { $0.name >= leaving.name }) {
            if attributes[index].name == leaving.name { attributes[index] = leaving } else { attributes.insert(leaving, at: index) }
        } else {
            attributes.append(leaving)
        }
        updateAttributes(of: view, to: attributes)
    }

    /// The index of `view` in `old`, the children ``reconcile(_:with:)`` is matching (nil
    /// for a view not among them).
    @inline(__always)
    private static func index(of view: MountedView, in old: [MountedView]) -> Int? {
        let index = view.siblingIndex
        guard index >= 0 && index < old.count && old.lent(index).toOpaque() == Unmanaged.passUnretained(view).toOpaque() else {
            return nil
        }
        return index
    }

    /// The index in `old` of a view the match took from `old` (kept, reused or
    /// disappearing); nil for a new view.
    @inline(__always)
    private static func takenIndex(of view: MountedView, in old: [MountedView], taken: [Bool]) -> Int? {
        guard let index = index(of: view, in: old), taken[index] else { return nil }
        return index
    }

    /// `views` (the new order) with the disappearing views of `old` put back, each right
    /// after the view it followed in `old` that is still there (or first), so that the
    /// host's indices count them where the host has them.
    private static func keepingDisappearing(_ views: [MountedView], old: [MountedView], taken: [Bool]) -> [MountedView] {
        var front: [MountedView] = []
        var followers: [ObjectIdentifier: [MountedView]] = [:]
        var anchor: MountedView? = nil
        for (index, view) in old.enumerated() where taken[index] {
            if view.isDisappearing {
                if let anchor { followers[ObjectIdentifier(anchor), default: []].append(view) } else { front.append(view) }
            }
            anchor = view
        }
        var result: [MountedView] = []
        result.reserveCapacity(views.count + followers.count + front.count)
        func place(_ view: MountedView) {
            result.append(view)
            for follower in followers[ObjectIdentifier(view)] ?? [] { place(follower) }
        }
        for view in front { place(view) }
        for view in views { place(view) }
        return result
    }

    /// Sends the attribute changes of one view: the new and changed ones are set, the
    /// ones it no longer has are unset.
    private mutating func updateAttributes(of view: MountedView, to attributes: [Attribute]) {
        guard attributes != view.attributes else { return }
        var set: [Attribute] = []
        var unset: [String] = []
        var oldIndex = 0
        for attribute in attributes {
            while oldIndex < view.attributes.count && view.attributes[oldIndex].name < attribute.name {
                unset.append(view.attributes[oldIndex].name)
                oldIndex += 1
            }
            if oldIndex < view.attributes.count && view.attributes[oldIndex].name == attribute.name {
                if view.attributes[oldIndex].value != attribute.value { set.append(attribute) }
                oldIndex += 1
            } else {
                set.append(attribute)
            }
        }
        while oldIndex < view.attributes.count {
            unset.append(view.attributes[oldIndex].name)
            oldIndex += 1
        }
        view.attributes = attributes
        emit(.update(view.id, set: set, unset: unset))
        statistics.updated += 1
    }

    /// Sends the frame of one view if it changed (always for a new view).
    private mutating func setFrame(of view: MountedView, to frame: LayoutFrame) {
        guard view.isFresh || frame != view.frame else { return }
        view.isFresh = false
        view.frame = frame
        emit(.setFrame(view.id, frame))
    }

    /// Puts the views numbered `ids` in order under `parent` (`oldIndices`: where each was in
    /// `old`, nil for a new view): new views are inserted, kept views that are out of order
    /// are moved. Views in the longest run that is already in order stay, so the moves are
    /// as few as can be (the views not in that run); each move or insertion
    /// costs O(log n), so any permutation of n views is put in order in O(n log n).
    ///
    /// The views that do not stay are placed right to left, each just before the view that
    /// follows it (already placed), so that every index is the host's at that moment:
    ///
    ///     old: A B C D     new: D A C B     longest run in order: A B (they stay)
    ///     B, last:     stays
    ///     C:           just before B      A C B D     move C to 1
    ///     A:           stays
    ///     D:           just before A      D A C B     move D to 0
    ///
    /// Where a view is at any moment follows from two facts: a view that stays, or has
    /// not been placed yet, is where the old order put it among the views that stay; a
    /// placed view sits right before the next view that stays in the new order (its
    /// anchor; or at the end), after the placed views before it. So every view has a slot
    /// in one sorted order — for each anchor, the views placed before it, then the anchor —
    /// and its index is the number of occupied slots before its own (``RankedSlots``).
    private mutating func order(_ ids: [ViewID], oldIndices: [Int?], in parent: MountedView, old: [MountedView],
                                taken: [Bool]) {
        let keptOldIndices = oldIndices.compactMap { $0 }
        let inOrder = zip(keptOldIndices, keptOldIndices.dropFirst()).allSatisfy { $0 < $1 }
        if inOrder {
            // Every kept view stays; new ones go in at their final index, left to right.
            for (index, id) in ids.enumerated() where oldIndices[index] == nil {
                emit(.insert(child: id, parent: parent.id, index: index))
            }
            return
        }
        // Which views stay: the longest increasing run of old positions.
        var stays = [Bool](repeating: false, count: ids.count)
        let keptPositions = oldIndices.indices.filter { oldIndices[$0] != nil }
        for run in longestIncreasingRun(keptOldIndices) { stays[keptPositions[run]] = true }
        // Each view's anchor: the old index of the next view that stays in the new order
        // (`old.count` stands for the end).
        var anchorOf = [Int](repeating: old.count, count: ids.count)
        var next = old.count
        for position in ids.indices.reversed() {
            anchorOf[position] = next
            if stays[position], let oldIndex = oldIndices[position] { next = oldIndex }
        }
        // placedBefore[a]: how many views are placed before anchor a; their slots come
        // first, then a's own slot (every old index has one, placed or not).
        var placedBefore = [Int](repeating: 0, count: old.count + 1)
        for position in ids.indices where !stays[position] { placedBefore[anchorOf[position]] += 1 }
        var firstSlot = [Int](repeating: 0, count: old.count + 2)
        for anchor in 0...old.count { firstSlot[anchor + 1] = firstSlot[anchor] + placedBefore[anchor] + 1 }
        // A placed view's slot: its anchor's placed views come in position order.
        var placedSlot = [Int](repeating: 0, count: ids.count)
        var filled = [Int](repeating: 0, count: old.count + 1)
        for position in ids.indices where !stays[position] {
            let anchor = anchorOf[position]
            placedSlot[position] = firstSlot[anchor] + filled[anchor]
            filled[anchor] += 1
        }
        func oldSlot(_ oldIndex: Int) -> Int { firstSlot[oldIndex] + placedBefore[oldIndex] }

        var slots = RankedSlots(capacity: firstSlot[old.count + 1])
        for oldIndex in old.indices where taken[oldIndex] { slots.occupy(oldSlot(oldIndex)) }
        for position in ids.indices.reversed() where !stays[position] {
            let id = ids[position]
            if let oldIndex = oldIndices[position] {
                slots.free(oldSlot(oldIndex))
                let target = slots.rank(of: placedSlot[position])
                slots.occupy(placedSlot[position])
                emit(.move(child: id, parent: parent.id, index: target))
                statistics.moved += 1
            } else {
                let target = slots.rank(of: placedSlot[position])
                slots.occupy(placedSlot[position])
                emit(.insert(child: id, parent: parent.id, index: target))
            }
        }
    }

    /// Destroys a view and everything in it (children first).
    private mutating func destroy(_ view: MountedView) {
        for child in view.children { destroy(child) }
        registry[view.id] = nil
        hooks.destroy(view)
        emit(.destroy(view.id))
        statistics.destroyed += 1
    }

    private mutating func emit(_ mutation: Mutation) {
        mutations.append(mutation)
    }
}

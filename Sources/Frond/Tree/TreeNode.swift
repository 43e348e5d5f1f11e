/// The engine's record of one component in the built tree. Tree nodes persist from one
/// build to the next: a node keeps its identity (which the mount step matches views
/// by), its layout (so unchanged subtrees keep their cached layout) and, for a stateful
/// component, its scope.
///
/// A tree node is the component's layout node (one object, not two: a large build makes
/// one allocation per component fewer, and the mount step finds a node's frame next to
/// its component). Its children are its layout children (one list, which only the build
/// changes: see ``treeChildren``), except around a wrapper laid out as its child (see
/// ``isLaidOutAsChild``), which is in no layout tree; its parent in the tree is
/// ``treeParent``.
///
/// (Fields are read and written only by the flush that owns the tree, one thread at a
/// time: they skip Swift's run-time exclusivity checks, which cost more than the work in
/// a large build.)
final class TreeNode: LayoutNode {
    /// Unique while the node lives; a component matched to this node in a later build
    /// (same parent, type, and key or position) keeps it.
    let identity: Int
    let componentType: ObjectIdentifier
    /// The component of the latest build.
    @exclusivity(unchecked) var component: Component
    /// The children: the layout node's children, which the build makes tree nodes only,
    /// unless ``treeChildrenStorage`` holds them.
    var treeChildren: TreeChildren { TreeChildren(nodes: treeChildrenStorage ?? children) }
    /// How many children ``treeChildren`` lists (read without copying the list, which
    /// would retain and release it).
    var treeChildCount: Int { treeChildrenStorage?.count ?? childCount }
    /// The parent node (nil for the top and for a subtree that left the tree). Not
    /// counted: a parent that dies clears its children's pointers (see `deinit`), so the
    /// pointer is always nil or a live node, without the cost of a weak reference.
    unowned(unsafe) var treeParent: TreeNode?
    /// The scope of a stateful component.
    @exclusivity(unchecked) var scope: Scope?
    /// What `render` returned last (render components only).
    @exclusivity(unchecked) var rendered: Component?
    /// The view the mount step last gave this node's component (check it against the
    /// registry: the view may have gone to another node since).
    var viewID: ViewID? {
        get { viewIDStorage == TreeNode.noView ? nil : ViewID(viewIDStorage) }
        set { viewIDStorage = newValue?.rawValue ?? TreeNode.noView }
    }
    /// ``viewID``'s number, ``noView`` for none (the mount step numbers views from 1 up,
    /// so no view has it). (Not an optional, whose flag would take a word of its own.)
    @exclusivity(unchecked) private var viewIDStorage = TreeNode.noView
    private static let noView = UInt64.max
    /// The number of nodes in this subtree (this one included).
    var subtreeSize: Int {
        get { Int(subtreeSizeStorage) }
        set { subtreeSizeStorage = Int32(truncatingIfNeeded: newValue) }
    }
    /// ``subtreeSize``, in 32 bits, which leave room for ``isOnDirtyPath`` in the same word
    /// (a tree of 2^31 nodes would take a terabyte).
    @exclusivity(unchecked) private var subtreeSizeStorage: Int32 = 1
    /// A state update at or below this node waits for the next build.
    @exclusivity(unchecked) var isOnDirtyPath = false
    /// See ``isLaidOutAsChild``. (In the same word as ``isOnDirtyPath``.)
    @exclusivity(unchecked) private var isLaidOutAsChildFlag = false
    /// The children, when they are not the layout node's: a wrapper laid out as its child
    /// (see ``isLaidOutAsChild``) has no layout children, and a node with such a child
    /// has that child's stand-in (``layoutStandIn``) among its layout children instead.
    @exclusivity(unchecked) var treeChildrenStorage: [LayoutNode]?

    // What the last builds changed, by flush number (see ``BuildContext/flush``): the
    // mount step looks only where these say something may have changed.
    /// The last flush whose build visited this node (rebuilt it or went through it to a
    /// changed descendant). Unvisited nodes kept their component and their subtree.
    @exclusivity(unchecked) var visitedFlush: UInt64 = 0
    /// The last flush that may have changed which views this node's content puts in the
    /// nearest view: its children (through viewless ones, down to the nodes with views)
    /// or the view types among them.
    @exclusivity(unchecked) var placementsChangedFlush: UInt64 = 0
    /// The last flush in which this node got its view type (or lost or gained a view).
    /// (The last field: the mount step asks for the bytes up to its end, see
    /// TreeNode+Prefetch.swift and PrefetchTests.)
    @exclusivity(unchecked) var viewChangedFlush: UInt64 = 0

    /// A node for `component` (whose ``Component/kindIdentity`` is `kind`) with a prepared
    /// layout style (see ``BuildContext/preparedStyle(_:kind:itemIndex:)``).
    init(identity: Int, component: Component, kind: ObjectIdentifier, config: LayoutConfig,
         prepared: borrowing PreparedStyle) {
        self.identity = identity
        componentType = kind
        self.component = component
        // (Set before the layout node's part, from the prepared style, as `styleChanged()`
        // would set it after: calling a method on the finished node retains and releases
        // it around the call, once for every new node.)
        isLaidOutAsChildFlag = prepared.hasDisplayContents
        super.init(config: config, prepared: prepared)
    }

    /// (Never called: a tree node needs its identity and component. Declared so that the
    /// compiler does not synthesize a stub of its own, which it warns about.)
    @available(*, unavailable)
    override init(config: LayoutConfig, prepared: borrowing PreparedStyle) {
        fatalError("unavailable")
    }

    deinit {
        // Nothing may keep pointing here (see ``treeParent`` and ``Scope/treeNode``).
        for child in treeChildren where child.treeParent === self { child.treeParent = nil }
        if let scope, scope.treeNode === self { scope.treeNode = nil }
    }

    /// How a child is told apart from its siblings: its type, and its key or (without a
    /// key) how many keyless siblings of its type come before it.
    struct ChildKey: Hashable {
        let type: ObjectIdentifier
        let key: String?
        let counter: Int
    }

    /// Marks this node and its ancestors as holding a pending state change, and notes in
    /// `dirtyChildren` each node newly marked under its parent (see ``DirtyChildren``).
    func markDirtyPath(_ dirtyChildren: inout DirtyChildren) {
        var current: TreeNode? = self
        while let node = current, !node.isOnDirtyPath {
            node.isOnDirtyPath = true
            current = node.treeParent
            if let parent = current { dirtyChildren.add(node, of: parent) }
        }
    }

    /// Whether the node's component is a wrapper laid out as its child (see
    /// ``Reconciler``): its node is in no layout tree (its style, `display: contents`,
    /// only keeps the item properties its child takes), and its child's stand-in is laid
    /// out in its place. (Whether the style has `display: contents`, kept in the node by
    /// ``styleChanged()``: the build asks it of every node and its parent.)
    var isLaidOutAsChild: Bool { isLaidOutAsChildFlag }

    /// Brings ``isLaidOutAsChild`` up to date with the style (call after every change).
    func styleChanged() {
        isLaidOutAsChildFlag = hasDisplayContents
    }

    /// The node laid out in this one's place among its parent's layout children: itself,
    /// or for a wrapper laid out as its child, its child's stand-in (nil when it has no
    /// child).
    var layoutStandIn: TreeNode? {
        var node = self
        while node.isLaidOutAsChild {
            let children = node.treeChildren
            guard children.count == 1 else { return nil }
            node = children[0]
        }
        return node
    }

    /// The component's frame relative to its parent component. A wrapper laid out as its
    /// child has no box of its own: its frame is its stand-in's, and its child sits at its
    /// origin. (The mount step adds up the raw frames, ``LayoutNode/frame``, which place
    /// the stand-in in the wrapper's parent and the wrapper, never laid out, at the origin
    /// with no size: the sums are the same.)
    var componentFrame: LayoutFrame {
        var frame = self.frame
        if isLaidOutAsChild { frame = layoutStandIn?.frame ?? LayoutFrame() }
        if let treeParent, treeParent.isLaidOutAsChild {
            frame.left = 0
            frame.top = 0
        }
        return frame
    }

    /// Visits this node and everything below it.
    func forEach(_ body: (TreeNode) -> Void) {
        body(self)
        for child in treeChildren { child.forEach(body) }
    }
}

/// A tree node's children: its layout children, as tree nodes. (A tree node's layout
/// children are set by the build alone, always to tree nodes; the list is shared, not
/// copied.)
struct TreeChildren: RandomAccessCollection {
    let nodes: [LayoutNode]

    var startIndex: Int { 0 }
    var endIndex: Int { nodes.count }

    subscript(index: Int) -> TreeNode {
        unsafeDowncast(nodes[index], to: TreeNode.self)
    }

    /// The node at `index` (which must be valid), lent by the list without retaining it.
    @inline(__always)
    func lent(_ index: Int) -> Unmanaged<TreeNode> {
        Unmanaged.fromOpaque(nodes.lent(index).toOpaque())
    }
}

extension Array where Element: AnyObject {
    /// The element at `index` (which must be valid), lent by the array without retaining
    /// it: use it while the array keeps it (reading `self[index]` retains the element and
    /// releases it afterwards, which a walk over thousands of nodes or views pays for).
    @inline(__always)
    func lent(_ index: Int) -> Unmanaged<Element> {
        withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
    }
}

/// The children on the dirty path of each node (by the parent's identity), as state
/// updates marked them: a build finds a list's one dirty row among thousands without
/// reading every row's node, which a large list has long evicted from the caches.
///
/// It lists every child marked since the last commit (a failed build leaves its marks
/// and this list as they were): a node's dirty children are all in its list, and the
/// list may also name children that are no longer dirty or no longer the node's.
struct DirtyChildren {
    private(set) var byParent: [ObjectIdentifier: [TreeNode]] = [:]

    mutating func add(_ child: TreeNode, of parent: TreeNode) {
        byParent[ObjectIdentifier(parent), default: []].append(child)
    }

    /// The indices of `node`'s dirty children, in order; nil when they are not worth
    /// finding this way (many, or the node has none listed).
    func indices(under node: TreeNode) -> [Int]? {
        guard let listed = byParent[ObjectIdentifier(node)], listed.count <= DirtyChildren.listedLimit else { return nil }
        let children = node.treeChildren.nodes
        var indices: [Int] = []
        for child in listed where child.isOnDirtyPath && child.treeParent === node {
            // (Compares addresses only: no child but the listed one is read.)
            if let index = children.firstIndex(where: { $0 === child }), !indices.contains(index) { indices.append(index) }
        }
        return indices.sorted()
    }

    /// How many listed children a node may have for the list to be used (each is looked
    /// for among the node's children; more are found by reading every child).
    static let listedLimit = 16

    mutating func removeAll() { byParent.removeAll() }
}

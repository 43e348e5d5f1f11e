import CPrefetch
import Synchronization

/// What one build needs and counts. (Used by one build on one thread: its fields skip
/// Swift's run-time exclusivity checks.)
final class BuildContext {
    let config: LayoutConfig
    let textMeasurer: TextMeasurerSlot
    let queue: UpdateQueue
    /// The number of the flush this build is part of; nodes record it (see
    /// ``TreeNode/visitedFlush``).
    let flush: UInt64
    /// Whether the root starts from kept states (``KeptStates``): then `keptSlot` holds those
    /// of the component built next (set by its parent), and `keptStates` those of the nodes
    /// built, by node.
    var restoring = false
    @exclusivity(unchecked) var keptSlot: KeptStates?
    @exclusivity(unchecked) var keptStates: [ObjectIdentifier: KeptStates] = [:]

    /// The kept states of the component built next (once).
    func takeKeptSlot() -> KeptStates? {
        defer { keptSlot = nil }
        return keptSlot
    }

    /// Nodes whose scopes this build made with a controller (mounted by the commit).
    @exclusivity(unchecked) var newControllers: [TreeNode] = []
    /// Kept nodes with a controller that this build rebuilt (remounted by the commit).
    @exclusivity(unchecked) var rebuiltControllers: [TreeNode] = []
    /// Undo steps: run in reverse when the build fails, so the tree is left as it was.
    @exclusivity(unchecked) var undo: [() -> Void] = []
    /// Scopes this build made (undone without a closure each: a list makes thousands):
    /// a failed build takes them off their nodes and invalidates them. (Each finds its
    /// node through ``Scope/treeNode``, which a dying node clears: the list keeps no
    /// node alive, and a commit releases one object per scope, not two.)
    @exclusivity(unchecked) var newScopes: [Scope] = []
    /// Subtrees that left the tree; their scopes die once the build is committed.
    @exclusivity(unchecked) var dropped: [TreeNode] = []
    /// The children state updates marked dirty, by parent (see ``DirtyChildren``).
    @exclusivity(unchecked) var dirtyChildren = DirtyChildren()
    /// The children each node whose component stayed had rebuilt, by the node's identity
    /// (for the mount step, which then looks at those children only).
    @exclusivity(unchecked) var rebuiltChildren: [ObjectIdentifier: [TreeNode]] = [:]
    /// Animating components (``ComponentAnimationProtocol``) this build placed: new ones
    /// (previous nil) and new instances replacing a previous component.
    @exclusivity(unchecked) var animatedNodes: [(node: TreeNode, previous: Component?)] = []
    /// Which component classes of this build animate (a few classes make most trees, and
    /// the protocol check costs more than a look here).
    @exclusivity(unchecked) private var animatingKinds: [(kind: ObjectIdentifier, animates: Bool)] = []

    /// Whether `component` adopts ``ComponentAnimationProtocol``.
    func isAnimating(_ component: Component) -> Bool {
        let kind = ObjectIdentifier(type(of: component))
        for entry in animatingKinds where entry.kind == kind { return entry.animates }
        let animates = component is any ComponentAnimationProtocol
        if animatingKinds.count < 16 { animatingKinds.append((kind, animates)) }
        return animates
    }

    /// Styles this build prepared for new nodes (see ``PreparedStyle``), with the kind of
    /// component and the place among its siblings (the first eight places; later ones
    /// share one) each was last prepared for: the rows of a list give their nodes the same
    /// few styles. (A few kinds and places make most trees: a short list is searched.)
    @exclusivity(unchecked) private var preparedStyles: [(kind: ObjectIdentifier, place: Int,
                                                          style: Unmanaged<PreparedStyle>)] = []
    /// The entry the next new kind and place replaces once the list is full.
    @exclusivity(unchecked) private var nextReplaced = 0

    /// `style` prepared for a new node of a component of `kind`, at `itemIndex` among its
    /// siblings: the one prepared last for that kind and place when it is the same style,
    /// else a new one (checked: throws when the style is refused). The build keeps it (the
    /// entries are retained by hand, so that looking one up retains nothing): use it at
    /// once, before the next call may replace it.
    func preparedStyle(_ style: inout LayoutStyle, kind: ObjectIdentifier,
                       itemIndex: Int) throws(LayoutError) -> Unmanaged<PreparedStyle> {
        let place = min(max(itemIndex, 0), 7)
        let found = preparedStyles.firstIndex { $0.kind == kind && $0.place == place }
        if let found, preparedStyles[found].style._withUnsafeGuaranteedRef({ $0.isPrepared(from: &style) }) {
            return preparedStyles[found].style
        }
        let prepared = Unmanaged.passRetained(try PreparedStyle(style))
        if let found {
            preparedStyles[found].style.release()
            preparedStyles[found].style = prepared
        } else if preparedStyles.count < 16 {
            preparedStyles.append((kind, place, prepared))
        } else {
            preparedStyles[nextReplaced].style.release()
            preparedStyles[nextReplaced] = (kind, place, prepared)
            nextReplaced = (nextReplaced + 1) % preparedStyles.count
        }
        return prepared
    }

    deinit {
        for entry in preparedStyles { entry.style.release() }
    }

    /// This build's number, unique in the process: components placed by the build are
    /// stamped with it (``Component/placedInBuild``), so a second placement shows.
    let buildNumber: UInt64
    @exclusivity(unchecked) var statistics = CommitStatistics()
    /// The root's view type declarations, when it has some (checked as components are built).
    var viewTypes: ViewTypeDeclarations?
    @exclusivity(unchecked) private var nextIdentity: Int

    init(config: LayoutConfig, textMeasurer: TextMeasurerSlot, queue: UpdateQueue, flush: UInt64, nextIdentity: Int) {
        self.config = config
        self.flush = flush
        self.textMeasurer = textMeasurer
        self.queue = queue
        self.nextIdentity = nextIdentity
        buildNumber = BuildContext.buildNumbers.add(1, ordering: .relaxed).newValue
    }

    private static let buildNumbers = Atomic<UInt64>(0)

    var identityCounter: Int { nextIdentity }

    func newIdentity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }
}

/// Builds the tree of a new generation from the previous one.
///
///     component (this build)      previous tree node
///     ─────────────────────       ──────────────────────────────────────────────
///     same instance, nothing   ─► reused with its whole subtree (no render, no
///     pending below it            shouldUpdate, layout nodes and their caches kept)
///     render component, state  ─► render again
///     changed
///     render component, new    ─► shouldUpdate(from: previous) decides: render
///     props, state unchanged      again, or keep the previous rendered child
///     anything else            ─► rebuilt: style updated in place, children matched
///                                 by (type, key or position) and built recursively
///
/// Children that find no match are new nodes; previous children nobody matched are
/// dropped (their scopes die when the build is committed). Every change is recorded
/// with an undo step, so a failing build leaves the previous tree intact.
enum Reconciler {
    /// The deepest component tree accepted: FrondLayout's own limit (the root's
    /// container above the top component does not count; see LayoutConfig).
    static let maximumDepth = LayoutNode.maximumDepth

    static func build(_ component: Component, previous: TreeNode?, parent: TreeNode?, parentComponent: Component?,
                      itemIndex: Int, context: BuildContext, depth: Int) throws(FrondError) -> TreeNode {
        guard depth <= maximumDepth else {
            throw FrondError(.limitExceeded, "\(component): the component tree is deeper than \(maximumDepth) levels")
        }
        // (A component shared with a root that builds at the same moment on another thread
        // may overwrite the stamp between two placements here; the duplicate then goes
        // unreported, which breaks nothing.)
        guard component.placedInBuild.exchange(context.buildNumber, ordering: .relaxed) != context.buildNumber else {
            throw FrondError(.invalidTree, "\(component) is placed twice in the tree (a component instance can appear only once)")
        }

        // (The states kept for this component, when a root starts from kept states.)
        let kept = context.restoring ? context.takeKeptSlot() : nil

        // The whole subtree is reused when nothing in it can have changed.
        if let previous, previous.component === component, !previous.isOnDirtyPath {
            context.statistics.reusedSubtrees += 1
            try applyStyle(to: previous, component: component, parentComponent: parentComponent,
                           parentNode: parent, itemIndex: itemIndex, context: context)
            return previous
        }

        let previousComponent = previous?.component
        // Only something below changed: rebuild the children on the dirty path and leave
        // the others (their parent, hence their item styles, is the same).
        if let previous, previousComponent === component, !(previous.scope?.hasNewState ?? false) {
            try applyStyle(to: previous, component: component, parentComponent: parentComponent,
                           parentNode: parent, itemIndex: itemIndex, context: context)
            try rebuildDirtyChildren(of: previous, context: context, depth: depth)
            return previous
        }
        // (Stamps of a failed build are harmless: the next build visits the same nodes again.)

        if previousComponent !== component {
            try component.validate()
            try context.viewTypes?.check(component)
        }
        let node: TreeNode
        if let previous {
            node = previous
            // (The children, which are the layout node's, have undo steps of their own.)
            let (oldComponent, oldRendered, oldDirty) = (node.component, node.rendered, node.isOnDirtyPath)
            let oldSize = node.subtreeSize
            context.undo.append {
                node.subtreeSize = oldSize
                node.component = oldComponent
                node.rendered = oldRendered
                node.isOnDirtyPath = oldDirty
            }
            node.component = component
            if oldComponent.view.viewType != component.view.viewType { node.viewChangedFlush = context.flush }
            if node.scope?.controller != nil { context.rebuiltControllers.append(node) }
        } else {
            // A new node gets its style as it is made (nothing to undo: a failed build
            // drops the node).
            var style = layoutStyle(of: component, parentComponent: parentComponent, parentNode: parent,
                                    itemIndex: itemIndex)
            let kind = component.kindIdentity
            let prepared: Unmanaged<PreparedStyle>
            do {
                prepared = try context.preparedStyle(&style, kind: kind, itemIndex: itemIndex)
            } catch {
                throw FrondError(.invalidValue, "\(component): \(error.message)")
            }
            let identity = context.newIdentity()
            node = prepared._withUnsafeGuaranteedRef {
                TreeNode(identity: identity, component: component, kind: kind, config: context.config, prepared: $0)
            }
            node.viewChangedFlush = context.flush
            node.placementsChangedFlush = context.flush
        }
        let isNew = previous == nil
        if let kept { context.keptStates[ObjectIdentifier(node)] = kept }
        node.visitedFlush = context.flush
        if previousComponent !== component, context.isAnimating(component) {
            context.animatedNodes.append((node, previousComponent))
        }
        node.treeParent = parent
        context.statistics.builtNodes += 1
        if !isNew {
            try applyStyle(to: node, component: component, parentComponent: parentComponent, parentNode: parent,
                           itemIndex: itemIndex, context: context)
        }
        try updateMeasureFunction(of: node, component: component, previousComponent: previousComponent, isNew: isNew,
                                  context: context)

        // The components this node's children come from.
        let childComponents: ChildComponents
        if let renderable = component.asRenderComponent {
            let child = try renderedChild(of: renderable, node: node, previous: previous,
                                          previousComponent: previousComponent, context: context)
            childComponents = ChildComponents(one: child)
        } else {
            childComponents = component.childComponents
        }

        try buildChildren(childComponents, of: node, component: component, isNew: isNew, context: context,
                          depth: depth)
        node.isOnDirtyPath = false
        if let scope = node.scope, scope.hasNewState {
            scope.hasNewState = false
            context.undo.append { scope.hasNewState = true }
        }
        return node
    }

    /// Rebuilds the children of an unchanged node that are on the dirty path.
    private static func rebuildDirtyChildren(of node: TreeNode, context: BuildContext, depth: Int) throws(FrondError) {
        context.statistics.builtNodes += 1
        node.visitedFlush = context.flush
        let oldSize = node.subtreeSize
        context.undo.append {
            node.isOnDirtyPath = true
            node.subtreeSize = oldSize
        }
        var size = oldSize
        let children = node.treeChildren
        // The dirty children: from the marks' list when it has them, else by reading every
        // child's mark.
        let dirty = context.dirtyChildren.indices(under: node)
            ?? children.indices.filter { children[$0].isOnDirtyPath }
        context.statistics.reusedSubtrees += children.count - dirty.count
        var rebuilt: [TreeNode] = []
        rebuilt.reserveCapacity(dirty.count)
        var standInsChanged = false
        for index in dirty {
            let child = children[index]
            let before = child.subtreeSize
            let standIn = child.layoutStandIn
            // A previous node given to build is always the node it returns.
            _ = try build(child.component, previous: child, parent: node, parentComponent: node.component,
                          itemIndex: index, context: context, depth: depth + 1)
            size += child.subtreeSize - before
            if changesPlacements(child, context) { node.placementsChangedFlush = context.flush }
            if child.layoutStandIn !== standIn { standInsChanged = true }
            rebuilt.append(child)
        }
        if standInsChanged { try setChildrenAgain(of: node, context: context) }
        context.rebuiltChildren[ObjectIdentifier(node)] = rebuilt
        node.subtreeSize = size
        node.isOnDirtyPath = false
    }

    /// Renders a render component again, or keeps its previous rendered child.
    private static func renderedChild(of component: AnyRenderComponent, node: TreeNode, previous: TreeNode?,
                                      previousComponent: Component?, context: BuildContext) throws(FrondError) -> Component? {
        if component.isStateful && node.scope == nil {
            // (A kept state, when the root starts from some, instead of a new one.)
            let kept = context.restoring ? context.keptStates[ObjectIdentifier(node)]?.state : nil
            let made: Any?
            if let kept { made = kept } else { made = try component.makeInitialState() }
            guard let state = made else {
                throw FrondError(.invalidValue, "\(component) has no initial state (override initialState() or conform to ComponentInitialStateProtocol)")
            }
            let scope = Scope(identity: node.identity, state: state, queue: context.queue)
            if kept != nil { scope.hasUpdatedState = true }
            scope.treeNode = node
            node.scope = scope
            if let controller = component.makeAnyController() {
                scope.controller = controller
                context.newControllers.append(node)
            }
            context.statistics.scopesCreated += 1
            context.newScopes.append(scope)
        }
        let stateChanged = node.scope?.hasNewState ?? false
        if let previous, !stateChanged, let oldComponent = previousComponent?.asRenderComponent {
            if oldComponent === component {
                // Same instance: only something below changed.
                return previous.rendered
            }
            context.statistics.shouldUpdateCalls += 1
            if try !component.shouldUpdateAny(from: oldComponent) { return previous.rendered }
        }
        context.statistics.renders += 1
        let child = try component.renderChild(state: node.scope?.state, scope: node.scope)
        node.rendered = child
        return child
    }

    /// Matches the children to the previous ones and builds them.
    /// (`component` is the node's: given by the caller, which holds it, so that reading it
    /// for each child retains nothing.)
    private static func buildChildren(_ components: ChildComponents, of node: TreeNode,
                                      component nodeComponent: Component, isNew: Bool,
                                      context: BuildContext, depth: Int) throws(FrondError) {
        // A new leaf: nothing to match, build or adopt (and a new node's size, 1, and its
        // placements' flush are set already). (Most nodes of a large tree are new leaves:
        // the lists below would be made and released for nothing.)
        if isNew && components.isEmpty { return }
        // (A new node has no children: its list is not even read.)
        let old = isNew ? TreeChildren(nodes: []) : node.treeChildren
        let matching = !old.isEmpty
        // Children that line up with the previous ones (same kind and key, in order) match
        // by position: their (kind, key or counter) identities are equal. When all of
        // them line up, no table is needed (and no key can be duplicated, as none was).
        var prefix = 0
        let limit = min(old.count, components.count)
        while prefix < limit, let component = components[prefix], old[prefix].componentType == component.kindIdentity,
              old[prefix].component.key == component.key {
            prefix += 1
        }
        let positional = prefix == components.count && prefix == old.count
        // Which previous child each child takes (its index in `old`, or -1), and the
        // previous children nobody takes; nil when the children line up (or there were
        // none). Matched, and checked for two siblings with one identity, before any child
        // is built: the tables are then still in the processor's caches (built between
        // children, a list of thousands of rows would miss on every look-up).
        let matches = positional ? nil : try match(components, with: old, prefix: prefix, under: node)
        // (Layout nodes: the list becomes the layout node's own, see below.)
        var children: [LayoutNode] = []
        var subtreeSize = 1
        var childChangedPlacements = false
        // The layout children, once a child laid out as its own child makes them differ
        // from the children (see ``TreeNode/layoutStandIn``); a wrapper laid out as its
        // child has none. (Made while each child is still in the caches.)
        let laidOutAsChild = node.isLaidOutAsChild
        var standIns: [LayoutNode]? = laidOutAsChild ? [] : nil
        // (Reserving room for none would still allocate a buffer, for every leaf.)
        if !components.isEmpty { children.reserveCapacity(components.count) }
        // The states kept for the children, found by their identities (see KeptStates).
        let kept = context.restoring ? context.keptStates[ObjectIdentifier(node)] : nil
        var keptCounters = KeylessCounters()
        for index in 0..<components.count {
            // (A reordered list reaches its components, and the nodes they take, out of
            // memory order: each child asks for those of the one a few places on.)
            if let matches, index &+ 8 < components.count {
                components.prefetch(index &+ 8, bytes: TreeNode.prefetchedComponentBytes)
                if matches.taken.indices.contains(index &+ 8) {
                    let taken = matches.taken[index &+ 8]
                    if old.indices.contains(taken) { old.lent(taken)._withUnsafeGuaranteedRef { $0.prefetchBuildFields() } }
                }
            }
            guard let component = components[index] else { continue }
            var previous: TreeNode? = nil
            if positional {
                previous = old[index]
            } else if let matches, let taken = matches.taken.indices.contains(index) ? matches.taken[index] : nil,
                      old.indices.contains(taken) {
                previous = old[taken]
            }
            if let kept {
                context.keptSlot = kept.children[key(for: component, type: component.kindIdentity, counters: &keptCounters)]
            }
            let child = try build(component, previous: previous, parent: node, parentComponent: nodeComponent,
                                  itemIndex: index, context: context, depth: depth + 1)
            // (Read while the child is in the caches: a list of thousands of rows would miss
            // on every child in a pass of its own.)
            subtreeSize += child.subtreeSize
            // (Without previous children the placements changed anyway, unless none is built.)
            if matching && !childChangedPlacements && changesPlacements(child, context) { childChangedPlacements = true }
            if !laidOutAsChild {
                if standIns != nil {
                    if let standIn = child.layoutStandIn { standIns?.append(standIn) }
                } else if child.isLaidOutAsChild {
                    var list = children
                    list.reserveCapacity(components.count)
                    if let standIn = child.layoutStandIn { list.append(standIn) }
                    standIns = list
                }
            }
            children.append(consume child)
        }
        // (Appending nothing to an empty list would still allocate a buffer for it.)
        if let matches {
            for index in matches.left where old.indices.contains(index) { context.dropped.append(old[index]) }
        }
        if childChangedPlacements || children.count != old.count || zip(children, old).contains(where: { $0 !== $1 }) {
            node.placementsChangedFlush = context.flush
        }
        node.subtreeSize = subtreeSize
        if let standIns {
            try setChildren(of: node, to: children, layoutChildren: standIns, isNew: isNew, context: context)
        } else if node.treeChildrenStorage != nil {
            try setChildren(of: node, to: children, layoutChildren: children, isNew: isNew, context: context)
        } else if matching {
            try setLayoutChildren(of: node, to: children, context: context)
        } else {
            try adoptLayoutChildren(of: node, children, isNew: isNew, context: context)
        }
    }

    /// What ``buildChildren`` matched: the previous child each child takes (its index among
    /// the previous children, or -1 for none) and the previous children no child took.
    private struct ChildMatches {
        var taken: [Int]
        var left: [Int]
    }

    /// Matches `components` with the previous children `old` (the first `prefix` of which
    /// line up with them) by identity, and checks that no two of them have one identity
    /// (type and key). Nil when there are no previous children to match.
    private static func match(_ components: ChildComponents, with old: TreeChildren, prefix: Int,
                              under node: TreeNode) throws(FrondError) -> ChildMatches? {
        let matching = !old.isEmpty
        // Without previous children there is nothing to match: only keys need checking
        // (and most new nodes have none).
        var first = 0
        if !matching {
            while first < components.count && components[first]?.key == nil { first += 1 }
            guard first < components.count else { return nil }
        }
        // The previous children after the common prefix, by identity (values: their index).
        var previousByKey: ChildKeyTable? = nil
        if matching {
            var table = ChildKeyTable(capacity: old.count - prefix)
            var counters = KeylessCounters()
            for (index, child) in old.enumerated() {
                let childKey = key(for: child.component, type: child.componentType, counters: &counters)
                if index >= prefix { _ = table.insert(childKey, value: index) }
            }
            previousByKey = table
        }
        var counters = KeylessCounters()
        // The keyed children so far (values: their index), to find two with one identity.
        var keyed: ChildKeyTable? = nil
        var taken: [Int] = []
        if matching { taken.reserveCapacity(components.count) }
        for index in first..<components.count {
            guard let component = components[index] else {
                if matching { taken.append(-1) }
                continue
            }
            guard matching || component.key != nil else { continue }
            let childKey = key(for: component, type: component.kindIdentity, counters: &counters)
            if component.key != nil {
                if keyed == nil { keyed = ChildKeyTable(capacity: components.count - index) }
                if let other = keyed?.insert(childKey, value: index) {
                    throw FrondError(.invalidTree, "\(components[other].map { "\($0)" } ?? "a child") and \(component) are siblings under \(node.component) with the same identity (type and key)")
                }
            }
            guard matching else { continue }
            taken.append(index < prefix ? index : previousByKey?.remove(childKey) ?? -1)
        }
        return previousByKey.map { ChildMatches(taken: taken, left: $0.remainingValues) }
    }

    /// Makes the node's layout children its children's stand-ins again (see
    /// ``TreeNode/layoutStandIn``), after a child's changed.
    @inline(never)
    private static func setChildrenAgain(of node: TreeNode, context: BuildContext) throws(FrondError) {
        let children = Array(node.treeChildren.nodes)
        var layoutChildren: [LayoutNode] = []
        if !node.isLaidOutAsChild {
            layoutChildren.reserveCapacity(children.count)
            for child in children {
                if let standIn = unsafeDowncast(child, to: TreeNode.self).layoutStandIn { layoutChildren.append(standIn) }
            }
        }
        try setChildren(of: node, to: children, layoutChildren: layoutChildren, isNew: false, context: context)
    }

    /// Makes `children` the node's children (in the tree), and `layoutChildren` (their
    /// stand-ins) its layout children.
    @inline(never)
    private static func setChildren(of node: TreeNode, to children: [LayoutNode], layoutChildren: [LayoutNode],
                                    isNew: Bool, context: BuildContext) throws(FrondError) {
        let differ = layoutChildren.count != children.count
            || layoutChildren.indices.contains { layoutChildren.lent($0).toOpaque() != children.lent($0).toOpaque() }
        let storage = differ ? children : nil
        let oldStorage = node.treeChildrenStorage
        if storage != nil || oldStorage != nil {
            node.treeChildrenStorage = storage
            // (Nothing to undo for a new node: a failed build drops it.)
            if !isNew { context.undo.append { node.treeChildrenStorage = oldStorage } }
        }
        if node.isLaidOutAsChild && node.frame != LayoutFrame() {
            // Laid out before as a box of its own: it reads as an empty frame at the origin now.
            let layoutNode: LayoutNode = node
            layoutNode.clearLayoutResults()
        }
        if isNew && node.childCount == 0 {
            try adoptLayoutChildren(of: node, layoutChildren, isNew: true, context: context)
            return
        }
        // A stand-in may move here from another layout parent (a wrapper takes its child
        // back when it gets a box of its own): that parent gets it back on a failure.
        let layoutNode: LayoutNode = node
        for child in layoutChildren {
            guard let parent = child.parent, parent !== layoutNode else { continue }
            let siblings = parent.children
            context.undo.append { try? replaceChildren(of: parent, with: siblings) }
        }
        try setLayoutChildren(of: node, to: layoutChildren, context: context)
    }

    /// Gives a node without layout children its first ones.
    @inline(__always)
    private static func adoptLayoutChildren(of node: TreeNode, _ children: [LayoutNode], isNew: Bool,
                                            context: BuildContext) throws(FrondError) {
        // No previous children: the layout node has none, and every child is new.
        let layoutNode: LayoutNode = node
        do {
            try layoutNode.adoptChildren(children)
        } catch {
            throw FrondError(.invalidTree, "\(node.component): \(error.message)")
        }
        if !isNew && !children.isEmpty { context.undo.append { try? layoutNode.removeAllChildren() } }
        if isNew && !children.isEmpty { layoutNode.checkFusionAhead() }
    }

    /// Whether a child (just built) changes the views its parent's content places: it got
    /// another view type, or it has no view and its own content's views changed.
    @inline(__always)
    private static func changesPlacements(_ child: TreeNode, _ context: BuildContext) -> Bool {
        child.visitedFlush == context.flush
            && (child.viewChangedFlush == context.flush
                || (!child.component.view.hasView && child.placementsChangedFlush == context.flush))
    }

    static func key(for component: Component, type: ObjectIdentifier,
                            counters: inout KeylessCounters) -> TreeNode.ChildKey {
        if let key = component.key { return TreeNode.ChildKey(type: type, key: key, counter: 0) }
        return TreeNode.ChildKey(type: type, key: nil, counter: counters.next(for: type))
    }

    /// Makes `wanted` the node's children (only if they changed).
    private static func setLayoutChildren(of node: TreeNode, to wanted: [LayoutNode],
                                          context: BuildContext) throws(FrondError) {
        let layoutNode: LayoutNode = node
        let current = layoutNode.children
        guard wanted.count != current.count || zip(wanted, current).contains(where: { $0 !== $1 }) else { return }
        context.undo.append { try? replaceChildren(of: layoutNode, with: current) }
        do {
            try rearrangeChildren(of: layoutNode, from: current, to: wanted)
        } catch {
            throw FrondError(.invalidTree, "\(node.component): \(error.message)")
        }
    }

    /// How many children (per child of the result) moving children one by one may shift
    /// along in the array; beyond it the children are replaced at once, and all of them
    /// are laid out again.
    static let shiftsPerChild = 256

    /// Turns `current` (the layout node's children) into `wanted` touching as few children
    /// as it can: the children that stay in order keep their cached layouts (a removed
    /// and inserted child has to be laid out again). Children before and after the
    /// changed range stay; within it, the longest run still in order stays and the
    /// others are taken out and put back at their place. With many moves it replaces all.
    private static func rearrangeChildren(of layoutNode: LayoutNode, from current: [LayoutNode],
                                          to wanted: [LayoutNode]) throws(LayoutError) {
        var start = 0
        while start < current.count && start < wanted.count && current[start] === wanted[start] { start += 1 }
        var currentEnd = current.count, wantedEnd = wanted.count
        while currentEnd > start && wantedEnd > start && current[currentEnd - 1] === wanted[wantedEnd - 1] {
            currentEnd -= 1
            wantedEnd -= 1
        }
        // Old positions of the changed range's children, and where the kept ones are now.
        var oldIndex: [ObjectIdentifier: Int] = [:]
        oldIndex.reserveCapacity(currentEnd - start)
        for index in start..<currentEnd { oldIndex[ObjectIdentifier(current[index])] = index }
        var keptOld: [Int] = []
        for index in start..<wantedEnd {
            if let old = oldIndex[ObjectIdentifier(wanted[index])] { keptOld.append(old) }
        }
        let stay = Set(longestIncreasingRun(keptOld).map { keptOld[$0] })
        // Each removal and insertion shifts the children after it.
        var shifts = 0
        for index in start..<currentEnd where !stay.contains(index) { shifts += current.count - index }
        for index in start..<wantedEnd where oldIndex[ObjectIdentifier(wanted[index])].map({ !stay.contains($0) }) ?? true {
            shifts += wanted.count - index
        }
        guard shifts <= shiftsPerChild * (wanted.count + 1) else {
            try replaceChildren(of: layoutNode, with: wanted)
            return
        }
        // Out go (from the back, so indices hold) the children that leave or move…
        for index in (start..<currentEnd).reversed() where !stay.contains(index) {
            try layoutNode.removeChild(at: index)
        }
        // …and in go the new and moved ones, at their final index, front to back.
        for index in start..<wantedEnd where layoutNode.child(at: index) !== wanted[index] {
            try wanted[index].removeFromParent()
            try layoutNode.insertChild(wanted[index], at: index)
        }
        if layoutNode.childCount != wanted.count || zip(layoutNode.children, wanted).contains(where: { $0 !== $1 }) {
            // (Cannot happen; should it, the plain replacement is still right.)
            try replaceChildren(of: layoutNode, with: wanted)
        }
    }

    private static func replaceChildren(of layoutNode: LayoutNode, with children: [LayoutNode]) throws(LayoutError) {
        try layoutNode.removeAllChildren()
        for child in children {
            try child.removeFromParent()
            try layoutNode.appendChild(child)
        }
    }

    /// Sets the node's style from its component and its parent's item properties.
    private static func applyStyle(to node: TreeNode, component: Component, parentComponent: Component?,
                                   parentNode: TreeNode?, itemIndex: Int, context: BuildContext) throws(FrondError) {
        var style = layoutStyle(of: component, parentComponent: parentComponent, parentNode: parentNode,
                                itemIndex: itemIndex)
        let layoutNode: LayoutNode = node
        // (Most kept nodes keep their styles: the style the node was made from, when it
        // knows it, is compared first, before the node's style is rebuilt from its parts.)
        if layoutNode.hasStyle(knownToBe: &style) { return }
        let oldStyle = layoutNode.style
        guard style != oldStyle else { return }
        do {
            try layoutNode.setStyle(style)
        } catch {
            throw FrondError(.invalidValue, "\(component): \(error.message)")
        }
        node.styleChanged()
        context.undo.append {
            try? layoutNode.setStyle(oldStyle)
            node.styleChanged()
        }
        if style.display == .contents || oldStyle.display == .contents {
            try applyChildStyle(of: node, toggled: style.display != oldStyle.display, context: context)
        }
    }

    /// Sets again the style of the child of a wrapper laid out (or until now laid out) as
    /// its child:
    /// its item properties are (or were) the node's, and a child whose subtree the build
    /// reuses would keep the old ones.
    @inline(never)
    private static func applyChildStyle(of node: TreeNode, toggled: Bool, context: BuildContext) throws(FrondError) {
        let children = node.treeChildren
        // A wrapper laid out as its child now, or no longer: its own layout children change.
        if toggled { try setChildrenAgain(of: node, context: context) }
        guard children.count == 1 else { return }
        let child = children[0]
        try applyStyle(to: child, component: child.component, parentComponent: node.component, parentNode: node,
                       itemIndex: 0, context: context)
    }

    /// The style every component's layout style starts from.
    private static let defaultLayoutStyle = LayoutStyle()

    /// A component's layout style: its size, its container properties and the item
    /// properties its parent gives it.
    ///
    /// A composite or render component without a view and a size of its own is laid out
    /// as its child, as ComponentKit lays out a composite component: its node is marked
    /// `display: contents` and kept out of the layout tree (see
    /// ``TreeNode/isLaidOutAsChild``), its child's stand-in is an item of the parent's
    /// layout in its place, and its child gets the item properties it was given (its flex
    /// factors, basis, alignment, margins and position). Its frame is its child's (see
    /// ``TreeNode/componentFrame``).
    @inline(__always)
    private static func layoutStyle(of component: Component, parentComponent: Component?, parentNode: TreeNode?,
                                    itemIndex: Int) -> LayoutStyle {
        // (Copied from a made one: copying costs less than initializing every field.)
        var style = defaultLayoutStyle
        component.size.apply(to: &style)
        component.configureNode(&style)
        if let parentNode, parentNode.isLaidOutAsChild {
            takeItemProperties(of: parentNode, into: &style)
        } else if let renderParent = parentComponent?.asRenderComponent {
            renderParent.configureRenderedChild(component, &style)
        } else {
            parentComponent?.configureChild(at: itemIndex, &style)
        }
        if parentComponent == nil {
            // The top component fills the root's size range where its size is automatic.
            style.flexGrow = 1
            style.flexShrink = 1
        } else if component.wrapsOneChild {
            layOutAsChildIfBoxless(component, &style)
        }
        if component.placesAbsoluteChildren && style.positionType == .static {
            // A static node is no containing block; relative without insets is laid out
            // as static is and keeps the absolute children within the component.
            style.positionType = .relative
            style.position = EdgeValues()
        }
        return style
    }

    /// Gives a wrapper's style `display: contents` when the wrapper has no view and the
    /// style (with its item properties) sets nothing of its own box: its size, bounds and
    /// aspect ratio are automatic (a wrapper has no padding or border).
    @inline(never)
    private static func layOutAsChildIfBoxless(_ component: Component, _ style: inout LayoutStyle) {
        guard !component.view.hasView, isAutomatic(style.width), isAutomatic(style.height),
              style.minWidth == .undefined, style.minHeight == .undefined,
              style.maxWidth == .undefined, style.maxHeight == .undefined,
              style.aspectRatio == nil, style.display == .flex else { return }
        style.display = .contents
    }

    @inline(__always)
    private static func isAutomatic(_ value: LayoutValue) -> Bool {
        value == .auto || value == .undefined
    }

    /// Gives the child of a `display: contents` wrapper the item properties its parent
    /// gave the wrapper.
    @inline(never)
    private static func takeItemProperties(of wrapper: TreeNode, into style: inout LayoutStyle) {
        let layoutNode: LayoutNode = wrapper
        layoutNode.copyItemProperties(into: &style)
    }

    /// Installs the component's measurement when the measured content changed.
    /// (`component` is the node's, given by the caller, which holds it: reading the node's
    /// would retain it.)
    private static func updateMeasureFunction(of node: TreeNode, component: Component, previousComponent: Component?,
                                              isNew: Bool, context: BuildContext) throws(FrondError) {
        if let previousComponent, previousComponent.measuresLike(component) { return }
        let layoutNode: LayoutNode = node
        if !isNew {
            let restore = previousComponent?.measurement(context)
            context.undo.append { try? install(restore, on: layoutNode) }
        }
        let measurement = component.measurement(context)
        if isNew, case .none = measurement { return }
        do {
            try install(measurement, on: layoutNode)
        } catch {
            throw FrondError(.invalidTree, "\(component): \(error.message)")
        }
    }

    private static func install(_ measurement: Component.Measurement?, on node: LayoutNode) throws(LayoutError) {
        switch measurement {
        case nil: try node.setMeasureFunction(nil)
        case .function(let function)?: try node.setMeasureFunction(function)
        case .text?: try node.setMeasuredByLeafMeasurer()
        }
    }

    /// Commits a build's drops: the scopes of dropped subtrees die. (Its undo steps, which
    /// hold the components the build replaced, are released by ``releaseReplaced(_:)``.)
    static func commitDrops(_ context: BuildContext) {
        context.newScopes.removeAll()
        for subtree in context.dropped {
            subtree.forEach { node in
                guard let scope = node.scope else { return }
                scope.invalidate()
                scope.treeNode = nil
                node.scope = nil
                context.statistics.scopesDestroyed += 1
            }
            subtree.treeParent = nil
        }
    }

    /// Releases a committed build's undo steps, and with them the components it replaced
    /// (freeing a long list's previous rows takes as long as laying them out: the root
    /// does it after the host has the commit).
    static func releaseReplaced(_ context: BuildContext) {
        context.undo.removeAll()
    }

    /// Undoes a failed build.
    static func rollBack(_ context: BuildContext) {
        for step in context.undo.reversed() { step() }
        context.undo.removeAll()
        // (Independent of the other steps: only these scopes point to their nodes.)
        for scope in context.newScopes {
            if let node = scope.treeNode, node.scope === scope { node.scope = nil }
            scope.treeNode = nil
            scope.invalidate()
        }
        context.newScopes.removeAll()
    }
}

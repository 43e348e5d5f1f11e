import FrondLayout

/// The animations a prepared flush will start, found and checked while it is prepared
/// (targets resolved to tree nodes), so that a bad animation fails the flush before
/// anything is mounted.
struct AnimationPlan {
    /// Initial-mount and change animations, started by the commit.
    var starting: [PlannedAnimation] = []
    /// Final-unmount animations of components that leave the tree.
    var finalUnmount: [PlannedAnimation] = []
    /// The nodes whose views final-unmount animations animate: those views stay mounted.
    var disappearingNodes: Set<ObjectIdentifier> = []
    /// Built nodes of animating components, with their frame animation (nil: none).
    var frameNodes: [(node: TreeNode, timing: AnimationTiming?)] = []

    var isEmpty: Bool { starting.isEmpty && finalUnmount.isEmpty && frameNodes.isEmpty }

    /// Asks the animating components a build made, changed or dropped for their
    /// animations. `dropped`: whether to look into the dropped subtrees; `initialMount`:
    /// whether new components start their initial-mount animations (a list item that only
    /// came near the viewport does not).
    static func collect(_ context: BuildContext, dropped: Bool,
                        initialMount: Bool = true) throws(FrondError) -> AnimationPlan {
        var plan = AnimationPlan()
        for (node, previous) in context.animatedNodes {
            guard let animating = node.component as? any ComponentAnimationProtocol else { continue }
            let animations: [Animation]
            if let previous {
                animations = try animating.animations(fromPreviousComponent: previous)
            } else {
                animations = initialMount ? try animating.animationsOnInitialMount() : []
            }
            for animation in animations {
                plan.starting.append(try PlannedAnimation(animation, base: node, owner: node.component))
            }
            let timing = animating.frameAnimation
            try timing?.validate("\(node.component): frame animation")
            // (The view a viewless component's animations move: its single child's.)
            plan.frameNodes.append((PlannedAnimation.viewNode(of: node) ?? node, timing))
        }
        guard dropped else { return plan }
        // (In tree order, parents before their children: animations that end together
        // complete in the order they started.)
        var stack = Array(context.dropped.reversed())
        while let node = stack.popLast() {
            stack.append(contentsOf: node.treeChildren.reversed())
            guard let animating = node.component as? any ComponentAnimationProtocol else { continue }
            for animation in try animating.animationsOnFinalUnmount() {
                let planned = try PlannedAnimation(animation, base: node, owner: node.component)
                planned.forEachTarget { plan.disappearingNodes.insert(ObjectIdentifier($0)) }
                plan.finalUnmount.append(planned)
            }
        }
        return plan
    }
}

/// An animation with its targets resolved to the tree nodes whose views it animates.
struct PlannedAnimation {
    indirect enum Content {
        case basic(target: TreeNode, property: AnimatedProperty, from: AnimationEndpoint, to: AnimationEndpoint,
                   timing: AnimationTiming)
        case group(sequence: Bool, parts: [PlannedAnimation])
    }

    let content: Content
    let completion: ((Bool) -> Void)?

    /// Checks `animation` and resolves its targets from `base` (the node of `owner`, the
    /// component that returned it).
    init(_ animation: Animation, base: TreeNode, owner: Component) throws(FrondError) {
        let target = try Self.resolve(animation.target, from: base, owner: owner)
        completion = animation.completion
        switch animation.content {
        case .basic(let property, let from, let to, let timing):
            let place = "\(owner): \(property) animation"
            try Animation.validate(property, from: from, to: to, timing: timing, place: place)
            guard let viewNode = Self.viewNode(of: target) else {
                throw FrondError(.invalidValue, "\(place): its target \(target.component) has no view (nor a single child with one)")
            }
            guard property.restingValue(attributes: viewNode.component.view.mountedAttributes, frame: LayoutFrame()) != nil else {
                throw FrondError(.invalidValue, "\(place): the attribute \"\(property)\" of \(viewNode.component) is not a \(property == .backgroundColor ? "color" : "number")")
            }
            content = .basic(target: viewNode, property: property, from: from, to: to, timing: timing)
        case .parallel(let parts), .sequence(let parts):
            var planned: [PlannedAnimation] = []
            for part in parts { planned.append(try PlannedAnimation(part, base: target, owner: owner)) }
            var isSequence = false
            if case .sequence = animation.content { isSequence = true }
            content = .group(sequence: isSequence, parts: planned)
        }
    }

    func forEachTarget(_ body: (TreeNode) -> Void) {
        switch content {
        case .basic(let target, _, _, _, _): body(target)
        case .group(_, let parts): for part in parts { part.forEachTarget(body) }
        }
    }

    private static func resolve(_ target: Animation.Target, from base: TreeNode, owner: Component) throws(FrondError) -> TreeNode {
        switch target {
        case .component:
            return base
        case .child(let component):
            if let found = first(below: base, where: { $0.component === component }) { return found }
            throw FrondError(.invalidValue, "\(owner): the animation's target \(component) is not below \(base.component)")
        case .key(let key):
            guard !key.isEmpty else { throw FrondError(.invalidValue, "\(owner): the animation's target key is empty") }
            if let found = first(below: base, where: { $0.component.key == key }) { return found }
            throw FrondError(.invalidValue, "\(owner): no component with key \"\(key)\" is below \(base.component)")
        }
    }

    /// The first node below `node` (depth first, `node` excluded) that matches.
    private static func first(below node: TreeNode, where matches: (TreeNode) -> Bool) -> TreeNode? {
        for child in node.treeChildren {
            if matches(child) { return child }
            if let found = first(below: child, where: matches) { return found }
        }
        return nil
    }

    /// The node whose view animates `node`: itself with a view, or down single children.
    static func viewNode(of node: TreeNode) -> TreeNode? {
        var current = node
        while !current.component.view.hasView {
            guard current.treeChildren.count == 1, let child = current.treeChildren.first else { return nil }
            current = child
        }
        return current
    }
}

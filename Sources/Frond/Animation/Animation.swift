/// An animation of a view's property, or a group of animations, as a component returns
/// it (see ``ComponentAnimationProtocol``).
///
/// A *basic* animation moves one ``AnimatedProperty`` of its target's view from one value
/// to another with a ``AnimationTiming``. A *parallel* group starts its parts together; a
/// *sequence* starts each part when the one before it is scheduled to end (its delay plus
/// its duration, or its settling time for a spring). Values are checked when the flush
/// that collects them is prepared: a NaN or negative duration, a value of the wrong kind
/// or a target without a view fails the flush with `.invalidValue`, and nothing changes.
///
/// **Targets.** ``Target/component`` (the default) is the component that returned the
/// animation; ``Target/child(_:)`` a component instance below it; ``Target/key(_:)`` the
/// first component below it (depth first) with that key. In a group, the parts' targets
/// are found from the group's target. The animated view is the target's own view or,
/// for a viewless component with exactly one child (a composite, a render component, an
/// ``AnimationComponent``), its child's, and so on down.
///
/// **Running.** An animation starts at the time of the commit that starts it
/// (``Root/animationTime``, the time of the last ``Root/tick(time:)``) and advances with
/// ticks. From the start to the end of its delay it shows its start value. A new
/// animation of the same property of the same view interrupts the running one (its
/// completion gets `false`) and, starting from `.current`, starts from the value shown.
/// A commit that changes the resting value of a property whose running animation ends at
/// `.current` (the resting value) retargets it: it restarts, without its delay, from the
/// value shown to the new resting value, and its completion waits for the new end.
///
/// **Completion.** Called once per run on the root's thread, after the host's commit:
/// `true` when the animation (every part of a group) reached its end, `false` when it (or
/// a part) was interrupted, its view went away, or the root was freed. It may queue
/// state updates but not flush (the root is busy).
public struct Animation {
    /// What an animation targets (see the type's documentation).
    public enum Target {
        case component
        case child(Component)
        case key(String)
    }

    indirect enum Content {
        case basic(AnimatedProperty, from: AnimationEndpoint, to: AnimationEndpoint, timing: AnimationTiming)
        case parallel([Animation])
        case sequence([Animation])
    }

    let content: Content
    public var target: Target
    /// Called once when the animation ends (see the type's documentation).
    public var completion: ((Bool) -> Void)?

    /// A basic animation of `property` from `from` to `to`.
    public init(_ property: AnimatedProperty, from: AnimationEndpoint = .current, to: AnimationEndpoint = .current,
                timing: AnimationTiming = AnimationTiming(), target: Target = .component,
                completion: ((Bool) -> Void)? = nil) {
        self.init(content: .basic(property, from: from, to: to, timing: timing), target: target, completion: completion)
    }

    init(content: Content, target: Target, completion: ((Bool) -> Void)?) {
        self.content = content
        self.target = target
        self.completion = completion
    }

    /// Parts that start together.
    public static func parallel(_ parts: [Animation], target: Target = .component,
                                completion: ((Bool) -> Void)? = nil) -> Animation {
        Animation(content: .parallel(parts), target: target, completion: completion)
    }

    /// Parts that start one after another.
    public static func sequence(_ parts: [Animation], target: Target = .component,
                                completion: ((Bool) -> Void)? = nil) -> Animation {
        Animation(content: .sequence(parts), target: target, completion: completion)
    }

    /// The same animation aimed at `target`.
    public func targeting(_ target: Target) -> Animation {
        var copy = self
        copy.target = target
        return copy
    }

    /// The same animation with a completion.
    public func onCompletion(_ completion: @escaping (Bool) -> Void) -> Animation {
        var copy = self
        copy.completion = completion
        return copy
    }

    // MARK: Helpers (ComponentKit's names)

    /// Opacity from `value` to the resting opacity (a fade-in when `value` is 0).
    public static func alphaFrom(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.opacity, from: .value(.number(value)), to: .current, timing: timing)
    }

    /// Opacity from the shown value to `value` (a fade-out when `value` is 0).
    public static func alphaTo(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.opacity, from: .current, to: .value(.number(value)), timing: timing)
    }

    public static func translationXFrom(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.translationX, from: .value(.number(value)), to: .current, timing: timing)
    }

    public static func translationXTo(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.translationX, from: .current, to: .value(.number(value)), timing: timing)
    }

    public static func translationYFrom(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.translationY, from: .value(.number(value)), to: .current, timing: timing)
    }

    public static func translationYTo(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.translationY, from: .current, to: .value(.number(value)), timing: timing)
    }

    public static func scaleFrom(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.scale, from: .value(.number(value)), to: .current, timing: timing)
    }

    public static func scaleTo(_ value: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.scale, from: .current, to: .value(.number(value)), timing: timing)
    }

    public static func backgroundColorFrom(_ color: Color, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.backgroundColor, from: .value(.color(color)), to: .current, timing: timing)
    }

    public static func backgroundColorTo(_ color: Color, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.backgroundColor, from: .current, to: .value(.color(color)), timing: timing)
    }

    /// The frame's origin from (`x`, `y`) to the laid-out one.
    public static func positionFrom(x: Double, y: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.position, from: .value(.point(x: x, y: y)), to: .current, timing: timing)
    }

    public static func positionTo(x: Double, y: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.position, from: .current, to: .value(.point(x: x, y: y)), timing: timing)
    }

    /// The frame's size from `width`×`height` to the laid-out one.
    public static func sizeFrom(width: Double, height: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.size, from: .value(.size(width: width, height: height)), to: .current, timing: timing)
    }

    public static func sizeTo(width: Double, height: Double, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(.size, from: .current, to: .value(.size(width: width, height: height)), timing: timing)
    }

    /// From the value shown to the resting value: a change animation (for
    /// ``ComponentAnimationProtocol/animations(fromPreviousComponent:)``) that moves
    /// smoothly to whatever the new component sets.
    public static func change(_ property: AnimatedProperty, timing: AnimationTiming = AnimationTiming()) -> Animation {
        Animation(property, from: .current, to: .current, timing: timing)
    }
}

extension Animation {
    /// Throws `.invalidValue` for what is wrong without a tree: a timing or value a flush
    /// would refuse (see ``AnimationTiming``, ``TimingCurve``, ``AnimationValue``), a
    /// value of another kind than its property's, an empty target key. (A flush checks
    /// this too, and also that the targets exist and have views.)
    public func validate() throws(FrondError) {
        if case .key(let key) = target, key.isEmpty {
            throw FrondError(.invalidValue, "animation: the target key is empty")
        }
        switch content {
        case .basic(let property, let from, let to, let timing):
            try Self.validate(property, from: from, to: to, timing: timing, place: "\(property) animation")
        case .parallel(let parts), .sequence(let parts):
            for part in parts { try part.validate() }
        }
    }

    static func validate(_ property: AnimatedProperty, from: AnimationEndpoint, to: AnimationEndpoint,
                         timing: AnimationTiming, place: @autoclosure () -> String) throws(FrondError) {
        try timing.validate(place())
        for endpoint in [from, to] {
            guard case .value(let value) = endpoint else { continue }
            guard property.accepts(value) else {
                throw FrondError(.invalidValue, "\(place()): \(value) is not a value of \(property)")
            }
            try value.validate(place())
        }
    }
}

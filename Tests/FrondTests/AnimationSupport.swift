import Frond
import FrondTestSupport
import Testing

/// A 10×10 "box" view (with `name` and, unless nil, `opacity` attributes) that returns
/// the animations it was given.
final class AnimatedBox: Component, ComponentAnimationProtocol, @unchecked Sendable {
    let initial: [Animation]
    let change: [Animation]
    let final: [Animation]
    let frameAnimation: AnimationTiming?

    init(_ name: String, key: String? = nil, opacity: Double? = 1, extra: AttributeList = [:],
         size: ComponentSize = .points(10, 10), initial: [Animation] = [], change: [Animation] = [],
         final: [Animation] = [], frameAnimation: AnimationTiming? = nil) {
        var attributes = extra
        attributes["name"] = .string(name)
        if let opacity { attributes["opacity"] = .number(opacity) }
        self.initial = initial
        self.change = change
        self.final = final
        self.frameAnimation = frameAnimation
        super.init(view: ViewConfiguration("box", attributes: attributes), size: size, key: key)
    }

    func animationsOnInitialMount() -> [Animation] { initial }
    func animations(fromPreviousComponent previous: Component) -> [Animation] { change }
    func animationsOnFinalUnmount() -> [Animation] { final }
}

/// Records completion calls: `log.calls` is ["fade:true", …].
final class CompletionLog: @unchecked Sendable {
    private(set) var calls: [String] = []
    func callback(_ name: String) -> (Bool) -> Void {
        { [self] finished in calls.append("\(name):\(finished)") }
    }
}

/// A linear timing of `duration` seconds.
func linear(_ duration: Double, delay: Double = 0) -> AnimationTiming {
    AnimationTiming(duration: duration, delay: delay, curve: .linear)
}

extension RecordingHost {
    /// The view named `name` (attribute "name").
    func view(named name: String) -> ViewID? {
        views.first { $0.value.attributes["name"] == .string(name) }?.key
    }

    /// The number attribute `attribute` of the view named `name`.
    func number(_ attribute: String, of name: String) -> Double? {
        guard let id = view(named: name), case .number(let value)? = views[id]?.attributes[attribute] else { return nil }
        return value
    }

    /// How many destroy mutations named `view`, over every commit.
    func destroyCount(of view: ViewID) -> Int {
        commits.joined().filter { $0 == .destroy(view) }.count
    }
}

/// A root of `width`×`height` showing `component`, flushed once, on a recording host.
func animatedRoot(_ component: Component, width: Float = 100, height: Float = 100) throws -> (Root, RecordingHost) {
    let host = RecordingHost()
    let root = Root(sizeRange: .fixed(width: width, height: height), host: host)
    root.setComponent(component)
    try root.flush()
    return (root, host)
}

/// A row ("list" view) of components.
func list(_ children: [Component]) -> Component {
    Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .row), children: children.map { FlexChild($0) })
}

import Frond
import FrondLayout
import FrondTestSupport
import Testing

/// What other languages reach through the core: values that must not trap while they are
/// described, one payload check for every way an action is sent, animation values a host
/// can be sent, whether a root is inside its own callbacks, and the one depth limit.
@Suite struct SeamTests {
    @Test func test_colorsOutsideTheirRangeAreDescribedWithoutTrapping() {
        for value: Float in [.nan, .infinity, -.infinity, 3e38, -1, 1.5] {
            let color = Color(red: value, green: 0, blue: 0.5, alpha: 1)
            #expect(color.description.hasPrefix("rgba("))
            #expect(HostEvent.valueChange(.color(color)).description.contains("rgba("))
        }
        #expect(Color(red: 1, green: 0, blue: 0.5, alpha: 0.5).description == "#ff008080")
    }

    @Test func test_everyWayOfSendingRefusesTheSamePayloads() throws {
        final class Sender: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Sender.scope = scope
                return Component(view: ViewConfiguration("button", attributes: ["name": .string("button"),
                                                                                "onValueChange": .action("set")]),
                                 size: .points(10, 10))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Sender())
        try root.flush()
        let button = try view(named: "button", in: host)
        let scope = try #require(Sender.scope)
        defer { Sender.scope = nil }
        let bad: [AttributeValue] = [.number(.nan), .number(-.infinity),
                                     .color(Color(red: .nan, green: 0, blue: 0)),
                                     .color(Color(red: 3e38, green: 0, blue: 0))]
        for value in bad {
            let event = #expect(throws: FrondError.self) { try root.send(.valueChange(value), to: button) }
            #expect(event?.kind == .invalidValue)
            let sent = #expect(throws: FrondError.self) { try scope.send(ActionName<AttributeValue>("set"), value) }
            #expect(sent?.kind == .invalidValue)
            let block = ActionBlock("b") { _ in }
            let called = #expect(throws: FrondError.self) { try scope.send(block, value) }
            #expect(called?.kind == .invalidValue)
        }
        let number = #expect(throws: FrondError.self) { try scope.send(ActionName<Double>("set"), .nan) }
        #expect(number?.kind == .invalidValue)
        #expect(try scope.send(ActionName<Double>("set"), 2) == .unhandled)
    }

    @Test func test_animationValuesBeyondTheLimitAreRefused() {
        let limit = AnimationValue.maximumMagnitude
        let refused: [Animation] = [
            Animation(.translationX, from: .value(.number(0)), to: .value(.number(1e300))),
            Animation(.position, from: .value(.point(x: 0, y: limit * 2)), to: .current),
            Animation(.size, from: .current, to: .value(.size(width: 1e300, height: 1))),
            Animation(.opacity, from: .value(.number(0)), to: .value(.number(1)),
                      timing: AnimationTiming(duration: 1, curve: .cubicBezier(x1: 0.5, y1: 1e308, x2: 0.5, y2: 0))),
            Animation(.opacity, from: .value(.number(0)), to: .value(.number(1)),
                      timing: AnimationTiming(curve: .spring(Spring(initialVelocity: 1e300)))),
        ]
        for animation in refused {
            let error = #expect(throws: FrondError.self) { try animation.validate() }
            #expect(error?.kind == .invalidValue)
        }
        let allowed = Animation(.translationX, from: .value(.number(-limit)), to: .value(.number(limit)),
                                timing: AnimationTiming(duration: 1, curve: .cubicBezier(x1: 0.1, y1: 1e6, x2: 0.9, y2: -1e6)))
        #expect(throws: Never.self) { try allowed.validate() }
    }

    @Test func test_anOvershootingCurveIsClampedToTheLimit() throws {
        let limit = AnimationValue.maximumMagnitude
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        let leaf = Component(view: ViewConfiguration("box", attributes: ["name": .string("box")]), size: .points(10, 10))
        root.setComponent(AnimationComponent(child: leaf, onInitialMount: [
            Animation(.translationX, from: .value(.number(-limit)), to: .value(.number(limit)),
                      timing: AnimationTiming(duration: 1, curve: .cubicBezier(x1: 0.1, y1: 1e6, x2: 0.9, y2: -1e6))),
        ]))
        try root.flush()
        let box = try view(named: "box", in: host)
        var largest = 0.0
        for step in 1...24 {
            try root.tick(time: Double(step) * 0.05)
            guard case .number(let shown)? = host.views[box]?.attributes["translationX"] else { continue }
            #expect(shown.isFinite && abs(shown) <= limit)
            largest = max(largest, abs(shown))
        }
        #expect(largest == limit)
    }

    @Test func test_aRootKnowsWhenItRunsItsOwnCallbacks() throws {
        final class Watching: RenderComponent<Int>, @unchecked Sendable {
            nonisolated(unsafe) static var root: Root?
            nonisolated(unsafe) static var seen: [Bool] = []
            override func initialState() -> Int? { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Watching.seen.append(Watching.root?.isRunningCallbacks ?? false)
                return Component(view: ViewConfiguration("button", attributes: ["onTap": .action("go")]),
                                 size: .points(10, 10))
            }
            override func handle(_ action: ActionEvent, scope: StateScope<Int>) throws(FrondError) -> Bool {
                Watching.seen.append(Watching.root?.isRunningCallbacks ?? false)
                return true
            }
        }
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: RecordingHost())
        Watching.root = root
        defer { Watching.root = nil }
        root.setComponent(Watching())
        #expect(!root.isRunningCallbacks)
        try root.flush()
        #expect(try root.tap(atX: 1, y: 1).outcome == .handled)
        #expect(Watching.seen == [true, true])
        #expect(!root.isRunningCallbacks)
    }

    @Test func test_aComponentTreeMayBeAsDeepAsTheLayoutLimitAndNoDeeper() throws {
        func chain(_ levels: Int) -> Component {
            var component = Component(view: ViewConfiguration("leaf"), size: .points(1, 1))
            for _ in 1..<levels { component = CompositeComponent(child: component) }
            return component
        }
        let root = Root(sizeRange: .fixed(width: 10, height: 10), host: RecordingHost())
        root.setComponent(chain(LayoutNode.maximumDepth))
        try root.flush()
        root.setComponent(chain(LayoutNode.maximumDepth + 1))
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .limitExceeded)
    }
}

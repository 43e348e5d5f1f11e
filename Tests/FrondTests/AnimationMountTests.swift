import Frond
import FrondTestSupport
import Testing

/// Animations through a root: where they come from, how they reach the host, how they
/// end, and how views that leave with a final-unmount animation stay until it ends.
@Suite struct AnimationMountTests {
    /// A list of boxes that fade out (1 s, linear) when they leave.
    private func fadingList(_ names: [String], log: CompletionLog? = nil) -> Component {
        list(names.map { name in
            let fade = Animation.alphaTo(0, timing: linear(1))
            return AnimatedBox(name, key: name, final: [log.map { fade.onCompletion($0.callback(name)) } ?? fade])
        })
    }

    private func listView(_ root: Root) throws -> ViewID {
        try #require(root.children(of: .root)?.first)
    }

    @Test func test_removedComponentKeepsItsViewUntilTheFadeOutEndsThenIsDestroyedOnce() throws {
        let log = CompletionLog()
        let (root, host) = try animatedRoot(fadingList(["a", "b", "c"], log: log))
        let list = try listView(root)
        let b = try #require(host.view(named: "b"))

        root.setComponent(fadingList(["a", "c"], log: log))
        try root.flush()
        // Still there, in its place, fading from what it showed.
        #expect(names(in: host, list: list) == ["a", "b", "c"])
        #expect(host.number("opacity", of: "b") == 1)
        #expect(root.children(of: list) == host.views[list]?.children)
        #expect(root.hasRunningAnimations)
        #expect(host.destroyCount(of: b) == 0)

        let clock = ManualClock(root: root)
        try clock.set(to: 0.5)
        #expect(host.number("opacity", of: "b") == 0.5)
        #expect(host.destroyCount(of: b) == 0)
        try clock.set(to: 1.0)
        #expect(names(in: host, list: list) == ["a", "c"])
        #expect(host.views[b] == nil)
        #expect(host.lastCommit == [.remove(child: b, parent: list), .destroy(b)])
        #expect(!root.hasRunningAnimations)
        try clock.set(to: 2.0)
        try root.flush()
        #expect(host.destroyCount(of: b) == 1)
        #expect(log.calls == ["b:true"])
        #expect(host.problems == [])
    }

    @Test func test_siblingIndicesCountTheDisappearingView() throws {
        let (root, host) = try animatedRoot(fadingList(["a", "b", "c", "d"]))
        let list = try listView(root)
        root.setComponent(fadingList(["a", "c", "d"]))          // b disappears
        try root.flush()
        // New views before and after it, and a move across it, while it disappears.
        root.setComponent(fadingList(["x", "d", "a", "y", "c"]))
        try root.flush()
        #expect(host.problems == [])
        #expect(root.children(of: list) == host.views[list]?.children)
        #expect(names(in: host, list: list).filter { $0 != "b" } == ["x", "d", "a", "y", "c"])
        #expect(names(in: host, list: list).contains("b"))
        // b follows a, the view it followed before.
        let shown = names(in: host, list: list)
        #expect(shown.firstIndex(of: "b") == (shown.firstIndex(of: "a") ?? -2) + 1)
        // Another one leaves (c) while b still disappears; then both go.
        root.setComponent(fadingList(["x", "d", "a", "y"]))
        try root.flush()
        #expect(host.problems == [])
        #expect(root.children(of: list) == host.views[list]?.children)
        try ManualClock(root: root).set(to: 1)
        #expect(names(in: host, list: list) == ["x", "d", "a", "y"])
        #expect(root.children(of: list) == host.views[list]?.children)
        #expect(host.problems == [])
    }

    @Test func test_readdingAKeyWhileItDisappearsCreatesANewView() throws {
        let (root, host) = try animatedRoot(fadingList(["a", "b"]))
        let list = try listView(root)
        let oldB = try #require(host.view(named: "b"))
        root.setComponent(fadingList(["a"]))
        try root.flush()
        try ManualClock(root: root).set(to: 0.5)
        root.setComponent(fadingList(["a", "b"]))
        try root.flush()
        let views = try #require(host.views[list]?.children)
        #expect(views.count == 3)
        #expect(views.contains(oldB))
        #expect(host.number("opacity", of: "b") != nil)
        try ManualClock(root: root).set(to: 1)
        #expect(host.views[list]?.children.count == 2)
        #expect(host.views[oldB] == nil)
        #expect(names(in: host, list: list) == ["a", "b"])
        #expect(host.problems == [])
    }

    @Test func test_disappearingViewInsideARemovedParentIsDestroyedOnceAndItsAnimationDoesNotFinish() throws {
        let log = CompletionLog()
        let (root, host) = try animatedRoot(fadingList(["a", "b"], log: log))
        let b = try #require(host.view(named: "b"))
        root.setComponent(fadingList(["a"], log: log))
        try root.flush()
        root.setComponent(nil)          // the list view goes, with b in it
        try root.flush()
        #expect(host.destroyCount(of: b) == 1)
        // b's fade-out is cut short, and a's cannot run: its view goes with the list's.
        #expect(log.calls.sorted() == ["a:false", "b:false"])
        #expect(!root.hasRunningAnimations)
        try ManualClock(root: root).set(to: 2)
        #expect(host.destroyCount(of: b) == 1)
        #expect(host.problems == [])
        #expect(host.views.isEmpty)
    }

    /// A view fading out inside one that then fades out faster goes with it; nothing is
    /// left running then (the inner view's fade kept the root "animating" for one more tick).
    @Test func test_aFadeCutShortByItsParentsLeavesNothingRunning() throws {
        let log = CompletionLog()
        func screen(card: Bool, dot: Bool) -> Component {
            let fadingDot = AnimationComponent(key: "dot", child: box("dot"), onFinalUnmount: [
                Animation.alphaTo(0, timing: linear(1)).onCompletion(log.callback("dot"))])
            let inside = Flexbox(view: ViewConfiguration("card"), children: dot ? [FlexChild(fadingDot)] : [])
            return list([box("list")] + (card ? [AnimationComponent(key: "card", child: inside, onFinalUnmount: [
                Animation.alphaTo(0, timing: linear(0.5)).onCompletion(log.callback("card"))])] : []))
        }
        let (root, host) = try animatedRoot(screen(card: true, dot: true))
        root.setComponent(screen(card: true, dot: false))  // the dot fades out (1 s)…
        try root.flush()
        let clock = ManualClock(root: root)
        try clock.set(to: 0.25)
        root.setComponent(screen(card: false, dot: false))  // …and then the card (0.5 s), with the dot in it
        try root.flush()
        try clock.set(to: 0.75)
        #expect(log.calls == ["dot:false", "card:true"] || log.calls == ["card:true", "dot:false"])
        #expect(host.view(named: "dot") == nil && host.view(named: "card") == nil)
        #expect(!root.hasRunningAnimations)
        #expect(host.problems == [])
    }

    @Test func test_animationComponentFadesItsChildInAndOut() throws {
        func screen(_ banner: Bool) -> Component {
            list([box("list")] + (banner ? [AnimationComponent(key: "banner", child: box("banner"),
                                                              onInitialMount: [.alphaFrom(0, timing: linear(1))],
                                                              onFinalUnmount: [.alphaTo(0, timing: linear(1))])] : []))
        }
        let (root, host) = try animatedRoot(screen(false))
        root.setComponent(screen(true))
        try root.flush()
        #expect(host.number("opacity", of: "banner") == 0)
        let clock = ManualClock(root: root)
        try clock.set(to: 0.5)
        #expect(host.number("opacity", of: "banner") == 0.5)
        try clock.set(to: 1)
        // The resting value: the box has no opacity attribute, so it is unset again.
        #expect(host.number("opacity", of: "banner") == nil)
        let banner = try #require(host.view(named: "banner"))
        root.setComponent(screen(false))
        try root.flush()
        #expect(host.number("opacity", of: "banner") == 1)
        try clock.set(to: 1.25)
        #expect(host.number("opacity", of: "banner") == 0.75)
        try clock.set(to: 2)
        #expect(host.views[banner] == nil)
        #expect(host.destroyCount(of: banner) == 1)
        #expect(host.problems == [])
    }

    @Test func test_stateUpdateRetargetsFromTheShownValue() throws {
        let log = CompletionLog()
        final class Holder: RenderComponent<Double>, @unchecked Sendable {
            let log: CompletionLog
            var scope: StateScope<Double>?
            init(log: CompletionLog) {
                self.log = log
                super.init()
            }
            override func initialState() -> Double? { 1 }
            override func render(state: Double, scope: StateScope<Double>) -> Component? {
                self.scope = scope
                return AnimatedBox("a", opacity: state,
                                   initial: [Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("in"))],
                                   change: [Animation.change(.opacity, timing: linear(1)).onCompletion(log.callback("change"))])
            }
        }
        let holder = Holder(log: log)
        let (root, host) = try animatedRoot(holder)
        let clock = ManualClock(root: root)
        try clock.set(to: 0.4)
        #expect(abs((host.number("opacity", of: "a") ?? -1) - 0.4) < 1e-12)
        let scope = try #require(holder.scope)
        try scope.update { $0 = 0.2 }
        try root.flush()
        // No jump: the change animation starts where the fade-in was.
        #expect(abs((host.number("opacity", of: "a") ?? -1) - 0.4) < 1e-12)
        #expect(log.calls == ["in:false"])
        try clock.set(to: 0.9)
        #expect(abs((host.number("opacity", of: "a") ?? -1) - 0.3) < 1e-12)
        try clock.set(to: 1.4)
        #expect(host.number("opacity", of: "a") == 0.2)
        #expect(log.calls == ["in:false", "change:true"])
        #expect(!root.hasRunningAnimations)
        #expect(host.problems == [])
    }

    @Test func test_newRestingValueWithoutAnAnimationRetargetsTheRunningOne() throws {
        let log = CompletionLog()
        func box(_ opacity: Double) -> Component {
            AnimatedBox("a", opacity: opacity, initial: [Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("in"))])
        }
        let (root, host) = try animatedRoot(list([box(1)]))
        let clock = ManualClock(root: root)
        try clock.set(to: 0.4)
        root.setComponent(list([box(0.2)]))
        try root.flush()
        #expect(abs((host.number("opacity", of: "a") ?? -1) - 0.4) < 1e-12)
        try clock.set(to: 0.9)
        #expect(abs((host.number("opacity", of: "a") ?? -1) - 0.3) < 1e-12)
        try clock.set(to: 1.4)
        #expect(host.number("opacity", of: "a") == 0.2)
        #expect(log.calls == ["in:true"])
        #expect(host.problems == [])
    }

    @Test func test_groupsRunTogetherOrInTurnAndCompleteOnce() throws {
        let log = CompletionLog()
        let sequence = Animation.sequence([
            Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("fade")),
            Animation.parallel([
                Animation.scaleFrom(2, timing: linear(1)),
                Animation.translationXFrom(10, timing: linear(2)),
            ], completion: log.callback("parallel")),
        ], completion: log.callback("sequence"))
        let (root, host) = try animatedRoot(AnimatedBox("a", initial: [sequence]))
        #expect(host.number("opacity", of: "a") == 0)
        // Their turn has not come: they show their start values meanwhile, as during a delay
        // (the view first showed its resting values, then jumped to these).
        #expect(host.number("scale", of: "a") == 2)
        #expect(host.number("translationX", of: "a") == 10)
        let clock = ManualClock(root: root)
        try clock.set(to: 0.5)
        #expect(host.number("opacity", of: "a") == 0.5)
        #expect(host.number("scale", of: "a") == 2 && host.number("translationX", of: "a") == 10)
        try clock.set(to: 1)
        #expect(host.number("opacity", of: "a") == 1)
        #expect(host.number("scale", of: "a") == 2)
        #expect(host.number("translationX", of: "a") == 10)
        #expect(log.calls == ["fade:true"])
        try clock.set(to: 1.5)
        #expect(host.number("scale", of: "a") == 1.5)
        #expect(host.number("translationX", of: "a") == 7.5)
        try clock.set(to: 2)
        #expect(host.number("scale", of: "a") == nil)           // resting again (no attribute)
        #expect(log.calls == ["fade:true"])
        try clock.set(to: 3)
        #expect(host.number("translationX", of: "a") == nil)
        #expect(log.calls == ["fade:true", "parallel:true", "sequence:true"])
        try clock.set(to: 5)
        #expect(log.calls.count == 3)
        #expect(host.problems == [])
    }

    /// A later part of a sequence that animates what an earlier part animates waits for its
    /// turn: the earlier part runs to its end, uninterrupted.
    @Test func test_aSequencesPartsOfOneProperty() throws {
        let log = CompletionLog()
        let sequence = Animation.sequence([
            Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("in")),
            Animation(.opacity, from: .value(.number(1)), to: .value(.number(0.5)), timing: linear(1)),
        ])
        let (root, host) = try animatedRoot(AnimatedBox("a", initial: [sequence]))
        #expect(host.number("opacity", of: "a") == 0)
        let clock = ManualClock(root: root)
        try clock.set(to: 0.5)
        #expect(host.number("opacity", of: "a") == 0.5)
        try clock.set(to: 1.5)
        #expect(host.number("opacity", of: "a") == 0.75)
        #expect(log.calls == ["in:true"])
        try clock.set(to: 2)
        #expect(host.number("opacity", of: "a") == 1)         // resting
        #expect(host.problems == [])
    }

    /// A later part showing its start value before its turn interrupts nothing: a running
    /// animation of its property from an earlier commit goes on, one that begins before its
    /// turn takes the property until then, and a commit that changes the resting value it
    /// ends at does not start it early. (Found in review.)
    @Test func test_aLaterPartWaitingForItsTurnGivesWay() throws {
        // A commit moves the resting translationX a waiting part ends at: it still waits.
        let log = CompletionLog()
        let sequence = Animation.sequence([
            Animation.alphaFrom(0, timing: linear(1)),
            Animation(.translationX, from: .value(.number(100)), to: .current, timing: linear(1)),
        ])
        let (root, host) = try animatedRoot(list([AnimatedBox("a", key: "a", extra: ["translationX": .number(0)],
                                                              initial: [sequence])]))
        let clock = ManualClock(root: root)
        try clock.set(to: 0.2)
        root.setComponent(list([AnimatedBox("a", key: "a", extra: ["translationX": .number(50)])]))
        try root.flush()
        try clock.set(to: 0.5)
        #expect(host.number("translationX", of: "a") == 100)
        try clock.set(to: 1.5)
        #expect(host.number("translationX", of: "a") == 75)

        // A fade from an earlier commit goes on under a change sequence whose later part
        // animates opacity: that part takes over in its turn, from where the fade ended.
        let fade = Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("fade"))
        let (other, otherHost) = try animatedRoot(list([AnimatedBox("b", key: "b", initial: [fade])]))
        let otherClock = ManualClock(root: other)
        try otherClock.set(to: 0.1)
        let change = Animation.sequence([Animation.scaleFrom(2, timing: linear(1)),
                                         Animation(.opacity, from: .current, to: .value(.number(0.3)), timing: linear(1))])
        other.setComponent(list([AnimatedBox("b", key: "b", change: [change])]))
        try other.flush()
        try otherClock.set(to: 0.5)
        #expect(otherHost.number("opacity", of: "b") == 0.5)
        try otherClock.set(to: 1.0)
        #expect(log.calls == ["fade:true"])
        try otherClock.set(to: 1.6)
        #expect(abs((otherHost.number("opacity", of: "b") ?? -1) - 0.65) < 1e-9, "\(other.mountedDump)")

        // An animation of the property that begins before the part's turn takes it; the part
        // begins in its turn (interrupting it), as if it had never shown its start value.
        let racing = Animation.parallel([
            Animation.sequence([Animation.scaleFrom(2, timing: linear(1)),
                                Animation.alphaFrom(0.2, timing: linear(1)).onCompletion(log.callback("part"))]),
            Animation.alphaFrom(0.6, timing: linear(2)).onCompletion(log.callback("long")),
        ])
        let (third, thirdHost) = try animatedRoot(list([AnimatedBox("c", key: "c", initial: [racing])]))
        #expect(thirdHost.number("opacity", of: "c") == 0.6)
        let thirdClock = ManualClock(root: third)
        try thirdClock.set(to: 1)
        #expect(thirdHost.number("opacity", of: "c") == 0.2)
        #expect(log.calls == ["fade:true", "long:false"])
        try thirdClock.set(to: 2)
        #expect(log.calls == ["fade:true", "long:false", "part:true"])
        #expect(host.problems == [] && otherHost.problems == [] && thirdHost.problems == [])
    }

    @Test func test_animationTargetsAChildByKeyOrInstance() throws {
        final class Card: StatelessComponent, ComponentAnimationProtocol, @unchecked Sendable {
            let title = AnimatedBox("title", opacity: nil)
            override func render() -> Component? {
                list([title, AnimatedBox("badge", key: "badge", opacity: nil)])
            }
            func animationsOnInitialMount() -> [Animation] {
                [Animation.alphaFrom(0.5, timing: linear(1)).targeting(.key("badge")),
                 Animation.translationYFrom(8, timing: linear(1)).targeting(.child(title))]
            }
        }
        let (root, host) = try animatedRoot(Card())
        #expect(host.number("opacity", of: "badge") == 0.5)
        #expect(host.number("translationY", of: "title") == 8)
        #expect(host.number("opacity", of: "title") == nil)
        try ManualClock(root: root).set(to: 0.5)
        #expect(host.number("opacity", of: "badge") == 0.75)
        #expect(host.number("translationY", of: "title") == 4)
        #expect(host.problems == [])
    }

    @Test func test_frameChangesOfAKeptViewAreAnimatedWhenAsked() throws {
        func screen(spacer: Float) -> Component {
            list([Component(size: .points(spacer, 10)),
                  AnimatedBox("a", opacity: nil, frameAnimation: linear(1))])
        }
        let (root, host) = try animatedRoot(screen(spacer: 0))
        let a = try #require(host.view(named: "a"))
        #expect(host.views[a]?.frame.left == 0)
        root.setComponent(screen(spacer: 40))
        try root.flush()
        #expect(host.views[a]?.frame.left == 0)                 // no jump
        #expect(root.frame(of: a)?.left == 40)                  // the laid-out frame
        let clock = ManualClock(root: root)
        try clock.set(to: 0.5)
        #expect(host.views[a]?.frame.left == 20)
        try clock.set(to: 1)
        #expect(host.views[a]?.frame.left == 40)
        #expect(!root.hasRunningAnimations)
        #expect(host.problems == [])
    }

    @Test func test_aViewlessComponentsFrameAnimationMovesItsChildsView() throws {
        // (As for its other animations: a viewless component's view is its single child's.)
        final class Gliding: StatelessComponent, ComponentAnimationProtocol, @unchecked Sendable {
            override func render() -> Component? { AnimatedBox("a", opacity: nil) }
            var frameAnimation: AnimationTiming? { linear(1) }
        }
        func screen(spacer: Float) -> Component { list([Component(size: .points(spacer, 10)), Gliding(key: "g")]) }
        let (root, host) = try animatedRoot(screen(spacer: 0))
        let a = try #require(host.view(named: "a"))
        root.setComponent(screen(spacer: 40))
        try root.flush()
        #expect(host.views[a]?.frame.left == 0)                 // no jump
        try ManualClock(root: root).set(to: 0.5)
        #expect(host.views[a]?.frame.left == 20)
        #expect(host.problems == [])
    }

    @Test func test_aDisappearingViewTakesNoEvents() throws {
        // (Its component left the tree: a tap skips it, and an event sent to it reaches no
        // responder and no unhandled handler.)
        let (root, host) = try animatedRoot(list([AnimatedBox("a", key: "a", extra: ["onTap": .action("tap")],
                                                              final: [.alphaTo(0, timing: linear(1))])]))
        let a = try #require(host.view(named: "a"))
        var unhandled: [String] = []
        root.unhandledActionHandler = { event in unhandled.append(event.name) }
        #expect(try root.send(.tap, to: a) == .unhandled)
        root.setComponent(list([]))
        try root.flush()
        #expect(host.views[a] != nil)                         // still shown, fading out
        #expect(try root.send(.tap, to: a) == .noAction)
        #expect(try root.tap(atX: 5, y: 5).outcome == .noAction)
        #expect(unhandled == ["tap"])
        #expect(host.problems == [])
    }

    /// The views in a disappearing view take no events either (an event to its button went
    /// to the unhandled handler), and the host is told it is leaving, so that a host that
    /// hit-tests by itself lets clicks through it.
    @Test func test_theViewsInADisappearingViewTakeNoEventsAndItIsMarkedLeaving() throws {
        func toast(_ present: Bool) -> Component {
            let card = Flexbox(view: ViewConfiguration("card", attributes: ["name": .string("card")]),
                               children: [FlexChild(AnimatedBox("close", extra: ["onTap": .action("dismiss")]))])
            return list(present ? [AnimationComponent(key: "toast", child: card, onFinalUnmount: [.alphaTo(0, timing: linear(1))])]
                                : [])
        }
        let (root, host) = try animatedRoot(toast(true))
        let card = try #require(host.view(named: "card")), close = try #require(host.view(named: "close"))
        var unhandled: [String] = []
        root.unhandledActionHandler = { event in unhandled.append(event.name) }
        #expect(try root.send(.tap, to: close) == .unhandled)
        #expect(host.views[card]?.attributes["leaving"] == nil)
        root.setComponent(toast(false))
        try root.flush()
        #expect(host.views[close] != nil && host.views[card]?.attributes["leaving"] == .bool(true))
        #expect(host.views[close]?.attributes["leaving"] == nil)
        #expect(try root.send(.tap, to: close) == .noAction)
        #expect(try root.tap(atX: 5, y: 5).outcome == .noAction)
        #expect(unhandled == ["dismiss"])
        #expect(root.mountedDump.replacing(#/v\d+ /#, with: "") == host.dump())  // (the host's dump has no ids)
        let clock = ManualClock(root: root)
        try clock.set(to: 1)
        #expect(host.views[card] == nil && host.views[close] == nil)
        #expect(host.problems == [])
    }

    /// A tap hits the views where the host shows them: a box gliding into a leaving box's
    /// place is hit where it is drawn, not where it will rest (it was hit at its laid-out
    /// frame, under the leaving box); a translated or scaled view where it is moved.
    @Test func test_aTapHitsTheViewsWhereTheHostShowsThem() throws {
        func rows(_ names: [String]) -> Component {
            list(names.map { name in
                AnimatedBox(name, key: name, extra: ["onTap": .action(name)], size: .points(100, 50),
                            final: [.alphaTo(0, timing: linear(1))], frameAnimation: linear(1))
            })
        }
        let (root, host) = try animatedRoot(rows(["a", "b"]), height: 200)
        let b = try #require(host.view(named: "b"))
        root.setComponent(rows(["b"]))
        try root.flush()
        let clock = ManualClock(root: root)
        try clock.set(to: 0.25)                                // b is drawn at x 75, on its way to 0
        #expect(try root.tap(atX: 5, y: 5).outcome == .noAction)       // only the leaving a is there
        #expect(try root.tap(atX: 80, y: 5).view == b)
        try clock.set(to: 1)
        #expect(try root.tap(atX: 5, y: 5).view == b)

        let moved = AnimatedBox("moved", extra: ["onTap": .action("moved"), "translationX": .number(50),
                                                 "scale": .number(0.5)], size: .points(20, 20))
        let (other, otherHost) = try animatedRoot(list([moved]))
        let view = try #require(otherHost.view(named: "moved"))
        // Its 20×20 frame at the origin, moved 50 right and halved about its centre: 55…65.
        #expect(try other.tap(atX: 5, y: 10).outcome == .noAction)
        #expect(try other.tap(atX: 56, y: 10).view == view)
        #expect(try other.tap(atX: 66, y: 10).outcome == .noAction)
    }

    @Test func test_zeroDurationFinalUnmountRemovesTheViewInTheSameCommit() throws {
        let (root, host) = try animatedRoot(list([AnimatedBox("a", key: "a", final: [.alphaTo(0, timing: linear(0))])]))
        let a = try #require(host.view(named: "a"))
        root.setComponent(list([]))
        try root.flush()
        #expect(host.views[a] == nil)
        #expect(host.destroyCount(of: a) == 1)
        #expect(!root.hasRunningAnimations)
        #expect(host.problems == [])
    }

    @Test func test_rootThatGoesAwayInterruptsItsAnimations() throws {
        let log = CompletionLog()
        var root: Root? = try animatedRoot(AnimatedBox("a", initial: [Animation.alphaFrom(0, timing: linear(1)).onCompletion(log.callback("in"))])).0
        #expect(root?.hasRunningAnimations == true)
        root = nil
        #expect(log.calls == ["in:false"])
    }

    // MARK: Bad input

    /// Animations a flush must refuse (each fails with `.invalidValue`).
    private static func badAnimation(_ index: Int) -> Animation {
        [
            Animation.alphaFrom(0, timing: AnimationTiming(duration: -1)),
            Animation.alphaFrom(0, timing: AnimationTiming(duration: .nan)),
            Animation.alphaFrom(0, timing: AnimationTiming(duration: 1, delay: .infinity)),
            Animation.alphaFrom(.nan),
            Animation(.opacity, from: .value(.color(Color(rgb: 0))), to: .current),
            Animation(.backgroundColor, from: .value(.color(Color(red: 2, green: 0, blue: 0))), to: .current),
            Animation(.size, from: .value(.size(width: -1, height: 0)), to: .current),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .cubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1))),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .cubicBezier(x1: 0.5, y1: .nan, x2: 0.5, y2: 1))),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .spring(Spring(damping: 0)))),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .spring(Spring(mass: -1)))),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .spring(Spring(initialVelocity: .infinity)))),
            Animation.alphaFrom(0, timing: AnimationTiming(curve: .spring(Spring(damping: 1e-9, stiffness: 1)))),
            Animation.alphaFrom(0).targeting(.key("missing")),
            Animation.alphaFrom(0).targeting(.key("")),
            Animation.sequence([Animation.alphaFrom(0), Animation.scaleFrom(.infinity)]),
        ][index]
    }

    @Test(arguments: 0..<16)
    func test_badAnimationFailsTheFlushAndChangesNothing(index: Int) throws {
        let animation = Self.badAnimation(index)
        let (root, host) = try animatedRoot(list([box("keep")]))
        let before = host.dump()
        root.setComponent(list([box("keep"), AnimatedBox("new", initial: [animation])]))
        #expect(throws: FrondError.self) { try root.flush() }
        do {
            try root.flush()
        } catch {
            #expect(error.kind == .invalidValue)
        }
        #expect(host.dump() == before)
        #expect(!root.hasRunningAnimations)
        root.setComponent(list([box("keep"), AnimatedBox("new")]))
        try root.flush()
        #expect(host.problems == [])
    }

    @Test func test_animatingANonNumberAttributeOrAViewlessTargetFails() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: RecordingHost())
        root.setComponent(AnimatedBox("a", extra: ["scale": .string("big")], initial: [.scaleFrom(0)]))
        #expect(throws: FrondError(.invalidValue, "AnimatedBox(box): scale animation: the attribute \"scale\" of AnimatedBox(box) is not a number")) {
            try root.flush()
        }
        final class Viewless: Component, ComponentAnimationProtocol, @unchecked Sendable {
            func animationsOnInitialMount() -> [Animation] { [.alphaFrom(0)] }
        }
        root.setComponent(Viewless())
        #expect(throws: FrondError.self) { try root.flush() }
    }

    @Test func test_clockCannotGoBackOrBeNaN() throws {
        let (root, _) = try animatedRoot(AnimatedBox("a", initial: [.alphaFrom(0)]))
        try root.tick(time: 1)
        #expect(throws: FrondError.self) { try root.tick(time: 0.5) }
        #expect(throws: FrondError.self) { try root.tick(time: .nan) }
        #expect(throws: FrondError.self) { try root.tick(time: .infinity) }
        #expect(root.animationTime == 1)
        try root.tick(time: 1)                                  // the same time is fine
        try root.prepare()
        #expect(throws: FrondError.self) { try root.tick(time: 2) }
        try root.discardPrepared()
    }
}

import Frond
import FrondTestSupport
import Testing

/// What the commit that starts an animation sends: only the value the animation starts
/// from (never the resting value first), what the root describes while it runs, and the
/// order completions come in.
@Suite struct AnimationCommitTests {
    /// The values the commit sent for `view`, in order: each `opacity` set and each frame.
    private func sent(to view: ViewID, in commit: [Mutation]) -> [String] {
        commit.compactMap { mutation -> String? in
            switch mutation {
            case .update(view, let set, _):
                return set.first { $0.name == "opacity" }.map { "opacity=\($0.value)" }
            case .setFrame(view, let frame):
                return "frame=\(frame)"
            case .insert(view, _, _):
                return "insert"
            default:
                return nil
            }
        }
    }

    @Test func test_aViewThatFadesInIsInsertedAtTheStartOpacity() throws {
        for opacity: Double? in [nil, 1] {
            let fadeIn = Animation(.opacity, from: .value(.number(0)), to: .current, timing: linear(1))
            let (_, host) = try animatedRoot(list([AnimatedBox("a", opacity: opacity, initial: [fadeIn])]))
            let a = try #require(host.view(named: "a"))
            let values = sent(to: a, in: host.lastCommit)
            // The first opacity the host is sent is the start value, before the insert; the
            // resting value never comes first.
            #expect(values.first { $0.hasPrefix("opacity") } == "opacity=0")
            #expect(values.filter { $0.hasPrefix("opacity") }.count == 1)
            let insert = try #require(values.firstIndex(of: "insert"))
            #expect(try #require(values.firstIndex(of: "opacity=0")) < insert)
            #expect(host.problems == [])
        }
    }

    @Test func test_aFrameChangeAnimationSendsOnlyItsFirstFrame() throws {
        let (root, host) = try animatedRoot(list([AnimatedBox("a", key: "a", opacity: nil, frameAnimation: linear(1))]))
        let a = try #require(host.view(named: "a"))
        root.setComponent(list([AnimatedBox("spacer", key: "s", opacity: nil, size: .points(40, 10)),
                                AnimatedBox("a", key: "a", opacity: nil, frameAnimation: linear(1))]))
        try root.flush()
        // One frame for the kept view, the one the animation starts from: no jump to the
        // laid-out frame first.
        let frames = sent(to: a, in: host.lastCommit).filter { $0.hasPrefix("frame") }
        #expect(frames == ["frame=\(LayoutFrame(left: 0, top: 0, width: 10, height: 10))"])
        #expect(host.views[a]?.frame.left == 0)
        #expect(root.frame(of: a)?.left == 40)
        // Then the animation runs to the laid-out frame.
        try ManualClock(root: root).set(to: 0.5)
        #expect(host.views[a]?.frame.left == 20)
        try ManualClock(root: root).set(to: 1)
        #expect(host.views[a]?.frame.left == 40)
        #expect(host.problems == [])
    }

    @Test func test_theDescriptionShowsWhatTheHostShowsWhileAnAnimationRuns() throws {
        let fadeIn = Animation(.opacity, from: .value(.number(0)), to: .current, timing: linear(1))
        let (root, host) = try animatedRoot(list([AnimatedBox("a", opacity: 1, initial: [fadeIn])]))
        let a = try #require(host.view(named: "a"))
        #expect(root.mountedDump.hasSuffix("opacity=0"))
        try ManualClock(root: root).set(to: 0.5)
        #expect(host.number("opacity", of: "a") == 0.5)
        #expect(root.mountedDump.hasSuffix("opacity=0.5"))
        #expect(root.configuration(of: a)?.attributes.first { $0.name == "opacity" }?.value == .number(1))
        try ManualClock(root: root).set(to: 1)
        #expect(root.mountedDump.hasSuffix("opacity=1"))
    }

    @Test func test_animationsEndingTogetherCompleteInTheOrderTheyStarted() throws {
        let log = CompletionLog()
        let names = (0..<24).map { "b\($0)" }
        let boxes = names.map { name in
            AnimatedBox(name, key: name, initial: [Animation.alphaTo(0.5, timing: linear(1)).onCompletion(log.callback(name))])
        }
        let (root, _) = try animatedRoot(list(boxes))
        try ManualClock(root: root).set(to: 2)
        #expect(log.calls == names.map { "\($0):true" })
        // Removed together, they leave in tree order too (they completed in reverse).
        let leaving = names.map { name in
            AnimatedBox(name, key: name, final: [Animation.alphaTo(0, timing: linear(1)).onCompletion(log.callback("out \(name)"))])
        }
        root.setComponent(list(leaving))
        try root.flush()
        root.setComponent(list([]))
        try root.flush()
        try ManualClock(root: root).set(to: 4)
        #expect(log.calls.dropFirst(names.count) == names.map { "out \($0):true" }[...])
    }
}

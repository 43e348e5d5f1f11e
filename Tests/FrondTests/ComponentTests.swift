import Frond
import FrondTestSupport
import Testing

/// A text measurer that fails.
struct FailingMeasurer: TextMeasurer {
    struct Failure: Error {}
    func measure(_ text: String, style: TextStyle, width: Float, widthMode: MeasureMode,
                 height: Float, heightMode: MeasureMode) throws -> LayoutSize {
        throw Failure()
    }
}

@Suite struct ComponentTests {
    /// Flushes `component` into a fresh root and host; returns both.
    private func mount(_ component: Component, _ range: SizeRange = .fixed(width: 100, height: 100),
                       measurer: any TextMeasurer = MonospaceTextMeasurer()) throws -> (Root, RecordingHost) {
        let host = RecordingHost()
        let root = Root(sizeRange: range, host: host, textMeasurer: measurer)
        root.setComponent(component)
        try root.flush()
        return (root, host)
    }

    @Test func test_compositeChildFillsTheComposite() throws {
        let composite = CompositeComponent(view: ViewConfiguration("card"), size: .points(60, 30), child: box("inner").flexGrow(1).component!)
        let (_, host) = try mount(Flexbox(style: FlexboxStyle(alignItems: .flexStart)) { composite })
        #expect(host.dump() == """
            card (0, 0, 60×30)
              box (0, 0, 10×10) name="inner"
            """)
        // A child without a size of its own is stretched to the composite.
        let stretched = CompositeComponent(view: ViewConfiguration("card"), size: .points(60, 30),
                                           child: Component(view: ViewConfiguration("fill")))
        let (_, filled) = try mount(Flexbox(style: FlexboxStyle(alignItems: .flexStart)) { stretched })
        #expect(filled.dump() == """
            card (0, 0, 60×30)
              fill (0, 0, 60×30)
            """)
    }

    @Test func test_textIsMeasuredByTheRootsMeasurer() throws {
        // 10-point monospace: 6 points per character, 12 per line; "hello world" wraps
        // in 40 points into two lines of 30.
        let text = Text("hello world", style: TextStyle(fontSize: 10))
        let (root, host) = try mount(Flexbox(style: FlexboxStyle(alignItems: .flexStart)) { text },
                                     .fixed(width: 40, height: 100))
        #expect(root.layout?.children.first?.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 24))
        #expect(host.views.values.first?.attributes["text"] == .string("hello world"))
    }

    @Test func test_aComponentPlacedTwiceIsRefusedAndTheMountedViewsStay() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(row(["a"]))
        try root.flush()
        let shared = box("twice")
        root.setComponent(Flexbox { shared; Flexbox { shared } })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .invalidTree)
        #expect(error?.message.contains("placed twice") == true)
        #expect(host.commits.count == 1)
        #expect(names(in: host, list: host.rootChildren[0]) == ["a"])
        // The root still works afterwards.
        root.setComponent(row(["a", "b"]))
        try root.flush()
        #expect(names(in: host, list: host.rootChildren[0]) == ["a", "b"])
    }

    @Test func test_aFailedBuildTakesBackTheChildrenAnEmptyContainerGot() throws {
        // A kept flexbox without children gets one, then a later sibling is bad and the
        // build fails: the child must leave the flexbox's layout too (else it would still
        // take room in the next layout).
        let host = RecordingHost()
        let root = Root(sizeRange: .fitContent(), host: host)
        let screen = { (shelved: [Component], after: [Component]) in
            Flexbox(view: ViewConfiguration("screen"), style: FlexboxStyle(direction: .row, alignItems: .flexStart),
                    children: [FlexChild(Flexbox(view: ViewConfiguration("shell"), style: FlexboxStyle(direction: .row),
                                                 children: shelved.map { FlexChild($0) }))]
                        + after.map { FlexChild($0) })
        }
        let first = screen([], [])
        root.setComponent(first)
        try root.flush()
        root.setComponent(screen([box("a")], [Component(size: ComponentSize(width: .points(-1)))]))
        #expect(throws: FrondError.self) { try root.flush() }
        // The same instance again: the whole tree is reused as it was, layout nodes included.
        root.setComponent(first)
        try root.flush()
        #expect(host.dump() == """
            screen (0, 0, 0×0)
              shell (0, 0, 0×0)
            """)
    }

    @Test func test_siblingsWithTheSameKeyAreReportedByName() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        root.setComponent(Flexbox { box("one", key: "k"); box("two", key: "k") })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .invalidTree)
        #expect(error?.message.contains("Component[\"k\"](box) and Component[\"k\"](box) are siblings") == true)
    }

    @Test func test_badValuesAreRefusedWithTheirPlace() throws {
        let cases: [(Component, String)] = [
            (box("nan", extra: ["opacity": .number(.nan)]), "attribute \"opacity\": nan is not a finite number"),
            (box("color", extra: ["tint": .color(Color(red: 2, green: 0, blue: 0))]), "color red 2.0 is not within 0…1"),
            (Component(view: ViewConfiguration(""), size: .points(1, 1)), "the view type is empty"),
            (Component(size: ComponentSize(width: .points(-3))), "width: -3.0 is not a finite number ≥ 0"),
            (Text("x", style: TextStyle(fontSize: 0)), "font size 0.0 is not a finite number > 0"),
            (Text("x", style: TextStyle(fontSize: 3e38)), "font size 3e+38 is above the largest, 1000000.0 points"),
            (Text("x\ny", style: TextStyle(lineHeight: 3e38)), "line height 3e+38 is above the largest"),
            (Flexbox(style: FlexboxStyle(spacing: .infinity), children: []), "spacing inf is not a finite number ≥ 0"),
            (Component(view: ViewConfiguration("v", orderedAttributes: [Attribute(name: "a", value: .bool(true)),
                                                                       Attribute(name: "a", value: .bool(false))])),
             "attribute \"a\" is given twice"),
            // A literal naming an attribute twice is reported, not a crash (as a Dictionary's would be).
            (Component(view: ViewConfiguration("v", attributes: ["b": .number(1), "b": .number(2)])),
             "attribute \"b\" is given twice"),
        ]
        for (component, message) in cases {
            let root = Root(sizeRange: .fixed(width: 100, height: 100))
            root.setComponent(component)
            let error = #expect(throws: FrondError.self) { try root.flush() }
            #expect(error?.kind == .invalidValue)
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
            // The place names the component (its description is made only for the message).
            #expect(error?.message.hasPrefix("\(component)") == true, "\(error?.message ?? "no error")")
        }
    }

    @Test func test_failingTextMeasurerFailsTheFlushAndKeepsTheMountedViews() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host, textMeasurer: FailingMeasurer())
        root.setComponent(row(["a"]))
        try root.flush()
        root.setComponent(Flexbox { Text("boom") })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.kind == .callbackFailed)
        #expect(host.commits.count == 1)
        #expect(names(in: host, list: host.rootChildren[0]) == ["a"])
    }

    @Test func test_sizeRangesDecideTheRootSize() throws {
        let content = Flexbox(view: ViewConfiguration("screen")) { box("a") }
        let cases: [(SizeRange, LayoutFrame)] = [
            (.fixed(width: 80, height: 60), LayoutFrame(left: 0, top: 0, width: 80, height: 60)),
            (.flexibleHeight(width: 80), LayoutFrame(left: 0, top: 0, width: 80, height: 10)),
            (.flexibleWidth(height: 60), LayoutFrame(left: 0, top: 0, width: 10, height: 60)),
            (.fitContent(), LayoutFrame(left: 0, top: 0, width: 10, height: 10)),
        ]
        for (range, frame) in cases {
            let host = RecordingHost()
            let root = Root(sizeRange: range, host: host)
            root.setComponent(Flexbox(view: ViewConfiguration("screen")) { box("a") })
            try root.flush()
            #expect(host.views[host.rootChildren[0]]?.frame == frame, "\(range)")
        }
        _ = content
        // A component with a size of its own (50 × 20): the height grows or shrinks to the
        // range, the width is kept (as the size range's documentation says).
        let sized: [(SizeRange, LayoutFrame)] = [
            (.fixed(width: 200, height: 100), LayoutFrame(left: 0, top: 0, width: 50, height: 100)),
            (.flexibleHeight(width: 200), LayoutFrame(left: 0, top: 0, width: 50, height: 20)),
            (.fitContent(maxWidth: 30, maxHeight: 10), LayoutFrame(left: 0, top: 0, width: 50, height: 10)),
        ]
        for (range, frame) in sized {
            let host = RecordingHost()
            let root = Root(sizeRange: range, host: host)
            root.setComponent(Component(view: ViewConfiguration("box"), size: .points(50, 20)))
            try root.flush()
            #expect(host.views[host.rootChildren[0]]?.frame == frame, "\(range)")
        }
        let bad = Root(sizeRange: .fixed(width: .nan, height: 1))
        #expect(throws: FrondError.self) { try bad.flush() }
    }

    /// The children builder keeps every child in order, whatever mix of lines a block
    /// has: single components and flex children, optionals, arrays, `if`/`else` and
    /// `for`, in blocks of one to nine lines (the fixed-size and the variadic forms).
    @Test func test_childrenBuilderKeepsEveryChildInOrder() {
        func leaf(_ name: String) -> Component { Component(view: ViewConfiguration(name)) }
        func names(_ flexbox: Flexbox) -> [String] { flexbox.children.compactMap { $0.component?.view.viewType } }
        let none: Component? = nil
        let flag = true
        let mixed = Flexbox {
            leaf("a")
            leaf("b").flexGrow(1)
            none
            Optional(leaf("c"))
            [leaf("d"), leaf("e")]
            if flag { leaf("f") } else { leaf("x") }
            if !flag { leaf("y") }
            for name in ["g", "h"] { leaf(name) }
        }
        #expect(names(mixed) == ["a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(mixed.children[1].flexGrow == 1)
        #expect(names(Flexbox {}) == [])
        #expect(names(Flexbox { leaf("a") }) == ["a"])
        #expect(names(Flexbox { leaf("a"); leaf("b") }) == ["a", "b"])
        #expect(names(Flexbox { leaf("a"); leaf("b"); leaf("c") }) == ["a", "b", "c"])
        #expect(names(Flexbox { leaf("a"); leaf("b"); leaf("c"); leaf("d"); leaf("e") }) == ["a", "b", "c", "d", "e"])
        #expect(names(Flexbox { leaf("a"); leaf("b"); leaf("c"); leaf("d"); leaf("e"); leaf("f") })
                == ["a", "b", "c", "d", "e", "f"])
        #expect(names(Flexbox { leaf("a"); leaf("b"); leaf("c"); leaf("d"); leaf("e"); leaf("f"); leaf("g"); leaf("h"); leaf("i") })
                == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
    }
}

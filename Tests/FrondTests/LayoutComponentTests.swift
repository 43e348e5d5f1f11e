import Frond
import FrondTestSupport
import Testing

/// A view of type `viewType` with no size of its own, named `name`.
private func fill(_ name: String, _ viewType: String = "fill", size: ComponentSize = ComponentSize(),
                  key: String? = nil) -> Component {
    Component(view: ViewConfiguration(viewType, attributes: ["name": .string(name)]), size: size, key: key)
}

/// A flexbox that leaves its children at their own size (no stretching across).
private func loose(@ChildrenBuilder _ children: () -> [FlexChild]) -> Flexbox {
    Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: children())
}

/// Edge values with the given sides set.
private func edges(left: LayoutValue = .undefined, top: LayoutValue = .undefined, right: LayoutValue = .undefined,
                   bottom: LayoutValue = .undefined) -> EdgeValues {
    var values = EdgeValues()
    values.left = left
    values.top = top
    values.right = right
    values.bottom = bottom
    return values
}

@Suite struct LayoutComponentTests {
    /// Flushes `component` into a fresh root and recording host.
    private func mount(_ component: Component, _ range: SizeRange = .fixed(width: 200, height: 100))
        throws -> (Root, RecordingHost) {
        let host = RecordingHost()
        let root = Root(sizeRange: range, host: host)
        root.setComponent(component)
        try root.flush()
        #expect(host.problems == [])
        return (root, host)
    }

    // MARK: Inset

    @Test func test_insetChildFillsWhatTheInsetsLeave() throws {
        let (_, host) = try mount(InsetComponent(top: 10, left: 20, bottom: 10, right: 20) { fill("content") })
        #expect(host.dump() == """
            fill (20, 10, 160×80) name="content"
            """)
        // With a view of its own, the child is placed inside it.
        let (_, card) = try mount(InsetComponent(view: ViewConfiguration("card"), top: 5, left: 5) { fill("content") })
        #expect(card.dump() == """
            card (0, 0, 200×100)
              fill (5, 5, 195×95) name="content"
            """)
    }

    @Test func test_insetAroundAFixedChildAddsToItsSize() throws {
        let inset = InsetComponent(view: ViewConfiguration("card"), top: 3, left: 4, bottom: 5, right: 6) {
            fill("content", size: .points(50, 30))
        }
        let (_, host) = try mount(loose { inset })
        #expect(host.dump() == """
            card (0, 0, 60×38)
              fill (4, 3, 50×30) name="content"
            """)
    }

    @Test func test_insetPercentagesAreOfTheParentsWidth() throws {
        // 10% of the 200-point root on every side, as CSS paddings.
        let inset = InsetComponent(insets: edges(left: .percent(10), top: .percent(10)), child: fill("content"))
        let (_, host) = try mount(inset)
        #expect(host.dump() == """
            fill (20, 20, 180×80) name="content"
            """)
    }

    // MARK: Center

    @Test func test_centerFillsItsParentAndCentersTheChild() throws {
        let center = CenterComponent(view: ViewConfiguration("center")) { fill("dot", size: .points(10, 10)) }
        let (_, host) = try mount(loose { center })
        #expect(host.dump() == """
            center (0, 0, 200×100)
              fill (95, 45, 10×10) name="dot"
            """)
    }

    @Test func test_centerWithMinimumSizingTakesTheChildsSizeOnThatAxis() throws {
        let cases: [(CenteringSizingOptions, String)] = [
            (.minimumXY, "center (0, 0, 10×10)\n  fill (0, 0, 10×10) name=\"dot\""),
            (.minimumX, "center (0, 0, 10×100)\n  fill (0, 45, 10×10) name=\"dot\""),
            (.minimumY, "center (0, 0, 200×10)\n  fill (95, 0, 10×10) name=\"dot\""),
        ]
        for (sizing, dump) in cases {
            let center = CenterComponent(view: ViewConfiguration("center"), sizing: sizing) {
                fill("dot", size: .points(10, 10))
            }
            let (_, host) = try mount(loose { center })
            #expect(host.dump() == dump, "\(sizing)")
        }
    }

    @Test func test_centerOnOneAxisLeavesTheChildAtTheLeadingEdgeUnstretched() throws {
        // 10-point monospace text: "hello" is 30×12.
        let text = Text("hello", style: TextStyle(fontSize: 10))
        let (root, _) = try mount(loose { CenterComponent(centering: .y) { text } })
        #expect(root.layout?.children.first?.children.first?.frame == LayoutFrame(left: 0, top: 44, width: 30, height: 12))
        let (across, _) = try mount(loose { CenterComponent(centering: .x) { Text("hello", style: TextStyle(fontSize: 10)) } })
        #expect(across.layout?.children.first?.children.first?.frame == LayoutFrame(left: 85, top: 0, width: 30, height: 12))
    }

    @Test func test_centerWithoutAChildIsAnEmptyBox() throws {
        let (_, host) = try mount(loose { CenterComponent(view: ViewConfiguration("center"), child: nil) })
        #expect(host.dump() == "center (0, 0, 200×100)")
        let (_, small) = try mount(loose {
            CenterComponent(view: ViewConfiguration("center"), sizing: .minimumXY) { if Bool(false) { fill("never") } }
        })
        #expect(small.dump() == "center (0, 0, 0×0)")
    }

    // MARK: Ratio

    @Test func test_ratioIsHeightOverWidth() throws {
        let (_, host) = try mount(RatioComponent(ratio: 0.5) { fill("video") }, .flexibleHeight(width: 200))
        #expect(host.dump() == "fill (0, 0, 200×100) name=\"video\"")
        // Inside a column that stretches it across.
        let (_, column) = try mount(Flexbox(view: ViewConfiguration("screen")) {
            RatioComponent(view: ViewConfiguration("frame"), ratio: 2) { fill("video") }
        }, .fixed(width: 40, height: 300))
        #expect(column.dump() == """
            screen (0, 0, 40×300)
              frame (0, 0, 40×80)
                fill (0, 0, 40×80) name="video"
            """)
    }

    @Test func test_ratioWithAFixedHeightGivesTheWidth() throws {
        let ratio = RatioComponent(view: ViewConfiguration("frame"), size: ComponentSize(height: .points(30)), ratio: 0.5) {
            fill("video")
        }
        let (_, host) = try mount(loose { ratio })
        #expect(host.dump() == """
            frame (0, 0, 60×30)
              fill (0, 0, 60×30) name="video"
            """)
    }

    @Test func test_ratioStaysWithinItsParentAndYieldsToASizeOnBothAxes() throws {
        // Stretched to 300 high in a row, it would be 600 wide; it stays 200 wide and
        // keeps its ratio.
        let (_, row) = try mount(Flexbox(direction: .row) {
            RatioComponent(view: ViewConfiguration("frame"), ratio: 0.5) { fill("video") }
        }, .fixed(width: 200, height: 300))
        #expect(row.dump() == """
            frame (0, 0, 200×100)
              fill (0, 0, 200×100) name="video"
            """)
        // The top component of a fixed root fills it: the root's size wins, as
        // ComponentKit's exact constraint does.
        let (_, top) = try mount(RatioComponent(view: ViewConfiguration("frame"), ratio: 0.5) { fill("video") },
                                 .fixed(width: 200, height: 300))
        #expect(top.dump().hasPrefix("frame (0, 0, 200×300)"))
        // A size on both axes wins over the ratio.
        let (_, sized) = try mount(loose {
            RatioComponent(view: ViewConfiguration("frame"), size: .points(50, 50), ratio: 0.5) { fill("video") }
        })
        #expect(sized.dump().hasPrefix("frame (0, 0, 50×50)"))
    }

    // MARK: Background and overlay

    @Test func test_backgroundIsMountedBehindTheChildAtItsFrame() throws {
        let content = fill("content", "label", size: .points(50, 20))
        let background = fill("bubble", "bubble", size: .points(5, 5))
        let (root, host) = try mount(loose { BackgroundComponent(child: content, background: background) })
        #expect(host.dump() == """
            bubble (0, 0, 50×20) name="bubble"
            label (0, 0, 50×20) name="content"
            """)
        let mounted = try #require(root.children(of: .root))
        #expect(mounted.map { host.views[$0]?.viewType } == ["bubble", "label"])
    }

    @Test func test_overlayIsMountedInFrontOfTheChildAtItsFrame() throws {
        let (_, host) = try mount(loose {
            OverlayComponent { fill("photo", "image", size: .points(50, 20)) } overlay: { fill("badge", "badge") }
        })
        #expect(host.dump() == """
            image (0, 0, 50×20) name="photo"
            badge (0, 0, 50×20) name="badge"
            """)
    }

    @Test func test_layersFollowAContentSizedChildAndAStretchedOne() throws {
        // Text sizes the overlay component by its content (30×12)…
        let text = Text("hello", style: TextStyle(fontSize: 10))
        let (_, host) = try mount(loose { text.overlay(fill("badge", "badge")) })
        #expect(host.dump() == """
            text (0, 0, 30×12) fontSize=10 lineHeight=12 text="hello"
            badge (0, 0, 30×12) name="badge"
            """)
        // …and a column stretching the background component stretches the child with it.
        let (_, stretched) = try mount(Flexbox { fill("row", size: ComponentSize(height: .points(20))).background(fill("bg", "bg")) })
        #expect(stretched.dump() == """
            bg (0, 0, 200×20) name="bg"
            fill (0, 0, 200×20) name="row"
            """)
    }

    @Test func test_layeredComponentWithAViewHoldsBothLayers() throws {
        let card = BackgroundComponent(view: ViewConfiguration("card"), size: ComponentSize(width: .points(80))) {
            fill("content", size: .points(50, 20))
        } background: {
            fill("bg", "bg")
        }
        let (_, host) = try mount(loose { card })
        // The card's own width wins over the child's; its height is the child's.
        #expect(host.dump() == """
            card (0, 0, 80×20)
              bg (0, 0, 80×20) name="bg"
              fill (0, 0, 80×20) name="content"
            """)
        #expect(card.size == ComponentSize(width: .points(80), height: .points(20)))
    }

    @Test func test_nilLayersAreDropped() throws {
        let (_, host) = try mount(loose {
            fill("a", size: .points(10, 10)).background(nil)
            fill("b", size: .points(10, 10)).overlay(nil)
        })
        #expect(host.dump() == """
            fill (0, 0, 10×10) name="a"
            fill (0, 10, 10×10) name="b"
            """)
    }

    @Test func test_childrenWithoutAComponentAreDroppedFromEitherKindOfList() throws {
        // A list of children (as `map` makes) and a list of optional children.
        let listed = Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: [
            FlexChild(fill("a", size: .points(10, 10))), FlexChild(nil), FlexChild(fill("b", size: .points(10, 10))),
        ])
        let optional: [FlexChild?] = [FlexChild(fill("a", size: .points(10, 10))), nil, FlexChild(nil),
                                      FlexChild(fill("b", size: .points(10, 10)))]
        let fromOptionals = Flexbox(style: FlexboxStyle(alignItems: .flexStart), children: optional)
        for flexbox in [listed, fromOptionals] {
            #expect(flexbox.children.count == 2)
            let (_, host) = try mount(flexbox)
            #expect(host.dump() == """
                fill (0, 0, 10×10) name="a"
                fill (0, 10, 10×10) name="b"
                """)
        }
        // A list whose children all have components is kept as it is.
        let kept = [FlexChild(fill("a")), FlexChild(fill("b"), flexGrow: 2)]
        let flexbox = Flexbox(children: kept)
        #expect(flexbox.children.map(\.flexGrow) == [0, 2])
        #expect(flexbox.children.map { $0.component.map(ObjectIdentifier.init) } == kept.map { $0.component.map(ObjectIdentifier.init) })
    }

    // MARK: Static layout

    @Test func test_staticChildrenArePlacedAtTheirPositionsInTheirBoundingBox() throws {
        let layout = StaticLayout(view: ViewConfiguration("canvas")) {
            fill("a", size: .points(10, 10)).at(x: 10, y: 5)
            StaticChild(fill("b"), x: 40, y: 30, size: .points(20, 15))
            // Sized by its content: placed, but not part of the bounding box.
            Text("far away", style: TextStyle(fontSize: 10)).at(x: 100, y: 100)
        }
        let (_, host) = try mount(layout, .fitContent())
        #expect(host.dump() == """
            canvas (0, 0, 60×45)
              fill (10, 5, 10×10) name="a"
              fill (40, 30, 20×15) name="b"
              text (100, 100, 48×12) fontSize=10 lineHeight=12 text="far away"
            """)
    }

    @Test func test_staticLayoutsOwnSizeWinsPerAxis() throws {
        let layout = StaticLayout(view: ViewConfiguration("canvas"), size: ComponentSize(width: .points(120))) {
            fill("a", size: .points(10, 10)).at(x: 10, y: 5)
            StaticChild(fill("half"), x: 0, y: 20, size: ComponentSize(width: .percent(50), height: .points(4)))
        }
        let (_, host) = try mount(loose { layout })
        #expect(host.dump() == """
            canvas (0, 0, 120×24)
              fill (10, 5, 10×10) name="a"
              fill (0, 20, 60×4) name="half"
            """)
    }

    @Test func test_staticLayoutWithoutKnownSizesIsAutomatic() throws {
        let layout = StaticLayout(view: ViewConfiguration("canvas"), children: [
            StaticChild(fill("a"), x: 10, y: 10), nil, StaticChild(nil, x: 5, y: 5),
        ])
        #expect(layout.children.count == 1)
        let (_, host) = try mount(loose { layout })
        #expect(host.dump() == """
            canvas (0, 0, 0×0)
              fill (10, 10, 0×0) name="a"
            """)
    }

    @Test func test_absoluteChildrenStayInsideAStaticallyPositionedComponent() throws {
        // `position: static` makes no containing block; these components stay one (as
        // static does, the insets of a static item are ignored).
        var ignored = EdgeValues()
        ignored.left = .points(50)
        let layered = fill("label", "label", size: .points(50, 20)).background(fill("bubble", "bubble"))
        let placed = StaticLayout { fill("dot", size: .points(4, 4)).at(x: 3, y: 2) }
        let (_, host) = try mount(loose {
            fill("above", size: .points(10, 10))
            FlexChild(layered, positionType: .static, position: ignored)
            FlexChild(placed, positionType: .static, position: ignored)
        })
        #expect(host.dump() == """
            fill (0, 0, 10×10) name="above"
            bubble (0, 10, 50×20) name="bubble"
            label (0, 10, 50×20) name="label"
            fill (3, 32, 4×4) name="dot"
            """)
    }

    // MARK: Reconciliation

    @Test func test_newInsetsOnANewInstanceMoveTheSameView() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 200, height: 100), host: host)
        root.setComponent(InsetComponent(key: "i", top: 10) { fill("content", key: "c") })
        try root.flush()
        let view = try #require(host.rootChildren.first)
        root.setComponent(InsetComponent(key: "i", top: 30, left: 7) { fill("content", key: "c") })
        let statistics = try root.flush()
        #expect(statistics.created == 0 && statistics.destroyed == 0)
        #expect(host.rootChildren == [view])
        #expect(host.views[view]?.frame == LayoutFrame(left: 7, top: 30, width: 193, height: 70))
        #expect(host.lastCommit == [.setFrame(view, LayoutFrame(left: 7, top: 30, width: 193, height: 70))])
    }

    @Test func test_aReusedChildIsRepositionedByItsNewParent() throws {
        // The same child instance under a new static layout: its subtree is reused, its
        // position comes from the new parent.
        let shared = fill("a", size: .points(10, 10))
        let host = RecordingHost()
        let root = Root(sizeRange: .fitContent(), host: host)
        root.setComponent(StaticLayout { shared.at(x: 5, y: 5) })
        try root.flush()
        root.setComponent(StaticLayout { shared.at(x: 25, y: 0) })
        let statistics = try root.flush()
        #expect(statistics.reusedSubtrees == 1)
        #expect(host.dump() == "fill (25, 0, 10×10) name=\"a\"")
        #expect(root.layout?.frame == LayoutFrame(left: 0, top: 0, width: 35, height: 10))
    }

    @Test func test_keyedLayersKeepTheirViewsWhenTheLayerComesAndGoes() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 200, height: 100), host: host)
        func card(_ badge: Bool) -> Component {
            loose { fill("photo", "image", size: .points(50, 20), key: "photo").overlay(badge ? fill("badge", "badge", key: "badge") : nil) }
        }
        root.setComponent(card(false))
        try root.flush()
        let photo = try #require(host.rootChildren.first)
        root.setComponent(card(true))
        try root.flush()
        #expect(host.rootChildren.first == photo)
        #expect(host.rootChildren.count == 2)
        root.setComponent(card(false))
        let statistics = try root.flush()
        #expect(statistics.destroyed == 1)
        #expect(host.rootChildren == [photo])
    }

    @Test func test_keyedLayoutComponentsKeepTheirViewsWhenReordered() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 200, height: 100), host: host)
        func cells(_ keys: [String]) -> Component {
            Flexbox(view: ViewConfiguration("list"), style: FlexboxStyle(direction: .row)) {
                for key in keys {
                    CenterComponent(view: ViewConfiguration("cell", attributes: ["name": .string(key)]), key: key,
                                    sizing: .minimumXY) { fill(key, size: .points(10, 10)) }
                }
            }
        }
        root.setComponent(cells(["a", "b", "c"]))
        try root.flush()
        let list = try #require(host.rootChildren.first)
        let before = host.views[list]?.children ?? []
        root.setComponent(cells(["c", "a", "b"]))
        let statistics = try root.flush()
        #expect(statistics.created == 0 && statistics.destroyed == 0)
        #expect(host.views[list]?.children == [before[2], before[0], before[1]])
        #expect(names(in: host, list: list) == ["c", "a", "b"])
        // The row stretches the cells across (their height); their width is the child's.
        #expect(host.views[before[2]]?.frame == LayoutFrame(left: 0, top: 0, width: 10, height: 100))
    }

    @Test func test_buildersChooseTheChild() throws {
        for wide in [false, true] {
            let inset = InsetComponent(top: 1) {
                if wide { fill("wide", size: .points(30, 5)) } else { fill("narrow", size: .points(10, 5)) }
            }
            let ratio = RatioComponent(ratio: 1) {
                if wide { fill("square", "square") } else { Text("t") }
            }
            let badge: Component? = wide ? fill("badge", "badge") : nil
            let (_, host) = try mount(loose {
                inset
                ratio.overlay(badge)
                CenterComponent(sizing: .minimumXY) { if wide { fill("dot", "dot") } }
            })
            let types = host.rootChildren.compactMap { host.views[$0]?.viewType }
            #expect(types == (wide ? ["fill", "square", "badge", "dot"] : ["fill", "text"]), "\(wide)")
            #expect(host.views[host.rootChildren[0]]?.frame.width == (wide ? 30 : 10))
        }
    }

    // MARK: Errors

    @Test func test_badValuesAreRefusedNamingTheComponent() throws {
        let cases: [(Component, String)] = [
            (InsetComponent(left: -1) { fill("x") }, "InsetComponent: the left inset -1 is not points or percent"),
            (InsetComponent(insets: edges(top: .points(.nan)), child: fill("x")), "InsetComponent: the top inset nan"),
            (InsetComponent(insets: edges(bottom: .auto), child: fill("x")), "InsetComponent: the bottom inset auto"),
            (InsetComponent(top: .infinity) { fill("x") }, "InsetComponent: the top inset inf"),
            (RatioComponent(ratio: 0) { fill("x") }, "RatioComponent: ratio 0.0 is not a finite number > 0"),
            (RatioComponent(ratio: -2) { fill("x") }, "RatioComponent: ratio -2.0"),
            (RatioComponent(ratio: .nan) { fill("x") }, "RatioComponent: ratio nan"),
            (RatioComponent(ratio: .leastNonzeroMagnitude) { fill("x") }, "with a finite inverse"),
            (StaticLayout { fill("x").at(x: .nan, y: 0) }, "StaticLayout: child 0's position (nan, 0.0) is not finite"),
            (StaticLayout { StaticChild(fill("x"), size: ComponentSize(width: .points(-1))) },
             "StaticLayout child 0 width: -1.0 is not a finite number ≥ 0"),
            (StaticLayout { fill("x", size: .points(.greatestFiniteMagnitude, 1)).at(x: .greatestFiniteMagnitude, y: 0) },
             "StaticLayout: the children's bounding box is wider than a Float can hold"),
            (BackgroundComponent(child: fill("x", size: ComponentSize(height: .points(-4))), background: nil),
             "BackgroundComponent height: -4.0 is not a finite number ≥ 0"),
        ]
        for (component, message) in cases {
            #expect(throws: FrondError.self) { try component.validate() }
            let root = Root(sizeRange: .fixed(width: 100, height: 100))
            root.setComponent(loose { component })
            let error = #expect(throws: FrondError.self) { try root.flush() }
            #expect(error?.kind == .invalidValue)
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        }
    }

    @Test func test_aFailedFlushLeavesTheMountedViewsAsTheyWere() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 200, height: 100), host: host)
        root.setComponent(InsetComponent(view: ViewConfiguration("card"), top: 10) {
            StaticLayout { fill("a", size: .points(10, 10)).at(x: 1, y: 2) }
        })
        try root.flush()
        let before = host.dump()
        for bad: Component in [
            InsetComponent(view: ViewConfiguration("card"), top: -10) { fill("b") },
            InsetComponent(view: ViewConfiguration("card"), top: 10) { StaticLayout { fill("a").at(x: .infinity, y: 2) } },
            InsetComponent(view: ViewConfiguration("card"), top: 10) { RatioComponent(ratio: .infinity) { fill("a") } },
        ] {
            root.setComponent(bad)
            #expect(throws: FrondError.self) { try root.flush() }
            #expect(host.commits.count == 1)
            #expect(host.dump() == before)
        }
        // The root still works afterwards, with the views it had.
        root.setComponent(InsetComponent(view: ViewConfiguration("card"), top: 20) {
            StaticLayout { fill("a", size: .points(10, 10)).at(x: 1, y: 2) }
        })
        let statistics = try root.flush()
        #expect(statistics.created == 0)
        #expect(host.dump() == """
            card (0, 0, 200×100)
              fill (1, 22, 10×10) name="a"
            """)
    }
}

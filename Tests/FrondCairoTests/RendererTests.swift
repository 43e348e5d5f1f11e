import Frond
import FrondCairo
import FrondTestSupport
import Testing

@Suite struct RendererTests {
    @Test func backgroundFillsExactlyTheFrameAtEachScale() throws {
        let component = scene(40, 30, [StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 20, 10), x: 5, y: 5)])
        let image = try draw(component, width: 40, height: 30)
        #expect(image.pixelWidth == 40 && image.pixelHeight == 30)
        #expect(image.pixel(x: 5, y: 5) == red)
        #expect(image.pixel(x: 24, y: 14) == red)
        #expect(image.pixel(x: 4, y: 5) == white)
        #expect(image.pixel(x: 25, y: 14) == white)
        #expect(image.pixel(x: 24, y: 15) == white)
        let double = try draw(component, width: 40, height: 30, scale: 2)
        #expect(double.pixelWidth == 80 && double.pixelHeight == 60)
        #expect(double.pixel(x: 10, y: 10) == red)
        #expect(double.pixel(x: 49, y: 29) == red)
        #expect(double.pixel(x: 9, y: 10) == white)
        #expect(double.pixel(x: 50, y: 29) == white)
        #expect(double.inkBounds()! == (10...49, 10...29))
    }

    @Test func childrenAreDrawnInTheirParentsCoordinatesBackToFront() throws {
        let parent = StaticLayout(view: ViewConfiguration("panel", attributes: ["backgroundColor": .color(Color(rgb: 0x0000FF))]),
                                  size: .points(20, 20), children: [
            StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 10, 10), x: 2, y: 2),
            StaticChild(box(["backgroundColor": .color(Color(rgb: 0x00FF00))], 10, 10), x: 6, y: 6),
        ])
        let image = try draw(scene(40, 40, [StaticChild(parent, x: 10, y: 10)]), width: 40, height: 40)
        #expect(image.pixel(x: 10, y: 10) == blue)
        #expect(image.pixel(x: 12, y: 12) == red)
        #expect(image.pixel(x: 17, y: 17) == Pixel(red: 0, green: 255, blue: 0))   // the later sibling is in front
        #expect(image.pixel(x: 29, y: 29) == blue)
        #expect(image.pixel(x: 30, y: 30) == white)
    }

    @Test func borderIsDrawnInsideTheFrameOverTheChildren() throws {
        let framed = StaticLayout(view: ViewConfiguration("framed", attributes: [
            "backgroundColor": .color(Color(rgb: 0xFF0000)), "borderWidth": .number(3), "borderColor": .string("#0000ff"),
        ]), size: .points(20, 20), children: [StaticChild(box(["backgroundColor": .color(Color(rgb: 0x00FF00))], 20, 20))])
        let image = try draw(scene(30, 30, [StaticChild(framed, x: 5, y: 5)]), width: 30, height: 30)
        #expect(image.pixel(x: 5, y: 15) == blue)
        #expect(image.pixel(x: 7, y: 15) == blue)
        #expect(image.pixel(x: 8, y: 15) == Pixel(red: 0, green: 255, blue: 0))
        #expect(image.pixel(x: 24, y: 15) == blue)
        #expect(image.pixel(x: 25, y: 15) == white)
    }

    @Test func cornerRadiusRoundsTheBackground() throws {
        let round = box(["backgroundColor": .color(Color(rgb: 0xFF0000)), "cornerRadius": .number(10)], 20, 20)
        let image = try draw(scene(20, 20, [StaticChild(round)]), width: 20, height: 20)
        #expect(image.pixel(x: 0, y: 0) == white)
        #expect(image.pixel(x: 19, y: 19) == white)
        #expect(image.pixel(x: 10, y: 10) == red)
        #expect(image.pixel(x: 10, y: 0) != white)
        let square = try draw(scene(20, 20, [StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 20, 20))]),
                              width: 20, height: 20)
        #expect(square.pixel(x: 0, y: 0) == red)
    }

    @Test func opacityCompositesAViewWithItsChildrenAsOneGroup() throws {
        let group = StaticLayout(view: ViewConfiguration("group", attributes: ["opacity": .number(0.5)]),
                                 size: .points(30, 10), children: [
            StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 20, 10)),
            StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 20, 10), x: 10),
        ])
        let image = try draw(scene(30, 10, [StaticChild(group)]), width: 30, height: 10)
        let alone = try #require(image.pixel(x: 2, y: 5))
        #expect(alone.red == 255 && (127...128).contains(alone.green) && alone.green == alone.blue)
        // Where the children overlap the group is no darker than where one child is.
        #expect(image.pixel(x: 15, y: 5) == alone)
        #expect(image.pixel(x: 25, y: 5) == alone)
    }

    @Test func midAnimationOpacityIsDrawnAsTheHostReceivesIt() throws {
        let faded = AnimationComponent(key: "fade", child: box(["backgroundColor": .color(Color(rgb: 0x000000))], 10, 10),
                                       onInitialMount: [.alphaFrom(0, timing: AnimationTiming(duration: 1, curve: .linear))])
        let (root, host) = try mounted(scene(10, 10, [StaticChild(faded)]), width: 10, height: 10)
        let clock = ManualClock(root: root)
        #expect(try host.render().pixel(x: 5, y: 5) == white)      // the animation starts from 0
        try clock.set(to: 0.25)
        let quarter = try #require(try host.render().pixel(x: 5, y: 5))
        #expect((190...192).contains(quarter.red), "\(quarter)")   // 25% black over white
        try clock.set(to: 0.5)
        let half = try #require(try host.render().pixel(x: 5, y: 5))
        #expect((127...128).contains(half.red) && half.red == half.blue, "\(half)")
        try clock.set(to: 1)
        #expect(try host.render().pixel(x: 5, y: 5) == Pixel(red: 0, green: 0, blue: 0))
        #expect(!root.hasRunningAnimations)
    }

    @Test func clipsToBoundsClipsChildrenToTheRoundedFrame() throws {
        func framed(clips: Bool) -> Component {
            StaticLayout(view: ViewConfiguration("clip", attributes: ["clipsToBounds": .bool(clips), "cornerRadius": .number(5)]),
                         size: .points(20, 20),
                         children: [StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 40, 40), x: -10, y: -10)])
        }
        let clipped = try draw(scene(40, 40, [StaticChild(framed(clips: true), x: 10, y: 10)]), width: 40, height: 40)
        #expect(clipped.inkBounds()! == (10...29, 10...29))
        #expect(clipped.pixel(x: 10, y: 10) == white)             // the rounded corner
        #expect(clipped.pixel(x: 20, y: 20) == red)
        let open = try draw(scene(40, 40, [StaticChild(framed(clips: false), x: 10, y: 10)]), width: 40, height: 40)
        #expect(open.inkBounds()! == (0...39, 0...39))
    }

    @Test func hiddenViewsAndTheirChildrenAreNotDrawn() throws {
        let hidden = StaticLayout(view: ViewConfiguration("hidden", attributes: ["hidden": .bool(true)]), size: .points(10, 10),
                                  children: [StaticChild(box(["backgroundColor": .color(Color(rgb: 0xFF0000))], 10, 10))])
        #expect(try draw(scene(10, 10, [StaticChild(hidden)]), width: 10, height: 10).inkBounds() == nil)
    }

    @Test func translationAndScaleMoveTheViewAboutItsCenter() throws {
        let moved = box(["backgroundColor": .color(Color(rgb: 0xFF0000)), "translationX": .number(10), "translationY": .number(-5)],
                        10, 10)
        #expect(try draw(scene(40, 40, [StaticChild(moved, x: 5, y: 10)]), width: 40, height: 40).inkBounds()! == (15...24, 5...14))
        let scaled = box(["backgroundColor": .color(Color(rgb: 0xFF0000)), "scale": .number(2)], 10, 10)
        #expect(try draw(scene(40, 40, [StaticChild(scaled, x: 10, y: 10)]), width: 40, height: 40).inkBounds()! == (5...24, 5...24))
    }

    @Test func imagesAreReadFromPNGFilesAndFitTheirFrame() throws {
        let directory = try temporaryDirectory()
        try writeSolidPNG("\(directory)/blue.png", width: 4, height: 2, color: Color(rgb: 0x0000FF))
        let renderer = CairoRenderer(imageDirectory: directory)
        let filled = box(["source": .string("blue.png")], 20, 20, type: "image")
        #expect(try draw(scene(20, 20, [StaticChild(filled)]), width: 20, height: 20, renderer: renderer).inkBounds()! == (0...19, 0...19))
        let fitted = box(["source": .string("\(directory)/blue.png"), "contentMode": .string("aspectFit")], 20, 20, type: "image")
        let image = try draw(scene(20, 20, [StaticChild(fitted)]), width: 20, height: 20)
        #expect(image.inkBounds()! == (0...19, 5...14))            // 2:1, centered
        #expect(image.pixel(x: 10, y: 10) == blue)
    }

    @Test func textIsDrawnInItsColorWithinTheFrame() throws {
        let label = box(["text": .string("Hello"), "fontSize": .number(20), "color": .string("#ff0000")], 100, 30, type: "text")
        let image = try draw(scene(120, 40, [StaticChild(label, x: 10, y: 5)]), width: 120, height: 40)
        let ink = try #require(image.inkBounds())
        #expect(ink.x.lowerBound >= 10 && ink.x.upperBound < 110 && ink.y.lowerBound >= 5 && ink.y.upperBound < 35)
        var reddest = 0
        for y in ink.y { for x in ink.x { if image.pixel(x: x, y: y) == red { reddest += 1 } } }
        #expect(reddest > 20)
    }

    /// Left is left and right is right, for right-to-left text too (Pango swaps the two for
    /// a right-to-left paragraph: Hebrew asked to be on the left was drawn on the right).
    @Test func textAlignmentPlacesLinesWithinTheFrameWidth() throws {
        for text in ["Hi", "שלום"] {
            func ink(_ align: String?) throws -> ClosedRange<Int> {
                var attributes: AttributeList = ["text": .string(text)]
                if let align { attributes["textAlign"] = .string(align) }
                let label = box(attributes, 200, 20, type: "text")
                return try #require(try draw(scene(200, 20, [StaticChild(label)]), width: 200, height: 20).inkBounds()).x
            }
            let left = try ink("left"), center = try ink("center"), right = try ink("right")
            #expect(left.lowerBound < 5, "\(text)")
            #expect(try ink(nil) == left, "\(text): the default is left")
            #expect(abs((center.lowerBound + center.upperBound) / 2 - 100) <= 2, "\(text)")
            #expect(right.upperBound > 195, "\(text)")
        }
    }

    @Test func fontWeightAndTheFamilyDescriptionMakeTextBolder() throws {
        func inkCount(_ attributes: AttributeList) throws -> Int {
            var attributes = attributes
            attributes["text"] = .string("Weighty words")
            return try draw(scene(200, 30, [StaticChild(box(attributes, 200, 30, type: "text"))]), width: 200, height: 30).inkCount()
        }
        let regular = try inkCount([:])
        #expect(try inkCount(["fontWeight": .string("bold")]) > regular * 5 / 4)
        #expect(try inkCount(["fontWeight": .number(700)]) == (try inkCount(["fontFamily": .string("DejaVu Sans Bold")])))
    }

    @Test func maxLinesKeepsThatManyLinesEndingInAnEllipsis() throws {
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let label = box(["text": .string(words), "maxLines": .number(2), "lineHeight": .number(20)], 80, 100, type: "text")
        let image = try draw(scene(80, 100, [StaticChild(label)]), width: 80, height: 100)
        #expect(image.inkBands().count == 2)
        let all = box(["text": .string(words), "lineHeight": .number(20)], 80, 100, type: "text")
        #expect(try draw(scene(80, 100, [StaticChild(all)]), width: 80, height: 100).inkBands().count > 2)
        let typesetter = Typesetter()
        #expect(try typesetter.lineCount(TextSetting(text: words, maxLines: 2), width: 80) == 2)
    }
}

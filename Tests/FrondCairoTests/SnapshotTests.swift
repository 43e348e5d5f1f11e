import Frond
import FrondCairo
import FrondSnapshotTesting
import FrondTestSupport
import Testing

/// The project's own components as pictures (references in Snapshots/; record new ones
/// with `FROND_RECORD_SNAPSHOTS=1 swift test --filter SnapshotTests`).
@Suite struct SnapshotTests {
    static let ink = Color(rgb: 0x202020)
    static let paper = Color(rgb: 0xF4F1EA)
    static let accent = Color(rgb: 0x336699)
    static let warm = Color(rgb: 0xCC5533)
    static let white = Color(rgb: 0xFFFFFF)

    static func panel(_ color: Color, radius: Double = 6, border: Double = 0) -> ViewConfiguration {
        ViewConfiguration("panel", attributes: ["backgroundColor": .color(color), "cornerRadius": .number(radius),
                                                "borderWidth": .number(border), "borderColor": .color(accent)])
    }

    static func swatch(_ color: Color, _ width: Float, _ height: Float, key: String? = nil) -> Component {
        Component(view: panel(color, radius: 3), size: .points(width, height), key: key)
    }

    static func padded(_ points: Float, spacing: Float = 0, direction: FlexDirection = .column, wrap: FlexWrap = .noWrap,
                       justify: Justify = .flexStart, align: Align = .stretch) -> FlexboxStyle {
        var style = FlexboxStyle(direction: direction, wrap: wrap, justifyContent: justify, alignItems: align,
                                 spacing: spacing, lineSpacing: spacing)
        style.padding[.all] = .points(points)
        return style
    }

    @Test(arguments: [1.0, 2.0])
    func flexboxRowsJustifyAndAlign(scale: Double) throws {
        let rows = Flexbox(view: Self.panel(Self.paper, radius: 8), style: Self.padded(8, spacing: 8)) {
            Flexbox(view: Self.panel(Self.white), style: Self.padded(4, direction: .row, justify: .spaceBetween, align: .center)) {
                Self.swatch(Self.warm, 30, 20)
                Self.swatch(Self.accent, 30, 36)
                Self.swatch(Self.ink, 30, 12)
            }
            Flexbox(view: Self.panel(Self.white), style: Self.padded(4, spacing: 4, direction: .row, align: .flexEnd)) {
                FlexChild(Self.swatch(Self.accent, 20, 24), flexGrow: 1)
                FlexChild(Self.swatch(Self.warm, 20, 16), flexGrow: 2)
                Self.swatch(Self.ink, 40, 30)
            }
        }
        try expectSnapshot(of: rows, width: 200, named: "flexbox-rows", scale: scale)
    }

    @Test func flexboxWrapsItsItemsOntoLines() throws {
        let chips = Flexbox(view: Self.panel(Self.paper), style: Self.padded(6, spacing: 6, direction: .row, wrap: .wrap)) {
            for (index, width) in [40, 64, 28, 52, 36, 70, 44].enumerated() {
                Self.swatch(index % 2 == 0 ? Self.accent : Self.warm, Float(width), 18)
            }
        }
        try expectSnapshot(of: chips, width: 180, named: "flexbox-wrap")
    }

    @Test func layoutComponentsPlaceTheirChildren() throws {
        var insets = EdgeValues()
        insets.all = .points(10)
        let layouts = Flexbox(view: Self.panel(Self.paper), style: Self.padded(8, spacing: 8, direction: .row)) {
            InsetComponent(view: Self.panel(Self.accent), insets: insets, child: Self.swatch(Self.white, 20, 20))
            CenterComponent(view: Self.panel(Self.white, border: 2), size: .points(50, 60), child: Self.swatch(Self.warm, 16, 16))
            RatioComponent(size: ComponentSize(width: .points(40)), ratio: 1.5, child: Component(view: Self.panel(Self.ink)))
            OverlayComponent(child: Self.swatch(Self.accent, 40, 40),
                             overlay: CenterComponent(child: Self.swatch(Self.warm, 12, 12)))
        }
        try expectSnapshot(of: layouts, width: 220, named: "layout-components")
    }

    @Test(arguments: [1.0, 2.0])
    func textWrapsAlignsAndEndsWithAnEllipsis(scale: Double) throws {
        let words = "Frond lays text out with the same Pango lines it draws, so frames hold their words."
        let column = Flexbox(view: Self.panel(Self.white), style: Self.padded(8, spacing: 10)) {
            Text("Text wrapping", style: TextStyle(fontSize: 16, fontFamily: "DejaVu Sans Bold", color: Self.ink))
            Text(words, style: TextStyle(fontSize: 12, lineHeight: 16, color: Self.ink))
            Text(words, style: TextStyle(fontSize: 12, lineHeight: 16, fontFamily: "DejaVu Serif", color: Self.accent,
                                         maxLines: 2))
            Component(view: ViewConfiguration("text", attributes: [
                "text": .string("centered"), "textAlign": .string("center"), "fontSize": .number(12),
                "color": .color(Self.warm), "backgroundColor": .color(Self.paper),
            ]), size: ComponentSize(height: .points(16)))
        }
        try expectSnapshot(of: column, width: 180, named: "text-wrapping", scale: scale)
    }

    @Test func aCardWithAnImageTextAndAButton() throws {
        let directory = try temporaryDirectory()
        try writeSolidPNG("\(directory)/avatar.png", width: 8, height: 8, color: Self.accent)
        let button = CenterComponent(view: ViewConfiguration("button", attributes: [
            "backgroundColor": .color(Self.warm), "cornerRadius": .number(6), "onTap": .action("like"),
        ]), size: .points(64, 26), child: Text("Like", style: TextStyle(fontSize: 12, fontFamily: "DejaVu Sans Bold",
                                                                          color: Self.white)))
        let card = Flexbox(view: Self.panel(Self.paper, radius: 10, border: 1), style: Self.padded(12, spacing: 8)) {
            Flexbox(style: Self.padded(0, spacing: 8, direction: .row, align: .center)) {
                Component(view: ViewConfiguration("image", attributes: ["source": .string("avatar.png"), "cornerRadius": .number(20)]),
                          size: .points(40, 40))
                FlexChild(Text("Ada Lovelace", style: TextStyle(fontSize: 16, lineHeight: 20, color: Self.ink)), flexShrink: 1)
            }
            Text("The engine can arrange and combine its numerical quantities exactly as if they were letters.",
                 style: TextStyle(fontSize: 12, lineHeight: 16, color: Self.ink, maxLines: 3))
            Flexbox(style: Self.padded(0, direction: .row, justify: .flexEnd)) { button }
        }
        try expectSnapshot(of: card, width: 240, named: "card", scale: 2,
                           renderer: CairoRenderer(imageDirectory: directory))
    }

    /// A swatch whose color changes animate.
    final class Swatch: Component, ComponentAnimationProtocol, @unchecked Sendable {
        init(_ color: Color) {
            super.init(view: ViewConfiguration("swatch", attributes: ["backgroundColor": .color(color), "cornerRadius": .number(4)]),
                       size: .points(60, 40), key: "swatch")
        }
        func animations(fromPreviousComponent previous: Component) -> [Animation] {
            [.change(.backgroundColor, timing: AnimationTiming(duration: 1, curve: .linear))]
        }
    }

    @Test func animationsMidwayAreDrawnAsTheHostShowsThem() throws {
        func screen(_ color: Color, banner: Bool) -> Component {
            Flexbox(view: Self.panel(Self.white, radius: 0), style: Self.padded(10, spacing: 10)) {
                Swatch(color)
                if banner {
                    AnimationComponent(key: "banner", child: Component(view: Self.panel(Self.ink), size: ComponentSize(height: .points(24))),
                                       onInitialMount: [.parallel([
                                           .alphaFrom(0, timing: AnimationTiming(duration: 1, curve: .linear)),
                                           .translationYFrom(-20, timing: AnimationTiming(duration: 1, curve: .linear)),
                                       ])])
                }
            }
        }
        let host = SnapshotHost()
        let root = Root(sizeRange: .fixed(width: 120, height: 94))
        try host.attach(to: root)
        let clock = ManualClock(root: root)
        root.setComponent(screen(Self.warm, banner: false))
        try root.flush()
        root.setComponent(screen(Self.accent, banner: true))
        try root.flush()
        try clock.set(to: 0.5)                                  // half-way: mixed color, banner half faded and raised
        #expect(root.hasRunningAnimations)
        try expectSnapshot(try host.render(scale: 2), named: "animation-midway")
        try clock.set(to: 1)
        try expectSnapshot(try host.render(scale: 2), named: "animation-end")
    }
}

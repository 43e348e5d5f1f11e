import Frond
import FrondCairo
import FrondTestSupport
import Testing

/// Values no engine-built tree has (a C host can send them through
/// frond_snapshot_host_apply): the renderer answers each with an image or an error.
@Suite struct HostileInputTests {
    /// (SplitMix from FrondTestSupport, so a failure can be replayed.)
    typealias Generator = SplitMix

    static let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 2, 7, 100, 1e6, -1e6, 1e300, -1e300, .nan, .infinity,
                                    -.infinity, .leastNonzeroMagnitude, 1e-9, 150, 999, 1000, 1001]
    static let names = ["backgroundColor", "borderWidth", "borderColor", "cornerRadius", "opacity", "clipsToBounds",
                        "hidden", "translationX", "translationY", "scale", "text", "fontFamily", "fontSize",
                        "lineHeight", "fontWeight", "textAlign", "color", "maxLines", "source", "contentMode", "title"]
    static let strings = ["", "#fff", "#12345", "bold", "center", "aspectFill", "Hello wrapped world", "\0", "#ff000080",
                          "/nonexistent.png", String(repeating: "w", count: 300), "DejaVu Sans Bold 900", "e\u{301}"]

    func value(_ generator: inout Generator) -> AttributeValue {
        switch generator.int(0...4) {
        case 0: return .number(generator.pick(Self.numbers))
        case 1: return .bool(generator.int(0...1) == 0)
        case 2: return .string(generator.pick(Self.strings))
        case 3: return .color(Color(red: Float(generator.pick(Self.numbers)), green: 0.5, blue: 0, alpha: 1))
        default: return .hostValue(generator.next())
        }
    }

    @Test func randomTreesAndAttributesGiveAnImageOrAnError() throws {
        var generator = Generator(state: 6)
        let renderer = CairoRenderer()
        var drawn = 0, refused = 0
        for _ in 0..<150 {
            var tree = ViewTree()
            let count = generator.int(1...6)
            for index in 1...count {
                let view = ViewID(UInt64(index))
                try tree.apply(.create(view, viewType: "v"))
                let parent = index == 1 || generator.int(0...2) == 0 ? ViewID.root : ViewID(UInt64(generator.int(1...(index - 1))))
                try tree.apply(.insert(child: view, parent: parent, index: tree.children(of: parent).count))
                let frame = LayoutFrame(left: Float(generator.int(-20...40)), top: Float(generator.int(-20...40)),
                                        width: Float(generator.pick([0, 1, 10, 30, 1e6])),
                                        height: Float(generator.pick([0, 1, 10, 30, 1e6])))
                try tree.apply(.setFrame(view, frame))
                var set: [Attribute] = []
                for _ in 0..<generator.int(0...4) {
                    set.append(Attribute(name: generator.pick(Self.names), value: value(&generator)))
                }
                try tree.apply(.update(view, set: set, unset: []))
            }
            do {
                _ = try renderer.render(tree, width: 40, height: 30, scale: generator.pick([1, 2, 0.5]))
                drawn += 1
            } catch {
                #expect(!error.message.isEmpty)
                refused += 1
            }
        }
        #expect(drawn > 10 && refused > 10, "drawn \(drawn), refused \(refused)")
    }

    @Test func fontSizesAboveTheLimitAreRefusedWhenMeasuredAndWhenDrawn() throws {
        let root = Root(sizeRange: .flexibleHeight(width: 100))
        try SnapshotHost().attach(to: root)
        root.setComponent(Text("huge", style: TextStyle(fontSize: 1e6)))
        #expect(throws: FrondError.self) { try root.flush() }
        let error = #expect(throws: RenderError.self) {
            _ = try draw(scene(20, 20, [StaticChild(box(["text": .string("x"), "fontSize": .number(1e6)], 20, 20))]),
                         width: 20, height: 20)
        }
        #expect(error?.message.contains("font size 1000000.0 is not a finite number within 0…10000") == true, "\(error?.message ?? "")")
        #expect(throws: RenderError.self) { try Typesetter().lineCount(TextSetting(text: "x", lineHeight: .infinity), width: nil) }
        #expect(try Typesetter().lineCount(TextSetting(text: "x", fontSize: 10000, lineHeight: 10000), width: nil) == 1)
    }
}

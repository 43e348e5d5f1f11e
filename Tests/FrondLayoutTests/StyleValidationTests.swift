import FrondLayout
import Testing

/// Style values outside their domain are refused by name; the node keeps its style.
@Suite struct StyleValidationTests {
    static let invalidStyles: [(String, @Sendable (inout LayoutStyle) -> Void)] = [
        ("width", { $0.width = .points(.nan) }),
        ("width", { $0.width = .points(-1) }),
        ("height", { $0.height = .points(.infinity) }),
        ("minWidth", { $0.minWidth = .percent(-5) }),
        ("maxHeight", { $0.maxHeight = .points(-.infinity) }),
        ("flexBasis", { $0.flexBasis = .points(-3) }),
        ("padding.left", { $0.padding.left = .points(-2) }),
        ("padding.top", { $0.padding.top = .auto }),
        ("border.all", { $0.border.all = .percent(10) }),
        ("margin.start", { $0.margin.start = .maxContent }),
        ("margin.left", { $0.margin.left = .points(.nan) }),
        ("position.top", { $0.position.top = .stretch }),
        ("gap.row", { $0.gap.row = .points(-1) }),
        ("gap.column", { $0.gap.column = .auto }),
        ("gap.all", { $0.gap.all = .percent(.nan) }),
        ("maxWidth", { $0.maxWidth = .percent(.infinity) }),
        ("flexGrow", { $0.flexGrow = -1 }),
        ("flexShrink", { $0.flexShrink = .nan }),
        ("flex", { $0.flex = .infinity }),
        ("aspectRatio", { $0.aspectRatio = -2 }),
        ("aspectRatio", { $0.aspectRatio = .infinity }),
    ]

    @Test(arguments: 0..<invalidStyles.count)
    func test_invalidValueIsRefusedByName(index: Int) throws {
        let (property, change) = Self.invalidStyles[index]
        let node = LayoutNode()
        let before = node.style
        let error = #expect(throws: LayoutError.self) { try node.updateStyle(change) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message.hasPrefix(property) == true, "\(error?.message ?? "")")
        #expect(node.style == before)
    }

    @Test func test_negativeMarginsAndInsetsAreValid() throws {
        let node = LayoutNode()
        try node.updateStyle {
            $0.margin.left = .points(-10)
            $0.position.top = .percent(-50)
            $0.aspectRatio = 0
        }
        #expect(node.style.margin.left == .points(-10))
    }

    @Test func test_invalidAvailableSizeIsRefused() throws {
        let node = LayoutNode()
        for size: Float in [.nan, -1, .infinity] {
            #expect(throws: LayoutError.self) { try node.calculateLayout(width: size) }
            #expect(throws: LayoutError.self) { try node.calculateLayout(height: size) }
        }
    }

    @Test func test_invalidPointScaleFactorIsRefused() throws {
        let config = LayoutConfig()
        #expect(throws: LayoutError.self) { try config.setPointScaleFactor(.nan) }
        #expect(throws: LayoutError.self) { try config.setPointScaleFactor(-1) }
        #expect(config.pointScaleFactor == 1)
    }

    @Test func test_unchangedStyleDoesNotDirtyTheNode() throws {
        let node = LayoutNode()
        try node.calculateLayout(width: 10, height: 10)
        #expect(!node.isDirty)
        try node.setStyle(node.style)
        #expect(!node.isDirty)
        try node.updateStyle { $0.width = .points(5) }
        #expect(node.isDirty)
    }
}

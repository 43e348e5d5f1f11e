import FrondLayout
import Testing

/// Cases a fuzzer of the C API found: each broke a promise of the API before it was fixed.
@Suite struct EdgeCaseTests {
    @Test func test_changeInsideAHiddenSubtreeStillDirtiesTheAncestors() throws {
        let root = LayoutNode()
        var hidden = LayoutStyle()
        hidden.display = .none
        let child = try LayoutNode(style: hidden)
        let grandchild = LayoutNode()
        try root.appendChild(child)
        try child.appendChild(grandchild)
        try root.calculateLayout()
        #expect(!root.isDirty && !child.isDirty && !grandchild.isDirty)
        var sized = LayoutStyle()
        sized.width = .points(10)
        try grandchild.setStyle(sized)
        #expect(grandchild.isDirty && child.isDirty && root.isDirty)
    }

    @Test func test_nodesWithoutBoxesReportTheDirectionTheyWereLaidOutIn() throws {
        let root = LayoutNode()
        var hidden = LayoutStyle()
        hidden.display = .none
        var contents = LayoutStyle()
        contents.display = .contents
        let none = try LayoutNode(style: hidden), noneChild = LayoutNode()
        let box = try LayoutNode(style: contents), boxChild = LayoutNode()
        try none.appendChild(noneChild)
        try box.appendChild(boxChild)
        try root.appendChild(none)
        try root.appendChild(box)
        try root.calculateLayout(direction: .rtl)
        #expect([none, noneChild, box, boxChild].map(\.layout.direction) == [.rtl, .rtl, .rtl, .rtl])
    }

    @Test func test_measureFunctionNeverSeesAnInfiniteConstraint() throws {
        // 1e38% of 100 points overflows to infinity on the way (value × reference × 0.01, as
        // Yoga computes it); the measure function used to receive it as an exact width.
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.width = .points(100)
        let root = try LayoutNode(style: rowStyle)
        var leafStyle = LayoutStyle()
        leafStyle.width = .percent(1e38)
        let leaf = try LayoutNode(style: leafStyle)
        var offers: [(Float, MeasureMode)] = []
        try leaf.setMeasureFunction { width, widthMode, height, heightMode in
            offers.append((width, widthMode))
            offers.append((height, heightMode))
            return LayoutSize(width: 1, height: 1)
        }
        try root.appendChild(leaf)
        try root.calculateLayout()
        #expect(!offers.isEmpty)
        for (size, mode) in offers {
            #expect(mode == .undefined ? size.isNaN : size.isFinite, "\(mode) \(size)")
        }
        #expect(leaf.layout.frame.width.isFinite)
    }

    @Test func test_hugeBaselinesDoNotLeaveInfiniteFrames() throws {
        // A relayout moves a node from 3e38 to -3e38: the shift between the two rounded
        // positions overflows.
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.alignItems = .baseline
        let root = try LayoutNode(style: rowStyle)
        var firstStyle = LayoutStyle(), secondStyle = LayoutStyle()
        firstStyle.width = .points(11)
        secondStyle.width = .points(48)
        let first = try LayoutNode(style: firstStyle), second = try LayoutNode(style: secondStyle)
        try root.appendChild(first)
        try root.appendChild(second)
        // The first item's baseline function answers from a script, call after call.
        var script: [Float] = [3e38, 3e38, 0]
        var calls = 0
        try first.setBaselineFunction { _, _ in
            defer { calls += 1 }
            return calls < script.count ? script[calls] : 0
        }
        try second.setBaselineFunction { _, _ in 0 }
        try root.calculateLayout(width: 195)
        (script, calls) = ([0, 0, 3e38], 0)
        try root.calculateLayout(height: 258)
        for node in [root, first, second] {
            let frame = node.layout.frame
            #expect([frame.left, frame.top, frame.width, frame.height].allSatisfy { $0.isFinite }, "\(frame)")
        }
    }

    @Test func test_nonFiniteHeightFromTheNarrowestMeasurementIsACallbackFailure() throws {
        let config = try LayoutConfig(errata: [])
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        let root = try LayoutNode(config: config, style: rowStyle)
        var leafStyle = LayoutStyle()
        leafStyle.width = .points(30)
        leafStyle.height = .points(20)
        let leaf = try LayoutNode(config: config, style: leafStyle)
        try leaf.setMeasureFunction { _, _, _, _ in LayoutSize(width: 10, height: .nan) }
        try root.appendChild(leaf)
        let error = #expect(throws: LayoutError.self) { try root.calculateLayout(width: 56) }
        #expect(error?.kind == .callbackFailed)
    }

    @Test func test_baselineFunctionSeesFiniteSizes() throws {
        // A column holding two items 3e38 tall is infinitely tall before the safety net.
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.alignItems = .baseline
        let root = try LayoutNode(style: rowStyle)
        let column = LayoutNode()
        var tall = LayoutStyle()
        tall.height = .points(3e38)
        for _ in 0..<2 { try column.appendChild(try LayoutNode(style: tall)) }
        var seen: [Float] = []
        try column.setBaselineFunction { width, height in
            seen += [width, height]
            return 0
        }
        try root.appendChild(column)
        try root.appendChild(LayoutNode())
        _ = try root.calculateLayout()
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { $0.isFinite }, "\(seen)")
    }
}

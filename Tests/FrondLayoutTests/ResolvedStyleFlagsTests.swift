@testable import FrondLayout
import FrondTestSupport
import Testing

/// The style-only facts the content-sized height rule reads from a resolved style must say
/// exactly what the conditions they stand for say, for every kind of style.
@Suite struct ResolvedStyleFlagsTests {
    @Test func test_contentSizedHeightFlagsMatchTheConditionsTheyStandFor() throws {
        var random = SplitMix(state: 21)
        var seen = (container: [false, false], item: [false, false])
        for index in 0..<5_000 {
            var style = RandomTreeTests.randomStyle(&random)
            if index % 7 == 0 { style.position[random.pick(Edge.allCases)] = random.length() }
            if index % 11 == 0 { style.margin[random.pick(Edge.allCases)] = .auto }
            if index % 13 == 0 { style.gap[random.pick(Gutter.allCases)] = random.length(allowAuto: false) }
            if index % 17 == 0 { style.aspectRatio = random.pick([0, -0.0, 1.5]) }
            let node = try LayoutNode(style: style)
            let resolved = node.resolved
            let container = !resolved.hasMinMaxHeight && resolved.aspectRatio == nil && resolved.overflow != .scroll
                && resolved.flexWrap == .noWrap && resolved.rowGap.unit != .percent
                && resolved.columnGap.unit != .percent
            let item = resolved.positionType == .relative && !resolved.hasInsets && !resolved.hasAutoMargin
                && resolved.aspectRatio == nil && !resolved.usesOwnerSize
            #expect(resolved.allowsContentSizedHeight == container, "\(style)")
            #expect(resolved.isPlainFlowItem == item, "\(style)")
            seen.container[container ? 1 : 0] = true
            seen.item[item ? 1 : 0] = true
        }
        // (Both answers occurred, so the comparison covered each.)
        #expect(seen.container == [true, true] && seen.item == [true, true])
    }

    @Test func test_aStyleChangeRecomputesTheFlags() throws {
        let node = LayoutNode()
        #expect(node.resolved.allowsContentSizedHeight && node.resolved.isPlainFlowItem)
        #expect(ResolvedStyle().allowsContentSizedHeight && ResolvedStyle().isPlainFlowItem)
        try node.updateStyle { $0.flexWrap = .wrap; $0.positionType = .absolute }
        #expect(!node.resolved.allowsContentSizedHeight && !node.resolved.isPlainFlowItem)
        try node.updateStyle { $0.flexWrap = .noWrap; $0.positionType = .relative; $0.padding.left = .percent(10) }
        #expect(node.resolved.allowsContentSizedHeight && !node.resolved.isPlainFlowItem)
    }
}

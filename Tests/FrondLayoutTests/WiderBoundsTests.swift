@testable import FrondLayout
import Testing

/// A container's max-content measurement answers an at-most request it fits in
/// (WiderBounds.swift): with the reuse on, trees lay out bit for bit as with it off, and
/// nested containers without sizes are measured far less often.
@Suite struct WiderBoundsTests {
    typealias Trees = ContentSizedLayoutTests

    /// Rows and columns nested `depth` deep, each with a padding and no size, around a box.
    static func nested(_ config: LayoutConfig, depth: Int, leaf: LayoutNode? = nil) throws -> LayoutNode {
        let root = try Trees.box(config) { $0.padding.all = .points(2); $0.flexDirection = .row }
        var parent = root
        for level in 1..<depth {
            let node = try Trees.box(config) { style in
                style.padding.all = .points(2)
                style.flexDirection = level % 2 == 0 ? .row : .column
            }
            try parent.appendChild(node)
            parent = node
        }
        try parent.appendChild(try leaf ?? Trees.box(config) { $0.width = .points(10); $0.height = .points(10) })
        return root
    }

    @Test func test_nestedContainersWithoutSizesAreMeasuredLessThanHalfAsOften() throws {
        let result = try Trees.compare { try Self.nested($0, depth: 40) }
        #expect(result.same, "\(result.difference)")
        // Each level is asked under nine combinations of constraints; about half of them
        // (an at-most size along an axis the content fits in) are now answered.
        #expect(result.on.measures * 2 < result.off.measures, "\(result.on.measures) vs \(result.off.measures)")
        #expect(result.on.cachedMeasures > 0)
    }

    @Test func test_textsInNestedContainersLayOutTheSame() throws {
        for characters in [1, 7, 40, 95] {
            for width: Float? in [nil, 120, 333.3, 1000] {
                for direction in [LayoutDirection.ltr, .rtl] {
                    let result = try Trees.compare(width: width, direction: direction) { config in
                        try Self.nested(config, depth: 7, leaf: try Trees.text(config, characters: characters))
                    }
                    #expect(result.same, "\(characters) characters at \(String(describing: width)): \(result.difference)")
                    #expect(result.on.measures <= result.off.measures)
                }
            }
        }
    }

    /// Whether an item's explicit flex basis is used depends on whether its container's
    /// main size is known (a basis of 0 in a content-sized column gives way to the item's
    /// height), so a container with such an item makes no promise.
    @Test func test_aContainerWhoseItemHasAFlexBasisMakesNoPromise() throws {
        let result = try Trees.compare { config in
            let root = try Trees.box(config)
            let first = try Trees.box(config)
            let second = try Trees.box(config)
            let sized = try Trees.box(config) { $0.width = .points(90) }
            let item = try Trees.box(config) { $0.height = .points(76); $0.flexBasis = .points(0) }
            try root.appendChild(first)
            try first.appendChild(second)
            try second.appendChild(sized)
            try sized.appendChild(item)
            return root
        }
        #expect(result.same, "\(result.difference)")
    }

    /// A negative margin makes the items' outer sizes add up to less than one item's own
    /// (a 90-wide text beside a box 60 to its left: 30 in all), and each item is offered the
    /// container's whole inner size: at most 30 wide, the text wraps. (Found in review.)
    @Test func test_aContainerWhoseItemHasANegativeMarginMakesNoPromise() throws {
        let result = try Trees.compare { config in
            let root = try Trees.box(config) { $0.flexDirection = .row }
            let column = try Trees.box(config) { $0.alignItems = .flexStart }
            let row = try Trees.box(config) { $0.flexDirection = .row }
            let box = try Trees.box(config) { $0.width = .points(0); $0.margin.left = .points(-60) }
            try root.appendChild(column)
            try column.appendChild(row)
            try row.appendChild(try Trees.text(config, characters: 12))
            try row.appendChild(box)
            return root
        }
        #expect(result.same, "\(result.difference)")
    }

    @Test func test_theCacheAnswersOnlyBoundsTheResultFitsIn() {
        var entry = CachedMeasurement(availableWidth: .nan, availableHeight: 50, widthMode: .maxContent,
                                      heightMode: .stretchFit, flags: .widthFitsWiderBounds,
                                      computedWidth: 80, computedHeight: 50)
        #expect(entry.answersWiderBounds(80, .fitContent, 50, .stretchFit, marginRow: 0, marginColumn: 0))
        #expect(entry.answersWiderBounds(95, .fitContent, 50, .stretchFit, marginRow: 15, marginColumn: 0))
        #expect(!entry.answersWiderBounds(94, .fitContent, 50, .stretchFit, marginRow: 15, marginColumn: 0))
        #expect(!entry.answersWiderBounds(200, .stretchFit, 50, .stretchFit, marginRow: 0, marginColumn: 0))
        #expect(!entry.answersWiderBounds(200, .fitContent, 60, .stretchFit, marginRow: 0, marginColumn: 0))
        #expect(!entry.answersWiderBounds(200, .fitContent, 50, .fitContent, marginRow: 0, marginColumn: 0))
        entry.computedWidth = 0
        #expect(entry.answersWiderBounds(1, .fitContent, 50, .stretchFit, marginRow: 0, marginColumn: 0))
        #expect(!entry.answersWiderBounds(0, .fitContent, 50, .stretchFit, marginRow: 0, marginColumn: 0))
        entry.flags = []
        #expect(!entry.answersWiderBounds(200, .fitContent, 50, .stretchFit, marginRow: 0, marginColumn: 0))
    }
}

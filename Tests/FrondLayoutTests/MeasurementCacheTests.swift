@testable import FrondLayout
import FrondTrees
import Testing

/// A node remembers up to eight measurements: two inline, the rest in an overflow object
/// made only when a third is needed. Every entry must read back as written, in both
/// places, and the ninth must replace the oldest.
@Suite struct MeasurementCacheTests {
    private func entry(_ number: Int) -> CachedMeasurement {
        var entry = CachedMeasurement()
        entry.availableWidth = Float(number)
        entry.computedWidth = Float(number * 10)
        return entry
    }

    @Test func entriesReadBackAndTheOverflowComesWithTheThird() {
        let node = LayoutNode()
        for number in 0..<MeasurementCache.inlineCapacity {
            node.rememberMeasurement(entry(number))
        }
        #expect(node.measurementOverflow == nil)
        for number in MeasurementCache.inlineCapacity..<MeasurementCache.capacity {
            node.rememberMeasurement(entry(number))
        }
        #expect(node.measurementOverflow != nil)
        #expect(node.state.measurements.count == MeasurementCache.capacity)
        for index in 0..<MeasurementCache.capacity {
            #expect(node.measurement(index).availableWidth == Float(index))
            #expect(node.measurement(index).computedWidth == Float(index * 10))
        }
    }

    @Test func aFullCacheStartsAgainFromTheOldest() {
        let node = LayoutNode()
        for number in 0..<(MeasurementCache.capacity + 3) {
            node.rememberMeasurement(entry(number))
        }
        // Entries 8, 9 and 10 took the places of 0, 1 and 2; the count starts again.
        #expect(node.state.measurements.count == 3)
        #expect((0..<3).map { node.measurement($0).availableWidth } == [8, 9, 10])
    }

    /// A baseline-aligned item whose measurement was computed as a layout (fused) takes its
    /// baseline from its children; answered from the cache in a relayout, the same
    /// measurement must give the same baseline (it gave the item's bottom edge, and the
    /// line came out shorter than in a fresh layout). Trees shrunk from random CSS-mode
    /// pairs; Chromium lays out both as the fresh layouts do (121 and 159 high).
    @Test(arguments: [
        (#"{"children": [{"style": {"alignItems": "baseline"}, "children": [{"style": {"height": 110}, "children": [{"style": {"maxHeight": 89}}]}, {"children": [{"style": {"height": 100}}]}]}]}"#,
         [0, 1, 0], Float(121)),
        (#"{"children": [{"style": {"alignItems": "baseline"}, "children": [{"style": {"width": "35%", "minHeight": 120}, "children": [{"style": {"width": 70, "height": 39}}]}, {"style": {"width": "56%"}}]}]}"#,
         [0, 1], Float(159)),
    ])
    func baselinesOfCachedMeasurementsAreTheFreshOnes(tree: String, changed path: [Int], height: Float) throws {
        func layOut(_ change: Bool, relayout: Bool) throws -> LayoutNode {
            let config = LayoutConfig()
            config.useWebDefaults = true
            config.errata = []
            let json = try JSONParser.parse(Array(tree.utf8), source: "test")
            let root = try TreeDescription.node(from: json, config: config)
            var node = root
            for index in path { node = node.children[index] }
            func changeIt() throws {
                try node.updateStyle { style in
                    if path.count == 3 { style.flexGrow = 0.5 } else { style.aspectRatio = 0.5 }
                }
            }
            if relayout { try root.calculateLayout() }
            if change { try changeIt() }
            try root.calculateLayout()
            return root
        }
        let relaidOut = try layOut(true, relayout: true)
        let fresh = try layOut(true, relayout: false)
        #expect(fresh.layout.height == height)
        #expect(ContentSizedLayoutTests.snapshot(relaidOut) == ContentSizedLayoutTests.snapshot(fresh))
    }
}


@testable import FrondLayout
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
}

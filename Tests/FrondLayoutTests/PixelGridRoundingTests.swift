@testable import FrondLayout
import FrondTestSupport
import Testing

/// The shortcuts of pixel-grid rounding (values already on the grid skip `floor`) must give
/// the general rule's answer bit for bit, for every value a layout can produce.
@Suite struct PixelGridRoundingTests {
    static let scales: [Double] = [0, 1, 2, 3, 0.5, 1.5, 2.75, 1.0 / 3.0, 0x1p-20, 1e6, .nan, .infinity, -1]

    /// Values around the grid and its edge cases: whole numbers, fractions at and near
    /// 0, 0.5 and 1 (inside and outside the 0.0001 tolerance), negatives, signed zeros,
    /// magnitudes around 2^52 and Float's limits, non-finite values, and raw bit patterns.
    static func sampleValues(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix(state: seed)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.49995, 0.50005, 0.99995, 1e-5, -1e-5, 0.0001, -0.0001,
                                0x1p52, -0x1p52, 0x1p52 - 1, 0x1p52 + 1, 0x1p52 - 0.5, 0x1p53, 0x1p63, -0x1p63, 1e300, -1e300,
                                Double(Float.greatestFiniteMagnitude), .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                .nan, -.nan, .infinity, -.infinity]
        let nudges: [Double] = [0, 0.5, 0.25, 1e-5, -1e-5, 9.9e-5, -9.9e-5, 1.01e-4, -1.01e-4, 0.4999, 0.5001, 0.99999]
        while values.count < count {
            let whole = Double(random.int(-100_000...100_000))
            switch random.int(0...5) {
            case 0: values.append(whole)
            case 1: values.append(whole + random.pick(nudges))
            case 2: values.append(whole / Double(random.int(1...12)))
            case 3: values.append(Double(Float(whole + Double(random.int(0...999)) / 1000)))
            case 4: values.append(Double(bitPattern: random.next()))
            default: values.append(whole * 0x1p40 + random.pick(nudges))
            }
        }
        return values
    }

    static func same(_ a: Double, _ b: Double) -> Bool {
        a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
    }

    @Test func test_roundingAValueOnTheGridMatchesTheGeneralRule() {
        for scale in Self.scales {
            for value in Self.sampleValues(count: 20_000, seed: 7) {
                for (ceil, floor) in [(false, false), (true, false), (false, true)] {
                    let fast = roundToPixelGrid(value, scale, ceil: ceil, floor: floor)
                    let general = roundToPixelGridGenerally(value, scale, ceil: ceil, floor: floor)
                    #expect(Self.same(fast, general), "value \(value) scale \(scale) ceil \(ceil) floor \(floor)")
                }
            }
        }
    }

    @Test func test_gridFractionMatchesTheDifferenceFromTheFloor() {
        for scale in Self.scales {
            for value in Self.sampleValues(count: 20_000, seed: 11) {
                let scaled = value * scale
                #expect(Self.same(gridFraction(scaled), scaled - scaled.rounded(.down)), "scaled \(scaled)")
            }
        }
    }

    @Test func test_wholeNumbersAreRecognisedOnlyWhenFiniteAndExact() {
        #expect(isWholeNumber(0) && isWholeNumber(-0.0) && isWholeNumber(-7) && isWholeNumber(0x1p52 - 1))
        #expect(!isWholeNumber(0.5) && !isWholeNumber(-1e-9) && !isWholeNumber(.nan) && !isWholeNumber(.infinity)
                && !isWholeNumber(-.infinity) && !isWholeNumber(.leastNonzeroMagnitude))
        // (Beyond 2^52 every double is whole; those take the general path.)
        #expect(!isWholeNumber(0x1p52) && !isWholeNumber(1e300))
    }

    /// Frames at several scales match a fresh rounding done entirely by the general rule.
    @Test func test_framesAtEveryScaleMatchTheGeneralRule() throws {
        var random = SplitMix(state: 3)
        for scale: Float in [0, 1, 2, 3, 0.5] {
            let config = LayoutConfig()
            try config.setPointScaleFactor(scale)
            let root = LayoutNode(config: config)
            try root.updateStyle { $0.flexDirection = .row; $0.flexWrap = .wrap; $0.width = .points(301.3) }
            var leaves: [LayoutNode] = []
            for index in 0..<60 {
                let child = LayoutNode(config: config)
                let width = Float(random.int(0...400)) / 8, height = Float(random.int(0...300)) / 7
                try child.updateStyle {
                    $0.margin.left = .points(Float(random.int(0...9)) / 4)
                    if index % 3 != 0 { $0.width = .points(width); $0.height = .points(height) }
                }
                if index % 3 == 0 {
                    try child.setMeasureFunction { _, _, _, _ in LayoutSize(width: width, height: height) }
                }
                try root.appendChild(child)
                leaves.append(child)
            }
            try root.calculateLayout()
            let scaleValue = Double(scale)
            for leaf in leaves {
                // The leaf's absolute position is its offset inside the root (which sits at 0, 0).
                let left = Double(leaf.rawFrameForTesting.left), top = Double(leaf.rawFrameForTesting.top)
                let width = Double(leaf.rawFrameForTesting.width), height = Double(leaf.rawFrameForTesting.height)
                guard scale != 0 else {
                    #expect(leaf.frame == leaf.rawFrameForTesting)
                    continue
                }
                let text = leaf.hasMeasureFunction
                let widthFraction = width * scaleValue - (width * scaleValue).rounded(.down)
                let heightFraction = height * scaleValue - (height * scaleValue).rounded(.down)
                let fractionalWidth = !inexactEquals(widthFraction, 0) && !inexactEquals(widthFraction, 1.0)
                let fractionalHeight = !inexactEquals(heightFraction, 0) && !inexactEquals(heightFraction, 1.0)
                let roundedLeft = roundToPixelGridGenerally(left, scaleValue, ceil: false, floor: text)
                let roundedTop = roundToPixelGridGenerally(top, scaleValue, ceil: false, floor: text)
                let right = roundToPixelGridGenerally(left + width, scaleValue, ceil: text && fractionalWidth,
                                                      floor: text && !fractionalWidth)
                let bottom = roundToPixelGridGenerally(top + height, scaleValue, ceil: text && fractionalHeight,
                                                       floor: text && !fractionalHeight)
                let expected = LayoutFrame(left: Float(roundedLeft), top: Float(roundedTop),
                                           width: Float(right - roundedLeft), height: Float(bottom - roundedTop))
                #expect(leaf.frame.left.bitPattern == expected.left.bitPattern
                        && leaf.frame.top.bitPattern == expected.top.bitPattern
                        && leaf.frame.width.bitPattern == expected.width.bitPattern
                        && leaf.frame.height.bitPattern == expected.height.bitPattern,
                        "scale \(scale): \(leaf.frame) != \(expected)")
            }
        }
    }
}

extension LayoutNode {
    /// The unrounded frame of the last pass, relative to the parent.
    fileprivate var rawFrameForTesting: LayoutFrame {
        LayoutFrame(left: state.positionLeft, top: state.positionTop, width: state.width, height: state.height)
    }
}

import FrondLayout
import Testing

/// Measure and baseline functions: their errors fail the pass cleanly, and a tree
/// cannot be changed from inside its own pass.
@Suite struct CallbackTests {
    struct Boom: Error {}

    @Test func test_throwingMeasureFunctionFailsThePassAndIsAskedAgainNextTime() throws {
        let root = LayoutNode(), leaf = LayoutNode()
        try root.appendChild(leaf)
        var shouldThrow = true
        try leaf.setMeasureFunction { _, _, _, _ in
            if shouldThrow { throw Boom() }
            return LayoutSize(width: 30, height: 20)
        }
        let error = #expect(throws: LayoutError.self) { try root.calculateLayout(width: 100, height: 100) }
        #expect(error?.kind == .callbackFailed)
        #expect(error?.underlying is Boom)
        #expect(leaf.isDirty)
        shouldThrow = false
        try root.calculateLayout(width: 100, height: 100)
        #expect(leaf.layout.height == 20)
    }

    @Test func test_nonFiniteMeasurementIsAnError() throws {
        let root = LayoutNode(), leaf = LayoutNode()
        try root.appendChild(leaf)
        try leaf.setMeasureFunction { _, _, _, _ in LayoutSize(width: .nan, height: .infinity) }
        #expect(throws: LayoutError.self) { try root.calculateLayout(width: 100, height: 100) }
        #expect(leaf.layout.height.isFinite)
    }

    @Test func test_treeCannotBeChangedFromItsOwnMeasureFunction() throws {
        let root = LayoutNode(), leaf = LayoutNode()
        try root.appendChild(leaf)
        var refusals: [LayoutError.Kind] = []
        try leaf.setMeasureFunction { _, _, _, _ in
            do { try root.appendChild(LayoutNode()) } catch let error as LayoutError { refusals.append(error.kind) } catch {}
            do { try leaf.updateStyle { $0.width = .points(1) } } catch let error as LayoutError { refusals.append(error.kind) } catch {}
            do { try root.calculateLayout() } catch let error as LayoutError { refusals.append(error.kind) } catch {}
            do { try root.removeChild(leaf) } catch let error as LayoutError { refusals.append(error.kind) } catch {}
            return LayoutSize(width: 10, height: 10)
        }
        try root.calculateLayout(width: 100, height: 100)
        #expect(refusals == [.reentrantCall, .reentrantCall, .reentrantCall, .reentrantCall])
        #expect(root.childCount == 1)
        // After the pass the tree can be changed again.
        try root.appendChild(LayoutNode())
        #expect(root.childCount == 2)
    }

    /// Leaves set up with `setMeasuredByLeafMeasurer` are measured by their config's leaf
    /// measurer, which is handed each leaf; a config without one fails the pass cleanly.
    @Test func test_theConfigsLeafMeasurerMeasuresTheLeavesThatAskForIt() throws {
        final class ByTag: LeafMeasurer {
            var asked: [ObjectIdentifier] = []
            func measure(_ node: LayoutNode, width: Float, widthMode: MeasureMode, height: Float,
                         heightMode: MeasureMode) throws -> LayoutSize {
                asked.append(ObjectIdentifier(node))
                return LayoutSize(width: Float(node.tag), height: 10)
            }
        }
        let config = LayoutConfig()
        var rowStyle = LayoutStyle()
        rowStyle.flexDirection = .row
        rowStyle.alignItems = .flexStart
        let root = try LayoutNode(config: config, style: rowStyle)
        let a = LayoutNode(config: config), b = LayoutNode(config: config)
        a.tag = 30
        b.tag = 50
        try root.appendChild(a)
        try root.appendChild(b)
        try a.setMeasuredByLeafMeasurer()
        try b.setMeasuredByLeafMeasurer()
        #expect(a.hasMeasureFunction && b.hasMeasureFunction)

        let error = #expect(throws: LayoutError.self) { try root.calculateLayout(width: 200, height: 100) }
        #expect(error?.kind == .callbackFailed)
        let measurer = ByTag()
        config.leafMeasurer = measurer
        try root.calculateLayout(width: 200, height: 100)
        #expect(a.layout.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 10))
        #expect(b.layout.frame == LayoutFrame(left: 30, top: 0, width: 50, height: 10))
        #expect(Set(measurer.asked) == [ObjectIdentifier(a), ObjectIdentifier(b)])

        // A measure function takes over from the measurer; removing it leaves a plain leaf.
        try a.setMeasureFunction { _, _, _, _ in LayoutSize(width: 5, height: 5) }
        try root.calculateLayout(width: 200, height: 100)
        #expect(a.layout.width == 5)
        try a.setMeasureFunction(nil)
        #expect(!a.hasMeasureFunction)
        // As with a function: a measured leaf takes no children, and a parent is not measured.
        #expect(throws: LayoutError.self) { try b.appendChild(LayoutNode(config: config)) }
        #expect(throws: LayoutError.self) { try root.setMeasuredByLeafMeasurer() }
        #expect(!root.hasMeasureFunction)
    }

    @Test func test_baselineFunctionPlacesItemsOnTheBaseline() throws {
        let root = try baselineRow()
        let tall = try box(width: 20, height: 40)
        let short = try box(width: 20, height: 20)
        try tall.setBaselineFunction { _, height in height * 0.75 }
        try root.appendChild(tall)
        try root.appendChild(short)
        try root.calculateLayout(width: 100, height: 100)
        // The short box's baseline (its bottom) lines up with the tall one's at 30.
        #expect(short.layout.top == 10)
        #expect(tall.layout.top == 0)
    }

    /// A node keeps its two functions together: removing one keeps the other.
    @Test func test_measureAndBaselineFunctionsAreRemovedOneAtATime() throws {
        let root = try baselineRow()
        let square = try box(width: 20, height: 20)
        let leaf = LayoutNode()
        let measure: LayoutNode.MeasureFunction = { _, _, _, _ in LayoutSize(width: 30, height: 40) }
        try leaf.setMeasureFunction(measure)
        try leaf.setBaselineFunction { _, height in height * 0.75 }
        try root.appendChild(leaf)
        try root.appendChild(square)
        try root.calculateLayout(width: 100, height: 100)
        // The leaf's baseline is at 30; the square's (its bottom) lines up with it.
        #expect(leaf.layout.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 40))
        #expect(square.layout.top == 10)

        // Without its measure function the leaf is empty; its baseline function still
        // places it (a baseline at 0 lines up with the square's bottom).
        try leaf.setMeasureFunction(nil)
        #expect(!leaf.hasMeasureFunction && leaf.hasBaselineFunction)
        try root.calculateLayout(width: 100, height: 100)
        #expect(leaf.layout.frame == LayoutFrame(left: 0, top: 20, width: 0, height: 0))
        #expect(square.layout.top == 0)

        // Measured again and without a baseline function, its baseline is its bottom.
        try leaf.setMeasureFunction(measure)
        try leaf.setBaselineFunction(nil)
        #expect(leaf.hasMeasureFunction && !leaf.hasBaselineFunction)
        try root.calculateLayout(width: 100, height: 100)
        #expect(leaf.layout.frame == LayoutFrame(left: 0, top: 0, width: 30, height: 40))
        #expect(square.layout.top == 20)
    }

    @Test func test_throwingBaselineFunctionIsReported() throws {
        let root = try baselineRow()
        let child = LayoutNode()
        try child.setBaselineFunction { _, _ in throw Boom() }
        try root.appendChild(child)
        let error = #expect(throws: LayoutError.self) { try root.calculateLayout(width: 50, height: 50) }
        #expect(error?.kind == .callbackFailed)
    }

    /// A row that aligns its items on their baselines.
    private func baselineRow() throws -> LayoutNode {
        var style = LayoutStyle()
        style.flexDirection = .row
        style.alignItems = .baseline
        return try LayoutNode(style: style)
    }

    /// A leaf of a fixed size.
    private func box(width: Float, height: Float) throws -> LayoutNode {
        var style = LayoutStyle()
        style.width = .points(width)
        style.height = .points(height)
        return try LayoutNode(style: style)
    }
}

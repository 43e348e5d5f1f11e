import Frond
import FrondTestSupport
import Testing

/// The README's counter, as printed there, mounted and updated.
@Suite struct ReadmeExampleTests {
    @Test func test_theReadmeCounterCountsTaps() throws {
        final class Counter: RenderComponent<Int>, ComponentInitialStateProtocol {
            nonisolated(unsafe) static var scope: StateScope<Int>?
            static func initialState() -> Int { 0 }
            override func render(state: Int, scope: StateScope<Int>) -> Component? {
                Counter.scope = scope
                return Flexbox(direction: .row) {
                    Text("\(state)")
                    Component(view: ViewConfiguration("button", attributes: ["onTap": .action("increment")]))
                }
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 20), host: host)
        root.setComponent(Counter())
        try root.flush()
        let scope = try #require(Counter.scope)
        try scope.update { $0 += 1 }
        try scope.update { $0 += 1 }
        let statistics = try root.flush()
        #expect(statistics.renders == 1)
        #expect(statistics.mutations == 1)
        #expect(host.dump().contains("text=\"2\""))
    }
}

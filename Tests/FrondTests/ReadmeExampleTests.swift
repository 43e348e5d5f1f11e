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

    @Test func test_theReadmeProviderAndDeclarationsWork() throws {
        struct Inbox { var unread: Int }
        final class InboxScreen: Component, @unchecked Sendable {
            init(_ inbox: Inbox) {
                super.init(view: ViewConfiguration("label", attributes: ["text": .string("\(inbox.unread) unread")]))
            }
        }
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 20), host: host)
        // As printed in the README.
        root.setProvider(props: Inbox(unread: 0)) { (inbox: Inbox) in InboxScreen(inbox) }
        try root.flush()                                 // calls the provider with the props
        try root.update(props: Inbox(unread: 3))         // new props: the next flush calls it again
        try root.declareViewType("label", attributes: ["text": .string, "color": .color, "lines": .number])
        try root.declareViewType("text", .text)          // Text's attributes
        root.requiresDeclaredViewTypes = true            // undeclared view types fail too (default: allowed)

        try root.flush()
        #expect(host.dump() == "label (0, 0, 100×20) text=\"3 unread\"")
        root.setProvider(props: Inbox(unread: 1)) { (_: Inbox) in
            Component(view: ViewConfiguration("label", attributes: ["lines": .string("1")]))
        }
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message == "Component(label): attribute \"lines\" of view type \"label\" must be a number, not a string")
    }
}

import Frond
import FrondTestSupport
import Testing

/// View type declarations: attribute values of the wrong kind fail the flush.
@Suite struct ViewTypeDeclarationTests {
    private func label(_ attributes: AttributeList, key: String? = nil,
                       accessibility: Accessibility = Accessibility()) -> Component {
        Component(view: ViewConfiguration("label", attributes: attributes, accessibility: accessibility),
                  size: .points(40, 10), key: key)
    }

    /// A root with a host and the "label" type declared (text, color, lines).
    private func declaredRoot(others: ViewTypeDeclaration.OtherAttributes = .rejected) throws -> (Root, RecordingHost) {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        try root.declareViewType("label", attributes: ["text": .string, "color": .color, "lines": .number],
                                 otherAttributes: others)
        return (root, host)
    }

    @Test func test_anAttributeOfTheWrongKindFailsTheFlushAndKeepsTheMountedViews() throws {
        let (root, host) = try declaredRoot()
        root.setComponent(Flexbox { label(["text": .string("Hi"), "lines": .number(2)], key: "title") })
        try root.flush()
        let before = host.dump()
        let described = root.componentDump
        root.setComponent(Flexbox { label(["text": .string("Hi"), "lines": .string("2")], key: "title") })
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error == FrondError(.invalidValue, "Component[\"title\"](label): attribute \"lines\" of view type \"label\" must be a number, not a string"))
        #expect(host.dump() == before)
        #expect(root.componentDump == described)
        #expect(host.commits.count == 1)
        // Every kind is told apart.
        let values: [AttributeValue] = [.bool(true), .color(Color(rgb: 0)), .hostValue(1), .action("tap")]
        for value in values {
            root.setComponent(label(["text": value]))
            let wrong = #expect(throws: FrondError.self) { try root.flush() }
            #expect(wrong?.message == "Component(label): attribute \"text\" of view type \"label\" must be a string, not \(value.kind == .action ? "an" : "a") \(value.kind)")
        }
        #expect(host.dump() == before)
        root.setComponent(label(["text": .string("fine"), "color": .color(Color(rgb: 0xFF0000))]))
        try root.flush()
        #expect(host.dump() == "label (0, 0, 40×100) color=#ff0000 text=\"fine\"")
    }

    @Test func test_otherAttributesAreRejectedOrAllowedAsDeclared() throws {
        let (strict, _) = try declaredRoot()
        strict.setComponent(label(["text": .string("x"), "font": .string("mono")]))
        let error = #expect(throws: FrondError.self) { try strict.flush() }
        #expect(error == FrondError(.invalidValue, "Component(label): attribute \"font\" is not declared for view type \"label\""))

        let (lenient, host) = try declaredRoot(others: .allowed)
        lenient.setComponent(label(["text": .string("x"), "font": .string("mono")]))
        try lenient.flush()
        #expect(host.dump() == "label (0, 0, 40×100) font=\"mono\" text=\"x\"")
        // Declared attributes are still checked.
        lenient.setComponent(label(["text": .number(1), "font": .string("mono")]))
        #expect(throws: FrondError.self) { try lenient.flush() }
    }

    @Test func test_accessibilityIsAlwaysAllowed() throws {
        let (root, host) = try declaredRoot()
        root.setComponent(label(["text": .string("OK")], accessibility: Accessibility(label: "Okay", hint: "Closes", traits: 1)))
        try root.flush()
        #expect(host.dump() == "label (0, 0, 40×100) accessibilityHint=\"Closes\" accessibilityLabel=\"Okay\" accessibilityTraits=1 text=\"OK\"")
    }

    @Test func test_accessibilityReplacesOnlyTheAttributesItNames() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 40, height: 100), host: host)
        root.setComponent(Component(view: ViewConfiguration("button", attributes: [
            "accessibilityIdentifier": .string("login"), "accessibilityLabel": .string("replaced"),
            "title": .string("Log in")], accessibility: Accessibility(label: "Log in"))))
        try root.flush()
        #expect(host.dump() == "button (0, 0, 40×100) accessibilityIdentifier=\"login\" accessibilityLabel=\"Log in\" title=\"Log in\"")
    }

    @Test func test_undeclaredViewTypesAreCheckedOnlyWhenRequired() throws {
        let (root, host) = try declaredRoot()
        let tree = Flexbox(view: ViewConfiguration("list")) {
            label(["text": .string("a")])
            Text("b", style: TextStyle(fontSize: 10, maxLines: 1))
        }
        root.setComponent(tree)
        try root.flush()
        root.requiresDeclaredViewTypes = true
        // The tree kept from the last flush is checked again.
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error == FrondError(.invalidValue, "Flexbox(list): view type \"list\" is not declared"))
        try root.declareViewType("list", attributes: [:])
        let text = #expect(throws: FrondError.self) { try root.flush() }
        #expect(text?.message == "Text(text): view type \"text\" is not declared")
        try root.declareViewType("text", .text)
        let statistics = try root.flush()
        #expect(statistics.mutations == 0)
        #expect(host.problems == [])
        #expect(root.declaration(ofViewType: "list") == ViewTypeDeclaration(attributes: [:]))
        // Viewless components have no view type to declare.
        root.setComponent(Flexbox { Component(size: .points(5, 5)) })
        try root.flush()
    }

    /// A label showing its state as a string, or (from 1 on) wrongly as a number.
    final class StateLabel: RenderComponent<Int>, ComponentInitialStateProtocol, @unchecked Sendable {
        static func initialState() -> Int { 0 }
        private(set) var scope: StateScope<Int>?
        override func render(state: Int, scope: StateScope<Int>) -> Component? {
            self.scope = scope
            let value: AttributeValue = state == 0 ? .string("zero") : .number(Double(state))
            return Component(view: ViewConfiguration("label", attributes: ["text": value]), size: .points(40, 10))
        }
    }

    @Test func test_aRenderedChildIsCheckedWhenItIsRendered() throws {
        let (root, host) = try declaredRoot()
        let stateLabel = StateLabel()
        root.setComponent(Flexbox { stateLabel })
        try root.flush()
        let before = host.dump()
        try #require(stateLabel.scope).update { $0 += 1 }
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message == "Component(label): attribute \"text\" of view type \"label\" must be a string, not a number")
        #expect(host.dump() == before)
        try #require(stateLabel.scope).update { $0 = 0 }
        try root.flush()
        #expect(host.problems == [])
    }

    @Test func test_aNewDeclarationChecksTheComponentsAlreadyMounted() throws {
        let host = RecordingHost()
        let root = Root(sizeRange: .fixed(width: 100, height: 100), host: host)
        root.setComponent(Flexbox { label(["text": .number(5)]) })
        try root.flush()
        let before = host.dump()
        try root.declareViewType("label", attributes: ["text": .string])
        #expect(!root.needsFlush)
        let error = #expect(throws: FrondError.self) { try root.flush() }
        #expect(error?.message == "Component(label): attribute \"text\" of view type \"label\" must be a string, not a number")
        #expect(host.dump() == before)
        try root.declareViewType("label", attributes: ["text": .number])
        let statistics = try root.flush()
        #expect(statistics.mutations == 0)
    }

    @Test func test_badDeclarationsAreRefusedAndDeclareNothing() throws {
        let root = Root(sizeRange: .fixed(width: 100, height: 100))
        let empty = #expect(throws: FrondError.self) { try root.declareViewType("", attributes: ["a": .bool]) }
        #expect(empty == FrondError(.invalidValue, "view type declaration: the view type is empty"))
        let emptyName = #expect(throws: FrondError.self) { try root.declareViewType("x", attributes: ["": .bool]) }
        #expect(emptyName == FrondError(.invalidValue, "view type \"x\": an attribute name is empty"))
        #expect(root.declaration(ofViewType: "x") == nil)
        // Nothing declared: nothing checked.
        root.setComponent(Component(view: ViewConfiguration("x", attributes: ["": .bool(true)])))
        let invalid = #expect(throws: FrondError.self) { try root.flush() }
        #expect(invalid?.message == "Component(x): an attribute name is empty")   // the usual check
        root.setComponent(Component(view: ViewConfiguration("x", attributes: ["a": .string("any")])))
        try root.flush()
    }
}

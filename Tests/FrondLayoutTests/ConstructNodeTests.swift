import Frond
import FrondCorpus
import Testing

/// Tree descriptions build registered kinds by name (`construct` nodes).
@Suite struct ConstructNodeTests {
    @Test func test_aConstructNodeIsMadeByItsConstructorAndPlacedByItsItemKeys() throws {
        var calls: [(String, [ConstructorArgument], String)] = []
        let json = #"{"style": {"flexDirection": "row", "width": 100, "height": 20}, "children": ["#
            + #"{"view": "box", "style": {"width": 10}}, "#
            + #"{"construct": "meter", "arguments": ["fuel", 0.5, 3, true], "style": {"flexGrow": 1}}]}"#
        let component = try ComponentTreeDescription.component(fromText: json) { name, arguments, place in
            calls.append((name, arguments, place))
            return Component(view: ViewConfiguration("meter"))
        }
        #expect(calls.count == 1)
        #expect(calls.first?.0 == "meter")
        #expect(calls.first?.1 == [.string("fuel"), .number(0.5), .number(3), .bool(true)])
        #expect(calls.first?.2 == "root.children[1].construct")
        let report = try ComponentTreeDescription.mountReport(component, width: 100, height: 20)
        // The constructed meter grows into the row's remaining 90 points.
        #expect(report.contains("meter (10, 0, 90×20)"))
    }

    @Test func test_constructNodesAreCheckedWithTheirPlace() throws {
        let cases: [(String, String)] = [
            (#"{"construct": "meter"}"#, "root.construct: \"meter\" cannot be constructed here"),
            (#"{"construct": "m", "view": "box"}"#, "root.view: a construct node has only construct, arguments and style"),
            (#"{"construct": "m", "style": {"width": 3}}"#, "root.style.width: a construct node's style has only item keys"),
            (#"{"construct": "m", "arguments": [null]}"#, "root.arguments[0]: an argument is a number, a string or a boolean"),
            (#"{"view": "box", "arguments": [1]}"#, "root.arguments: only a construct node has arguments"),
        ]
        for (json, message) in cases {
            let error = #expect(throws: CorpusError.self) { try ComponentTreeDescription.component(fromText: json) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        }
    }

    /// Places are spelled out only when something is wrong; they still name the spot.
    @Test func test_mistakesInComponentTreesNameTheirPlace() throws {
        let cases: [(String, String)] = [
            (#"{"children": [{"view": "a"}, {"children": [{"text": "t", "style": {"padding": {"all": 2}}}]}]}"#,
             "root.children[1].children[0].style.padding: a text leaf has no container style"),
            (#"{"children": [{"colour": 1, "zeta": 2}]}"#, "root.children[0].colour: unknown node key"),
            (#"{"style": {"flexGrow": 1}}"#, "root.style.flexGrow: applies only to a child of a flexbox"),
            (#"{"children": [{"view": "a", "attributes": {"x": [1]}}]}"#,
             "root.children[0].attributes.x: expected a number, a string or a boolean"),
            (#"{"children": [{"text": "t", "attributes": {"color": "red"}}]}"#,
             "root.children[0].attributes.color: \"red\" is not a color"),
            (#"{"children": [{"style": {"width": -3}}]}"#, "root.children[0].style.width"),
            (#"{"children": [{"text": "t", "attributes": {"fontWeight": 450.5}}]}"#,
             "root.children[0].attributes.fontWeight: expected a whole number from 100 to 1000"),
            (#"{"children": [{"text": "t", "attributes": {"fontWeight": "fat"}}]}"#,
             "root.children[0].attributes.fontWeight: \"fat\" is not a weight"),
            (#"{"children": [{"text": "t", "attributes": {"textAlign": "middle"}}]}"#,
             "root.children[0].attributes.textAlign: \"middle\" is not an alignment"),
            (#"{"children": [{"style": {"margin": {"left": "x%"}}}]}"#, "root.children[0].style.margin.left"),
        ]
        for (json, message) in cases {
            let error = #expect(throws: CorpusError.self) { try ComponentTreeDescription.component(fromText: json) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "no error")")
        }
    }

    @Test func test_aTextLeafsWeightAndAlignmentAreRead() throws {
        let json = #"{"children": [{"text": "a", "attributes": {"fontWeight": "bold", "textAlign": "right"}},"#
            + #" {"text": "b", "attributes": {"fontWeight": 300}}]}"#
        let component = try ComponentTreeDescription.component(fromText: json)
        let texts = (component as? Flexbox)?.children.compactMap { $0.component as? Text } ?? []
        #expect(texts.map(\.style.fontWeight) == [.bold, FontWeight(300)])
        #expect(texts.map(\.style.alignment) == [.right, nil])
    }
}

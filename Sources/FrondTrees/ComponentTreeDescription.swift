import Frond
import FrondLayout

/// Builds component trees from the JSON node format the layout tools read (see
/// ``TreeDescription``), extended with optional node keys for components:
///
/// - `"view": "type"`: the node gets a view of that type;
/// - `"attributes": {"name": value}`: the view's attributes: numbers, booleans and
///   strings; a string of the form `"#rrggbb"` or `"#rrggbbaa"` is a color;
/// - `"text": "…"`: the node is a ``Text`` leaf (no `view`; its `attributes` may set
///   `fontSize`, `lineHeight`, `fontFamily`, `fontWeight` (100…1000 or a name such as
///   `"bold"`), `color`, `maxLines` and `textAlign`);
/// - `"key": "…"`: the component's key;
/// - `"construct": "name"` with `"arguments": [scalars]`: the component is made by the
///   constructor registered under that name (``ComponentConstructor``; in C,
///   `frond_constructor_register`), from the arguments (numbers, strings, booleans). Such
///   a node has no other keys than `style`, and its style only item keys (the constructor
///   decides the rest).
///
/// A node with children becomes a ``Flexbox`` (its container style keys map to the
/// flexbox's style, `gap` to its spacing), and so does a leaf with container style keys
/// (`padding`, `alignItems`, …); any other leaf becomes a ``Component`` (viewless
/// without a `view`) or a ``Text``. Size keys give the component's size, item keys
/// (`flexGrow`, `margin`, …) its place in its parent flexbox. Keys a component cannot
/// express (`display`, `boxSizing`, `flex`, `measure`, intrinsic size keywords,
/// percentage gaps, container keys on a text, item keys on the root) are refused with
/// the place they occur. Laid out, the components get the frames the layout tools
/// give the same tree.
public enum ComponentTreeDescription {
    /// Reads a tree file: a NODE object, or an object holding one under `root`.
    public static func load(path: String) throws(CorpusError) -> Component {
        let json = try TreeDescription.loadJSON(path: path)
        var tree = json
        if case .object(let object) = json, let root = object["root"] {
            for key in object.keys where key != "root" {
                throw CorpusError("\(path): \(key): not supported by components (a tree file for mounting holds only root)")
            }
            tree = root
        }
        do {
            return try component(from: tree)
        } catch {
            throw CorpusError("\(path): \(error.message)")
        }
    }

    /// The component tree of a NODE object; `construct` nodes are made by `constructor`
    /// (without one they are refused).
    public static func component(from json: JSON, path: String = "root",
                                 constructor: ComponentConstructor? = nil) throws(CorpusError) -> Component {
        try Builder(constructor: constructor).node(json, path: path, isRoot: true, depth: 1).component
    }

    /// The component tree of a tree description given as JSON text (see
    /// ``component(from:path:constructor:)``).
    public static func component(fromText text: String,
                                 constructor: ComponentConstructor? = nil) throws(CorpusError) -> Component {
        let json = try JSONParser.parse(Array(text.utf8), source: "json")
        var tree = json
        if case .object(let object) = json, let root = object["root"], object.count == 1 { tree = root }
        return try component(from: tree, constructor: constructor)
    }

    /// Reads a tree file (see ``load(path:)``), mounts it (see
    /// ``mountReport(_:width:height:)``) and describes the result.
    public static func mountReport(path: String, width: Float, height: Float?) throws(CorpusError) -> String {
        let component = try load(path: path)
        do {
            return try mountReport(component, width: width, height: height)
        } catch {
            throw CorpusError("\(path): \(error.message)")
        }
    }

    /// Mounts `component` in a root `width` wide and `height` high (content-high when
    /// nil) and describes the result: `components:` and the component tree, then
    /// `views:` and the mounted views.
    public static func mountReport(_ component: Component, width: Float, height: Float?) throws(CorpusError) -> String {
        let root = Root(sizeRange: height.map { .fixed(width: width, height: $0) } ?? .flexibleHeight(width: width))
        root.setComponent(component)
        do {
            try root.flush()
        } catch {
            throw CorpusError(error.message)
        }
        let components = root.componentDump
        let views = root.mountedDump
        return (["components:"] + (components.isEmpty ? [] : [components])
            + ["views:"] + (views.isEmpty ? [] : [views])).joined(separator: "\n")
    }

    // MARK: Vocabulary

    static let nodeKeys: Set<String> = ["style", "children", "view", "attributes", "text", "key", "construct",
                                        "arguments"]
    /// Style keys that only a flexbox (a node with children) has.
    static let containerKeys: Set<String> = [
        "flexDirection", "flexWrap", "justifyContent", "alignItems", "alignContent", "direction", "overflow",
        "padding", "border", "gap",
    ]
    /// Style keys that place a child in its parent flexbox.
    static let itemKeys: Set<String> = [
        "flexGrow", "flexShrink", "flexBasis", "alignSelf", "margin", "positionType", "position", "aspectRatio",
    ]
    static let unsupportedKeys: Set<String> = ["display", "boxSizing", "flex"]
    static let textAttributes = ["color", "fontFamily", "fontSize", "fontWeight", "lineHeight", "maxLines", "textAlign"]
}

/// An argument of a `construct` node.
public enum ConstructorArgument: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
}

/// Makes the component of a `construct` node from its name and arguments (the place is
/// for messages); throws when it cannot.
public typealias ComponentConstructor = (_ name: String, _ arguments: [ConstructorArgument],
                                         _ place: String) throws(CorpusError) -> Component

/// Turns NODE objects into components; checks each style on a scratch layout node so
/// that bad values are reported with their place.
private struct Builder {
    let constructor: ComponentConstructor?

    typealias Vocabulary = ComponentTreeDescription

    // Places (`root.children[3].style.width`) are spelled out only for messages: each
    // `path` is evaluated only when something is wrong.
    func node(_ json: JSON, path: @autoclosure () -> String, isRoot: Bool,
              depth: Int) throws(CorpusError) -> (component: Component, style: LayoutStyle) {
        guard depth <= LayoutNode.maximumDepth else {
            let path = path()
            let place = path.count > 120 ? "\(path.prefix(40))…\(path.suffix(60))" : path
            throw CorpusError("\(place) (depth \(depth)): the tree is deeper than \(LayoutNode.maximumDepth) nodes", isLimit: true)
        }
        let object = try TreeDescription.dictionary(json, path())
        if object.keys.contains(where: { !Vocabulary.nodeKeys.contains($0) }) {
            // The first unknown key in sorted order, so that the message does not depend on hashing.
            for key in object.keys.sorted() where !Vocabulary.nodeKeys.contains(key) {
                if key == "measure" { throw CorpusError("\(path()).measure: not supported by components (use text)") }
                throw CorpusError("\(path()).\(key): unknown node key")
            }
        }
        let children = try object["children"].map { value throws(CorpusError) in
            try TreeDescription.array(value, "\(path()).children")
        } ?? []
        let styleObject = try object["style"].map { value throws(CorpusError) in
            try TreeDescription.dictionary(value, "\(path()).style")
        } ?? [:]
        if let name = object["construct"] {
            return try constructed(name, object, styleObject, path: path(), isRoot: isRoot)
        }
        guard object["arguments"] == nil else {
            throw CorpusError("\(path()).arguments: only a construct node has arguments")
        }
        // Container keys make a flexbox of a leaf too (padding and border size it).
        let isText = object["text"] != nil
        let isFlexbox = !isText && (!children.isEmpty || styleObject.keys.contains(where: Vocabulary.containerKeys.contains))
        let style = try self.style(styleObject, path: "\(path()).style", isContainer: isFlexbox, isRoot: isRoot)
        let key = try object["key"].map { value throws(CorpusError) in try TreeDescription.string(value, "\(path()).key") }
        let size = try componentSize(style, path: "\(path()).style")

        if let textJSON = object["text"] {
            let text = try TreeDescription.string(textJSON, "\(path()).text")
            guard children.isEmpty else { throw CorpusError("\(path()).children: a text leaf has no children") }
            guard object["view"] == nil else { throw CorpusError("\(path()).view: a text leaf is always a \"text\" view") }
            let textStyle = try self.textStyle(object["attributes"], path: "\(path()).attributes")
            return (Text(text, style: textStyle, size: size, key: key), style)
        }
        let view = try viewConfiguration(object, path: path())
        guard isFlexbox else { return (Component(view: view, size: size, key: key), style) }

        var items: [FlexChild] = []
        items.reserveCapacity(children.count)
        for (index, child) in children.enumerated() {
            let (component, itemStyle) = try node(child, path: "\(path()).children[\(index)]", isRoot: false,
                                                  depth: depth + 1)
            items.append(FlexChild(component, flexGrow: itemStyle.flexGrow ?? 0, flexShrink: itemStyle.flexShrink ?? 0,
                                   flexBasis: itemStyle.flexBasis, alignSelf: itemStyle.alignSelf,
                                   margin: itemStyle.margin, positionType: itemStyle.positionType,
                                   position: itemStyle.position, aspectRatio: itemStyle.aspectRatio))
        }
        let flexbox = try flexboxStyle(style, path: "\(path()).style")
        return (Flexbox(view: view, size: size, key: key, style: flexbox, children: items), style)
    }

    /// A `construct` node: the registered constructor's component, placed by its item keys.
    func constructed(_ nameJSON: JSON, _ object: [String: JSON], _ styleObject: [String: JSON], path: @autoclosure () -> String,
                     isRoot: Bool) throws(CorpusError) -> (component: Component, style: LayoutStyle) {
        let name = try TreeDescription.string(nameJSON, "\(path()).construct")
        for key in object.keys.sorted() where key != "construct" && key != "arguments" && key != "style" {
            throw CorpusError("\(path()).\(key): a construct node has only construct, arguments and style")
        }
        for key in styleObject.keys.sorted() where !Vocabulary.itemKeys.contains(key) {
            throw CorpusError("\(path()).style.\(key): a construct node's style has only item keys (its constructor decides the rest)")
        }
        let style = try self.style(styleObject, path: "\(path()).style", isContainer: false, isRoot: isRoot)
        var arguments: [ConstructorArgument] = []
        let list = try object["arguments"].map { value throws(CorpusError) in
            try TreeDescription.array(value, "\(path()).arguments")
        } ?? []
        for (index, value) in list.enumerated() {
            switch value {
            case .number(let number): arguments.append(.number(number))
            case .string(let text): arguments.append(.string(text))
            case .bool(let flag): arguments.append(.bool(flag))
            case .null, .array, .object:
                throw CorpusError("\(path()).arguments[\(index)]: an argument is a number, a string or a boolean")
            }
        }
        guard let constructor else {
            throw CorpusError("\(path()).construct: \"\(name)\" cannot be constructed here (no constructors are registered)")
        }
        return (try constructor(name, arguments, "\(path()).construct"), style)
    }

    /// The node's style, with its values checked and its keys allowed where they are.
    func style(_ object: [String: JSON], path: @autoclosure () -> String, isContainer: Bool,
               isRoot: Bool) throws(CorpusError) -> LayoutStyle {
        func misplaced(_ key: String) -> Bool {
            Vocabulary.unsupportedKeys.contains(key) || (!isContainer && Vocabulary.containerKeys.contains(key))
                || (isRoot && Vocabulary.itemKeys.contains(key))
        }
        // (The first misplaced key in sorted order, so that the message does not depend on hashing.)
        for key in object.keys.contains(where: misplaced) ? object.keys.sorted() : [] {
            let place = "\(path()).\(key)"
            if Vocabulary.unsupportedKeys.contains(key) {
                throw CorpusError("\(place): not supported by components")
            }
            if !isContainer && Vocabulary.containerKeys.contains(key) {
                throw CorpusError("\(place): a text leaf has no container style (wrap it in a node with children)")
            }
            if isRoot && Vocabulary.itemKeys.contains(key) {
                throw CorpusError("\(place): applies only to a child of a flexbox (the root has no parent)")
            }
        }
        let style = try TreeDescription.style(from: object, base: LayoutStyle(), path: path())
        do { try style.validate() } catch {
            throw CorpusError("\(path()).\(error.message)")
        }
        return style
    }

    func componentSize(_ style: LayoutStyle, path: @autoclosure () -> String) throws(CorpusError) -> ComponentSize {
        func dimension(_ value: LayoutValue, _ name: String) throws(CorpusError) -> Dimension {
            switch value.unit {
            case .undefined, .auto: return .auto
            case .point: return .points(value.value)
            case .percent: return .percent(value.value)
            default: throw CorpusError("\(path()).\(name): \(value) is not supported by components (points, percentages or auto)")
            }
        }
        return ComponentSize(width: try dimension(style.width, "width"), height: try dimension(style.height, "height"),
                             minWidth: try dimension(style.minWidth, "minWidth"),
                             minHeight: try dimension(style.minHeight, "minHeight"),
                             maxWidth: try dimension(style.maxWidth, "maxWidth"),
                             maxHeight: try dimension(style.maxHeight, "maxHeight"))
    }

    /// A flexbox's style: the container keys, and `gap` as spacing (along the main axis)
    /// and line spacing (between lines).
    func flexboxStyle(_ style: LayoutStyle, path: @autoclosure () -> String) throws(CorpusError) -> FlexboxStyle {
        func points(_ value: LayoutValue, _ name: String) throws(CorpusError) -> Float {
            switch value.unit {
            case .undefined: return 0
            case .point: return value.value
            default: throw CorpusError("\(path()).gap.\(name): \(value) is not supported by components (points only)")
            }
        }
        let isRow = style.flexDirection == .row || style.flexDirection == .rowReverse
        let column = try points(style.gap.resolvedColumn, "column")
        let row = try points(style.gap.resolvedRow, "row")
        return FlexboxStyle(direction: style.flexDirection, wrap: style.flexWrap, justifyContent: style.justifyContent,
                            alignItems: style.alignItems, alignContent: style.alignContent,
                            spacing: isRow ? column : row, lineSpacing: isRow ? row : column,
                            padding: style.padding, border: style.border, layoutDirection: style.direction,
                            overflow: style.overflow)
    }

    /// The view of a node that is not text: viewless without `view`.
    func viewConfiguration(_ object: [String: JSON], path: @autoclosure () -> String) throws(CorpusError) -> ViewConfiguration {
        guard let viewJSON = object["view"] else {
            guard object["attributes"] == nil else {
                throw CorpusError("\(path()).attributes: a node without a view has no attributes")
            }
            return .viewless
        }
        let viewType = try TreeDescription.string(viewJSON, "\(path()).view")
        guard !viewType.isEmpty else { throw CorpusError("\(path()).view: the view type is empty") }
        var attributes: [Attribute] = []
        if let attributesJSON = object["attributes"] {
            for (name, value) in try TreeDescription.dictionary(attributesJSON, "\(path()).attributes") {
                guard !name.isEmpty else { throw CorpusError("\(path()).attributes.: an attribute name is empty") }
                attributes.append(Attribute(name: name, value: try attributeValue(value, "\(path()).attributes.\(name)")))
            }
        }
        return ViewConfiguration(viewType, orderedAttributes: attributes)
    }

    func attributeValue(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> AttributeValue {
        switch value {
        case .number(let number): return .number(number)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return Self.color(text).map(AttributeValue.color) ?? .string(text)
        case .null, .array, .object:
            throw CorpusError("\(place()): expected a number, a string or a boolean, not \(value.kindName)")
        }
    }

    /// A size of a text's style: a number > 0 (checked here, so that the error names its
    /// place in the file).
    static func positive(_ value: JSON, _ place: @autoclosure () -> String) throws(CorpusError) -> Float {
        let number = try TreeDescription.float(value, place())
        guard number.isFinite && number > 0 else { throw CorpusError("\(place()): \(number) is not a finite number > 0") }
        return number
    }

    /// A text leaf's style from its attributes.
    func textStyle(_ json: JSON?, path: @autoclosure () -> String) throws(CorpusError) -> TextStyle {
        var style = TextStyle()
        guard let json else { return style }
        for (name, value) in try TreeDescription.dictionary(json, path()) {
            func place() -> String { "\(path()).\(name)" }
            switch name {
            case "fontSize": style.fontSize = try Self.positive(value, place())
            case "lineHeight": style.lineHeight = try Self.positive(value, place())
            case "fontFamily": style.fontFamily = try TreeDescription.string(value, place())
            case "color":
                let text = try TreeDescription.string(value, place())
                guard let color = Self.color(text) else {
                    throw CorpusError("\(place()): \"\(text.prefix(40))\" is not a color (#rrggbb or #rrggbbaa)")
                }
                style.color = color
            case "fontWeight":
                switch value {
                case .number(let number):
                    guard let weight = FontWeight(exactly: number) else {
                        throw CorpusError("\(place()): expected a whole number from 100 to 1000 or a weight name")
                    }
                    style.fontWeight = weight
                case .string(let name):
                    guard let weight = FontWeight(name: name) else {
                        throw CorpusError("\(place()): \"\(name.prefix(40))\" is not a weight (\(FontWeight.names.keys.sorted().joined(separator: ", ")))")
                    }
                    style.fontWeight = weight
                default:
                    throw CorpusError("\(place()): expected a whole number from 100 to 1000 or a weight name")
                }
            case "textAlign":
                let name = try TreeDescription.string(value, place())
                guard let alignment = TextAlignment(rawValue: name) else {
                    throw CorpusError("\(place()): \"\(name.prefix(40))\" is not an alignment (left, center, right, justify)")
                }
                style.alignment = alignment
            case "maxLines":
                guard case .number(let number) = value, number == number.rounded(), number >= 1, number <= 1_000_000 else {
                    throw CorpusError("\(place()): expected a whole number from 1 to 1000000")
                }
                style.maxLines = Int(number)
            default:
                throw CorpusError("\(place()): a text leaf's attributes are \(Vocabulary.textAttributes.joined(separator: ", "))")
            }
        }
        return style
    }

    /// The color written `#rrggbb` or `#rrggbbaa`; nil for any other text.
    static func color(_ text: String) -> Color? {
        guard text.utf8.first == UInt8(ascii: "#"), text.utf8.count == 7 || text.utf8.count == 9 else { return nil }
        let digits = Array(text.utf8.dropFirst())
        var bytes: [Float] = []
        var index = 0
        while index + 1 < digits.count {
            guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else { return nil }
            bytes.append(Float(high * 16 + low) / 255)
            index += 2
        }
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

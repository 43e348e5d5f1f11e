import Frond
import FrondLayout

extension TreeDescription {
    /// The NODE description of a tree: every style property that differs from the
    /// node's defaults, and a `measure` key for the leaves listed in `measuredTexts`
    /// (measured by an ``IntrinsicSizeMeasurer`` with that text).
    public static func encode(_ node: LayoutNode, measuredTexts: [ObjectIdentifier: String] = [:]) -> JSON {
        var object: [String: JSON] = ["style": .object(encode(node.style, defaults: LayoutStyle(webDefaults: node.config.useWebDefaults)))]
        if let text = measuredTexts[ObjectIdentifier(node)] {
            object["measure"] = .object(["function": .string("IntrinsicSizeMeasure"), "text": .string(text)])
        }
        object["children"] = .array(node.children.map { encode($0, measuredTexts: measuredTexts) })
        return .object(object)
    }

    /// The STYLE keys of `style` that differ from `defaults`.
    public static func encode(_ style: LayoutStyle, defaults: LayoutStyle) -> [String: JSON] {
        var keys: [String: JSON] = [:]
        func keyword<T: Equatable>(_ name: String, _ value: T, _ defaultValue: T, _ table: [String: T]) {
            guard value != defaultValue, let text = table.first(where: { $0.value == value })?.key else { return }
            keys[name] = .string(text)
        }
        keyword("display", style.display, defaults.display, displays)
        keyword("positionType", style.positionType, defaults.positionType, positionTypes)
        keyword("direction", style.direction, defaults.direction, directions)
        keyword("flexDirection", style.flexDirection, defaults.flexDirection, flexDirections)
        keyword("flexWrap", style.flexWrap, defaults.flexWrap, wraps)
        keyword("justifyContent", style.justifyContent, defaults.justifyContent, justifications)
        keyword("alignItems", style.alignItems, defaults.alignItems, alignments)
        keyword("alignSelf", style.alignSelf, defaults.alignSelf, selfAlignments)
        keyword("alignContent", style.alignContent, defaults.alignContent, contentAlignments)
        keyword("boxSizing", style.boxSizing, defaults.boxSizing, boxSizings)
        keyword("overflow", style.overflow, defaults.overflow, overflows)
        for (name, value) in [("flexGrow", style.flexGrow), ("flexShrink", style.flexShrink), ("flex", style.flex),
                              ("aspectRatio", style.aspectRatio)] {
            if let value { keys[name] = .number(Double(value)) }
        }
        for (name, value, defaultValue) in [("flexBasis", style.flexBasis, defaults.flexBasis),
                                            ("width", style.width, defaults.width),
                                            ("height", style.height, defaults.height),
                                            ("minWidth", style.minWidth, defaults.minWidth),
                                            ("minHeight", style.minHeight, defaults.minHeight),
                                            ("maxWidth", style.maxWidth, defaults.maxWidth),
                                            ("maxHeight", style.maxHeight, defaults.maxHeight)] where value != defaultValue {
            keys[name] = encode(value, isMaximum: name.hasPrefix("max"))
        }
        for (name, edges) in [("margin", style.margin), ("padding", style.padding), ("border", style.border),
                              ("position", style.position)] where edges != EdgeValues() {
            var members: [String: JSON] = [:]
            for (edgeName, edge) in edgeNames where edges[edge].isDefined {
                members[edgeName] = encode(edges[edge], isMaximum: false)
            }
            keys[name] = .object(members)
        }
        if style.gap != GutterValues() {
            var members: [String: JSON] = [:]
            for (gutterName, gutter) in gutters where style.gap[gutter].isDefined {
                members[gutterName] = encode(style.gap[gutter], isMaximum: false)
            }
            keys["gap"] = .object(members)
        }
        return keys
    }

    private static func encode(_ value: LayoutValue, isMaximum: Bool) -> JSON {
        switch value.unit {
        case .point: return .number(Double(value.value))
        case .percent: return .string("\(LayoutValue.formatted(value.value))%")
        case .undefined: return .string(isMaximum ? "none" : "auto")
        default: return .string(value.description)
        }
    }
}

extension LayoutValue {
    /// A number as the corpus writes it (no trailing ".0").
    static func formatted(_ number: Float) -> String {
        number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : String(number)
    }
}

extension JSON {
    /// Compact JSON text (object members sorted by name).
    public var serialized: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): return JSON.quote(text)
        case .array(let items): return "[" + items.map(\.serialized).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { JSON.quote($0.key) + ":" + $0.value.serialized }
                .joined(separator: ",") + "}"
        }
    }

    /// `text` as a JSON string (the descriptions' escaping, ``AttributeValue``'s).
    private static func quote(_ text: String) -> String { AttributeValue.quoted(text) }
}

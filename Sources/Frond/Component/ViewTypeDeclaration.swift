/// The type of an attribute value: one per case of ``AttributeValue``.
public enum AttributeKind: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case number, bool, string, color, hostValue, action
    /// An ``ActionBlock``. An attribute declared `.action` accepts blocks too.
    case block

    public var description: String {
        switch self {
        case .number: return "number"
        case .bool: return "bool"
        case .string: return "string"
        case .color: return "color"
        case .hostValue: return "host value"
        case .action: return "action"
        case .block: return "action block"
        }
    }

    /// The description with its article, for messages: "a number", "an action".
    var withArticle: String { self == .action || self == .block ? "an \(description)" : "a \(description)" }
}

extension AttributeValue {
    /// The kind of this value.
    public var kind: AttributeKind {
        switch self {
        case .number: return .number
        case .bool: return .bool
        case .string: return .string
        case .color: return .color
        case .hostValue: return .hostValue
        case .action: return .action
        case .block: return .block
        }
    }
}

/// What a host accepts for one view type: the kind of each attribute it knows, and
/// whether it accepts attributes it does not know. A root given declarations (see
/// ``Root/declareViewType(_:_:)``) checks every component of a declared view type when
/// it is built, so a value of the wrong kind fails the flush instead of reaching the host.
///
/// Accessibility (``Accessibility``, mounted as `accessibilityLabel`, `accessibilityHint`
/// and `accessibilityTraits`) is never checked: every view may have it.
public struct ViewTypeDeclaration: Hashable, Sendable {
    /// What happens to an attribute the declaration does not name.
    public enum OtherAttributes: Hashable, Sendable {
        /// It fails the flush.
        case rejected
        /// It is mounted unchecked.
        case allowed
    }

    /// The declared attributes and their kinds.
    public var attributes: [String: AttributeKind]
    public var otherAttributes: OtherAttributes

    public init(attributes: [String: AttributeKind], otherAttributes: OtherAttributes = .rejected) {
        self.attributes = attributes
        self.otherAttributes = otherAttributes
    }

    /// The attributes of ``Text`` components (view type `"text"`).
    public static let text = ViewTypeDeclaration(attributes: [
        "text": .string, "fontSize": .number, "lineHeight": .number,
        "color": .color, "fontFamily": .string, "maxLines": .number,
    ])

    /// Throws when the declaration cannot be used (an empty attribute name).
    func validate(_ viewType: String) throws(FrondError) {
        guard !viewType.isEmpty else { throw FrondError(.invalidValue, "view type declaration: the view type is empty") }
        if attributes.keys.contains("") {
            throw FrondError(.invalidValue, "view type \"\(viewType)\": an attribute name is empty")
        }
    }
}

/// What view a component asks the host for: a view type the host understands (such as
/// `"label"`), attributes, and accessibility. A configuration without a view type is
/// viewless: the component takes part in layout, but its children are mounted into the
/// nearest ancestor that has a view.
public struct ViewConfiguration: Hashable, Sendable {
    /// The host's name for the view; nil for a viewless component.
    public let viewType: String?
    /// Attributes sorted by name, names unique.
    public let attributes: [Attribute]
    public let accessibility: Accessibility

    /// No view.
    public static let viewless = ViewConfiguration()

    private init() {
        viewType = nil
        attributes = []
        accessibility = Accessibility()
    }

    /// A view of `viewType` with `attributes`. The configuration is checked when the
    /// component is built (see ``validate(_:)``): the type must not be empty, names must
    /// not be empty or repeat, numbers must be finite and colors within 0…1.
    public init(_ viewType: String, attributes: AttributeList = [:], accessibility: Accessibility = Accessibility()) {
        self.init(viewType, orderedAttributes: attributes.attributes, accessibility: accessibility)
    }

    /// Like ``init(_:attributes:accessibility:)`` from a list of attributes.
    public init(_ viewType: String, orderedAttributes: [Attribute], accessibility: Accessibility = Accessibility()) {
        var attributes = orderedAttributes
        Self.sortByName(&attributes)
        self.init(viewType, sortedAttributes: attributes, accessibility: accessibility)
    }

    /// A configuration whose attributes are already sorted by name (built-in components).
    init(_ viewType: String, sortedAttributes: [Attribute], accessibility: Accessibility = Accessibility()) {
        self.viewType = viewType
        attributes = sortedAttributes
        self.accessibility = accessibility
    }

    /// Sorts by name; the short lists components usually have are sorted in place by
    /// insertion, with no work for a list already in order.
    private static func sortByName(_ attributes: inout [Attribute]) {
        guard attributes.count > 1 else { return }
        guard attributes.count <= 16 else {
            attributes.sort { $0.name < $1.name }
            return
        }
        for index in 1..<attributes.count where attributes[index].name < attributes[index - 1].name {
            var position = index
            let moving = attributes[index]
            while position > 0 && moving.name < attributes[position - 1].name {
                attributes[position] = attributes[position - 1]
                position -= 1
            }
            attributes[position] = moving
        }
    }

    /// Throws when the configuration cannot be mounted (see the initializers).
    public func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        guard let viewType else { return }
        guard !viewType.isEmpty else { throw FrondError(.invalidValue, "\(place()): the view type is empty") }
        // (Each attribute is read in place: copying one would retain its name and value.)
        for index in attributes.indices {
            guard !attributes[index].name.isEmpty else {
                throw FrondError(.invalidValue, "\(place()): an attribute name is empty")
            }
            if index > 0 && attributes[index - 1].name == attributes[index].name {
                throw FrondError(.invalidValue, "\(place()): attribute \"\(attributes[index].name)\" is given twice")
            }
            try attributes[index].value.validate("\(place()) attribute \"\(attributes[index].name)\"")
        }
    }

    public var hasView: Bool { viewType != nil }

    /// The value of one attribute.
    public subscript(name: String) -> AttributeValue? {
        attributes.first { $0.name == name }?.value
    }

    /// Attributes and accessibility as the host receives them (accessibility under the
    /// names `accessibilityLabel`, `accessibilityHint`, `accessibilityTraits` when set: each
    /// replaces an attribute of its name; other attributes, `accessibilityIdentifier` say,
    /// stay).
    var mountedAttributes: [Attribute] {
        var added: [Attribute] = []
        if let label = accessibility.label { added.append(Attribute(name: "accessibilityLabel", value: .string(label))) }
        if let hint = accessibility.hint { added.append(Attribute(name: "accessibilityHint", value: .string(hint))) }
        if accessibility.traits != 0 {
            added.append(Attribute(name: "accessibilityTraits", value: .number(Double(accessibility.traits))))
        }
        guard !added.isEmpty else { return attributes }
        let all = attributes.filter { attribute in !added.contains { $0.name == attribute.name } } + added
        return all.sorted { $0.name < $1.name }
    }
}

/// A view's attributes as a list: written as a dictionary literal,
/// `["title": .string("Hi"), "onTap": .action("go")]`, and changed by name
/// (`list["selected"] = .bool(true)`) — no dictionary is made. A name given twice in a
/// literal is reported when the component is built (a `Dictionary` literal would stop
/// the program).
public struct AttributeList: ExpressibleByDictionaryLiteral, Sendable {
    public private(set) var attributes: [Attribute]

    public init(dictionaryLiteral elements: (String, AttributeValue)...) {
        attributes = elements.map { Attribute(name: $0.0, value: $0.1) }
    }

    public init(_ attributes: [Attribute]) {
        self.attributes = attributes
    }

    /// The attributes of a dictionary.
    public init(_ dictionary: [String: AttributeValue]) {
        attributes = dictionary.map { Attribute(name: $0.key, value: $0.value) }
    }

    /// The value of the first attribute named `name`; setting nil removes every one.
    public subscript(name: String) -> AttributeValue? {
        get { attributes.first { $0.name == name }?.value }
        set {
            guard let newValue else {
                attributes.removeAll { $0.name == name }
                return
            }
            if let index = attributes.firstIndex(where: { $0.name == name }) {
                attributes[index].value = newValue
            } else {
                attributes.append(Attribute(name: name, value: newValue))
            }
        }
    }
}

/// A named attribute value.
public struct Attribute: Hashable, Sendable {
    public var name: String
    public var value: AttributeValue

    public init(name: String, value: AttributeValue) {
        self.name = name
        self.value = value
    }
}

/// What assistive technologies learn about a view.
public struct Accessibility: Hashable, Sendable {
    public var label: String?
    public var hint: String?
    /// Host-defined trait bits (button, header, selected, …).
    public var traits: UInt64

    public init(label: String? = nil, hint: String? = nil, traits: UInt64 = 0) {
        self.label = label
        self.hint = hint
        self.traits = traits
    }
}

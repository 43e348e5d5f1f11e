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
    public init(_ viewType: String, attributes: [String: AttributeValue] = [:],
                accessibility: Accessibility = Accessibility()) {
        self.init(viewType, orderedAttributes: attributes.map { Attribute(name: $0.key, value: $0.value) },
                  accessibility: accessibility)
    }

    /// Like ``init(_:attributes:accessibility:)`` from a list of attributes.
    public init(_ viewType: String, orderedAttributes: [Attribute], accessibility: Accessibility = Accessibility()) {
        self.viewType = viewType
        attributes = orderedAttributes.sorted { $0.name < $1.name }
        self.accessibility = accessibility
    }

    /// Throws when the configuration cannot be mounted (see the initializers).
    public func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        guard let viewType else { return }
        guard !viewType.isEmpty else { throw FrondError(.invalidValue, "\(place()): the view type is empty") }
        for index in attributes.indices {
            let name = attributes[index].name
            guard !name.isEmpty else { throw FrondError(.invalidValue, "\(place()): an attribute name is empty") }
            if index > 0 && attributes[index - 1].name == name {
                throw FrondError(.invalidValue, "\(place()): attribute \"\(name)\" is given twice")
            }
            _ = try attributes[index].value.validated("\(place()) attribute \"\(name)\"")
        }
    }

    public var hasView: Bool { viewType != nil }

    /// The value of one attribute.
    public subscript(name: String) -> AttributeValue? {
        attributes.first { $0.name == name }?.value
    }

    /// Attributes and accessibility as the host receives them (accessibility under the
    /// names `accessibilityLabel`, `accessibilityHint`, `accessibilityTraits` when set).
    var mountedAttributes: [Attribute] {
        guard accessibility != Accessibility() else { return attributes }
        var all = attributes.filter { !$0.name.hasPrefix("accessibility") }
        if let label = accessibility.label { all.append(Attribute(name: "accessibilityLabel", value: .string(label))) }
        if let hint = accessibility.hint { all.append(Attribute(name: "accessibilityHint", value: .string(hint))) }
        if accessibility.traits != 0 {
            all.append(Attribute(name: "accessibilityTraits", value: .number(Double(accessibility.traits))))
        }
        return all.sorted { $0.name < $1.name }
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

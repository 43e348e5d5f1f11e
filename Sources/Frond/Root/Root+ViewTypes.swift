extension Root {
    /// Declares what `viewType`'s views accept (replacing an earlier declaration of it).
    /// From the next flush on, a component of that view type whose attribute has another
    /// kind than declared, or (with `.rejected` other attributes) an attribute the
    /// declaration does not name, fails the flush with ``FrondError/Kind/invalidValue``,
    /// as any bad value does: the tree and the mounted views stay as they were. The first
    /// flush after a change checks the components already in the tree too. Accessibility
    /// is never checked. An empty view type or attribute name is
    /// ``FrondError/Kind/invalidValue`` (nothing is declared).
    public func declareViewType(_ viewType: String, _ declaration: ViewTypeDeclaration) throws(FrondError) {
        try viewTypes.declare(viewType, declaration)
    }

    /// Declares `viewType` with `attributes` (see ``declareViewType(_:_:)``).
    public func declareViewType(_ viewType: String, attributes: [String: AttributeKind],
                                otherAttributes: ViewTypeDeclaration.OtherAttributes = .rejected) throws(FrondError) {
        try declareViewType(viewType, ViewTypeDeclaration(attributes: attributes, otherAttributes: otherAttributes))
    }

    /// The declaration of a view type, if it has one.
    public func declaration(ofViewType viewType: String) -> ViewTypeDeclaration? {
        viewTypes.declarations[viewType]
    }

    /// Whether a component whose view type is not declared fails the flush (false: it is
    /// mounted unchecked). Declare `"text"` (``ViewTypeDeclaration/text``) too when
    /// this is true and the tree has ``Text`` components.
    public var requiresDeclaredViewTypes: Bool {
        get { viewTypes.requiresDeclaredViewTypes }
        set { viewTypes.requiresDeclaredViewTypes = newValue }
    }
}

/// A root's view type declarations, and the checks they make.
///
/// Builds check only while some are active (a build gets nil otherwise): then each
/// component with a view costs one lookup of its view type, and one lookup per attribute
/// when its type is declared.
struct ViewTypeDeclarations {
    private(set) var declarations: [String: ViewTypeDeclaration] = [:]
    /// Whether a view type without a declaration fails the flush.
    var requiresDeclaredViewTypes = false {
        didSet { if requiresDeclaredViewTypes != oldValue { version &+= 1 } }
    }
    /// Bumped by every change; the first flush after one checks the whole tree.
    private(set) var version: UInt64 = 0

    /// Whether anything would be checked.
    var isActive: Bool { requiresDeclaredViewTypes || !declarations.isEmpty }

    mutating func declare(_ viewType: String, _ declaration: ViewTypeDeclaration) throws(FrondError) {
        try declaration.validate(viewType)
        declarations[viewType] = declaration
        version &+= 1
    }

    /// Throws when `component`'s view does not match its type's declaration.
    func check(_ component: Component) throws(FrondError) {
        guard let viewType = component.view.viewType else { return }
        guard let declaration = declarations[viewType] else {
            if requiresDeclaredViewTypes {
                throw FrondError(.invalidValue, "\(component): view type \"\(viewType)\" is not declared")
            }
            return
        }
        for attribute in component.view.attributes {
            guard let expected = declaration.attributes[attribute.name] else {
                guard declaration.otherAttributes == .allowed else {
                    throw FrondError(.invalidValue, "\(component): attribute \"\(attribute.name)\" is not declared for view type \"\(viewType)\"")
                }
                continue
            }
            let given = attribute.value.kind
            guard given == expected || (expected == .action && given == .block) else {
                throw FrondError(.invalidValue, "\(component): attribute \"\(attribute.name)\" of view type \"\(viewType)\" must be \(expected.withArticle), not \(given.withArticle)")
            }
        }
    }

    /// Checks every component of a tree (after the declarations changed).
    func check(tree: TreeNode) throws(FrondError) {
        try check(tree.component)
        for child in tree.treeChildren { try check(tree: child) }
    }
}

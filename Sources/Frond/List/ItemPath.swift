/// An item's place in a sectioned list: its section, and its index in that section.
public struct ItemPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int = 0, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (left: ItemPath, right: ItemPath) -> Bool {
        (left.section, left.item) < (right.section, right.item)
    }

    /// `[section, item]`, as messages name it.
    public var description: String { "[\(section), \(item)]" }
}

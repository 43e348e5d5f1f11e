/// How a data source makes and sizes its items: each item's size range (for a vertical
/// list, `.flexibleHeight(width:)`: the list's width, the height from the content) and the
/// provider that turns an item's model into its component (ComponentKit's
/// `componentForModel:context:`; the context is whatever the closure captures). A provider
/// that throws shows its item as nothing and reports it (``DataSourceAppliedChanges/failures``).
public struct DataSourceConfiguration<Model>: @unchecked Sendable {
    public var sizeRange: SizeRange
    public var provider: (Model) throws(FrondError) -> Component?

    public init(sizeRange: SizeRange, provider: @escaping (Model) throws(FrondError) -> Component?) {
        self.sizeRange = sizeRange
        self.provider = provider
    }
}

/// One item of a data source: its model and its laid-out size.
public struct DataSourceItem<Model>: @unchecked Sendable {
    public let model: Model
    /// The last laid-out size (NaN width: never laid out).
    var storedSize: LayoutSize
    /// The item's own root (scope root, state, tree and layout): nil while it is not built
    /// (a data source that builds on demand leaves items unbuilt until they are asked for).
    let root: DataSourceItemRoot?
    /// What a released item keeps of its states (``KeptStates``): its root, built again,
    /// starts from them. Nil while it is built (its root has them).
    let kept: KeptStates?

    init(model: Model, size: LayoutSize?, root: DataSourceItemRoot?, kept: KeptStates? = nil) {
        self.model = model
        storedSize = size ?? unmeasuredSize
        self.root = root
        self.kept = root == nil ? kept : nil
    }

    /// The item's size as last laid out (zero for an item shown as nothing, or never laid
    /// out). An item released by an on-demand data source keeps its last size.
    public var size: LayoutSize { storedSize.width.isNaN ? LayoutSize(width: 0, height: 0) : storedSize }

    /// Whether the item was ever laid out (its ``size`` is real, not a placeholder).
    public var isLaidOut: Bool { !storedSize.width.isNaN }

    /// Whether the item is built now (it has its root, scopes and state).
    public var isBuilt: Bool { root != nil }

    /// The item's laid-out component tree (nil when it shows nothing or is not built). Read
    /// it on the data source's host thread: a build under way changes it when it is applied.
    public var layout: ComponentLayout? { root?.root.layout }
}

/// A size no layout gave (an item never laid out).
let unmeasuredSize = LayoutSize(width: .nan, height: .nan)

/// One section's items, stored column by column: the models as they were given (a section
/// made from an array of models keeps that array), and each item's root, last size and, for
/// a released item, the states it keeps.
/// Columns of concrete types keep the common steps (a big list loaded, an item built or
/// released) free of per-item work on the models.
public struct DataSourceSection<Model>: RandomAccessCollection, @unchecked Sendable {
    /// The items' models, in order.
    public private(set) var models: [Model]
    var roots: ChunkedColumn<DataSourceItemRoot?>
    /// NaN width: never laid out.
    var sizes: ChunkedColumn<LayoutSize>
    /// The states released items keep (nil for most: built items, and those whose states no
    /// update changed).
    var kept: ChunkedColumn<KeptStates?>
    /// The section's identity, for sectioned diffs (nil: none; a section that a changeset
    /// inserted, or that ``DataSource/setSections(_:mode:)`` made, has none).
    var identity: AnyHashable?

    /// A section of `models`, none of them built (no per-item work: the columns start empty).
    init(models: [Model]) {
        self.models = models
        roots = ChunkedColumn(repeating: nil, count: models.count)
        sizes = ChunkedColumn(repeating: unmeasuredSize, count: models.count)
        kept = ChunkedColumn(repeating: nil, count: models.count)
    }

    init(models: [Model], roots: ChunkedColumn<DataSourceItemRoot?>, sizes: ChunkedColumn<LayoutSize>,
         kept: ChunkedColumn<KeptStates?>) {
        self.models = models
        self.roots = roots
        self.sizes = sizes
        self.kept = kept
    }

    init(capacity: Int) {
        models = []
        roots = ChunkedColumn(repeating: nil, count: 0)
        sizes = ChunkedColumn(repeating: unmeasuredSize, count: 0)
        kept = ChunkedColumn(repeating: nil, count: 0)
        models.reserveCapacity(capacity)
        roots.reserveCapacity(capacity)
        sizes.reserveCapacity(capacity)
        kept.reserveCapacity(capacity)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { models.count }

    public subscript(position: Int) -> DataSourceItem<Model> {
        get { DataSourceItem(model: models[position], size: sizes[position], root: roots[position], kept: kept[position]) }
        set {
            models[position] = newValue.model
            roots[position] = newValue.root
            sizes[position] = newValue.storedSize
            // (Written only where there is or was something: most items keep nothing.)
            if newValue.kept != nil || kept[position] != nil { kept[position] = newValue.kept }
        }
    }

    mutating func append(_ item: DataSourceItem<Model>) {
        models.append(item.model)
        roots.append(item.root)
        sizes.append(item.storedSize)
        kept.append(item.kept)
    }

    /// Appends item `index` of `other` as it is.
    mutating func append(_ index: Int, of other: DataSourceSection<Model>) {
        models.append(other.models[index])
        roots.append(other.roots[index])
        sizes.append(other.sizes[index])
        kept.append(other.kept[index])
    }

    /// Sets an item's root, size and kept states, keeping its model (the models' column is
    /// not copied).
    mutating func setRoot(_ root: DataSourceItemRoot?, size: LayoutSize, kept states: KeptStates? = nil, at index: Int) {
        roots[index] = root
        sizes[index] = size
        if states != nil || kept[index] != nil { kept[index] = states }
    }
}

/// What a data source holds after its last applied modification: sections of items, each
/// with its model and laid-out size. A value: it does not change after it is read, and a
/// host may read it on any thread.
public struct DataSourceState<Model>: @unchecked Sendable {
    public internal(set) var sections: [DataSourceSection<Model>]
    /// The configuration the items were built with.
    public let configuration: DataSourceConfiguration<Model>
    /// Counts the state's changes: the applied modifications, and a list's builds of the
    /// items nearing its viewport (a build applies only onto the version it started from).
    public let version: UInt64
    /// The version of the last change that inserted, removed or moved items (new sections
    /// among them): the items' paths are the same in every state with this value. (A list
    /// asks for items by path; builds, releases and state updates keep the paths.)
    public let pathsVersion: UInt64

    init(sections: [DataSourceSection<Model>], configuration: DataSourceConfiguration<Model>, version: UInt64,
         pathsVersion: UInt64) {
        self.sections = sections
        self.configuration = configuration
        self.version = version
        self.pathsVersion = pathsVersion
    }

    public var sectionCount: Int { sections.count }

    /// The number of items in `section` (nil for a section the state lacks).
    public func itemCount(inSection section: Int) -> Int? {
        sections.indices.contains(section) ? sections[section].count : nil
    }

    /// The number of items in all sections.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.count } }

    /// The item at `path` (nil for a path out of range).
    public subscript(path: ItemPath) -> DataSourceItem<Model>? {
        guard contains(path) else { return nil }
        return sections[path.section][path.item]
    }

    func contains(_ path: ItemPath) -> Bool {
        sections.indices.contains(path.section) && sections[path.section].indices.contains(path.item)
    }

    /// The root of the item at `path` (nil: not built, or no such item).
    func root(at path: ItemPath) -> DataSourceItemRoot? {
        contains(path) ? sections[path.section].roots[path.item] : nil
    }

    /// Where `root` is now (nil: not in this state). Every modification that moves items
    /// records where the built ones went, so the item's last known place is its place.
    func path(of root: DataSourceItemRoot) -> ItemPath? {
        self.root(at: root.pathHint) === root ? root.pathHint : nil
    }
}

/// A changeset with the models it brings: the new model of each updated item (named by its
/// old path) and of each inserted item (named by its new path). The index rules are
/// ``ListChangeset``'s.
public struct DataSourceChangeset<Model>: @unchecked Sendable {
    public var updatedItems: [(path: ItemPath, model: Model)]
    public var removedItems: [ItemPath]
    public var removedSections: [Int]
    public var movedItems: [ListChangeset.Move]
    public var insertedSections: [Int]
    public var insertedItems: [(path: ItemPath, model: Model)]

    public init(updatedItems: [(path: ItemPath, model: Model)] = [], removedItems: [ItemPath] = [],
                removedSections: [Int] = [], movedItems: [ListChangeset.Move] = [], insertedSections: [Int] = [],
                insertedItems: [(path: ItemPath, model: Model)] = []) {
        self.updatedItems = updatedItems
        self.removedItems = removedItems
        self.removedSections = removedSections
        self.movedItems = movedItems
        self.insertedSections = insertedSections
        self.insertedItems = insertedItems
    }

    /// `changeset`'s changes with models: the n-th updated item gets `updatedModels[n]`, the
    /// n-th inserted item `insertedModels[n]`. Throws ``FrondError/Kind/invalidValue`` when
    /// a count differs.
    public init(_ changeset: ListChangeset, updatedModels: [Model], insertedModels: [Model]) throws(FrondError) {
        guard updatedModels.count == changeset.updatedItems.count else {
            throw FrondError(.invalidValue, "the changeset updates \(changeset.updatedItems.count) item(s) but "
                             + "\(updatedModels.count) updated model(s) were given")
        }
        guard insertedModels.count == changeset.insertedItems.count else {
            throw FrondError(.invalidValue, "the changeset inserts \(changeset.insertedItems.count) item(s) but "
                             + "\(insertedModels.count) inserted model(s) were given")
        }
        self.init(updatedItems: Array(zip(changeset.updatedItems, updatedModels)).map { (path: $0.0, model: $0.1) },
                  removedItems: changeset.removedItems, removedSections: changeset.removedSections,
                  movedItems: changeset.movedItems, insertedSections: changeset.insertedSections,
                  insertedItems: Array(zip(changeset.insertedItems, insertedModels)).map { (path: $0.0, model: $0.1) })
    }

    /// The changes without their models.
    public var changes: ListChangeset {
        ListChangeset(updatedItems: updatedItems.map(\.path), removedItems: removedItems,
                      removedSections: removedSections, movedItems: movedItems, insertedSections: insertedSections,
                      insertedItems: insertedItems.map(\.path))
    }
}

/// An item whose provider failed (or whose component could not be built or laid out): it
/// is shown as nothing.
public struct DataSourceItemFailure: Sendable, Hashable {
    /// The item's place after the modification.
    public var path: ItemPath
    public var error: FrondError

    public init(path: ItemPath, error: FrondError) {
        self.path = path
        self.error = error
    }
}

/// What one applied modification did, as a host's list view needs it.
public struct DataSourceAppliedChanges: Sendable, Hashable {
    /// The changes in UIKit's index spaces. Items rebuilt for a state update or a new
    /// configuration are in `updatedItems`.
    public var changes: ListChangeset
    /// Where each updated item is after the modification (its old path → its new one).
    public var updatedDestinations: [ListChangeset.Move]
    /// Items shown as nothing because their provider or their build failed.
    public var failures: [DataSourceItemFailure]
    /// Whether the updated items got new models (a changeset's updates, data diffing),
    /// rather than being rebuilt with theirs (state updates, a new configuration).
    public var replacesModels: Bool

    public init(changes: ListChangeset = ListChangeset(), updatedDestinations: [ListChangeset.Move] = [],
                failures: [DataSourceItemFailure] = [], replacesModels: Bool = false) {
        self.changes = changes
        self.updatedDestinations = updatedDestinations
        self.failures = failures
        self.replacesModels = replacesModels
    }
}

/// What a listener hears after each applied modification.
public struct DataSourceUpdate<Model>: @unchecked Sendable {
    public let previous: DataSourceState<Model>
    public let state: DataSourceState<Model>
    public let changes: DataSourceAppliedChanges
}

/// An item's own root: its scope root, state, component tree and layout.
final class DataSourceItemRoot: @unchecked Sendable {
    let root: Root
    /// Where the item was when last built (``DataSourceState/path(of:)`` checks it first).
    var pathHint: ItemPath

    init(root: Root, path: ItemPath) {
        self.root = root
        pathHint = path
    }
}

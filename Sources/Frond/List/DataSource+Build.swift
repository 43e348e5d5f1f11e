import Synchronization

/// What building one modification made: the new sections (built items prepared, not yet
/// committed), the changes to report, and how to undo the items' roots if it is not applied.
///
/// Building touches the items' roots (a prepared flush each, as ``Root/prepare()`` makes),
/// never the state it started from: ``commit(version:stateUpdateHandler:)`` (host thread)
/// commits every prepared root and reads its size; ``discard()`` puts every root back as it was.
final class DataSourceBuilt<Model>: @unchecked Sendable {
    let baseVersion: UInt64
    private let basePathsVersion: UInt64
    /// Whether the modification inserted, removed or moved items or sections.
    private let changesPaths: Bool
    private var sections: [DataSourceSection<Model>]
    private let configuration: DataSourceConfiguration<Model>
    let changes: DataSourceAppliedChanges
    /// Whether the modification only built or released items (nothing for listeners).
    let isLoad: Bool
    private let prepared: [DataSourceItemBuilder<Model>.Prepared]
    /// Where the built items are after a modification that moved items (nil: none moved).
    private let builtPaths: [(DataSourceItemRoot, ItemPath)]?

    private init(base: DataSourceState<Model>, builder: DataSourceItemBuilder<Model>,
                 sections: [DataSourceSection<Model>], changes: ListChangeset = ListChangeset(),
                 destinations: [ListChangeset.Move] = [], isLoad: Bool = false, movesItems: Bool,
                 replacesModels: Bool = false) {
        baseVersion = base.version
        basePathsVersion = base.pathsVersion
        changesPaths = !(changes.removedItems.isEmpty && changes.insertedItems.isEmpty && changes.movedItems.isEmpty
                         && changes.removedSections.isEmpty && changes.insertedSections.isEmpty)
        self.sections = sections
        configuration = builder.configuration
        self.changes = DataSourceAppliedChanges(changes: changes, updatedDestinations: destinations,
                                                failures: builder.failures, replacesModels: replacesModels)
        self.isLoad = isLoad
        prepared = builder.prepared
        if movesItems {
            var paths: [(DataSourceItemRoot, ItemPath)] = []
            for (section, items) in sections.enumerated() {
                items.roots.forEachStored { index, root in
                    if let root { paths.append((root, ItemPath(section: section, item: index))) }
                }
            }
            builtPaths = paths
        } else {
            builtPaths = nil
        }
    }

    /// Builds `modification` onto `base` (any thread). Throws when it does not fit the base
    /// (nothing built stays built) or when `cancelled` is set.
    static func build(_ modification: DataSourceModification<Model>, on base: DataSourceState<Model>,
                      measurer: any TextMeasurer, onDemand: Bool,
                      cancelled: DataSourceCancellation) throws(FrondError) -> DataSourceBuilt {
        var builder = DataSourceItemBuilder(configuration: base.configuration, measurer: measurer, onDemand: onDemand,
                                            cancelled: cancelled)
        do {
            switch modification {
            case .changeset(let changeset):
                return try build(changeset, on: base, &builder)
            case .configuration(let configuration):
                builder.configuration = configuration
                return try rebuildAll(on: base, &builder)
            case .items(let section, let models, let diff):
                return try build(section: section, models: models, diff: diff, on: base, &builder)
            case .sections(let models):
                return try replace(with: models, on: base, &builder)
            case .identifiedSections(let identities, let models, let diff):
                return try build(sections: identities, models: models, diff: diff, on: base, &builder)
            case .stateUpdates(let roots):
                return try buildStateUpdates(roots ?? [], on: base, &builder)
            case .load(let request):
                return try load(request(base), on: base, &builder)
            }
        } catch {
            builder.discard()
            throw error
        }
    }

    private static func build(_ changeset: DataSourceChangeset<Model>, on base: DataSourceState<Model>,
                              _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        let changes = changeset.changes
        // Each new place's old path (nil: inserted), by the changeset's own rules.
        let oldPaths = base.sections.enumerated().map { section, items in
            items.indices.map { ItemPath(section: section, item: $0) as ItemPath? }
        }
        let origins = try changes.apply(to: oldPaths, insert: { _ in nil }, update: { _, origin in origin })
        // Which update names each old item (-1: none), in arrays: one look-up per item.
        // (Verified above: the paths are distinct.)
        var updateOf = base.sections.map { [Int](repeating: -1, count: $0.count) }
        for (number, (path, _)) in changeset.updatedItems.enumerated() { updateOf[path.section][path.item] = number }
        var insertedModels = [ItemPath: Model](minimumCapacity: changeset.insertedItems.count)
        for (path, model) in changeset.insertedItems { insertedModels[path] = model }
        var destinations: [ListChangeset.Move] = []
        destinations.reserveCapacity(changeset.updatedItems.count)
        let oldModels = base.sections.map(\.models)
        let oldRoots = base.sections.map(\.roots)
        let oldSizes = base.sections.map(\.sizes)
        let oldKept = base.sections.map(\.kept)
        let identities = keptIdentities(of: base, after: changes, sectionCount: origins.count)
        var sections: [DataSourceSection<Model>] = []
        sections.reserveCapacity(origins.count)
        for (section, slots) in origins.enumerated() {
            // Column by column: the models copied over, the roots and sizes set where the
            // old columns hold some (few, in a list that builds on demand).
            var models: [Model] = []
            models.reserveCapacity(slots.count)
            var roots = ChunkedColumn<DataSourceItemRoot?>(repeating: nil, count: slots.count)
            var sizes = ChunkedColumn<LayoutSize>(repeating: unmeasuredSize, count: slots.count)
            var kept = ChunkedColumn<KeptStates?>(repeating: nil, count: slots.count)
            func place(_ item: DataSourceItem<Model>, at index: Int) {
                models.append(item.model)
                if let root = item.root { roots[index] = root }
                if item.isLaidOut { sizes[index] = item.storedSize }
                if let states = item.kept { kept[index] = states }
            }
            for (index, origin) in slots.enumerated() {
                let path = ItemPath(section: section, item: index)
                if let origin {
                    let update = updateOf[origin.section][origin.item]
                    if update >= 0 {
                        let old = base.sections[origin.section][origin.item]
                        place(try builder.item(changeset.updatedItems[update].model, at: path, replacing: old), at: index)
                        destinations.append(ListChangeset.Move(from: origin, to: path))
                    } else {
                        models.append(oldModels[origin.section][origin.item])
                        if let root = oldRoots[origin.section][origin.item] { roots[index] = root }
                        let size = oldSizes[origin.section][origin.item]
                        if !size.width.isNaN { sizes[index] = size }
                        if let states = oldKept[origin.section][origin.item] { kept[index] = states }
                    }
                } else if let model = insertedModels[path] {
                    place(try builder.item(model, at: path, replacing: nil), at: index)
                } else {
                    throw FrondError(.invalidValue, "insertedItems: no model for \(path)")
                }
            }
            var built = DataSourceSection(models: models, roots: roots, sizes: sizes, kept: kept)
            built.identity = identities[section]
            sections.append(built)
        }
        return DataSourceBuilt(base: base, builder: builder, sections: sections, changes: changes,
                               destinations: destinations, movesItems: true, replacesModels: true)
    }

    /// The identities of the sections after `changes`: the sections that stay keep theirs
    /// (in their order, around the inserted ones), an inserted one has none.
    private static func keptIdentities(of base: DataSourceState<Model>, after changes: ListChangeset,
                                       sectionCount: Int) -> [AnyHashable?] {
        var identities = [AnyHashable?](repeating: nil, count: sectionCount)
        let removed = Set(changes.removedSections), inserted = Set(changes.insertedSections)
        var places = (0..<sectionCount).lazy.filter { !inserted.contains($0) }.makeIterator()
        for (section, items) in base.sections.enumerated() where !removed.contains(section) {
            guard let place = places.next() else { break }
            identities[place] = items.identity
        }
        return identities
    }

    /// A sectioned diff: the sections become `models`, with the identities `identities`,
    /// through the changeset `diff` finds from the old sections. Paired items take their
    /// new models, keep their roots and state, and are built again only when updated.
    private static func build(sections identities: [AnyHashable], models: [[Model]],
                              diff: DataSourceModification<Model>.SectionsDiff, on base: DataSourceState<Model>,
                              _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        let changes = try diff(base.sections.map(\.identity), base.sections.map(\.models))
        let oldPaths = base.sections.enumerated().map { section, items in
            items.indices.map { ItemPath(section: section, item: $0) as ItemPath? }
        }
        let origins = try changes.apply(to: oldPaths, insert: { _ in nil }, update: { _, origin in origin })
        guard origins.map(\.count) == models.map(\.count) else {
            throw FrondError(.invalidValue, "sectioned diff: its changeset does not lead to the sections given")
        }
        var updated = base.sections.map { [Bool](repeating: false, count: $0.count) }
        for path in changes.updatedItems { updated[path.section][path.item] = true }
        var destinations: [ListChangeset.Move] = []
        destinations.reserveCapacity(changes.updatedItems.count)
        var sections: [DataSourceSection<Model>] = []
        sections.reserveCapacity(models.count)
        for (section, slots) in origins.enumerated() {
            var items = DataSourceSection<Model>(capacity: slots.count)
            items.identity = identities[section]
            for (index, origin) in slots.enumerated() {
                let path = ItemPath(section: section, item: index), model = models[section][index]
                guard let origin else {
                    items.append(try builder.item(model, at: path, replacing: nil))
                    continue
                }
                let old = base.sections[origin.section]
                if updated[origin.section][origin.item] {
                    items.append(try builder.item(model, at: path, replacing: old[origin.item]))
                    destinations.append(ListChangeset.Move(from: origin, to: path))
                } else {
                    // The same content: the item keeps its tree and takes the new model.
                    items.append(DataSourceItem(model: model, size: old.sizes[origin.item], root: old.roots[origin.item],
                                                kept: old.kept[origin.item]))
                }
            }
            sections.append(items)
        }
        return DataSourceBuilt(base: base, builder: builder, sections: sections, changes: changes,
                               destinations: destinations, movesItems: true, replacesModels: true)
    }

    private static func rebuildAll(on base: DataSourceState<Model>,
                                   _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        var changes = ListChangeset()
        changes.updatedItems.reserveCapacity(base.sections.reduce(0) { $0 + $1.count })
        var sections = base.sections
        for (section, items) in base.sections.enumerated() {
            changes.updatedItems.append(contentsOf: items.indices.lazy.map { ItemPath(section: section, item: $0) })
            guard builder.onDemand else {
                for (index, item) in items.enumerated() {
                    sections[section][index] = try builder.item(item.model, at: path(section, index), replacing: item)
                }
                continue
            }
            // Built on demand: the built items are built again, the others keep their models
            // and lose their sizes (the old configuration's) until they are built. (No work
            // per unbuilt item: the new columns start empty, the models' is shared.)
            var built: [Int] = []
            items.roots.forEachStored { index, root in if root != nil { built.append(index) } }
            var rebuilt = DataSourceSection(models: items.models)
            rebuilt.kept = items.kept
            rebuilt.identity = items.identity
            for index in built {
                let item = try builder.item(items.models[index], at: path(section, index), replacing: items[index])
                rebuilt.setRoot(item.root, size: item.storedSize, at: index)
            }
            sections[section] = rebuilt
        }
        let destinations = changes.updatedItems.map { ListChangeset.Move(from: $0, to: $0) }
        return DataSourceBuilt(base: base, builder: builder, sections: sections, changes: changes,
                               destinations: destinations, movesItems: false)
    }

    private static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    static func checkDiffSection(_ section: Int, sectionCount: Int) throws(FrondError) {
        guard section >= 0, section < sectionCount || (sectionCount == 0 && section == 0) else {
            throw FrondError(.invalidValue, "setItems: section \(section) is out of range (the data source has "
                             + "\(sectionCount) section(s); an empty one takes section 0)")
        }
    }

    private static func build(section: Int, models: [Model], diff: DataSourceModification<Model>.Diff,
                              on base: DataSourceState<Model>,
                              _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        try checkDiffSection(section, sectionCount: base.sections.count)
        let oldItems = section < base.sections.count ? base.sections[section] : DataSourceSection(models: [])
        var (changes, oldOfNew) = try diff(oldItems.models)
        var updated = [Bool](repeating: false, count: oldItems.count)
        for path in changes.updatedItems { updated[path.item] = true }
        var destinations: [ListChangeset.Move] = []
        destinations.reserveCapacity(changes.updatedItems.count)
        var items = DataSourceSection<Model>(capacity: models.count)
        for (index, model) in models.enumerated() {
            let path = ItemPath(section: section, item: index)
            let oldIndex = oldOfNew[index]
            if oldIndex < 0 {
                items.append(try builder.item(model, at: path, replacing: nil))
            } else if updated[oldIndex] {
                items.append(try builder.item(model, at: path, replacing: oldItems[oldIndex]))
                destinations.append(ListChangeset.Move(from: ItemPath(section: section, item: oldIndex), to: path))
            } else {
                // The same content: the item keeps its tree and takes the new model.
                items.append(DataSourceItem(model: model, size: oldItems.sizes[oldIndex], root: oldItems.roots[oldIndex],
                                            kept: oldItems.kept[oldIndex]))
            }
        }
        var sections = base.sections
        if sections.isEmpty {
            sections = [items]
            changes = ListChangeset(insertedSections: [0])
        } else {
            items.identity = sections[section].identity
            sections[section] = items
        }
        return DataSourceBuilt(base: base, builder: builder, sections: sections, changes: changes,
                               destinations: destinations, movesItems: true, replacesModels: true)
    }

    private static func replace(with models: [[Model]], on base: DataSourceState<Model>,
                                _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        var sections: [DataSourceSection<Model>] = []
        sections.reserveCapacity(models.count)
        for (section, sectionModels) in models.enumerated() {
            if builder.onDemand {
                // (The common case of a big list: the section keeps the array it was given.)
                sections.append(DataSourceSection(models: sectionModels))
                continue
            }
            var items = DataSourceSection<Model>(capacity: sectionModels.count)
            for (index, model) in sectionModels.enumerated() {
                items.append(try builder.item(model, at: ItemPath(section: section, item: index), replacing: nil))
            }
            sections.append(items)
        }
        let changes = ListChangeset(removedSections: Array(base.sections.indices), insertedSections: Array(models.indices))
        return DataSourceBuilt(base: base, builder: builder, sections: sections, changes: changes, movesItems: false)
    }

    private static func buildStateUpdates(_ roots: [DataSourceItemRoot], on base: DataSourceState<Model>,
                                          _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        var changes = ListChangeset()
        for itemRoot in roots {
            // (An item removed meanwhile has nothing to show; its size is read at the commit.)
            guard let path = base.path(of: itemRoot), try builder.rebuildState(of: itemRoot, at: path) else { continue }
            changes.updatedItems.append(path)
        }
        changes.updatedItems.sort()
        let destinations = changes.updatedItems.map { ListChangeset.Move(from: $0, to: $0) }
        return DataSourceBuilt(base: base, builder: builder, sections: base.sections, changes: changes,
                               destinations: destinations, movesItems: false)
    }

    private static func load(_ request: DataSourceLoadRequest, on base: DataSourceState<Model>,
                             _ builder: inout DataSourceItemBuilder<Model>) throws(FrondError) -> DataSourceBuilt {
        var sections = base.sections
        // Releases first: a path in both lists is built afresh. (Only the roots' and sizes'
        // columns change: the models' is shared with the base.)
        for path in request.release {
            guard let released = base.root(at: path) else { continue }
            sections[path.section].setRoot(nil, size: base.sections[path.section].sizes[path.item],
                                           kept: released.root.takeKeptStates(), at: path.item)
        }
        let appearing = Set(request.appearing)
        for path in request.build where base.contains(path) && sections[path.section].roots[path.item] == nil {
            let item = sections[path.section][path.item]
            let built = try builder.item(item.model, at: path, replacing: item, building: true,
                                         appearing: appearing.contains(path))
            sections[path.section].setRoot(built.root, size: built.storedSize, at: path.item)
        }
        return DataSourceBuilt(base: base, builder: builder, sections: sections, isLoad: true, movesItems: false)
    }

    /// Commits every prepared item root (host thread) and returns the new state. Items
    /// built for the first time report their scopes' state updates to `stateUpdateHandler`,
    /// and are handed to `willMount` before their first commit. With an `animationClock`,
    /// the animations each commit starts begin at that time.
    func commit(version: UInt64, stateUpdateHandler: @escaping @Sendable (DataSourceItemRoot) -> Void,
                willMount: ((DataSourceItemRoot) -> Void)? = nil, animationClock: Double? = nil) -> DataSourceState<Model> {
        if let builtPaths {
            for (root, path) in builtPaths { root.pathHint = path }
        }
        for item in prepared {
            let root = item.itemRoot.root
            item.itemRoot.pathHint = item.path
            if item.isNew {
                willMount?(item.itemRoot)
                root.setFlushRequestHandler { [weak itemRoot = item.itemRoot] in
                    if let itemRoot { stateUpdateHandler(itemRoot) }
                }
            }
            if let animationClock { root.advanceAnimationClock(to: animationClock) }
            // (Each was prepared by this build: commit cannot refuse.)
            _ = try? root.commit()
            sections[item.path.section].sizes[item.path.item] = root.laidOutSize
        }
        return DataSourceState(sections: sections, configuration: configuration, version: version,
                               pathsVersion: changesPaths ? version : basePathsVersion)
    }

    /// Puts every item root this build prepared back as it was.
    func discard() {
        DataSourceItemBuilder<Model>.discard(prepared)
    }
}

/// Which items a data source that builds on demand builds and releases (see
/// ``DataSource/load(_:mode:)``): paths in the state the modification is built onto.
public struct DataSourceLoadRequest: Sendable {
    public var build: [ItemPath]
    public var release: [ItemPath]
    /// The paths of `build` whose components start their initial-mount animations (items a
    /// change just inserted); the others appear at rest (items that only came near the
    /// viewport).
    public var appearing: [ItemPath]

    public init(build: [ItemPath] = [], release: [ItemPath] = [], appearing: [ItemPath] = []) {
        self.build = build
        self.release = release
        self.appearing = appearing
    }
}

/// Set when a data source is cancelled: a build under way stops at its next item.
final class DataSourceCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    var isCancelled: Bool { flag.load(ordering: .acquiring) }

    func cancel() { flag.store(true, ordering: .releasing) }
}

/// Builds items one by one for a modification, remembering what it prepared and what failed.
struct DataSourceItemBuilder<Model> {
    var configuration: DataSourceConfiguration<Model>
    let measurer: any TextMeasurer
    /// Whether items are built only when asked for (``DataSourceLoadRequest``) or while built.
    let onDemand: Bool
    let cancelled: DataSourceCancellation
    private(set) var prepared: [Prepared] = []
    private(set) var failures: [DataSourceItemFailure] = []

    /// An item root with a prepared flush, and what to put back if the build is dropped.
    struct Prepared {
        let itemRoot: DataSourceItemRoot
        let path: ItemPath
        let isNew: Bool
        let component: Component?
        let componentChanged: Bool
        let sizeRange: SizeRange
    }

    init(configuration: DataSourceConfiguration<Model>, measurer: any TextMeasurer, onDemand: Bool,
         cancelled: DataSourceCancellation) {
        self.configuration = configuration
        self.measurer = measurer
        self.onDemand = onDemand
        self.cancelled = cancelled
    }

    /// The item for `model` at `path`, replacing `old` (nil: a new item): built (reusing the
    /// old item's root, with its scopes and state) unless the data source builds on demand
    /// and the item is not built (nor asked to be, with `building`): then it only takes the
    /// model, and its old size stays as a guess until it is laid out.
    /// `appearing` false: a new root's components do not start initial-mount animations.
    mutating func item(_ model: Model, at path: ItemPath, replacing old: DataSourceItem<Model>?,
                       building: Bool = false, appearing: Bool = true) throws(FrondError) -> DataSourceItem<Model> {
        guard building || !onDemand || old?.root != nil else {
            return DataSourceItem(model: model, size: nil, root: nil, kept: old?.kept)
        }
        return try build(model, at: path, reusing: old?.root, restoring: old?.kept, appearing: appearing)
    }

    /// Makes `model`'s component and prepares it in the item's root (`reusing` the item's
    /// root, with its scopes and state, or a new one). A provider that throws, or a component
    /// that cannot be built or laid out, leaves the item showing nothing, and is reported.
    private mutating func build(_ model: Model, at path: ItemPath, reusing existing: DataSourceItemRoot?,
                                restoring kept: KeptStates? = nil,
                                appearing: Bool = true) throws(FrondError) -> DataSourceItem<Model> {
        try checkCancelled()
        var failure: FrondError? = nil
        var component: Component? = nil
        do {
            component = try configuration.provider(model)
        } catch {
            failure = error
        }
        let itemRoot = existing ?? DataSourceItemRoot(root: Root(sizeRange: configuration.sizeRange,
                                                                 textMeasurer: measurer), path: path)
        let root = itemRoot.root
        let saved = Prepared(itemRoot: itemRoot, path: path, isNew: existing == nil, component: root.component,
                             componentChanged: root.componentChanged, sizeRange: root.sizeRange)
        // (A released item built again starts from the states it kept.)
        if existing == nil, let kept { root.statesToRestore = kept }
        if existing == nil { root.skipsInitialMountAnimations = !appearing }
        root.sizeRange = configuration.sizeRange
        root.setComponent(component)
        do {
            try root.prepare()
        } catch {
            failure = failure ?? error
            root.setComponent(nil)
            do {
                try root.prepare()
            } catch {
                Self.restore(saved)
                throw error
            }
        }
        prepared.append(saved)
        if let failure { failures.append(DataSourceItemFailure(path: path, error: failure)) }
        return DataSourceItem(model: model, size: nil, root: itemRoot)
    }

    /// Prepares an item root whose scopes have state updates. Returns false when its build
    /// fails: the item then stays as it was (and is reported).
    mutating func rebuildState(of itemRoot: DataSourceItemRoot, at path: ItemPath) throws(FrondError) -> Bool {
        try checkCancelled()
        let root = itemRoot.root
        let saved = Prepared(itemRoot: itemRoot, path: path, isNew: false, component: root.component,
                             componentChanged: root.componentChanged, sizeRange: root.sizeRange)
        do {
            try root.prepare()
        } catch {
            failures.append(DataSourceItemFailure(path: path, error: error))
            return false
        }
        prepared.append(saved)
        return true
    }

    private func checkCancelled() throws(FrondError) {
        if cancelled.isCancelled { throw FrondError(.misuse, "the data source was cancelled (cancelAndWait)") }
    }

    /// Puts back every root prepared so far (the build is dropped).
    func discard() {
        Self.discard(prepared)
    }

    static func discard(_ prepared: [Prepared]) {
        for item in prepared.reversed() where !item.isNew {
            _ = try? item.itemRoot.root.discardPrepared()
            restore(item)
        }
    }

    private static func restore(_ saved: Prepared) {
        let root = saved.itemRoot.root
        root.component = saved.component
        root.componentChanged = saved.componentChanged
        root.sizeRange = saved.sizeRange
    }
}

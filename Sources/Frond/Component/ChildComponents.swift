import CPrefetch
/// The components inside a component, in order, as the build reads them: without making
/// an array for a single child or a flexbox's children (a list of thousands of rows
/// would make thousands of arrays per build).
///
/// (`@_eagerMove`: a value's lifetime ends at its last use, not at the end of its scope,
/// so that the build hands each component's children on without retaining and
/// releasing them around the call that builds them. Nothing reads through the value
/// after its last use.)
@_eagerMove
struct ChildComponents {
    private enum Storage {
        case none
        case one(Component)
        /// A flexbox's children (their components are never nil: ``Flexbox`` drops those).
        case flexChildren([FlexChild])
        case list([Component])
    }
    private let storage: Storage

    static let none = ChildComponents(storage: .none)

    private init(storage: Storage) {
        self.storage = storage
    }

    init(_ components: [Component]) {
        storage = components.isEmpty ? .none : .list(components)
    }

    init(one component: Component?) {
        storage = component.map { .one($0) } ?? .none
    }

    init(flexChildren children: [FlexChild]) {
        storage = children.isEmpty ? .none : .flexChildren(children)
    }

    var count: Int {
        switch storage {
        case .none: return 0
        case .one: return 1
        case .flexChildren(let children): return children.count
        case .list(let components): return components.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Asks for the first bytes of the component at `index`, if there is one (returns at
    /// once; the component is not retained).
    @inline(__always)
    func prefetch(_ index: Int, bytes: Int) {
        switch storage {
        case .none, .one: return
        case .flexChildren(let children):
            children.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, buffer.indices.contains(index),
                      let component = base[index].component else { return }
                frond_prefetch_bytes(Unmanaged.passUnretained(component).toOpaque(), bytes)
            }
        case .list(let components):
            guard components.indices.contains(index) else { return }
            frond_prefetch_bytes(components.lent(index).toOpaque(), bytes)
        }
    }

    /// The component at `index` (below ``count``); nil only for a flexbox child without
    /// one, which a ``Flexbox`` never keeps.
    subscript(index: Int) -> Component? {
        switch storage {
        case .none: return nil
        case .one(let component): return index == 0 ? component : nil
        case .flexChildren(let children):
            // (The component is read in place: copying the child would retain its edges too.)
            return children.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress, buffer.indices.contains(index) else { return nil }
                return base[index].component
            }
        case .list(let components): return components.indices.contains(index) ? components[index] : nil
        }
    }
}

/// A view's number in a root: never reused while the root lives. View 0 is the host's
/// root container; every other view is created by a ``Mutation/create(_:viewType:)``.
public struct ViewID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// The host's root container, which every top-level view is inserted into.
    public static let root = ViewID(0)

    public static func < (lhs: ViewID, rhs: ViewID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "v\(rawValue)" }
}

/// One change the host applies to its views. A commit lists them in an order the host
/// can apply one by one: a view is created before it is updated or inserted, and indices
/// refer to the parent's children at that moment.
///
/// When a view leaves, the top of what leaves is removed from its parent, then every view
/// of that subtree is destroyed, children before their parent. The views inside get no
/// `remove`: they are destroyed still inside their (already removed) parent. So a host may
/// detach a view from its parent when its `destroy` comes, or free a removed subtree as a
/// unit. A `destroy` never names a view of the mounted tree (reachable from view 0), nor
/// one whose children are not destroyed yet; when a commit ends, every live view is in the
/// mounted tree (a view kept for a final-unmount animation stays in its place until the
/// tick that ends it removes and destroys it). (frond.h says the same for C hosts.)
public enum Mutation: Hashable, Sendable, CustomStringConvertible {
    /// Create a view of `viewType` (not yet in any parent).
    case create(ViewID, viewType: String)
    /// Set the listed attributes and clear (unapply) the named ones.
    case update(ViewID, set: [Attribute], unset: [String])
    /// Place the view within its parent view (coordinates relative to the parent).
    case setFrame(ViewID, LayoutFrame)
    /// Insert `child` among `parent`'s children at `index`.
    case insert(child: ViewID, parent: ViewID, index: Int)
    /// Take `child` out of `parent`'s children and put it back at `index`.
    case move(child: ViewID, parent: ViewID, index: Int)
    /// Take `child` out of `parent`'s children.
    case remove(child: ViewID, parent: ViewID)
    /// The view is gone for good (its children were destroyed before it). The top view of a
    /// leaving subtree was removed first; the views inside it are destroyed in place.
    case destroy(ViewID)

    public var description: String {
        switch self {
        case .create(let view, let type): return "create \(view) \(type)"
        case .update(let view, let set, let unset):
            var parts = set.map { "\($0.name)=\($0.value)" }
            parts += unset.map { "-\($0)" }
            return "update \(view) " + parts.joined(separator: " ")
        case .setFrame(let view, let frame): return "frame \(view) \(frame)"
        case .insert(let child, let parent, let index): return "insert \(child) into \(parent) at \(index)"
        case .move(let child, let parent, let index): return "move \(child) in \(parent) to \(index)"
        case .remove(let child, let parent): return "remove \(child) from \(parent)"
        case .destroy(let view): return "destroy \(view)"
        }
    }
}

/// Counts of what a commit did.
public struct CommitStatistics: Hashable, Sendable {
    /// Components in the tree after the commit.
    public var components = 0
    /// Tree nodes built (new or changed) in this commit's build.
    public var builtNodes = 0
    /// Subtrees taken over whole from the previous tree (nothing in them changed).
    public var reusedSubtrees = 0
    /// Calls of render components' `render`.
    public var renders = 0
    /// Calls of `shouldUpdate(from:)`.
    public var shouldUpdateCalls = 0
    /// Scopes created and destroyed (components that entered and left the tree).
    public var scopesCreated = 0
    public var scopesDestroyed = 0
    /// State updates applied (and dropped because their component had left the tree).
    public var stateUpdates = 0
    public var droppedStateUpdates = 0
    /// Layout nodes laid out again (not answered from their caches), and calls to
    /// measure functions (text measurers).
    public var layouts = 0
    public var measureCalls = 0
    public var mutations = 0
    /// Wall-clock time of the flush's phases: applying state updates and building the
    /// tree, laying it out, diffing it against the mounted views and calling the host, and
    /// then releasing what only the previous tree used (the components the build replaced,
    /// freed once the host has the commit).
    public var buildNanoseconds: UInt64 = 0
    public var layoutNanoseconds: UInt64 = 0
    public var mountNanoseconds: UInt64 = 0
    public var releaseNanoseconds: UInt64 = 0
    public var created = 0
    public var destroyed = 0
    public var moved = 0
    public var updated = 0
    /// Mounted views the mount step looked at (it skips the views whose components and
    /// frames did not change).
    public var viewsVisited = 0
    public init() {}
}

/// Receives the mutations of each commit, in order, between `begin` and `end`.
/// The root calls it on the thread that flushes; it must not flush the root again.
public protocol Host: AnyObject {
    func beginCommit()
    func apply(_ mutation: Mutation)
    func endCommit()
}

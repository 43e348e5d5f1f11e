/// Stable identities for the components of successive builds.
///
/// A component's identity is its parent's identity, its type, and its key (or, without
/// a key, how many keyless siblings of its type come before it). The table hands out a
/// number per identity and gives the same number to the same identity in the next
/// build; the mount step matches views by these numbers, so a keyed component keeps its
/// view when its siblings are reordered.
final class IdentityTable {
    struct Key: Hashable {
        let parent: Int
        let type: ObjectIdentifier
        let key: String?
        let counter: Int
    }

    /// The identity of the (invisible) root everything hangs from.
    static let rootIdentity = 0

    private var previous: [Key: Int] = [:]
    private var current: [Key: Int] = [:]
    private var nextIdentity = 1

    /// The number for `key` in the build in progress (the one it had in the last build,
    /// if any).
    func identity(for key: Key) -> Int {
        if let known = current[key] { return known }
        let identity: Int
        if let known = previous[key] {
            identity = known
        } else {
            identity = nextIdentity
            nextIdentity += 1
        }
        current[key] = identity
        return identity
    }

    /// Ends a build: its identities become the ones the next build reuses.
    func commit() {
        previous = current
        current = [:]
    }

    /// Abandons a build that failed: the next build reuses the last committed identities.
    func discard() {
        current = [:]
    }
}

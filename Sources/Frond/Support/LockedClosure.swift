import Synchronization

/// A closure kept in a `Mutex`, in a struct of its own.
///
/// A function value kept directly in a `Mutex` sits in its generic storage, in another
/// representation than the caller's: every `withLock { $0 }` converted it both ways, and the
/// inout access stored the converted one back, one wrapper deeper. A data source read its
/// executor so for every build, and a root its flush request handler for every state update:
/// after 10,000 builds, calling the executor went through 20,000 wrappers (1.3 MB of stack,
/// and a crash some tens of thousands of builds later). A struct is stored as it is.
struct LockedClosure<Function>: @unchecked Sendable {
    let call: Function
}

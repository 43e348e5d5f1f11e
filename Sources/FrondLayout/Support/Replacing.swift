/// Stores `newValue` in `storage` and hands back the value it replaces, for the caller to
/// let go of once the store is over.
///
/// Replacing a callback, a host or props can release the last reference to a value whose
/// end runs foreign code: a C destroy function, a Python finalizer. That code may call
/// the engine again, and even replace the same thing once more. Released inside the store
/// (during a property's modify access, or under the lock that guards it), it would meet
/// the access still open (Swift traps: "simultaneous accesses") or the lock still held
/// (a `Mutex` re-entered on Linux crashes the process). Every setter that replaces such a
/// value stores through this function and drops the result after the store:
///
///     _ = replacing(&host, with: newHost)        // the old host goes here, on its own
package func replacing<Value>(_ storage: inout Value, with newValue: Value) -> Value {
    var value = newValue
    swap(&storage, &value)
    return value
}

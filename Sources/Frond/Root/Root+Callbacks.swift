import Synchronization

/// Whether the root is inside its own callbacks, for the owners in other languages that
/// must not release it then.
///
/// A C or Python owner that frees its root releases the host and every callback with it.
/// From inside a flush (a render function, a host, a text measurer), a tick (a host, a
/// completion) or an action (a handler) that would leave the call that runs them with a
/// root whose host is gone: the flush would go on "sending" mutations to nobody. So the
/// owners ask ``isRunningCallbacks`` first and refuse (`frond_root_free` returns
/// FROND_ERR_MISUSE, Python's `Root.close()` raises `MisuseError`); the root can be freed
/// once that call has returned.
extension Root {
    /// Whether a call that runs the root's callbacks is under way on some thread: a flush,
    /// ``prepare()``, ``commit()`` or ``discardPrepared()``, a ``tick(time:)``, or an action
    /// (``send(_:to:)``, ``tap(atX:y:)``, a scope's send).
    public var isRunningCallbacks: Bool { callbackCalls.load(ordering: .acquiring) > 0 }

    /// Runs `body` counted as a call that runs the root's callbacks (calls nest: an action
    /// handler may flush).
    func runningCallbacks<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        callbackCalls.add(1, ordering: .acquiringAndReleasing)
        defer { callbackCalls.subtract(1, ordering: .acquiringAndReleasing) }
        return try body()
    }
}

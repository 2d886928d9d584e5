import Synchronization

/// A value shared between tasks and threads, read and changed only under a lock: a `Mutex` that
/// can be stored in a class or captured by a closure (a `Mutex` itself cannot be copied).
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }
}

/// A value guarded by a lock, for state that many threads touch.
///
/// The lock is the platform's own primitive (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux),
/// kept in the same allocation as the value (``LockedStorage``): a box is one allocation, where an `NSLock` costs
/// two more, and the engine makes a box per run. Copies of a `Locked` share one box, as references to a class
/// instance would. MediationKit does not use `Synchronization.Mutex`: on Linux its contended path is invisible to
/// ThreadSanitizer and draws false reports. Keep the closures short and never call out to adapters, delegates or
/// hosts while holding the lock: compute what to do inside, do it after.
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when `Value` is: a non-`Sendable` value
/// (a class with mutable state, a closure that is not `@Sendable`) cannot cross threads inside it unnoticed.
package struct Locked<Value> {
    private var storage: LockedStorage<Value>

    /// Creates the box holding `value`.
    package init(_ value: Value) {
        storage = .make(value)
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            lock.lock()
            defer { lock.unlock() }
            return try body(&value.pointee)
        }
    }

    /// A copy of the current value.
    package var current: Value {
        withLock { $0 }
    }
}

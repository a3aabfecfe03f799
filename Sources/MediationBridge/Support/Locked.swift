/// A value guarded by a lock, for state that many threads touch.
///
/// The lock is the platform's own primitive (`PlatformLock`: `os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` on Linux): one allocation beside the box, where an `NSLock` costs two, and the engine makes
/// boxes per run and per timer. MediationKit does not use `Synchronization.Mutex`: on Linux its contended path is
/// invisible to ThreadSanitizer and draws false reports. Keep the closures short and never call out to adapters,
/// delegates or hosts while holding the lock: compute what to do inside, do it after.
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when `Value` is: a non-`Sendable` value
/// (a class with mutable state, a closure that is not `@Sendable`) cannot cross threads inside it unnoticed.
package final class Locked<Value> {
    private let lock = PlatformLock()
    private var value: Value

    /// Creates the box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    deinit {
        lock.destroy()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value {
        withLock { $0 }
    }
}

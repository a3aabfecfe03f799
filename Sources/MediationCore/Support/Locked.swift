import Foundation

#if canImport(Darwin)
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock, for state that many threads touch.
///
/// The lock is the platform's own primitive (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux),
/// allocated once beside the box: one allocation fewer than an `NSLock` per box, and the engine makes boxes per
/// run and per timer. MediationKit does not use `Synchronization.Mutex`: on Linux its contended path is
/// invisible to ThreadSanitizer and draws false reports, while both primitives here are understood by it. Keep
/// the closures short and never call out to adapters, delegates or hosts while holding the lock: compute what to
/// do inside, do it after.
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when `Value` is: a non-`Sendable` value
/// (a class with mutable state, a closure that is not `@Sendable`) cannot cross threads inside it unnoticed.
public final class Locked<Value> {
    #if canImport(Darwin)
        private let lock: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(Glibc) || canImport(Musl)
        private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let lock = NSLock()
    #endif
    private var value: Value

    /// Creates the box holding `value`.
    public init(_ value: Value) {
        self.value = value
        #if canImport(Darwin)
            lock = .allocate(capacity: 1)
            lock.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl)
            lock = .allocate(capacity: 1)
            lock.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(lock, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    deinit {
        #if canImport(Darwin)
            lock.deinitialize(count: 1)
            lock.deallocate()
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
            lock.deallocate()
        #endif
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
            defer { os_unfair_lock_unlock(lock) }
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
        #else
            lock.lock()
            defer { lock.unlock() }
        #endif
        return try body(&value)
    }

    /// A copy of the current value.
    public var current: Value {
        withLock { $0 }
    }
}

import Foundation

#if canImport(Darwin)
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The platform's own lock primitive (`os_unfair_lock` on Apple platforms, a `pthread_mutex_t` on Linux), at a
/// stable address allocated once.
///
/// It backs the cancel handler of MediationBridge's `ScheduledAction` (``Locked`` keeps its primitive in its own
/// allocation instead): one small allocation per lock, where an `NSLock` costs an object and, on Linux, a mutex of
/// its own. Both primitives are understood by ThreadSanitizer, unlike the contended path of
/// `Synchronization.Mutex` on Linux. The owner calls ``destroy()`` exactly once, from its `deinit`.
package struct PlatformLock {
    #if canImport(Darwin)
        private let primitive: UnsafeMutablePointer<os_unfair_lock>
    #elseif canImport(Glibc) || canImport(Musl)
        private let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #else
        private let primitive: NSLock
    #endif

    /// A new, unlocked lock.
    package init() {
        #if canImport(Darwin)
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl)
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #else
            primitive = NSLock()
        #endif
    }

    /// Takes the lock, waiting for it.
    package func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_lock(primitive)
        #else
            primitive.lock()
        #endif
    }

    /// Releases the lock; only its holder calls it.
    package func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(primitive)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_unlock(primitive)
        #else
            primitive.unlock()
        #endif
    }

    /// Frees the primitive; the lock is never used again.
    package func destroy() {
        #if canImport(Darwin)
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_destroy(primitive)
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        #endif
    }
}

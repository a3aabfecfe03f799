import Foundation

#if canImport(Darwin)
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if canImport(Darwin)
    /// The platform's lock primitive, kept in place at a stable address: `os_unfair_lock` on Apple platforms.
    typealias LockPrimitive = os_unfair_lock
#elseif canImport(Glibc) || canImport(Musl)
    /// The platform's lock primitive, kept in place at a stable address: `pthread_mutex_t` on Linux.
    typealias LockPrimitive = pthread_mutex_t
#else
    /// The platform's lock primitive: `NSLock` where neither `os_unfair_lock` nor `pthread_mutex_t` exists.
    typealias LockPrimitive = NSLock
#endif

extension UnsafeMutablePointer where Pointee == LockPrimitive {
    /// Initialises the uninitialised primitive this points to as an unlocked lock. The memory must not move while
    /// the lock lives (a class instance's tail allocation, or an allocation of its own).
    func initializeLock() {
        #if canImport(Darwin)
            initialize(to: os_unfair_lock())
        #elseif canImport(Glibc) || canImport(Musl)
            initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(self, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #else
            initialize(to: NSLock())
        #endif
    }

    /// Takes the lock, waiting for it.
    func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(self)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_lock(self)
        #else
            pointee.lock()
        #endif
    }

    /// Releases the lock; only its holder calls it.
    func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(self)
        #elseif canImport(Glibc) || canImport(Musl)
            pthread_mutex_unlock(self)
        #else
            pointee.unlock()
        #endif
    }

    /// Destroys the lock, leaving the memory uninitialised; the lock is never used again.
    func deinitializeLock() {
        #if canImport(Glibc) || canImport(Musl)
            pthread_mutex_destroy(self)
        #endif
        deinitialize(count: 1)
    }
}

import Foundation

/// A value guarded by an `NSLock`, for state that many threads touch.
///
/// MediationKit uses `NSLock` rather than `Synchronization.Mutex`: on Linux the contended path of `Mutex`
/// is invisible to ThreadSanitizer and draws false reports. Keep the closures short and never call out to
/// adapters, delegates or hosts while holding the lock: compute what to do inside, do it after.
///
/// Like swift-nio's `NIOLockedValueBox`, the box is `Sendable` only when `Value` is: a non-`Sendable` value
/// (a class with mutable state, a closure that is not `@Sendable`) cannot cross threads inside it unnoticed.
public final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box holding `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    public var current: Value {
        withLock { $0 }
    }
}

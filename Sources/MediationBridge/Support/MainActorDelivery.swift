import Foundation

/// Hops from the engine's threads to the main actor, where hosts and rendering live.
///
/// The main queue is the main actor's executor. On Linux an async `main` services the main queue from a thread
/// that is not the process's first thread, so "on the main actor" is checked with a queue-specific key rather
/// than `Thread.isMainThread` alone.
package enum MainActorDelivery {
    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let keyInstalled: Bool = {
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        return true
    }()

    /// Whether the caller runs on the main queue (and so on the main actor).
    package static var isOnMainQueue: Bool {
        _ = keyInstalled
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Runs `body` on the main actor later, after everything enqueued before it (FIFO).
    package static func enqueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }

    /// Runs `body` on the main actor and waits for it: at once when already there, otherwise through
    /// `DispatchQueue.main.sync`. For synchronous tools (the conformance kit, sandbox drivers) that must render;
    /// never call it from a thread the main queue waits on.
    package static func runSynchronously<Result: Sendable>(_ body: @MainActor () throws -> Result) rethrows -> Result {
        if isOnMainQueue { return try MainActor.assumeIsolated { try body() } }
        return try DispatchQueue.main.sync { try MainActor.assumeIsolated { try body() } }
    }
}

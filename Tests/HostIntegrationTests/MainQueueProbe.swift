import Dispatch

/// Tells whether code runs on the main queue (the main actor's executor). On Linux an async `main` services the
/// main queue from a thread other than the first one, so `Thread.isMainThread` cannot tell; a queue-specific
/// key can.
enum MainQueueProbe {
    private static let key = DispatchSpecificKey<Bool>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// Installs the key; call once before any probe.
    static func install() { _ = installed }

    /// Whether the caller runs on the main queue.
    static var isOnMainQueue: Bool {
        install()
        return DispatchQueue.getSpecific(key: key) == true
    }

    /// Returns once every block enqueued on the main queue before this call has run.
    static func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}

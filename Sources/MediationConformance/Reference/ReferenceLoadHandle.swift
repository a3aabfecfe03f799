import MediationCore
import MediationSupport

/// A handle on one reference-network load; cancelling it asks the network not to answer.
public final class ReferenceLoadHandle: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// Creates a handle that runs `onCancel` on the first ``cancel()``.
    public init(onCancel: @escaping @Sendable () -> Void = {}) {
        self.onCancel = Locked(onCancel)
    }

    /// Cancels the load; later calls do nothing.
    public func cancel() {
        let handler = onCancel.withLock { handler in
            defer { handler = nil }
            return handler
        }
        handler?()
    }
}

import Dispatch
import MediationCore

/// A host delegate that records every event an ``InstreamAdSession`` sends, on the main actor where they arrive.
@MainActor
public final class RecordingInstreamAdSessionDelegate: InstreamAdSessionDelegate {
    /// Every event so far, in order.
    public private(set) var events: [InstreamAdEvent] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records `event`.
    public func instreamAdSession(_ session: InstreamAdSession, didReport event: InstreamAdEvent) {
        events.append(event)
    }

    /// The events once every call enqueued so far has been delivered (the main queue is FIFO).
    public func settledEvents() async -> [InstreamAdEvent] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
        return events
    }
}

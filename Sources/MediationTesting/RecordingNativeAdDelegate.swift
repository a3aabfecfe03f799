import Dispatch
import MediationCore

/// A host delegate that records every event a ``NativeAd`` sends, on the main actor where they arrive.
///
/// Events are delivered asynchronously on the main queue; a test awaits ``settled()`` (or runs on the main
/// actor and awaits it) before reading ``events``.
@MainActor
public final class RecordingNativeAdDelegate: NativeAdDelegate {
    /// The host events.
    public enum Event: Sendable, Hashable {
        /// `nativeAdDidTrackImpression`.
        case impression
        /// `nativeAdDidClick`.
        case click
        /// `nativeAdWillPresentModal`.
        case willPresentModal
        /// `nativeAdDidDismissModal`.
        case didDismissModal
        /// `nativeAdWillLeaveApplication`.
        case willLeaveApplication
        /// `nativeAdDidExpire`.
        case expired
        /// `nativeAd(_:didFailWith:)`.
        case failed(MediationError)
    }

    /// Every event so far, in order.
    public private(set) var events: [Event] = []

    /// Creates an empty recorder.
    public init() {}

    /// How many times `event` was received.
    public func count(_ event: Event) -> Int { events.count { $0 == event } }

    /// Returns once every delegate call enqueued before this call has been delivered (the main queue is FIFO).
    public nonisolated static func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// The events once every call enqueued so far has been delivered.
    public func settledEvents() async -> [Event] {
        await Self.settled()
        return events
    }

    /// How many times `event` was received once every call enqueued so far has been delivered.
    public func settledCount(_ event: Event) async -> Int {
        await Self.settled()
        return count(event)
    }

    /// Records an impression.
    public func nativeAdDidTrackImpression(_ ad: NativeAd) { events.append(.impression) }
    /// Records a click.
    public func nativeAdDidClick(_ ad: NativeAd) { events.append(.click) }
    /// Records a modal presentation.
    public func nativeAdWillPresentModal(_ ad: NativeAd) { events.append(.willPresentModal) }
    /// Records a modal dismissal.
    public func nativeAdDidDismissModal(_ ad: NativeAd) { events.append(.didDismissModal) }
    /// Records leaving the application.
    public func nativeAdWillLeaveApplication(_ ad: NativeAd) { events.append(.willLeaveApplication) }
    /// Records the expiry.
    public func nativeAdDidExpire(_ ad: NativeAd) { events.append(.expired) }
    /// Records a failure.
    public func nativeAd(_ ad: NativeAd, didFailWith error: MediationError) { events.append(.failed(error)) }
}

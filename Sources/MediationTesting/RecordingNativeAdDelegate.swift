import MediationCore

/// A host delegate that counts every event a ``NativeAd`` sends.
public final class RecordingNativeAdDelegate: NativeAdDelegate, Sendable {
    /// The host events.
    public enum Event: String, Sendable, Hashable, CaseIterable {
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
    }

    private let recorded = Locked<[Event]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every event so far, in order.
    public var events: [Event] { recorded.current }

    /// How many times `event` was received.
    public func count(_ event: Event) -> Int { events.count { $0 == event } }

    /// Records an impression.
    public func nativeAdDidTrackImpression(_ ad: NativeAd) { recorded.withLock { $0.append(.impression) } }
    /// Records a click.
    public func nativeAdDidClick(_ ad: NativeAd) { recorded.withLock { $0.append(.click) } }
    /// Records a modal presentation.
    public func nativeAdWillPresentModal(_ ad: NativeAd) { recorded.withLock { $0.append(.willPresentModal) } }
    /// Records a modal dismissal.
    public func nativeAdDidDismissModal(_ ad: NativeAd) { recorded.withLock { $0.append(.didDismissModal) } }
    /// Records leaving the application.
    public func nativeAdWillLeaveApplication(_ ad: NativeAd) {
        recorded.withLock { $0.append(.willLeaveApplication) }
    }
}

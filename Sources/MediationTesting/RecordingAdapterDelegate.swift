import MediationCore
import MediationSupport

/// An adapter delegate that records each network event an adapter forwards; used to check adapters alone.
public final class RecordingAdapterDelegate: NativeAdAdapterDelegate, Sendable {
    /// The adapter events.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// `nativeAdWillLogImpression`.
        case willLogImpression
        /// `nativeAdDidClick`.
        case didClick
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
    public func nativeAdWillLogImpression(_ adapter: any NativeAdAdapter) {
        recorded.withLock { $0.append(.willLogImpression) }
    }
    /// Records a click.
    public func nativeAdDidClick(_ adapter: any NativeAdAdapter) { recorded.withLock { $0.append(.didClick) } }
    /// Records a modal presentation.
    public func nativeAdWillPresentModal(_ adapter: any NativeAdAdapter) {
        recorded.withLock { $0.append(.willPresentModal) }
    }
    /// Records a modal dismissal.
    public func nativeAdDidDismissModal(_ adapter: any NativeAdAdapter) {
        recorded.withLock { $0.append(.didDismissModal) }
    }
    /// Records leaving the application.
    public func nativeAdWillLeaveApplication(_ adapter: any NativeAdAdapter) {
        recorded.withLock { $0.append(.willLeaveApplication) }
    }
}

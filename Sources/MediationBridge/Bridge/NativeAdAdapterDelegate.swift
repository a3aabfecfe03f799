import MediationSupport

/// Receives one adapter's network events (MoPub's `MPNativeAdAdapterDelegate`); ``NativeAd`` implements it.
///
/// Callers may report from any thread. The revenue, close and invalidation events have empty default
/// implementations, so delegates written before they existed still compile.
public protocol NativeAdAdapterDelegate: AnyObject, Sendable {
    /// The network is about to log an impression.
    func nativeAdWillLogImpression(_ adapter: any NativeAdAdapter)
    /// The network detected a click.
    func nativeAdDidClick(_ adapter: any NativeAdAdapter)
    /// The network is about to present a modal.
    func nativeAdWillPresentModal(_ adapter: any NativeAdAdapter)
    /// The network's modal was dismissed.
    func nativeAdDidDismissModal(_ adapter: any NativeAdAdapter)
    /// The network is about to leave the app.
    func nativeAdWillLeaveApplication(_ adapter: any NativeAdAdapter)
    /// The network reported what the ad's impression earned (Google's paid event). Report it once per
    /// impression, as the network gives it; never invent one.
    func nativeAd(_ adapter: any NativeAdAdapter, didRecordRevenue revenue: AdRevenue)
    /// The user closed the ad (an AdChoices "hide ad", a close button the network draws): the host must remove
    /// it. Report it once.
    func nativeAdDidClose(_ adapter: any NativeAdAdapter)
    /// The network invalidated the ad before the lifetime it was made with ran out (the SDK dropped it, a
    /// "this ad is no longer valid" callback): ``NativeAd`` expires at once, refuses rendering, impressions and
    /// clicks with ``MediationError/adExpired``, and the host hears ``NativeAdDelegate/nativeAdDidExpire(_:)``
    /// once (even if the lifetime also runs out). Report it once, from any thread; never for the lifetime the
    /// ad was made with (``NativeAdRequestContext/makeNativeAd(adapter:lifetime:)`` handles that).
    func nativeAdAdapterDidInvalidate(_ adapter: any NativeAdAdapter)
}

extension NativeAdAdapterDelegate {
    /// Does nothing by default.
    public func nativeAd(_ adapter: any NativeAdAdapter, didRecordRevenue revenue: AdRevenue) {}
    /// Does nothing by default.
    public func nativeAdDidClose(_ adapter: any NativeAdAdapter) {}
    /// Does nothing by default.
    public func nativeAdAdapterDidInvalidate(_ adapter: any NativeAdAdapter) {}
}

/// A thread-safe weak reference to an adapter's delegate, for conformers of ``NativeAdAdapter``.
///
/// ```swift
/// final class AcmeAdapterDelegateHolder: Sendable {
///     private let delegateReference = WeakAdapterDelegate()
///     var delegate: (any NativeAdAdapterDelegate)? {
///         get { delegateReference.value }
///         set { delegateReference.value = newValue }
///     }
/// }
/// ```
public final class WeakAdapterDelegate: Sendable {
    private struct Box {
        weak var value: (any NativeAdAdapterDelegate)?
    }

    private let box = Locked(Box())

    /// Creates an empty reference.
    public init() {}

    /// The delegate, while something else keeps it alive.
    public var value: (any NativeAdAdapterDelegate)? {
        get { box.withLock { $0.value } }
        set { box.withLock { $0.value = newValue } }
    }
}

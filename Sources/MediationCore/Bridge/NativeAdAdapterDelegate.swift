/// Receives one adapter's network events (MoPub's `MPNativeAdAdapterDelegate`); ``NativeAd`` implements it.
///
/// Callers may report from any thread. The revenue and close events have empty default implementations, so
/// delegates written before they existed still compile.
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
}

extension NativeAdAdapterDelegate {
    /// Does nothing by default.
    public func nativeAd(_ adapter: any NativeAdAdapter, didRecordRevenue revenue: AdRevenue) {}
    /// Does nothing by default.
    public func nativeAdDidClose(_ adapter: any NativeAdAdapter) {}
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

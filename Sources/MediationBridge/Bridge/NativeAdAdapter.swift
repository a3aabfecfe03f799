import Foundation

/// Wraps one loaded network ad (MoPub's `MPNativeAdAdapter`).
///
/// Rules for conformers:
/// - ``properties`` is the unified dictionary, built once at load time with the well-known keys where they
///   apply; it must not change afterwards.
/// - Hold ``delegate`` weakly (``WeakAdapterDelegate`` does it thread-safely) and report the network's events
///   through it: impression, click, modal shown and dismissed, leaving the app; and, only where the SDK has
///   them, impression-level revenue (``NativeAdAdapterDelegate/nativeAd(_:didRecordRevenue:)``) and the user
///   closing the ad (``NativeAdAdapterDelegate/nativeAdDidClose(_:)``), and the network invalidating the ad
///   before its lifetime ran out (``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``). Say whether
///   revenue comes from the network (``reportsRevenue``). Report each event the network
///   gives once; the ``NativeAd`` dedupes across paths, but an adapter that doubles events is a bug the
///   conformance kit catches.
/// - Say whether the network counts impressions and clicks itself (``handlesImpressions``, ``handlesClicks``);
///   that decides which path ``NativeAd`` counts.
/// - Do not retain the ``NativeAd`` or the custom event that made you.
/// - A network that binds the host's own views adopts ``NativeAdViewBindingAdapter`` as well.
public protocol NativeAdAdapter: AnyObject, Sendable {
    /// The unified ad dictionary.
    var properties: NativeAdProperties { get }

    /// Where a click leads, when known.
    var defaultActionURL: URL? { get }

    /// Receives the network's events; set by ``NativeAd``. Hold it weakly.
    var delegate: (any NativeAdAdapterDelegate)? { get set }

    /// Whether the network counts impressions itself (so the host's report is ignored). `false` by default.
    var handlesImpressions: Bool { get }

    /// Whether the network detects and reports clicks itself (so the host's tap is ignored). `false` by default.
    var handlesClicks: Bool { get }

    /// Whether the network reports impression-level revenue itself
    /// (``NativeAdAdapterDelegate/nativeAd(_:didRecordRevenue:)``), so that ``NativeAd`` sends no estimate from the
    /// line's price at the impression and waits for the network's report, however late. `false` by default.
    ///
    /// Rules for conformers: return `true` only when the SDK reports revenue for every impression (Google's paid
    /// event handler); an adapter that reports revenue only sometimes leaves it `false` and reports what it gets
    /// before the impression, or the estimate wins.
    var reportsRevenue: Bool { get }

    /// The ad is about to be shown in `surface`; register it with the network here. Runs on the main actor,
    /// where the surface lives. No-op by default.
    @MainActor
    func willAttach(to surface: any NativeAdRendering)

    /// The ad left `surface`; unregister it from the network here. Runs on the main actor. No-op by default.
    @MainActor
    func didDetach(from surface: any NativeAdRendering)

    /// Reports a host-detected click to a network that needs manual click reporting. No-op by default.
    func trackClick()

    /// Reports the host-detected impression to a network that needs manual impression reporting (such as
    /// Google's custom native `recordImpression`). ``NativeAd`` calls it once, when it records the impression
    /// the host reported; never when ``handlesImpressions`` is `true`. No-op by default.
    func trackImpression()
}

extension NativeAdAdapter {
    /// `false` by default.
    public var handlesImpressions: Bool { false }
    /// `false` by default.
    public var handlesClicks: Bool { false }
    /// `false` by default.
    public var reportsRevenue: Bool { false }
    /// Does nothing by default.
    @MainActor
    public func willAttach(to surface: any NativeAdRendering) {}
    /// Does nothing by default.
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) {}
    /// Does nothing by default.
    public func trackClick() {}
    /// Does nothing by default.
    public func trackImpression() {}
}

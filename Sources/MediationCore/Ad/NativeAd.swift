import Foundation

/// A loaded native ad, as the host receives it: the unified properties, the line it came from, its expiry,
/// and impression and click tracking that fires trackers and callbacks at most once however often the host
/// or the network reports them.
///
/// Who counts impressions and clicks is the adapter's call:
/// - Impressions: recorded once per ad. When the adapter's network counts impressions itself
///   (``NativeAdAdapter/handlesImpressions``), only the network's report counts and ``recordImpression()``
///   from the host is ignored (the network applies its own viewability rule). Otherwise the first report from
///   either side records it.
/// - Clicks: when the network reports clicks itself (``NativeAdAdapter/handlesClicks``), only its reports
///   count and ``recordClick()`` is ignored; otherwise only the host's taps count and the network's reports are
///   ignored, so one tap reported by both is heard once. Click trackers fire on the first counted click only.
public final class NativeAd: Sendable {
    /// MoPub's ad lifetime: 4 hours.
    public static let defaultLifetime: Duration = .seconds(14_400)

    /// The adapter wrapping the network's ad.
    public let adapter: any NativeAdAdapter
    /// The line the ad came from.
    public let source: NativeAdSource
    /// When the ad finished loading.
    public let loadedAt: MediationInstant
    /// When the ad stops being usable.
    public let expiresAt: MediationInstant
    /// A unique, stable identifier of this ad; tracker pings carry it so that a pinger fires each tracker of an
    /// ad once.
    public let identifier = UUID().uuidString

    private let clock: MediationClock
    private let trackerPinger: any TrackerPinging
    private let relay: AdapterEventRelay
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any NativeAdDelegate)?
        var impressionRecorded = false
        var clickTrackersFired = false
        var attachedSurface: (any NativeAdRendering)?
        var rendererConfiguration: NativeAdRendererConfiguration?
    }

    /// Wraps a loaded adapter; becomes the adapter's delegate.
    ///
    /// - Parameters:
    ///   - adapter: the loaded network ad.
    ///   - source: the line it came from (take it from the request context).
    ///   - clock: the run's clock (take it from the request context).
    ///   - lifetime: how long the ad stays usable; MoPub's 4 hours by default.
    ///   - trackerPinger: fires impression and click trackers.
    public init(
        adapter: any NativeAdAdapter,
        source: NativeAdSource,
        clock: MediationClock = .continuous,
        lifetime: Duration = NativeAd.defaultLifetime,
        trackerPinger: any TrackerPinging = DiscardingTrackerPinger()
    ) {
        self.adapter = adapter
        self.source = source
        self.clock = clock
        self.loadedAt = clock.now
        self.expiresAt = loadedAt.advanced(by: lifetime)
        self.trackerPinger = trackerPinger
        self.relay = AdapterEventRelay()
        relay.ad.withLock { $0.value = self }
        adapter.delegate = relay
    }

    /// The unified ad dictionary.
    public var properties: NativeAdProperties { adapter.properties }

    /// Where a click leads, when the adapter knows.
    public var defaultActionURL: URL? { adapter.defaultActionURL }

    /// The host's listener; held weakly.
    public var delegate: (any NativeAdDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Whether the ad has expired at `instant` (an instant of the clock the ad was loaded with).
    public func isExpired(at instant: MediationInstant) -> Bool {
        instant >= expiresAt
    }

    /// Whether the ad has expired now.
    public var isExpired: Bool { isExpired(at: clock.now) }

    /// Whether the impression has been recorded.
    public var hasRecordedImpression: Bool { state.withLock { $0.impressionRecorded } }

    // MARK: Host reports

    /// The host reports that the ad became visible enough to count an impression.
    ///
    /// Ignored when the network counts impressions itself, and after the first recorded impression. The first
    /// recorded one is passed on to the adapter (``NativeAdAdapter/trackImpression()``) for networks that need
    /// manual impression reporting.
    public func recordImpression() {
        guard !adapter.handlesImpressions else { return }
        if recordImpressionOnce() { adapter.trackImpression() }
    }

    /// The host reports a tap on the ad.
    ///
    /// Ignored when the network reports clicks itself. Otherwise fires the click trackers (first click only),
    /// asks the adapter to report the click to its network, and tells the delegate.
    public func recordClick() {
        guard !adapter.handlesClicks else { return }
        countClick()
        adapter.trackClick()
    }

    // MARK: Rendering

    /// The renderer configuration the engine matched for this ad's line, if any.
    public var rendererConfiguration: NativeAdRendererConfiguration? {
        state.withLock { $0.rendererConfiguration }
    }

    /// Records the renderer configuration matched for the ad's line; the engine calls this before delivery.
    package func attachRendererConfiguration(_ configuration: NativeAdRendererConfiguration) {
        state.withLock { $0.rendererConfiguration = configuration }
    }

    /// Fills `surface` with the ad using the matched renderer (or `renderer` when given), then attaches the
    /// adapter to it. A surface that showed another ad must be detached from that ad first (the host's job);
    /// a surface already attached to this ad is detached before the new one is attached.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when no renderer is known, or what the renderer
    ///   throws.
    public func render(into surface: any NativeAdRendering, using renderer: (any NativeAdRenderer)? = nil)
        throws(MediationError)
    {
        guard let renderer = renderer ?? rendererConfiguration?.makeRenderer() else {
            throw .missingAdapter(identifier: source.customEventIdentifier)
        }
        try renderer.render(adapter, into: surface)
        let previous = state.withLock { state in
            defer { state.attachedSurface = surface }
            return state.attachedSurface
        }
        if let previous { adapter.didDetach(from: previous) }
        adapter.willAttach(to: surface)
    }

    /// Detaches the ad from the surface it was rendered into, if any.
    public func detachSurface() {
        let previous = state.withLock { state in
            defer { state.attachedSurface = nil }
            return state.attachedSurface
        }
        if let previous { adapter.didDetach(from: previous) }
    }

    // MARK: Counting

    /// Records the impression unless already recorded; `true` when this call recorded it.
    @discardableResult
    private func recordImpressionOnce() -> Bool {
        let isFirst = state.withLock { state in
            defer { state.impressionRecorded = true }
            return !state.impressionRecorded
        }
        guard isFirst else { return false }
        for url in source.impressionTrackers {
            trackerPinger.ping(TrackerPing(url: url, event: .impression, owner: identifier))
        }
        delegate?.nativeAdDidTrackImpression(self)
        return true
    }

    private func countClick() {
        let firesTrackers = state.withLock { state in
            defer { state.clickTrackersFired = true }
            return !state.clickTrackersFired
        }
        if firesTrackers {
            for url in source.clickTrackers {
                trackerPinger.ping(TrackerPing(url: url, event: .click, owner: identifier))
            }
        }
        delegate?.nativeAdDidClick(self)
    }

    // MARK: Adapter reports (through the relay)

    fileprivate func adapterWillLogImpression() {
        recordImpressionOnce()
    }

    fileprivate func adapterDidClick() {
        guard adapter.handlesClicks else { return }
        countClick()
    }

    fileprivate func adapterWillPresentModal() { delegate?.nativeAdWillPresentModal(self) }
    fileprivate func adapterDidDismissModal() { delegate?.nativeAdDidDismissModal(self) }
    fileprivate func adapterWillLeaveApplication() { delegate?.nativeAdWillLeaveApplication(self) }
}

/// Receives the adapter's events for a ``NativeAd`` without the adapter holding the ad: the relay holds the ad
/// weakly, so even an adapter that keeps its delegate strongly makes no retain cycle.
private final class AdapterEventRelay: NativeAdAdapterDelegate {
    struct WeakAd {
        weak var value: NativeAd?
    }

    let ad = Locked(WeakAd())

    private var target: NativeAd? { ad.withLock { $0.value } }

    func nativeAdWillLogImpression(_ adapter: any NativeAdAdapter) { target?.adapterWillLogImpression() }
    func nativeAdDidClick(_ adapter: any NativeAdAdapter) { target?.adapterDidClick() }
    func nativeAdWillPresentModal(_ adapter: any NativeAdAdapter) { target?.adapterWillPresentModal() }
    func nativeAdDidDismissModal(_ adapter: any NativeAdAdapter) { target?.adapterDidDismissModal() }
    func nativeAdWillLeaveApplication(_ adapter: any NativeAdAdapter) { target?.adapterWillLeaveApplication() }
}

import Foundation
import MediationSupport

/// A loaded native ad, as the host receives it: the unified properties, the line it came from, its expiry,
/// and impression and click tracking that fires trackers and callbacks at most once however often the host
/// or the network reports them.
///
/// Who counts impressions and clicks is the adapter's call:
/// - Impressions: recorded once per ad; for a view-binding ad (``NativeAdViewBindingAdapter``) only once it
///   is bound to the host's asset views. When the adapter's network counts impressions itself
///   (``NativeAdAdapter/handlesImpressions``), only the network's report counts and ``recordImpression()``
///   from the host is ignored (the network applies its own viewability rule). Otherwise the first report from
///   either side records it.
/// - Clicks: when the network reports clicks itself (``NativeAdAdapter/handlesClicks``), only its reports
///   count and ``recordClick()`` is ignored; otherwise only the host's taps count and the network's reports are
///   ignored, so one tap reported by both is heard once. Click trackers fire on the first counted click only.
///
/// Threads: the ad may be used from any thread, but ``render(into:using:)`` and ``detachSurface()`` run on the
/// main actor (where views live), and every ``NativeAdDelegate`` call is delivered on the main actor in FIFO
/// order.
///
/// Revenue: the delegate hears ``NativeAdDelegate/nativeAd(_:didRecordRevenue:)`` at most once per ad (an ad has
/// one impression), however often the adapter reports it:
/// - The adapter's own report (``NativeAdAdapterDelegate/nativeAd(_:didRecordRevenue:)``) is forwarded as it
///   is, whenever it comes.
/// - Otherwise, at the first recorded impression, an **estimate** from the line's price is sent: the line's
///   `x-ecpm` divided by 1,000 (a price per thousand impressions, so per impression), in the line's currency
///   (``NativeAdSource/currencyCode``, USD when the response names none), with precision
///   ``AdRevenuePrecision/estimated``. It is an estimate, not what the network paid: the line's price is what
///   the ad server expected, and the network may pay more or less.
/// - For a bid that won the auction (`NativeAdSource.isBidPrice`), the bid's price divided by 1,000 is sent
///   at the first impression with precision ``AdRevenuePrecision/precise``, unless the adapter already reported
///   revenue: it is what the impression is paid. Its billing notices (`NativeAdSource.billingURLs`) fire then too.
/// - No estimate is sent when the line has no price, when the adapter reported revenue before the impression,
///   or when the adapter declares that it reports revenue itself (``NativeAdAdapter/reportsRevenue``): then
///   only its report counts, however late. An adapter that reports revenue without declaring it, after the
///   impression, is too late: the estimate already went out, and its report is dropped.
///
/// Close: the user's close (``NativeAdDelegate/nativeAdDidClose(_:)``) reaches the delegate at most once,
/// however often the adapter reports it.
///
/// Expiry: once ``expiresAt`` is reached on the ad's clock, or the network has invalidated the ad
/// (``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``), rendering throws
/// ``MediationError/adExpired``, and impressions and clicks fire no tracker and reach no adapter; the delegate
/// hears ``NativeAdDelegate/nativeAd(_:didFailWith:)`` instead, and the run's logger (for ads made by
/// ``NativeAdRequestContext/makeNativeAd(adapter:lifetime:)``) gets a warning naming the ad's ``identifier`` and
/// how long ago it loaded. A delegate also hears ``NativeAdDelegate/nativeAdDidExpire(_:)`` exactly once, at
/// whichever comes first: the lifetime running out (a timer on the ad's clock, started when the first delegate is
/// set) or the network's invalidation (announced at once, or when the first delegate is set).
public final class NativeAd: Sendable {
    /// MoPub's ad lifetime: 4 hours.
    @usableFromInline package static let defaultLifetime: Duration = .seconds(14_400)

    /// The adapter wrapping the network's ad.
    public let adapter: any NativeAdAdapter
    /// The line the ad came from.
    public let source: NativeAdSource
    /// When the ad finished loading.
    package let loadedAt: MediationInstant
    /// When the ad stops being usable.
    public let expiresAt: MediationInstant
    /// A unique, stable identifier of this ad; tracker pings carry it so that a pinger fires each tracker of an
    /// ad once.
    public let identifier = NativeAd.nextIdentifier()

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
        var expiryTimer: ScheduledAction?
        var expiryTimerStarted = false
        var expiryAnnounced = false
        var revenueReported = false
        var closeReported = false
        var invalidatedAt: MediationInstant?
        var logger: (any MediationLogger)?
        /// Called once at the first recorded impression, then dropped (``whenImpressionRecorded(_:)``).
        var impressionObservers: [@Sendable () -> Void] = []
    }

    /// Wraps a loaded adapter; becomes the adapter's delegate.
    ///
    /// - Parameters:
    ///   - adapter: the loaded network ad.
    ///   - source: the line it came from (take it from the request context).
    ///   - clock: the run's clock (take it from the request context).
    ///   - lifetime: how long the ad stays usable; MoPub's 4 hours by default.
    ///   - trackerPinger: fires impression and click trackers (take it from the request context); no default, so
    ///     that trackers are never dropped silently (pass ``DiscardingTrackerPinger`` to drop them on purpose).
    ///   - urlPolicy: which click destinations ``defaultActionURL`` may return (take it from the request context).
    package init(
        adapter: any NativeAdAdapter,
        source: NativeAdSource,
        clock: MediationClock = .continuous,
        lifetime: Duration = NativeAd.defaultLifetime,
        trackerPinger: any TrackerPinging,
        urlPolicy: MediationURLPolicy = .default
    ) {
        self.urlPolicy = urlPolicy
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

    /// Which click destinations ``defaultActionURL`` may return.
    package let urlPolicy: MediationURLPolicy

    /// Where a click leads, when the adapter knows and the destination is an http(s) URL or a deep link the
    /// host declared (``MediationURLPolicy``); `nil` for anything else, such as a `javascript:` URL.
    public var defaultActionURL: URL? {
        adapter.defaultActionURL.flatMap { urlPolicy.isAllowedClickURL($0) ? $0 : nil }
    }

    deinit {
        state.withLock { $0.expiryTimer }?.cancel()
    }

    /// The host's listener; held weakly. Its calls arrive on the main actor. Setting the first delegate starts
    /// the expiry timer (``NativeAdDelegate/nativeAdDidExpire(_:)``); a delegate set on an expired or invalidated
    /// ad that has not announced its expiry yet hears it at once.
    public var delegate: (any NativeAdDelegate)? {
        get { state.withLock { $0.delegate } }
        set {
            let startsTimer = state.withLock { state in
                state.delegate = newValue
                guard newValue != nil, !state.expiryTimerStarted else { return false }
                state.expiryTimerStarted = true
                return true
            }
            if startsTimer {
                startExpiryTimer()
            } else if newValue != nil, isExpired {
                announceExpiry()
            }
        }
    }

    /// Whether the ad has expired at `instant` (an instant of the clock the ad was loaded with): its lifetime
    /// has run out, or the network invalidated it at or before `instant`.
    package func isExpired(at instant: MediationInstant) -> Bool {
        if let invalidatedAt, instant >= invalidatedAt { return true }
        return instant >= expiresAt
    }

    /// Whether the ad has expired now.
    public var isExpired: Bool { isExpired(at: clock.now) }

    /// How long the ad stays usable from now on its clock; `.zero` once expired or invalidated.
    package var timeRemaining: Duration {
        guard invalidatedAt == nil else { return .zero }
        return max(.zero, clock.now.duration(to: expiresAt))
    }

    /// When the network invalidated the ad before its lifetime ran out
    /// (``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``); `nil` while it has not.
    package var invalidatedAt: MediationInstant? { state.withLock { $0.invalidatedAt } }

    /// How long ago the ad finished loading, on its clock.
    package var age: Duration { loadedAt.duration(to: clock.now) }

    /// Logs expiry problems to `logger` (the run's logger); the request context calls this when it makes the ad.
    package func attachLogger(_ logger: any MediationLogger) {
        state.withLock { $0.logger = logger }
    }

    /// Whether the impression has been recorded.
    package var hasRecordedImpression: Bool { state.withLock { $0.impressionRecorded } }

    /// The identifier of the creative this ad shows, when known: the network's own
    /// (``NativeAdCreativeIdentifying/creativeIdentifier``), else the one its line carried
    /// (``NativeAdSource/creativeIdentifier``); `nil` when neither names one. Frequency caps per creative count it.
    public var creativeIdentifier: String? {
        if let network = (adapter as? any NativeAdCreativeIdentifying)?.creativeIdentifier,
            !network.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        {
            return network
        }
        return source.creativeIdentifier
    }

    /// Calls `observer` once, when the ad records its first impression (the moment its impression trackers fire),
    /// or at once when it already has: how the engine counts impressions for frequency caps. It is called outside
    /// the ad's lock, on the thread that recorded the impression, and then dropped.
    package func whenImpressionRecorded(_ observer: @escaping @Sendable () -> Void) {
        let callsNow = state.withLock { state -> Bool in
            guard !state.impressionRecorded else { return true }
            state.impressionObservers.append(observer)
            return false
        }
        if callsNow { observer() }
    }

    // MARK: Host reports

    /// The host reports that the ad became visible enough to count an impression.
    ///
    /// Ignored when the network counts impressions itself, and after the first recorded impression. The first
    /// recorded one is passed on to the adapter (``NativeAdAdapter/trackImpression()``) for networks that need
    /// manual impression reporting. On an expired ad nothing is fired or passed on, and the delegate hears
    /// ``MediationError/adExpired``.
    public func recordImpression() {
        guard !adapter.handlesImpressions, isReadyToCountImpressions else { return }
        if recordImpressionOnce() { adapter.trackImpression() }
    }

    /// The host reports a tap on the ad.
    ///
    /// Ignored when the network reports clicks itself. Otherwise fires the click trackers (first click only),
    /// asks the adapter to report the click to its network, and tells the delegate. On an expired ad nothing is
    /// fired or passed on, and the delegate hears ``MediationError/adExpired``.
    public func recordClick() {
        guard !adapter.handlesClicks else { return }
        if countClick() { adapter.trackClick() }
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
    /// - Throws: ``MediationError/adExpired`` (nothing filled, the adapter not told) once the ad has expired;
    ///   ``MediationError/missingAdapter(identifier:)`` when no renderer is known; what the renderer throws; or
    ///   ``MediationError/invalidConfiguration(path:reason:)`` (path `renderer`) when the ad binds asset views
    ///   (``NativeAdViewBindingAdapter``) and the renderer did not bind them.
    @MainActor
    public func render(into surface: any NativeAdRendering, using renderer: (any NativeAdRenderer)? = nil)
        throws(MediationError)
    {
        guard !isExpired else {
            logExpiredUse("render")
            throw .adExpired
        }
        guard let renderer = renderer ?? rendererConfiguration?.makeRenderer() else {
            throw .missingAdapter(identifier: source.customEventIdentifier)
        }
        try renderer.render(adapter, into: surface)
        if let binding = adapter as? any NativeAdViewBindingAdapter, binding.bindsAssetViews,
            !binding.isBoundToAssetViews
        {
            throw .invalidConfiguration(
                path: "renderer",
                reason: "the ad's network binds the host's asset views, and \(type(of: renderer)) did not bind them"
                    + " (use ViewBindingNativeAdRenderer)")
        }
        let previous = state.withLock { state in
            defer { state.attachedSurface = surface }
            return state.attachedSurface
        }
        if let previous { adapter.didDetach(from: previous) }
        adapter.willAttach(to: surface)
    }

    /// Detaches the ad from the surface it was rendered into, if any.
    @MainActor
    public func detachSurface() {
        let previous = state.withLock { state in
            defer { state.attachedSurface = nil }
            return state.attachedSurface
        }
        if let previous { adapter.didDetach(from: previous) }
    }

    // MARK: Counting

    /// Records the impression unless already recorded or expired; `true` when this call recorded it.
    @discardableResult
    private func recordImpressionOnce() -> Bool {
        let expired = isExpired
        let (isFirst, alreadyRecorded, observers) = state.withLock { state in
            let alreadyRecorded = state.impressionRecorded
            guard !alreadyRecorded, !expired else { return (false, alreadyRecorded, [@Sendable () -> Void]()) }
            state.impressionRecorded = true
            defer { state.impressionObservers = [] }
            return (true, false, state.impressionObservers)
        }
        guard isFirst else {
            if !alreadyRecorded {
                logExpiredUse("impression")
                notifyDelegate { $0.nativeAd($1, didFailWith: .adExpired) }
            }
            return false
        }
        for url in source.impressionTrackers {
            trackerPinger.ping(TrackerPing(url: url, event: .impression, owner: identifier))
        }
        if !source.billingURLs.isEmpty {
            // `${AUCTION_IMP_TS}` is the impression's time, known only now.
            let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            for url in source.billingURLs {
                trackerPinger.ping(
                    TrackerPing(
                        url: AuctionMacroExpander.expandImpressionTimestamp(in: url, at: now), event: .billing,
                        owner: identifier))
            }
        }
        for observer in observers { observer() }
        notifyDelegate { $0.nativeAdDidTrackImpression($1) }
        sendEstimatedRevenue()
        return true
    }

    /// At the first impression: the line's price as an estimated revenue, unless the adapter reports revenue
    /// itself or already did, or the line has no price.
    private func sendEstimatedRevenue() {
        // A bid's price is what the impression is paid: it is sent even when the adapter reports revenue itself.
        guard source.isBidPrice || !adapter.reportsRevenue, let revenue = source.estimatedRevenuePerImpression
        else { return }
        let isFirst = state.withLock { state in
            defer { state.revenueReported = true }
            return !state.revenueReported
        }
        if isFirst { notifyDelegate { $0.nativeAd($1, didRecordRevenue: revenue) } }
    }

    /// Counts a click unless the ad has expired; `true` when counted.
    @discardableResult
    private func countClick() -> Bool {
        guard !isExpired else {
            logExpiredUse("click")
            notifyDelegate { $0.nativeAd($1, didFailWith: .adExpired) }
            return false
        }
        let firesTrackers = state.withLock { state in
            defer { state.clickTrackersFired = true }
            return !state.clickTrackersFired
        }
        if firesTrackers {
            for url in source.clickTrackers {
                trackerPinger.ping(TrackerPing(url: url, event: .click, owner: identifier))
            }
        }
        notifyDelegate { $0.nativeAdDidClick($1) }
        return true
    }

    // MARK: Expiry and delivery

    private func startExpiryTimer() {
        let remaining = timeRemaining
        guard remaining > .zero else { return announceExpiry() }
        let timer = clock.schedule(after: remaining) { [weak self] in self?.announceExpiry() }
        state.withLock { $0.expiryTimer = timer }
    }

    /// Tells the delegate once; not before a delegate is set (the delegate's setter announces an invalidation
    /// that came first, and the timer starts with the first delegate).
    private func announceExpiry() {
        let isFirst = state.withLock { state in
            guard state.delegate != nil, !state.expiryAnnounced else { return false }
            state.expiryAnnounced = true
            return true
        }
        if isFirst { notifyDelegate { $0.nativeAdDidExpire($1) } }
    }

    /// Logs a use of the ad refused because it expired, naming the ad, its age and why it expired.
    private func logExpiredUse(_ use: String) {
        guard let logger = state.withLock({ $0.logger }) else { return }
        let cause = invalidatedAt == nil ? "its lifetime ran out" : "its network invalidated it"
        logger.log(
            .warning,
            "ad \(identifier) (\(source.customEventIdentifier)) expired: \(use) refused at age \(age) (\(cause))",
            metadata: [
                "code": MediationError.adExpired.code, "ad": identifier,
                "age_ms": String(age.wholeMilliseconds),
            ])
    }

    /// Calls the delegate on the main actor, after every earlier call; nothing is queued (and the ad is not
    /// kept alive) when no delegate is set. The delegate is read again when the call runs.
    private func notifyDelegate(_ call: @escaping @MainActor @Sendable (any NativeAdDelegate, NativeAd) -> Void) {
        guard delegate != nil else { return }
        MainActorDelivery.enqueue { [self] in
            guard let delegate else { return }
            call(delegate, self)
        }
    }

    // MARK: Adapter reports (through the relay)

    fileprivate func adapterWillLogImpression() {
        guard isReadyToCountImpressions else { return }
        recordImpressionOnce()
    }

    /// `false` while a view-binding ad (``NativeAdViewBindingAdapter/bindsAssetViews``) is not bound to the
    /// host's views: its network counts impressions only after binding, and so does the ad.
    private var isReadyToCountImpressions: Bool {
        guard let binding = adapter as? any NativeAdViewBindingAdapter, binding.bindsAssetViews else { return true }
        return binding.isBoundToAssetViews
    }

    fileprivate func adapterDidClick() {
        guard adapter.handlesClicks else { return }
        countClick()
    }

    fileprivate func adapterWillPresentModal() { notifyDelegate { $0.nativeAdWillPresentModal($1) } }
    fileprivate func adapterDidDismissModal() { notifyDelegate { $0.nativeAdDidDismissModal($1) } }
    fileprivate func adapterWillLeaveApplication() { notifyDelegate { $0.nativeAdWillLeaveApplication($1) } }

    /// The network invalidated the ad: it expires now, and the delegate hears it once.
    fileprivate func adapterDidInvalidate() {
        let now = clock.now
        let (isFirst, timer) = state.withLock { state in
            guard state.invalidatedAt == nil else { return (false, nil as ScheduledAction?) }
            state.invalidatedAt = now
            defer { state.expiryTimer = nil }
            return (true, state.expiryTimer)
        }
        guard isFirst else { return }
        timer?.cancel()
        announceExpiry()
    }

    /// Forwards the first revenue report only (an estimate sent at the impression counts as the first): an ad
    /// has one impression, so one revenue event.
    fileprivate func adapterDidRecordRevenue(_ revenue: AdRevenue) {
        let isFirst = state.withLock { state in
            defer { state.revenueReported = true }
            return !state.revenueReported
        }
        if isFirst { notifyDelegate { $0.nativeAd($1, didRecordRevenue: revenue) } }
    }

    /// Forwards the first close only; also after expiry, since the host must still remove the ad.
    fileprivate func adapterDidClose() {
        let isFirst = state.withLock { state in
            defer { state.closeReported = true }
            return !state.closeReported
        }
        if isFirst { notifyDelegate { $0.nativeAdDidClose($1) } }
    }
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
    func nativeAd(_ adapter: any NativeAdAdapter, didRecordRevenue revenue: AdRevenue) {
        target?.adapterDidRecordRevenue(revenue)
    }
    func nativeAdDidClose(_ adapter: any NativeAdAdapter) { target?.adapterDidClose() }
    func nativeAdAdapterDidInvalidate(_ adapter: any NativeAdAdapter) { target?.adapterDidInvalidate() }
}

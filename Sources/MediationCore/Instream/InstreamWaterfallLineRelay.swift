import Foundation
import MediationSupport

/// The delegate one in-stream waterfall line's custom event reports to: its load outcome goes to the line's
/// ``WaterfallLineReporter`` (the engine counts it, drops duplicates and late ones); its playback callbacks go
/// to whoever adopted the loaded source, and nowhere before that (a losing line's are dropped).
final class InstreamWaterfallLineRelay: InstreamCustomEventDelegate {
    private let reporter: WaterfallLineReporter<InstreamWaterfallKind>
    private let logger: any MediationLogger
    private let target = Locked<(any InstreamCustomEventDelegate)?>(nil)
    private let loads = Locked(0)
    /// Weakly: the custom event holds this relay as its delegate.
    private let customEvent: Locked<WeakCustomEvent>

    private struct WeakCustomEvent: Sendable {
        weak var event: (any InstreamCustomEvent)?
    }

    /// A bid's billing notices, fired once when the adopted (winning) line's first banner starts.
    private let billingURLs: [URL]
    private let trackerPinger: any TrackerPinging
    /// The billing pings' owner (the run's); `nil` for the banner's.
    private let billingOwner: String?
    private let billed = Locked(false)
    /// One impression's revenue from the line's price: a bid's (precise) goes with its first banner only, as its
    /// billing notices do; a waterfall line's estimate goes with each banner until the custom event reports
    /// revenue itself.
    private let revenuePerImpression: AdRevenue?
    private let networkReportsRevenue = Locked(false)
    /// Where the requests the custom event sent go (the run's, for its trace), and the line they are named by.
    private let sentRequests: Locked<[WireRecord]>?
    private let lineName: String

    init(
        customEvent: any InstreamCustomEvent, reporter: WaterfallLineReporter<InstreamWaterfallKind>,
        logger: any MediationLogger, billingURLs: [URL] = [],
        trackerPinger: any TrackerPinging = DiscardingTrackerPinger(), billingOwner: String? = nil,
        revenuePerImpression: AdRevenue? = nil, sentRequests: Locked<[WireRecord]>? = nil, lineName: String = ""
    ) {
        self.sentRequests = sentRequests
        self.lineName = lineName
        self.customEvent = Locked(WeakCustomEvent(event: customEvent))
        self.reporter = reporter
        self.logger = logger
        self.billingURLs = billingURLs
        self.trackerPinger = trackerPinger
        self.billingOwner = billingOwner
        self.revenuePerImpression = revenuePerImpression
    }

    /// Routes playback callbacks to `delegate` from now on.
    func forward(to delegate: any InstreamCustomEventDelegate) {
        target.withLock { $0 = delegate }
    }

    func customEventDidLoad(availableMidpoints: [Double]) {
        // The loaded source holds the event strongly; the engine holds the source until the run ends.
        guard let event = customEvent.current.event else { return }
        let isFirstLoad = loads.withLock { loads in
            loads += 1
            return loads == 1
        }
        reporter.loaded(
            InstreamLoadedSource(
                customEvent: event, availableMidpoints: availableMidpoints, relay: self, isFirstLoad: isFirstLoad))
    }

    func customEventDidSendRequests(_ urls: [URL]) {
        let records = urls.map {
            WireRecord(kind: .vastRequest, url: $0, method: "GET", outcome: "sent by \(lineName)")
        }
        sentRequests?.withLock { $0.append(contentsOf: records) }
    }

    func customEventDidFailToLoad(reason: String) {
        logger.log(.debug, "in-stream line reported no ad: \(reason)")
        reporter.failed(.noFill)
    }

    func customEventDidFailToLoad(error: MediationError) {
        logger.log(.debug, "in-stream line failed to load: \(error.code)")
        reporter.failed(error)
    }

    func customEventBannerDidStart(_ banner: InstreamAdBanner) {
        guard let target = target.current else { return }
        let firstImpression = billed.withLock { billed in
            defer { billed = true }
            return !billed
        }
        if firstImpression, !billingURLs.isEmpty {
            // `${AUCTION_IMP_TS}` is the first banner's start, known only now.
            let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            for url in billingURLs {
                trackerPinger.ping(
                    TrackerPing(
                        url: AuctionMacroExpander.expandImpressionTimestamp(in: url, at: now), event: .billing,
                        owner: billingOwner ?? "instream/\(banner.identifier)"))
            }
        }
        target.customEventBannerDidStart(banner)
        guard let revenue = revenuePerImpression else { return }
        if revenue.precision == .precise {
            if firstImpression { target.customEventDidRecordRevenue(revenue) }
        } else if !networkReportsRevenue.current {
            target.customEventDidRecordRevenue(revenue)
        }
    }

    func customEventDidRecordRevenue(_ revenue: AdRevenue) {
        networkReportsRevenue.withLock { $0 = true }
        target.current?.customEventDidRecordRevenue(revenue)
    }

    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        target.current?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }

    func customEventBannerDidComplete(_ banner: InstreamAdBanner) {
        target.current?.customEventBannerDidComplete(banner)
    }

    func customEventDidFail(reason: String) {
        target.current?.customEventDidFail(reason: reason)
    }

    func customEventSectionDidComplete(_ section: InstreamAdSection) {
        target.current?.customEventSectionDidComplete(section)
    }

    func customEventWillPresentModal() {
        target.current?.customEventWillPresentModal()
    }

    func customEventDidDismissModal() {
        target.current?.customEventDidDismissModal()
    }

    func customEventWillLeaveApplication() {
        target.current?.customEventWillLeaveApplication()
    }
}

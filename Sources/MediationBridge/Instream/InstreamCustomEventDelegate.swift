import Foundation

/// Where an ``InstreamCustomEvent`` reports; the `InstreamAdSession` behind it checks and forwards the events.
///
/// Rules for conformers (the session's relay is the only one in the package): accept calls from any thread,
/// ignore a second load outcome and anything reported after the section or the session ended.
public protocol InstreamCustomEventDelegate: AnyObject, Sendable {
    /// The data loaded; `availableMidpoints` are the midroll positions (seconds) the data has ads for.
    func customEventDidLoad(availableMidpoints: [Double])
    /// Nothing to play: no ad or a load error.
    func customEventDidFailToLoad(reason: String)
    /// Nothing to play, with a typed error (such as ``MediationError/invalidBidMarkup(path:reason:)`` for bid
    /// markup that does not parse), so that a waterfall traces it and an auction gives the right loss reason.
    func customEventDidFailToLoad(error: MediationError)
    /// A banner started.
    func customEventBannerDidStart(_ banner: InstreamAdBanner)
    /// The playing banner's time left changed.
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double)
    /// A banner completed.
    func customEventBannerDidComplete(_ banner: InstreamAdBanner)
    /// Playback failed; section complete must follow.
    func customEventDidFail(reason: String)
    /// The section ended.
    func customEventSectionDidComplete(_ section: InstreamAdSection)
    /// The network showed content inside the app.
    func customEventWillPresentModal()
    /// That content was dismissed.
    func customEventDidDismissModal()
    /// The network is leaving the app.
    func customEventWillLeaveApplication()
    /// The playing banner's impression earned `revenue`, as the network reported it (an ad SDK's paid event).
    ///
    /// Report it after the banner's start, at most once per banner. A waterfall line or bid with a price gets its
    /// revenue from the engine; a custom event that reports its own turns the engine's estimate off for its line.
    func customEventDidRecordRevenue(_ revenue: AdRevenue)
    /// The load fetched these URLs itself, as sent (macros expanded and encoded): a VAST tag and each wrapper hop.
    /// The mediator puts them in the run's trace (`MediationTrace.requests`), where the inspector shows them.
    ///
    /// Report them once, before the load outcome. A custom event whose SDK fetches on its own, out of sight,
    /// reports nothing.
    func customEventDidSendRequests(_ urls: [URL])
}

extension InstreamCustomEventDelegate {
    /// Drops the report: a delegate that records no requests.
    public func customEventDidSendRequests(_ urls: [URL]) {}

    /// Drops the report: a delegate that forwards no revenue.
    public func customEventDidRecordRevenue(_ revenue: AdRevenue) {}

    /// Reports the error's description through ``customEventDidFailToLoad(reason:)``.
    public func customEventDidFailToLoad(error: MediationError) {
        customEventDidFailToLoad(reason: error.localizedDescription)
    }
}

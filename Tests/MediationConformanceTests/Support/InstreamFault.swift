/// One defect planted in ``FaultyInstreamCustomEvent``: the defects issue 25 found the in-stream kit missed, and
/// those it already caught.
enum InstreamFault: String, CaseIterable, Sendable {
    /// Forwards the network's `javascript:` click URL into the banner.
    case forwardsRefusedClickURL
    /// Tells the network of every companion show and click twice.
    case companionTrackersTwice
    /// Loads without the slot: no required-info check.
    case ignoresRequiredInfo
    /// Reports no midpoints, whatever the network serves.
    case reportsNoMidpoints
    /// Reports banner and section complete synchronously inside `stop()` and `skip()`.
    case reportsInsideStop
    /// Relies on the network to stay quiet after `cancel()`: no guard of its own.
    case trustsNetworkCancel
    /// Reports the load outcome twice.
    case loadsTwice
    /// Reports no ad, then the load.
    case noAdThenLoad
    /// Reports a section complete a second after `stop()`.
    case eventsAfterStop
    /// Forgets section complete after a playback error.
    case noSectionCompleteAfterError
    /// Reports every banner start twice.
    case bannerStartedTwice
    /// `cancel()` does nothing: the late load is reported.
    case lateLoadAfterTimeout
    // Issue 46: the defects a VAST-SDK adapter's author planted and the kit missed, and the rest of its list.
    /// Reports the load outcome on the main queue.
    case outcomeOnMainQueue
    /// Starts every midroll without its midpoint.
    case dropsMidpoint
    /// Replaces the network's load error by "no ad".
    case replacesNetworkError
    /// Reports the first banner's start before the player is asked to play it.
    case startsBeforePlayer
    /// Drops the skip offset (video: skippable at once) or the skip permission (audio).
    case ignoresSkipOffset
    /// Reports a skipped banner complete itself, and again when the network does.
    case completesSkippedBannerTwice
    /// Drops the network's companion banners.
    case dropsCompanions
    /// `stop()` goes quiet but leaves the network's player running.
    case leavesPlayerRunning
    /// Keeps every network object in a static cache.
    case retainsNetwork
}

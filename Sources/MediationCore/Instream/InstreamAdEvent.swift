import Foundation

/// What an ``InstreamAdSession`` reports to its host, in order.
public enum InstreamAdEvent: Sendable, Hashable {
    /// The ad data loaded; `midpoints` are the midroll positions (seconds) that have ads, possibly none.
    case loaded(midpoints: [Double])
    /// No ad: the network had none, failed, or the loading timeout passed.
    case noAd(reason: String)
    /// A banner started playing.
    case bannerStarted(InstreamAdBanner)
    /// The playing banner's time left changed.
    case timeLeftChanged(timeLeft: TimeInterval, duration: TimeInterval)
    /// A banner finished playing.
    case bannerCompleted(InstreamAdBanner)
    /// Playback failed; a ``sectionCompleted(_:)`` follows.
    case error(reason: String)
    /// The section ended; always the last event of a section.
    case sectionCompleted(InstreamAdSection)
    /// A click opened content inside the app.
    case willPresentModal
    /// The content a click opened inside the app was dismissed.
    case didDismissModal
    /// A click is leaving the app.
    case willLeaveApplication
    /// The banner that started last earned `revenue`: a winning bid's price once, at its first banner
    /// (``AdRevenuePrecision/precise``, when its billing notices fire), a priced waterfall line's eCPM at each
    /// banner (``AdRevenuePrecision/estimated``), or what the network reported itself.
    case revenueRecorded(AdRevenue)
}

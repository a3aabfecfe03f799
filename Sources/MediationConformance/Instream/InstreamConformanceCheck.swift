/// A rule the in-stream conformance kit checks on an `InstreamCustomEvent`; the raw value is the stable name.
public enum InstreamConformanceCheck: String, Sendable, Hashable, Codable, CaseIterable {
    /// Exactly one load outcome, for a fill and for no ad.
    case oneLoadOutcome = "instream_one_load_outcome"
    /// Without a required info key, loading fails at once with no network load.
    case requiredInfo = "instream_required_info"
    /// Nothing reported after stop.
    case silentAfterStop = "instream_silent_after_stop"
    /// Nothing reported from inside `stop()` or `skip()` (the session reports the section's end itself).
    case silentInsideStop = "instream_silent_inside_stop"
    /// Nothing reported after the loading timeout cancelled the load.
    case silentAfterLoadingTimeout = "instream_silent_after_loading_timeout"
    /// Nothing reported when the network answers late, after the cancel, although told to cancel.
    case lateAnswerAfterCancel = "instream_late_answer_after_cancel"
    /// Banner start, time left, banner complete per banner; section complete last, once.
    case bannerEventOrder = "instream_banner_event_order"
    /// The midpoints the network serves are reported, and midroll, pauseroll and postroll play in order.
    case sections = "instream_sections"
    /// After a playback error: the error, then section complete last.
    case sectionCompleteAfterError = "instream_section_complete_after_error"
    /// Banner click URLs pass the request's URL policy; a refused click still reaches the network.
    case clickURLPolicy = "instream_click_url_policy"
    /// Companion show and click reach the network once per companion.
    case companionTrackersOnce = "instream_companion_trackers_once"
    /// A click reaches the network once.
    case clickTrackerOnce = "instream_click_tracker_once"
    /// Skips the banner does not allow never reach the network.
    case refusedSkips = "instream_refused_skips"
    /// The custom event and the session are released once the session ends.
    case releasedAfterSession = "instream_released_after_session"
    /// The load outcome comes from the network's answer, on its thread or the custom event's own work, never hopped
    /// to the main queue; an asynchronous outcome is fine.
    case outcomeThread = "instream_outcome_thread"
    /// Each midroll reaches the network with its midpoint (a VAST ad's `[CONTENTPLAYHEAD]`, the impression's `cp`).
    case midrollMidpoint = "instream_midroll_midpoint"
    /// The network's load error (its code and message) reaches the session, not replaced by "no ad".
    case networkErrorPreserved = "instream_network_error_preserved"
    /// Banner start (the impression) once per banner, and only once the player plays that banner's media.
    case impressionOnce = "instream_impression_once"
    /// The network's skip permission and offset reach the banner: a skip before the offset is refused, one after
    /// it reaches the network once.
    case skipOffset = "instream_skip_offset"
    /// A banner the user skipped completes once, and the section once.
    case completionOnce = "instream_completion_once"
    /// The network's companion banners reach the banner, at their size.
    case companionsReported = "instream_companions_reported"
    /// After `stop()` the player is stopped and plays nothing more.
    case noPlayingAfterStop = "instream_no_playing_after_stop"
    /// The network's SDK object is released once the session ends.
    case networkReleased = "instream_network_released"
    /// A bid's markup (`InstreamAdRequest.adMarkup`) goes to the network's markup load unchanged, never its
    /// ordinary load, and fills once.
    case bidMarkupLoad = "instream_bid_markup_load"
    /// Blank markup fails at once with `invalid_bid_markup` at `adm`, before any network call; a VAST-based custom
    /// event fails markup that is not VAST with `invalid_bid_markup` too, never a fill.
    case invalidBidMarkup = "instream_invalid_bid_markup"
    /// Markup on a custom event without bidding support fails at once with `invalid_bid_markup` at `adm`, with no
    /// network load.
    case bidMarkupRefused = "instream_bid_markup_refused"
    /// The URLs a VAST-based custom event fires carry the privacy macros (`[GDPRCONSENT]`, `[LIMITADTRACKING]`,
    /// `[IFA]`, …) filled from the request's privacy as the privacy matrix's VAST column allows.
    case privacyMacros = "instream_privacy_macros"

    /// What the check asserts, in one line.
    public var summary: String {
        switch self {
        case .oneLoadOutcome: "reports exactly one load outcome, for a fill and for no ad"
        case .requiredInfo: "without a required info key fails to load at once, with no network load"
        case .silentAfterStop: "reports nothing after stop()"
        case .silentInsideStop: "reports nothing from inside stop() or skip()"
        case .silentAfterLoadingTimeout: "reports nothing after cancel() at the loading timeout"
        case .lateAnswerAfterCancel: "reports nothing when the network answers after cancel() anyway"
        case .bannerEventOrder: "per banner start, time left, complete; section complete last and once"
        case .sections: "reports the midpoints served; midroll, pauseroll and postroll play in order"
        case .sectionCompleteAfterError: "after a playback error reports the error, then section complete last"
        case .clickURLPolicy: "banner click URLs pass the URL policy; a refused click still reaches the network"
        case .companionTrackersOnce: "companion show and click reach the network once per companion"
        case .clickTrackerOnce: "one click reaches the network once"
        case .refusedSkips: "skips the banner does not allow never reach the network"
        case .releasedAfterSession: "the custom event and the session are released once the session ends"
        case .outcomeThread: "the load outcome arrives from the network's answer, never hopped to the main queue"
        case .midrollMidpoint: "each midroll reaches the network with its midpoint"
        case .networkErrorPreserved: "the network's load error code and message reach the session, not \"no ad\""
        case .impressionOnce: "banner start once per banner, only once the player plays its media"
        case .skipOffset:
            "the network's skip offset holds: a skip before it is refused, one after it reaches the network"
        case .completionOnce: "a skipped banner completes once, the section once"
        case .companionsReported: "the network's companion banners reach the banner, at their size"
        case .noPlayingAfterStop: "after stop() the player is stopped and plays nothing more"
        case .networkReleased: "the network's SDK object is released once the session ends"
        case .bidMarkupLoad: "markup goes to the markup load call unchanged, never the ordinary load"
        case .invalidBidMarkup: "invalid markup fails once with invalid_bid_markup, never a fill"
        case .bidMarkupRefused: "markup on a custom event without bidding support fails with invalid_bid_markup"
        case .privacyMacros: "fired URLs carry the privacy macros as the privacy matrix's VAST column allows"
        }
    }
}

/// One rule of the adapter contract that the conformance kit checks, under a stable name.
///
/// The raw value is the check's stable name: it appears in tables, JSON reports and test failures, and never
/// changes meaning once published. Checks run in the order of `allCases`.
public enum ConformanceCheck: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// A fill produces exactly one `didLoad` and nothing else, however long the clock runs afterwards.
    case singleOutcomeOnFill = "single-outcome-fill"
    /// The network's "no ad" produces exactly one `didFail(.noFill)` and nothing else.
    case singleOutcomeOnNoFill = "single-outcome-no-fill"
    /// A network error produces exactly one `didFail` and nothing else.
    case singleOutcomeOnError = "single-outcome-error"
    /// A network answering synchronously, from inside `requestAd`, still gives exactly one outcome.
    case singleOutcomeOnSynchronousAnswer = "single-outcome-sync"
    /// A network that calls back twice, back to back or a second later, still gives exactly one outcome.
    case singleOutcomeOnDoubleCallback = "single-outcome-double-callback"
    /// After `stop()` (the host cancelled, another line won) the custom event reports nothing.
    case silentAfterStop = "silent-after-stop"
    /// After `stop()` the custom event reports nothing, even when the network answers despite the cancel.
    case silentAfterIgnoredCancel = "silent-after-ignored-cancel"
    /// After the engine's timeout stopped the line, a late network answer is not reported.
    case silentAfterTimeout = "silent-after-timeout"
    /// A second `requestAd` on one custom event, while loading or after the outcome, reports nothing and loads
    /// nothing; the first request goes on.
    case secondRequestIgnored = "second-request-ignored"
    /// Missing required info fails at once with `missingRequiredInfo(key:)` and makes no network load.
    case missingRequiredInfo = "missing-required-info"
    /// A fill carries every declared unified key, each with its declared value kind.
    case fillHasDeclaredKeys = "fill-declared-keys"
    /// A fill's values are usable: star rating in 0…5, every URL a valid http(s) URL, no empty texts.
    case fillValuesAreValid = "fill-values-valid"
    /// Generated network ads (seeded, with hostile values) map as the subject declares, and the unified ad never
    /// holds an invalid value.
    case generatedFillMapping = "generated-fill-mapping"
    /// A failed image precache gives exactly one `didFail` and no ad.
    case imagePrecacheFailure = "image-precache-failure"
    /// A network error keeps the network's own code and message in `networkError`.
    case networkErrorPreserved = "network-error-preserved"
    /// One impression reported by the network reaches the adapter delegate exactly once.
    case impressionForwardedOnce = "impression-once"
    /// One click reported by the network reaches the adapter delegate exactly once.
    case clickForwardedOnce = "click-once"
    /// The network's modal presented / dismissed and leave-application events reach the adapter delegate.
    case modalAndLeaveForwarded = "modal-and-leave-forwarded"
    /// On an ad rendered (attached) first, one network impression gives one impression in all.
    case impressionOnceWhenShown = "impression-once-when-shown"
    /// `willAttach(to:)` registers the ad with the network where the subject declares it should.
    case registersOnAttach = "registers-on-attach"
    /// A view-binding adapter binds the host's asset views, refuses a host view missing a required one by
    /// name, counts no impression before binding, and unbinds on detach.
    case viewBinding = "view-binding"
    /// An ad the network invalidated before its lifetime ran out is reported expired to the host, once.
    case invalidationExpires = "invalidation-expires"
    /// The host's impressions and clicks take the path the adapter's `handles…` settings say, once each.
    case hostReportedEvents = "host-reported-events"
    /// Non-default privacy, targeting and bid markup reach the network as the subject declares.
    case requestForwarding = "request-forwarding"
    /// The adapter's bid signal provider (when it has one) answers once, with a non-empty signal, within its
    /// timeout, for its own custom event.
    case bidSignalInTime = "bid-signal-in-time"
    /// A custom event that loads bids hands the markup, unchanged, to the network's markup load call, never to
    /// its ordinary load, and the bid fills once.
    case bidMarkupLoad = "bid-markup-load"
    /// Markup the adapter or the network cannot load (empty, blank, rejected by the network) fails once with
    /// `invalid_bid_markup` or the network's error; it is never reported as a fill and never loaded ordinarily.
    case invalidBidMarkup = "invalid-bid-markup"
    /// A custom event that declares no bidding support fails a request with markup with `invalid_bid_markup`,
    /// at once and without a network load, rather than ignoring the markup.
    case bidMarkupRefused = "bid-markup-refused"
    /// Outcomes and events the network delivers on background threads are handled safely, once each.
    case backgroundCallbacks = "background-callbacks"
    /// Many loads of one custom event type, answered, stopped and hammered with events from many threads at once,
    /// each give at most one outcome and forward events safely (run under ThreadSanitizer).
    case concurrentLoads = "concurrent-loads"
    /// The custom event and the adapter are released once the ad is released (no retain cycle).
    case releasedAfterAd = "released-after-ad"
    /// Adapter version and network SDK version are non-empty and reported in under 5 ms; a custom event that
    /// adopts `AdapterVersionReporting` reports the same versions and a network name.
    case versionsReported = "versions-reported"
    /// A renderer configuration lists the custom event's identifier, and the identifier matches.
    case rendererListsCustomEvent = "renderer-lists-custom-event"

    /// The stable name.
    public var description: String { rawValue }

    /// One line saying what the check asserts, for listings and docs.
    public var summary: String {
        switch self {
        case .singleOutcomeOnFill: "a fill gives exactly one didLoad"
        case .singleOutcomeOnNoFill: "a no fill gives exactly one didFail(no_fill)"
        case .singleOutcomeOnError: "a network error gives exactly one didFail"
        case .singleOutcomeOnSynchronousAnswer: "an answer from inside requestAd gives exactly one outcome"
        case .singleOutcomeOnDoubleCallback: "a network calling back twice gives exactly one outcome"
        case .silentAfterStop: "nothing is reported after stop()"
        case .silentAfterIgnoredCancel: "nothing is reported after stop(), even if the network answers anyway"
        case .silentAfterTimeout: "nothing is reported after the line timed out"
        case .secondRequestIgnored: "a second requestAd on one custom event reports and loads nothing"
        case .missingRequiredInfo: "missing required info fails at once, with no network load"
        case .fillHasDeclaredKeys: "a fill carries every declared key with its declared kind"
        case .fillValuesAreValid: "star rating in 0...5, URLs valid http(s), texts non-empty"
        case .generatedFillMapping: "seeded hostile fills map as declared; no invalid unified value"
        case .imagePrecacheFailure: "a failed image precache gives one didFail and no ad"
        case .networkErrorPreserved: "the network's error code and message are kept"
        case .impressionForwardedOnce: "a network impression reaches the adapter delegate once"
        case .clickForwardedOnce: "a network click reaches the adapter delegate once"
        case .modalAndLeaveForwarded: "modal and leave-application events are forwarded"
        case .impressionOnceWhenShown: "an attached ad counts one impression across attach and network"
        case .registersOnAttach: "willAttach registers the ad with the network as declared"
        case .viewBinding: "a view-binding ad binds the host's views, names a missing one, counts after binding"
        case .invalidationExpires: "an ad the network invalidated expires at once; the host hears it once"
        case .hostReportedEvents: "host-reported impressions and clicks follow handlesImpressions/handlesClicks"
        case .requestForwarding: "privacy, targeting and bid markup reach the network as declared"
        case .bidSignalInTime: "the bid signal provider answers once, non-empty, within its timeout"
        case .bidMarkupLoad: "markup goes to the markup load call unchanged, never the ordinary load"
        case .invalidBidMarkup: "invalid markup fails once with a clear error, never a fill"
        case .bidMarkupRefused: "markup on a custom event without bidding support fails with invalid_bid_markup"
        case .backgroundCallbacks: "background-thread callbacks are handled safely, once each"
        case .concurrentLoads: "concurrent loads, answers, stops and events stay one-shot and safe"
        case .releasedAfterAd: "custom event and adapter are released with the ad"
        case .versionsReported: "adapter and SDK versions are non-empty and fast"
        case .rendererListsCustomEvent: "a renderer configuration lists the custom event"
        }
    }
}

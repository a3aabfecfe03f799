import Testing

/// The one thing a broken test adapter does wrong; `none` (and `hostCounted`) are controls that must pass every
/// check. The comment names the issue-13 blind spot a fault belongs to, where it has one.
enum AdapterFault: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// Well-behaved: the control.
    case none
    /// Well-behaved, with host-counted impressions and clicks passed to the network: the control for the host
    /// paths (`handlesImpressions` and `handlesClicks` false).
    case hostCounted
    /// Reports every network answer twice (no one-shot guard).
    case doubleCallback
    /// Swallows every network answer: the load never completes.
    case noCallback
    /// `stop()` does nothing: the network's answer is still reported.
    case callbackAfterStop
    /// Declares `placementId` required but loads without it.
    case ignoresMissingRequiredInfo
    /// Replaces the network's error code and message with a generic one.
    case losesNetworkError
    /// Forgets to map the advertiser to `sponsored`.
    case dropsSponsor
    /// Builds the icon URL without its scheme.
    case schemelessIconURL
    /// Declares the icon 1e19 px wide and high.
    case impossibleIconSize
    /// Forwards every network impression twice.
    case doubleImpression
    /// Never forwards the network's clicks.
    case dropsClick
    /// Never forwards modal and leave-application events.
    case dropsModalEvents
    /// The adapter and the custom event hold each other strongly.
    case retainCycle
    /// Ignores the network invalidating its ad: the host keeps a dead ad.
    case ignoresInvalidation
    /// Has no guard against a second `requestAd`: it loads again and reports a second outcome.
    case loadsAgainOnSecondRequest
    /// Reports an empty adapter version.
    case missingVersion
    /// Its `AdapterVersionReporting` answers another adapter version than the one the subject declares.
    case misreportsVersion
    /// Ships a renderer configuration that lists another custom event.
    case unlistedInRenderer
    /// Blind spot 1: an answer from inside `requestAd` is reported at once and again on the next tick.
    case syncAnswerReportedTwice
    /// Blind spot 2: the one-shot guard only checks "not stopped", so a second network callback is reported.
    case guardChecksOnlyStopped
    /// Blind spot 3: `stop()` cancels the network request but does not silence the custom event.
    case stopOnlyCancelsNetwork
    /// Blind spot 4: the network's click URL becomes `defaultActionURL` unchecked (`javascript:` included).
    case forwardsUnsafeClickURL
    /// Blind spot 4: the network rates on 0…10, and the adapter keeps ratings as they are (no × 5 / 10).
    case unscaledTenPointRating
    /// Blind spot 5: a failed image precache reports `didFail`, then loads anyway (MoPub's own bug).
    case loadsAfterFailedPrecache
    /// Blind spot 6: `willAttach` also reports an impression, so a shown ad counts two.
    case impressionOnAttach
    /// Blind spot 6: `willAttach` never registers the ad with the network.
    case noRegistrationOnAttach
    /// Blind spot 7: a check-then-act one-shot guard; answers racing on several threads all get through.
    case checkThenActRace
    /// Blind spot 8: age, gender and the child-directed flag never reach the network.
    case dropsTargeting
    /// Blind spot 8: the bid markup never reaches the network (a waterfall load instead of the bid).
    case dropsBidMarkup
    /// Blind spot 8: `handlesImpressions` is false, but `trackImpression` never tells the network.
    case hostImpressionsNotPassed
    /// Well-behaved view binding: the control for the view-binding path (binds the host's asset views).
    case bindsViews
    /// Bidding: the bid signal provider answers after its timeout.
    case lateBidSignal
    /// Bidding: the bid signal provider answers twice for one request.
    case bidSignalTwice
    /// Bidding: empty markup is handed to the network's markup load instead of failing at once.
    case acceptsEmptyMarkup
    /// Bidding: a bid the network rejects is reported as `noFill`, hiding why the bid failed.
    case rejectedBidAsNoFill
    /// Bidding: declares no bidding support, yet ignores the markup and loads ordinarily (a fill for a bid line).
    case ignoresMarkupWithoutBidding
    /// View binding: says it is bound to asset views before any render, so impressions count too early.
    case boundBeforeRender
    /// View binding: never unbinds on detach, so a reused cell keeps the old ad's views.
    case staysBoundAfterDetach
    /// Names another object than itself in its outcomes, so the engine cannot tell which line they are for.
    case namesAnotherObject

    var testDescription: String { rawValue }

    /// Whether the adapter binds the host's asset views.
    var bindsViews: Bool { self == .bindsViews || self == .boundBeforeRender || self == .staysBoundAfterDetach }

    /// Whether the adapter leaves impressions and clicks to the host.
    var hostCountsEvents: Bool { self == .hostCounted || self == .hostImpressionsNotPassed }
}

import Foundation
import MediationCore
import MediationTesting

/// The bid markup checks, as the native kit's (`bid-markup-load`, `invalid-bid-markup`, `bid-markup-refused`), on
/// `InstreamAdRequest.adMarkup`.
extension InstreamConformanceKit {
    /// The macros the kit's markup puts in each of its URLs, by query name: the privacy macros of VAST 4.1 that a
    /// tracking URL carries (docs/privacy.md, the in-stream VAST column).
    static let privacyMacroQuery: KeyValuePairs<String, String> = [
        "gdpr_consent": "[GDPRCONSENT]", "regs": "[REGULATIONS]", "lmt": "[LIMITADTRACKING]", "ifa": "[IFA]",
        "ifa_type": "[IFATYPE]", "gpp": "[GPPSTRING]", "gpp_sid": "[GPPSECTIONID]",
    ]

    /// Where the kit's markup's URLs point: `https://conformance.invalid/privacy/<event>?…`.
    static let privacyURLPrefix = "https://conformance.invalid/privacy/"

    /// The bid markup the kit hands a custom event: one VAST 4.1 InLine ad of `format` (a 2 s linear creative),
    /// whose Error, Impression and start tracking URLs carry ``privacyMacroQuery``. A stand-in SDK without VAST
    /// loads it as any markup (the script plays); a VAST-based custom event plays it.
    static func bidMarkup(_ format: InstreamAdFormat) -> String {
        func url(_ event: String) -> String {
            privacyURLPrefix + event + "?"
                + privacyMacroQuery.map { "\($0.key)=\($0.value)" }.joined(separator: "&amp;")
        }
        let media =
            format == .audio
            ? "<MediaFile delivery=\"progressive\" type=\"audio/mpeg\">"
            : "<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\">"
        return "<VAST version=\"4.1\"><Ad id=\"conformance-bid\" sequence=\"1\""
            + (format == .audio ? " adType=\"audio\"" : "") + "><InLine><AdSystem>MediationConformance</AdSystem>"
            + "<AdTitle>conformance bid</AdTitle><Error>\(url("error"))</Error>"
            + "<Impression>\(url("impression"))</Impression><Creatives><Creative><Linear>"
            + "<Duration>00:00:02.000</Duration><TrackingEvents><Tracking event=\"start\">\(url("start"))</Tracking>"
            + "</TrackingEvents><MediaFiles>\(media)https://conformance.invalid/media/\(format.rawValue)-bid"
            + "</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"
    }

    /// Markup a custom event that loads bids must refuse itself, at once, before any network call: empty, and only
    /// white space (as the native kit's `ConformanceBidMarkup.refusedByAdapter`).
    static let blankMarkups = ["", " \n\t "]

    /// Markup that is not VAST: a VAST-based custom event fails it with `invalid_bid_markup`.
    static let markupThatIsNotVAST = "{\"conformance\": \"not vast\"}"

    /// A bid's markup reaches the network's markup load once, unchanged, with no ordinary load, and fills once.
    static func bidMarkupLoad(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        guard harness.instance.customEvent.supportsBidding else {
            return .expect(
                .bidMarkupLoad, true, "the custom event declares no bidding support (see instream_bid_markup_refused)")
        }
        guard let markupLoads = harness.instance.markupLoads else {
            return InstreamConformanceCheckResult(
                check: .bidMarkupLoad, status: .skipped,
                reason: "the subject cannot tell its network's load calls apart (Instance.markupLoads)")
        }
        let markup = bidMarkup(subject.format)
        await harness.load(markup: markup)
        harness.clock.advance(by: .seconds(5))
        let markups = markupLoads()
        let ordinary = harness.instance.callLog().count { $0 == .load } - markups.count
        let outcomes = harness.recorder.events.filter { $0 == "load" || $0 == "noAd" }
        var problems: [String] = []
        if ordinary > 0 {
            problems.append("a bid went to the network's ordinary load (\(ordinary) ordinary load(s))")
        }
        if markups != [markup] {
            problems.append(
                "the markup load call got \(markups.count) markup(s)"
                    + (markups.isEmpty || markups.contains(markup) ? "" : ", changed")
                    + "; expected the bid's once, unchanged")
        }
        if outcomes != ["load"] { problems.append("a bid the network filled gave \(outcomes); expected one load") }
        return .expect(
            .bidMarkupLoad, problems.isEmpty,
            problems.isEmpty
                ? "the markup reached the markup load call once, unchanged; no ordinary load; one load"
                : problems.joined(separator: "; "))
    }

    /// Blank markup fails at once with `invalid_bid_markup` at `adm`, with no network load; a VAST-based custom
    /// event (one that names its ``InstreamConformanceSubject/Instance/pingedURLs``) fails markup that is not VAST
    /// with `invalid_bid_markup`, never a fill.
    static func invalidBidMarkup(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        guard Harness(subject, script: script(subject.format)).instance.customEvent.supportsBidding else {
            return .expect(
                .invalidBidMarkup, true,
                "the custom event declares no bidding support (see instream_bid_markup_refused)")
        }
        for markup in blankMarkups {
            let harness = Harness(subject, script: script(subject.format))
            harness.startLoad(markup: markup)
            let immediate = harness.recorder.events
            harness.clock.advance(by: .seconds(30))
            let name = "markup \(markup.debugDescription)"
            if let problem = invalidMarkupProblem(harness, name: name) {
                return .expect(.invalidBidMarkup, false, problem)
            }
            guard case .invalidBidMarkup(let path, _)?? = harness.recorder.failureErrors.first, path == "adm" else {
                return .expect(
                    .invalidBidMarkup, false,
                    "\(name) failed with \(describe(harness.recorder.failureErrors.first ?? nil)); expected"
                        + " invalid_bid_markup at 'adm' (customEventDidFailToLoad(error:))")
            }
            let loads = harness.instance.callLog().count { $0 == .load }
            guard immediate == ["noAd"], loads == 0 else {
                return .expect(
                    .invalidBidMarkup, false,
                    "\(name) reached the network (\(loads) load(s)) or failed late; it must fail at once, before any"
                        + " network call")
            }
        }
        let probe = Harness(subject, script: script(subject.format))
        guard probe.instance.pingedURLs != nil else {
            return .expect(
                .invalidBidMarkup, true,
                "empty and blank markup fail at once with invalid_bid_markup at 'adm' (not VAST-based: markup the"
                    + " SDK cannot load is its own to judge)")
        }
        await probe.load(markup: markupThatIsNotVAST)
        probe.clock.advance(by: .seconds(30))
        let name = "markup that is not VAST"
        if let problem = invalidMarkupProblem(probe, name: name) {
            return .expect(.invalidBidMarkup, false, problem)
        }
        guard case .invalidBidMarkup?? = probe.recorder.failureErrors.first else {
            return .expect(
                .invalidBidMarkup, false,
                "\(name) failed with \(describe(probe.recorder.failureErrors.first ?? nil)); expected"
                    + " invalid_bid_markup (an auction gives loss reason 3)")
        }
        return .expect(
            .invalidBidMarkup, true,
            "empty and blank markup fail at once with invalid_bid_markup at 'adm'; markup that is not VAST fails"
                + " with invalid_bid_markup")
    }

    /// A custom event without bidding support fails a request with markup with `invalid_bid_markup` at `adm`, at
    /// once, with no network load.
    static func bidMarkupRefused(_ subject: InstreamConformanceSubject) async -> InstreamConformanceCheckResult {
        let harness = Harness(subject, script: script(subject.format))
        guard !harness.instance.customEvent.supportsBidding else {
            return .expect(.bidMarkupRefused, true, "the custom event supports bidding (see instream_bid_markup_load)")
        }
        harness.startLoad(markup: bidMarkup(subject.format))
        let immediate = harness.recorder.events
        harness.clock.advance(by: .seconds(30))
        await waitUntil { harness.recorder.hasOutcome }
        let events = harness.recorder.events.filter { $0 == "load" || $0 == "noAd" }
        let loads = harness.instance.callLog().count { $0 == .load }
        guard events == ["noAd"] else {
            return .expect(
                .bidMarkupRefused, false,
                "a request with markup on a custom event without bidding support gave \(events); expected one"
                    + " noAd(invalid_bid_markup), never an ad from the ordinary load")
        }
        guard case .invalidBidMarkup(let path, _)?? = harness.recorder.failureErrors.first, path == "adm" else {
            return .expect(
                .bidMarkupRefused, false,
                "it failed with \(describe(harness.recorder.failureErrors.first ?? nil)); expected invalid_bid_markup"
                    + " at 'adm'")
        }
        guard immediate == ["noAd"], loads == 0 else {
            return .expect(
                .bidMarkupRefused, false,
                "it reached the network (\(loads) load(s)) or failed late; expected a failure at once, no network call"
            )
        }
        return .expect(
            .bidMarkupRefused, true,
            "markup without bidding support: noAd(invalid_bid_markup) at 'adm' at once, no load")
    }

    /// Why `harness`'s load of invalid markup (`name`) is not one failure, never a fill; `nil` when it is.
    private static func invalidMarkupProblem(_ harness: Harness, name: String) -> String? {
        let outcomes = harness.recorder.events.filter { $0 == "load" || $0 == "noAd" }
        guard outcomes == ["noAd"] else { return "\(name) gave \(outcomes); expected one noAd, never a fill" }
        return nil
    }

    private static func describe(_ error: MediationError?) -> String {
        error.map { "\($0.code) (\($0.localizedDescription))" } ?? "a reason only, no typed error"
    }
}

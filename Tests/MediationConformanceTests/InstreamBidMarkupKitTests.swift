import Foundation
import MediationConformance
import MediationCore
import MediationTesting
import Testing

@Suite("The in-stream kit's bid markup and privacy macros checks")
struct InstreamBidMarkupKitTests {
    /// ``BiddingInstreamCustomEvent`` as a subject: its SDK's calls and markup loads, and the URLs its VAST playback
    /// fired.
    static func subject(
        _ format: InstreamAdFormat, bidding: Bool = true, faults: Set<BiddingInstreamFault> = [],
        firesURLs: Bool = true
    ) -> InstreamConformanceSubject {
        InstreamConformanceSubject(
            name: "bidding \(format.rawValue) \(faults.map(\.rawValue).sorted())",
            customEventIdentifier: "BiddingInstream", format: format,
            info: [FaultyInstreamCustomEvent.slotKey: .string("slot-1")],
            expectations: InstreamConformanceExpectations(
                requiredInfoKeys: [FaultyInstreamCustomEvent.slotKey], videoCarriesCompanions: true)
        ) { script, _ in
            let network = SimulatedInstreamCustomEvent(script: script)
            let bids = SimulatedBidEndpoint()
            let pinger = RecordingTrackerPinger()
            let customEvent = BiddingInstreamCustomEvent(
                network: network, bids: bids, pinger: pinger, bidding: bidding, faults: faults)
            var instance = InstreamConformanceSubject.Instance(customEvent: customEvent, network: { network }) {
                bids.markups.map { _ in InstreamNetworkCall.load } + network.callLog
            }
            instance.markupLoads = { bids.markups }
            if firesURLs { instance.pingedURLs = { pinger.pinged } }
            return instance
        }
    }

    static let newChecks: Set<InstreamConformanceCheck> = [
        .bidMarkupLoad, .invalidBidMarkup, .bidMarkupRefused, .privacyMacros,
    ]

    /// The correct adapter, bidding (VAST-based or not) and not bidding, passes every check strictly.
    @Test(arguments: [InstreamAdFormat.video, .audio], [true, false])
    func theCorrectAdapterPassesStrictly(format: InstreamAdFormat, bidding: Bool) async {
        // Without bidding the adapter never plays VAST: its SDK fires the trackers.
        let report = await InstreamConformanceKit.check(
            Self.subject(format, bidding: bidding, firesURLs: bidding), strict: true)
        #expect(report.passed, "\(report.table)")
        #expect(report.count(.skipped) == 0)
        #expect(report.results.count == InstreamConformanceCheck.allCases.count)
        let reasons = Dictionary(uniqueKeysWithValues: report.results.map { ($0.check, $0.reason) })
        if bidding {
            #expect(reasons[.bidMarkupLoad]?.contains("once, unchanged") == true)
            #expect(reasons[.privacyMacros]?.contains("as the matrix says") == true)
            #expect(reasons[.invalidBidMarkup]?.contains("not VAST fails") == true)
        } else {
            #expect(reasons[.bidMarkupRefused]?.contains("at once, no load") == true)
        }
    }

    /// Each planted defect fails its named check and no other.
    static let caughtBy: [(BiddingInstreamFault, InstreamConformanceCheck)] = [
        (.alsoCallsOrdinaryLoad, .bidMarkupLoad),
        (.loadsBlankMarkup, .invalidBidMarkup),
        (.ignoresMarkupWithoutBidding, .bidMarkupRefused),
        (.dropsPrivacy, .privacyMacros),
    ]

    @Test func everyFaultHasItsCheck() {
        #expect(Set(Self.caughtBy.map(\.0)) == Set(BiddingInstreamFault.allCases))
        #expect(Set(Self.caughtBy.map(\.1)) == Self.newChecks)
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func eachPlantedDefectFailsItsCheckAndNoOther(format: InstreamAdFormat) async {
        for (fault, check) in Self.caughtBy {
            // A custom event without bidding support never plays VAST: its SDK fires the trackers.
            let report = await InstreamConformanceKit.check(
                Self.subject(format, faults: [fault], firesURLs: fault != .ignoresMarkupWithoutBidding), strict: true)
            #expect(report.failedChecks == [check], "\(fault): \(report.table)")
            #expect(report.count(.skipped) == 0, "\(fault)")
        }
    }

    /// A custom event whose SDK fires the trackers (no pinged URLs named) is not VAST-based: the privacy check
    /// passes as not applying, saying so.
    @Test func aSubjectThatFiresNoURLsIsNotCheckedForMacros() async {
        let report = await InstreamConformanceKit.check(Self.subject(.video, firesURLs: false), strict: true)
        #expect(report.passed, "\(report.table)")
        let privacy = report.results.first { $0.check == .privacyMacros }
        #expect(privacy?.status == .passed)
        #expect(privacy?.reason.hasPrefix("not VAST-based") == true)
    }

    /// Under each privacy state the withheld values go as `-2` and the forwarded ones as they are; a playback
    /// without the request's privacy sends the IDFA's `-1` (not withheld) under ATT denied and no consent string's
    /// absence under GDPR.
    @Test func theDroppedPrivacyIsNamedState() async {
        let report = await InstreamConformanceKit.check(Self.subject(.video, faults: [.dropsPrivacy]), strict: true)
        let reason = report.results.first { $0.check == .privacyMacros }?.reason ?? ""
        #expect(reason.contains("GDPR with consent: impression sent [GDPRCONSENT]"), "\(reason)")
        #expect(reason.contains("the matrix says \"CPXxRfAPXxRfAAfKABENB\""), "\(reason)")
    }
}

import MediationConformance
import MediationCore
import Testing

/// The bidding checks: each planted bidding defect is caught by exactly the check named for it, with a reason
/// that says what went wrong; the controls pass them strictly.
@Suite struct BiddingConformanceTests {
    private static let biddingChecks: [ConformanceCheck] = [
        .bidSignalInTime, .bidMarkupLoad, .invalidBidMarkup, .bidMarkupRefused,
    ]

    private func reason(_ report: ConformanceReport, _ check: ConformanceCheck) -> String {
        report.result(for: check)?.reason ?? "<not run>"
    }

    @Test(arguments: [
        (AdapterFault.lateBidSignal, ConformanceCheck.bidSignalInTime, "no signal within the 1000ms timeout"),
        (.bidSignalTwice, .bidSignalInTime, "the provider answered 2 times for one request; expected once"),
        (.acceptsEmptyMarkup, .invalidBidMarkup, "gave didLoad; expected one didFail, never a fill"),
        (
            .rejectedBidAsNoFill, .invalidBidMarkup,
            "markup the network rejects failed with no_fill"
        ),
        (.ignoresMarkupWithoutBidding, .bidMarkupRefused, "gave didLoad; expected one didFail(invalid_bid_markup)"),
    ])
    func plantedBiddingDefectIsCaughtByExactlyTheNamedCheck(
        fault: AdapterFault, check: ConformanceCheck, reasonPart: String
    ) async {
        let report = await ConformanceKit.run(.faulty(fault), options: .fastFailing)
        #expect(report.failedChecks == [check])
        #expect(reason(report, check).contains(reasonPart), "\(reason(report, check))")
    }

    @Test func controlPassesTheBiddingChecksStrictlyWithReasons() async {
        let report = await ConformanceKit.run(.faulty(.none), checks: Self.biddingChecks, options: .strict)
        #expect(report.passed)
        #expect(report.count(.passed) == Self.biddingChecks.count)
        #expect(reason(report, .bidSignalInTime) == "one non-empty signal at t+20ms, within the 1000ms timeout")
        #expect(
            reason(report, .bidMarkupLoad)
                == "the markup reached the markup load call once, unchanged; no ordinary load; one didLoad")
        #expect(
            reason(report, .invalidBidMarkup)
                == "empty and blank markup fail at once with invalid_bid_markup at 'adm'; markup the network rejects"
                + " fails with the network's error")
        #expect(reason(report, .bidMarkupRefused) == "the custom event supports bidding (see bid-markup-load)")
    }

    @Test func theReferenceExamplePassesTheBiddingChecksStrictly() async {
        let report = await ConformanceKit.run(.referenceExample, checks: Self.biddingChecks, options: .strict)
        #expect(report.passed)
        #expect(report.count(.passed) == Self.biddingChecks.count)
    }

    @Test func aBidGoingToTheOrdinaryLoadIsCaught() async {
        let report = await ConformanceKit.run(.faulty(.dropsBidMarkup), checks: [.bidMarkupLoad])
        #expect(report.failedChecks == [.bidMarkupLoad])
        #expect(
            reason(report, .bidMarkupLoad).hasPrefix("a bid went to the network's ordinary load (1 ordinary load(s))"))
    }

    @Test func undeclaredSignalWithoutAProviderIsSkippedAndDeclaredOneFails() async {
        // A subject built on a driver without a provider: the scripted doubles' driver has none.
        let undeclared = await ConformanceKit.run(ScriptedNetwork.subject, checks: [.bidSignalInTime])
        #expect(undeclared.skippedChecks == [.bidSignalInTime])
        var declared = ScriptedNetwork.subject
        declared.expectations.providesBidSignal = true
        let declaredReport = await ConformanceKit.run(declared, checks: [.bidSignalInTime])
        #expect(declaredReport.failedChecks == [.bidSignalInTime])
        #expect(reason(declaredReport, .bidSignalInTime).contains("the driver has no bidSignalProvider"))
        var declaredNone = ScriptedNetwork.subject
        declaredNone.expectations.providesBidSignal = false
        let noneReport = await ConformanceKit.run(declaredNone, checks: [.bidSignalInTime], options: .strict)
        #expect(noneReport.passed)
    }

    @Test func aProviderForAnotherCustomEventIsCaught() async {
        let report = await ConformanceKit.run(
            .faulty(.none).renamed(customEventIdentifier: "SomeOtherCustomEvent"), checks: [.bidSignalInTime])
        #expect(report.failedChecks == [.bidSignalInTime])
        #expect(reason(report, .bidSignalInTime).contains("expected the custom event's 'SomeOtherCustomEvent'"))
    }
}

extension AdapterConformanceSubject {
    /// The same subject, described under another custom event identifier.
    fileprivate func renamed(customEventIdentifier: String) -> AdapterConformanceSubject {
        var subject = self
        subject.customEventIdentifier = customEventIdentifier
        return subject
    }
}

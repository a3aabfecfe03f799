import Foundation
import MediationConformance
import MediationConformanceTesting
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite("The strict in-stream conformance kit")
struct InstreamStrictKitTests {
    /// The faulty adapter as a subject: slot required, midpoints served, companions on video too.
    static func subject(
        _ format: InstreamAdFormat, faults: Set<InstreamFault> = [],
        expectations: InstreamConformanceExpectations = InstreamConformanceExpectations(
            requiredInfoKeys: [FaultyInstreamCustomEvent.slotKey], videoCarriesCompanions: true),
        networks: Locked<[WeakNetwork]>? = nil
    ) -> InstreamConformanceSubject {
        InstreamConformanceSubject(
            name: "faulty \(format.rawValue) \(faults.map(\.rawValue).sorted())",
            customEventIdentifier: "FaultyInstream",
            format: format, info: [FaultyInstreamCustomEvent.slotKey: .string("slot-1")], expectations: expectations
        ) { script, _ in
            let network = SimulatedInstreamCustomEvent(script: script)
            networks?.withLock { $0.append(WeakNetwork(network: network)) }
            return .init(customEvent: FaultyInstreamCustomEvent(network: network, faults: faults), network: { network })
            {
                network.callLog
            }
        }
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func theCorrectControlsPassStrictly(format: InstreamAdFormat) async {
        let report = await checkConformance(Self.subject(format), strict: true)
        #expect(report.passed, "\(report.table)")
        #expect(report.count(.skipped) == 0)
        #expect(report.results.count == InstreamConformanceCheck.allCases.count)
        #expect(report.table.hasPrefix("faulty \(format.rawValue) [] [FaultyInstream]: PASSED (27 passed, 0 failed"))
    }

    /// Each planted defect and the named checks that catch it (video and audio alike). A banner started twice
    /// breaks every section's order, so the sections check sees it too.
    static let caughtBy: [(InstreamFault, Set<InstreamConformanceCheck>)] = [
        (.forwardsRefusedClickURL, [.clickURLPolicy]),
        (.companionTrackersTwice, [.companionTrackersOnce]),
        (.ignoresRequiredInfo, [.requiredInfo]),
        (.reportsNoMidpoints, [.sections]),
        (.reportsInsideStop, [.silentInsideStop]),
        (.trustsNetworkCancel, [.lateAnswerAfterCancel]),
        (.loadsTwice, [.oneLoadOutcome]),
        // The session keeps the first outcome, no ad, so its click and skip checks see no banner either (its
        // companion check is skipped: no companion to track).
        (.noAdThenLoad, [.oneLoadOutcome, .clickURLPolicy, .clickTrackerOnce, .skipOffset]),
        (.eventsAfterStop, [.silentAfterStop]),
        (.noSectionCompleteAfterError, [.sectionCompleteAfterError]),
        (.bannerStartedTwice, [.bannerEventOrder, .sections, .impressionOnce, .completionOnce]),
        (.lateLoadAfterTimeout, [.silentAfterLoadingTimeout, .lateAnswerAfterCancel]),
        (.outcomeOnMainQueue, [.outcomeThread]),
        (.dropsMidpoint, [.midrollMidpoint]),
        (.replacesNetworkError, [.networkErrorPreserved]),
        (.startsBeforePlayer, [.impressionOnce]),
        (.ignoresSkipOffset, [.skipOffset]),
        (.completesSkippedBannerTwice, [.completionOnce]),
        (.dropsCompanions, [.companionsReported]),
        (.leavesPlayerRunning, [.noPlayingAfterStop]),
        (.retainsNetwork, [.networkReleased]),
    ]

    /// The synchronous entry point checks a custom event whose outcome comes on the clock the same, without
    /// blocking (Task.immediate).
    @Test func theSynchronousRunAgreesWithTheAsyncCheck() async {
        let sync = InstreamConformanceKit.run(Self.subject(.video, faults: [.dropsMidpoint]), strict: true)
        let async = await InstreamConformanceKit.check(Self.subject(.video, faults: [.dropsMidpoint]), strict: true)
        #expect(sync == async)
        #expect(sync.failedChecks == [.midrollMidpoint])
    }

    @Test func everyFaultHasItsExpectation() {
        #expect(Set(Self.caughtBy.map(\.0)) == Set(InstreamFault.allCases))
    }

    @Test(arguments: [InstreamAdFormat.video, .audio])
    func eachPlantedDefectIsCaughtByItsNamedCheck(format: InstreamAdFormat) async {
        for (fault, checks) in Self.caughtBy {
            let networks = Locked<[WeakNetwork]>([])
            let report = await InstreamConformanceKit.check(
                Self.subject(format, faults: [fault], networks: networks), strict: true)
            #expect(Set(report.failedChecks) == checks, "\(fault): \(report.table)")
            for check in checks {
                #expect(report.table.contains("  \(check.rawValue)"), "\(fault)")
            }
            // The kit has seen what `retainsNetwork` keeps: let it go, so that nothing of this run outlives it (kept
            // until exit, LeakSanitizer reported the weak-reference side tables of those networks and players).
            FaultyInstreamCustomEvent.release(networks.current.compactMap(\.network))
            #expect(networks.current.allSatisfy { $0.network == nil }, "\(fault): a network outlived its check")
        }
    }

    @Test func skipsFailInStrictModeOnly() {
        let undeclared = Self.subject(.video, expectations: InstreamConformanceExpectations())
        let lenient = InstreamConformanceKit.run(undeclared)
        let strict = InstreamConformanceKit.run(undeclared, strict: true)
        #expect(lenient.skippedChecks == [.requiredInfo])
        #expect(lenient.passed && lenient.verdict == "PASSED with 1 skipped")
        #expect(!strict.passed && strict.verdict == "FAILED (strict: 1 skipped)")
    }

    @Test func videoDeclaredWithoutCompanionsIsCheckedNotSkipped() {
        let report = InstreamConformanceKit.run(
            Self.subject(.video, expectations: .init(requiredInfoKeys: ["slotId"])), strict: true)
        #expect(report.passed, "\(report.table)")
        let companion = report.results.first { $0.check == .companionTrackersOnce }
        #expect(companion?.status == .passed)
        #expect(companion?.reason.contains("declared: video ads carry no companions") == true)
    }

    @Test func aNetworkWithoutMidpointsIsCheckedAsDeclared() {
        let declaredNone = Self.subject(
            .audio, faults: [.reportsNoMidpoints],
            expectations: .init(requiredInfoKeys: ["slotId"], servesMidpoints: false))
        let report = InstreamConformanceKit.run(declaredNone, strict: true)
        #expect(report.passed, "\(report.table)")
        // The correct adapter over a network that serves midrolls contradicts "serves no midpoints".
        let contradicted = Self.subject(
            .audio, expectations: .init(requiredInfoKeys: ["slotId"], servesMidpoints: false))
        #expect(InstreamConformanceKit.run(contradicted).failedChecks == [.sections])
    }

    @Test func theTypedCallLogAndTheNamesAgree() {
        let calls: [InstreamNetworkCall] = [
            .load, .cancel, .start(.preroll, midpoint: nil), .pause, .resume, .stop, .skip, .skipBanner,
            .setVolume(0.5), .trackClick, .trackCompanionShow(identifier: "c1"), .trackCompanionClick(identifier: "c1"),
        ]
        #expect(calls.map { InstreamNetworkCall(name: $0.name) } == calls)
        #expect(InstreamNetworkCall(name: "start(midroll)") == .start(.midroll, midpoint: nil))
        #expect(InstreamNetworkCall(name: "dance") == nil)
    }

    @Test func recordingNamesEachFailedCheck() {
        let report = InstreamConformanceKit.run(Self.subject(.audio, faults: [.reportsInsideStop]), strict: true)
        var recorded = 0
        withKnownIssue {
            recorded = recordConformanceIssues(report)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("'instream_silent_inside_stop' failed") }
        }
        #expect(recorded == 1)
    }
}

/// A network the kit made, held weakly (the kit checks that it is released) to see that nothing keeps it after its
/// check.
struct WeakNetwork: Sendable {
    weak var network: SimulatedInstreamCustomEvent?
}

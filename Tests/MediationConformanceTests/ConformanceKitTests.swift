import MediationConformance
import MediationCore
import MediationSupport
import Testing

@Suite struct ConformanceKitTests {
    @Test func runsOnlyTheChosenChecksInCheckOrder() async {
        let report = await ConformanceKit.run(.referenceExample, checks: [.versionsReported, .singleOutcomeOnFill])
        #expect(report.results.map(\.check) == [.singleOutcomeOnFill, .versionsReported])
        #expect(report.subjectName == AdapterConformanceSubject.referenceExample.name)
        #expect(report.customEventIdentifier == ReferenceNativeCustomEvent.identifier)
    }

    @Test func everyCheckGetsAFreshStandInArrangedBeforeTheCustomEventIsMade() async {
        let journal = Locked<[String]>([])
        let base = AdapterConformanceSubject.referenceExample
        let subject = AdapterConformanceSubject(
            name: "journaled reference", customEventIdentifier: base.customEventIdentifier,
            validInfo: base.validInfo, requiredInfoKeys: base.requiredInfoKeys,
            filledProperties: base.filledProperties, rendererConfigurations: base.rendererConfigurations,
            adapterVersion: base.adapterVersion, networkSDKVersion: base.networkSDKVersion,
            network: ConformanceNetworkDriver(
                makeStandIn: { clock in
                    journal.withLock { $0.append("make") }
                    return ReferenceSandboxNetwork(clock: clock)
                },
                arrange: { network, scenario in
                    journal.withLock { $0.append("arrange") }
                    network.arrange(scenario)
                },
                trigger: { _, event, ad in ReferenceSandboxNetwork.report(event, on: ad) },
                loadAttempts: { network in network.loadCount }),
            makeCustomEvent: { network in
                journal.withLock { $0.append("customEvent") }
                return ReferenceNativeCustomEvent(loader: network)
            })
        let report = await ConformanceKit.run(subject, checks: [.singleOutcomeOnFill, .networkErrorPreserved])
        #expect(report.passed)
        #expect(journal.current == ["make", "arrange", "customEvent", "make", "arrange", "customEvent"])
    }

    @Test func checksThatCannotRunAreSkippedNamingWhyAndFailAStrictRun() async {
        let base = AdapterConformanceSubject.referenceExample
        let subject = AdapterConformanceSubject(
            name: "no required info, no events", customEventIdentifier: base.customEventIdentifier,
            validInfo: base.validInfo, requiredInfoKeys: [], filledProperties: [:],
            rendererConfigurations: base.rendererConfigurations, adapterVersion: base.adapterVersion,
            networkSDKVersion: base.networkSDKVersion,
            network: ConformanceNetworkDriver(
                makeStandIn: { clock in ReferenceSandboxNetwork(clock: clock) },
                arrange: { network, scenario in network.arrange(scenario) },
                trigger: { _, _, _ in false },
                loadAttempts: { network in network.loadCount }),
            makeCustomEvent: { network in ReferenceNativeCustomEvent(loader: network) })
        // Blind spot 9: a driver that cannot trigger events. Not strict: "PASSED with N skipped", never plain PASSED.
        let report = await ConformanceKit.run(subject)
        #expect(report.passed)
        let expectedSkips: [ConformanceCheck] = [
            .missingRequiredInfo, .fillHasDeclaredKeys, .generatedFillMapping, .impressionForwardedOnce,
            .clickForwardedOnce, .modalAndLeaveForwarded, .impressionOnceWhenShown, .registersOnAttach,
            .requestForwarding, .bidSignalInTime, .bidMarkupLoad, .backgroundCallbacks,
        ]
        #expect(report.skippedChecks == expectedSkips)
        #expect(report.verdict == "PASSED with \(expectedSkips.count) skipped")
        #expect(report.result(for: .missingRequiredInfo)?.reason == "the subject declares no required info keys")
        #expect(
            report.result(for: .bidMarkupLoad)?.reason
                == "the network stand-in cannot tell its load calls apart (observe.markupLoads, ordinaryLoads)")
        #expect(
            report.result(for: .backgroundCallbacks)?.reason.hasSuffix(
                "the event half did not run: the network stand-in cannot report impressions or clicks") == true)
        #expect(report.results.filter { $0.status == .skipped }.allSatisfy { !$0.reason.isEmpty })
        // Strict (the default for the built-in adapters and the scaffold): the same skips fail the report.
        let strict = await ConformanceKit.run(subject, options: .strict)
        #expect(!strict.passed)
        #expect(strict.verdict == "FAILED (strict: \(expectedSkips.count) skipped)")
        #expect(strict.failedChecks.isEmpty)
    }

    @Test func subjectDeclaringAKeyTheAdLacksFailsTheDeclaredKeysCheck() async {
        var subject = AdapterConformanceSubject.referenceExample
        subject.filledProperties[.domain] = .text
        subject.filledProperties[.title] = .number
        let report = await ConformanceKit.run(subject, checks: [.fillHasDeclaredKeys])
        #expect(
            report.result(for: .fillHasDeclaredKeys)?.reason
                == "'domain' is missing; 'title' holds text, declared number")
    }

    @Test func identifierMismatchFailsTheRendererCheck() async {
        var subject = AdapterConformanceSubject.referenceExample
        subject.customEventIdentifier = "Renamed"
        subject.rendererConfigurations = [StaticNativeAdRenderer.configuration(customEvents: ["Renamed"])]
        let report = await ConformanceKit.run(subject, checks: [.rendererListsCustomEvent])
        #expect(
            report.result(for: .rendererListsCustomEvent)?.reason
                == "the custom event reports identifier 'ReferenceNativeCustomEvent' but the subject declares 'Renamed'"
        )
    }
}

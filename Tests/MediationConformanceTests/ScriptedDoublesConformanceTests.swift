import MediationConformance
import MediationConformanceTesting
import MediationTesting
import Testing

@Suite struct ScriptedDoublesConformanceTests {
    @Test func subjectBuiltFromMediationTestingDoublesPassesEveryCheckItCanRun() async {
        let report = await expectConformance(ScriptedNetwork.subject)
        #expect(report.passed)
        // The doubles declare no mapping, registration, request fields or bid signal: those checks are skipped, by
        // name. They declare no bidding support and refuse markup, so the markup checks pass.
        #expect(
            report.skippedChecks == [.generatedFillMapping, .registersOnAttach, .requestForwarding, .bidSignalInTime])
        #expect(report.verdict == "PASSED with 4 skipped")
        #expect(report.count(.passed) == ConformanceCheck.allCases.count - 4)
        #expect(report.result(for: .bidMarkupRefused)?.status == .passed)
        #expect(
            report.result(for: .requestForwarding)?.reason == "the subject does not declare expectations.request")
    }

    @Test func scriptedEventThatIgnoresStopIsCaught() async {
        let base = ScriptedNetwork.subject
        let subject = AdapterConformanceSubject(
            name: "Scripted, ignoring stop", customEventIdentifier: base.customEventIdentifier,
            validInfo: base.validInfo, requiredInfoKeys: base.requiredInfoKeys,
            filledProperties: base.filledProperties, rendererConfigurations: base.rendererConfigurations,
            adapterVersion: base.adapterVersion, networkSDKVersion: base.networkSDKVersion,
            network: ConformanceNetworkDriver(
                makeStandIn: { _ in ScriptedNetwork() },
                arrange: { network, scenario in network.arrange(scenario) },
                trigger: { _, _, _ in false },
                loadAttempts: { network in network.loadAttempts }),
            makeCustomEvent: { network in
                let event = network.makeCustomEvent()
                var script = event.script
                script.ignoresStop = true
                return ScriptedCustomEvent(identifier: event.identifier, script: script)
            })
        let report = await ConformanceKit.run(subject, checks: [.silentAfterStop, .silentAfterTimeout])
        #expect(report.failedChecks == [.silentAfterStop, .silentAfterTimeout])
    }
}

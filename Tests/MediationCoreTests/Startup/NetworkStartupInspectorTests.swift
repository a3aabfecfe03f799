import Foundation
import MediationCore
import MediationTesting
import Testing

/// The inspector shows each network's start-up (status, time to start, error) and says when the test mode is on.
@Suite struct NetworkStartupInspectorTests {
    @Test func thePageListsEachNetworksStartUpAndTheTestMode() throws {
        let failure = MediationError.networkError(
            NetworkErrorInfo(domain: "com.example.sdk", code: 7, message: "bad application key"))
        var inspection = MediationInspection(trace: MediationTrace(outcome: "no_fill"))
        inspection.networks = [
            NetworkStartupRecord(
                network: "Slow", status: .started, startDuration: .seconds(3), adapterVersion: "1.2.0",
                networkSDKVersion: "5.4.0"),
            NetworkStartupRecord(network: "Failing", status: .failed(failure), startDuration: .milliseconds(200)),
            NetworkStartupRecord(network: "Silent", status: .timedOut, startDuration: .seconds(10)),
        ]
        inspection.isTestMode = true
        let page = MediationInspector.htmlPage(for: inspection)
        #expect(page.contains("<section id=\"network-startup\"><h2>Network start-up</h2>"))
        #expect(page.contains("Test mode is on"))
        #expect(page.contains("<td>Slow</td><td>started</td><td>3000 ms</td><td>-</td><td>1.2.0</td><td>5.4.0</td>"))
        #expect(page.contains("<td>Failing</td><td>failed</td><td>200 ms</td><td>network error com.example.sdk 7"))
        #expect(page.contains("<td>Silent</td><td>timed_out</td><td>10000 ms</td><td>no answer within"))
    }

    @Test func aPageWithoutStartUpOrTestModeHasNoSuchSection() {
        let page = MediationInspector.htmlPage(for: MediationInspection(trace: MediationTrace(outcome: "no_fill")))
        #expect(!page.contains("network-startup"))
        #expect(!page.contains("Test mode is on"))
    }

    @Test func anInspectionOfARunReadsTheMediatorsStartUpAndTestMode() async throws {
        let clock = ManualClock()
        let mediationClock = MediationClock(clock)
        var registry = MediationRegistry()
        try registry.registerNetworkConfiguration(
            ScriptedNetworkConfiguration("Prompt", outcome: .starts, clock: mediationClock))
        var configuration = MediatorConfiguration(
            clock: mediationClock, trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        configuration.isTestMode = true
        configuration.networkStartLauncher = NetworkStartup.immediateLauncher
        let mediator = Mediator(registry: registry, configuration: configuration)
        let records = await mediator.startNetworks()
        #expect(records.map(\.status) == [.started])
        let result = await mediator.mediate(AdResponse(lines: []))
        let inspection = MediationInspection(result: result, mediator: mediator)
        #expect(inspection.isTestMode)
        #expect(inspection.networks.map(\.network) == ["Prompt"])
        #expect(inspection.networks.first?.startMilliseconds == 0)
    }
}

import MediationCore
import MediationOpenRTB
import MediationTesting
import Testing

/// OpenRTB has no SDK to start: its configuration reports `not_needed` at once and its lines never wait.
@Suite struct OpenRTBAdapterConfigurationTests {
    @Test func startsAsNotNeededAndNamesItsLines() async {
        let configuration = OpenRTBAdapterConfiguration(networkName: "DemoDSP")
        #expect(await configuration.start(with: NetworkStartParameters(isTestMode: true)) == .notNeeded)
        #expect(configuration.customEventIdentifiers == [OpenRTBNativeCustomEvent.identifier])
        let startup = NetworkStartup(
            configurations: [configuration], clock: MediationClock(ManualClock()),
            launcher: NetworkStartup.immediateLauncher)
        startup.launchAll()
        #expect(startup.record(for: "DemoDSP").status == .notNeeded)
        #expect(startup.record(for: "DemoDSP").networkSDKVersion == "2.6")
    }
}

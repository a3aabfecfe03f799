import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter
import Testing

/// The built-in adapters' configurations over the sandbox start-ups, started together on a manual clock: a slow
/// network, a failing one and one that never answers, selected per network, each ending as its script says; the
/// host-wide test mode reaches myTarget's debug mode and Google's test devices.
@Suite struct SandboxStartupTests {
    @Test func slowFailingAndSilentSandboxNetworksStartInParallel() async {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let myTarget = MyTargetSandboxManager(script: .slow(.seconds(2)), clock: clock)
        let google = SandboxGoogleMobileAds(
            script: .fails(SandboxGoogleMobileAds.startFailure, after: .milliseconds(300)), clock: clock)
        let startup = NetworkStartup(
            configurations: [
                MyTargetAdapterConfiguration(manager: myTarget), GoogleCustomNativeAdapterConfiguration(sdk: google),
                TAMediaAdapterConfiguration(),
            ],
            isTestMode: true, clock: clock, launcher: NetworkStartup.immediateLauncher)
        startup.launchAll()
        #expect(startup.records.map(\.status.code) == ["starting", "starting", "not_needed"])
        #expect(myTarget.debugMode && google.testDeviceIdentifiers == ["Simulator"])
        manual.advance(by: .seconds(2))
        let records = await startup.startAll()
        #expect(records.map(\.status.code) == ["started", "failed", "not_needed"])
        #expect(records[1].status == .failed(.networkError(SandboxGoogleMobileAds.startFailure)))
        #expect(records.map(\.startMilliseconds) == [2000, 300, 0])
        #expect(myTarget.initCount == 1 && google.startCount == 1)
        #expect(startup.network(forCustomEvent: MyTargetInstreamVideoCustomEvent.identifier) == "myTarget")
    }

    @Test func aSandboxNetworkThatNeverAnswersTimesOut() {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let google = SandboxGoogleMobileAds(script: .neverAnswers, clock: clock)
        let startup = NetworkStartup(
            configurations: [GoogleCustomNativeAdapterConfiguration(sdk: google)], clock: clock,
            launcher: NetworkStartup.immediateLauncher)
        startup.launch("Google")
        manual.advance(by: NetworkStartupDefaults.timeout)
        #expect(startup.record(for: "Google").status == .timedOut)
        #expect(!google.isStarted)
    }

    @Test func theScriptIsSelectableByItsSpelling() {
        let failure = MyTargetSandboxManager.startFailure
        #expect(SandboxStartupScript(spelling: "slow:1500", failure: failure) == .slow(.milliseconds(1500)))
        #expect(SandboxStartupScript(spelling: "fail", failure: failure) == .fails(failure))
        #expect(SandboxStartupScript(spelling: "never", failure: failure) == .neverAnswers)
        #expect(SandboxStartupScript(spelling: "prompt", failure: failure) == .prompt)
        #expect(SandboxStartupScript(spelling: "slow:x", failure: failure) == nil)
    }
}

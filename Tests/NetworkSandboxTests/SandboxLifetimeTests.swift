import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

@Suite struct SandboxLifetimeTests {
    private func context() -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(),
            trackerPinger: DiscardingTrackerPinger(), source: NativeAdSource(customEventIdentifier: "Sandbox"))
    }

    @Test func googleNetworkIsReleasedWithItsLoaders() {
        weak var weakNetwork: SandboxGoogleNetwork?
        do {
            let network = SandboxGoogleNetwork()
            weakNetwork = network
            _ = network.makeAdLoader(
                adUnitID: SandboxGoogleAdContent.sampleAdUnitID, adTypes: [], options: .init(), context: context())
            #expect(network.loaderCount == 1)
        }
        #expect(weakNetwork == nil)
    }

    @Test func tamediaNetworkIsReleasedWithItsAds() {
        weak var weakNetwork: SandboxTAMediaNetwork?
        do {
            let network = SandboxTAMediaNetwork()
            weakNetwork = network
            _ = network.makeNativeAd(adUnitId: SandboxTAMediaSamples.adUnitId, context: context())
            #expect(network.ads.count == 1)
        }
        #expect(weakNetwork == nil)
    }
}

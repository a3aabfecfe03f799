import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter
import Testing

/// The README's usage example, kept compiling and working over the sandbox networks.
@Suite struct ReadmeExampleTests {
    /// Loads one native ad for a feed slot from a server's ad response (MoPub multi-ad-response JSON).
    func loadFeedAd(
        responseJSON: Data, myTarget: any MyTargetNativeBannerAdFactory, google: any GoogleCustomNativeSDKFactory,
        tamedia: any TAMediaSDKFactory, trackerPinger: any TrackerPinging, imagePrecacher: any ImagePrecaching
    ) async throws -> NativeAd {
        var registry = MediationRegistry()  // custom events by server name, renderer configurations in order
        try MyTargetNativeBannerCustomEvent.register(in: &registry, factory: myTarget)
        try registry.registerCustomEvent(GoogleCustomNativeCustomEvent.identifier) {
            GoogleCustomNativeCustomEvent(factory: google)
        }
        try registry.registerCustomEvent(TAMediaCustomNativeAdEvent.identifier) {
            TAMediaCustomNativeAdEvent(factory: tamedia)
        }
        registry.addRendererConfiguration(MyTargetNativeBannerCustomEvent.rendererConfiguration())
        registry.addRendererConfiguration(TAMediaNativeAdRenderer.configuration())
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: [GoogleCustomNativeCustomEvent.identifier]))
        let privacy = try PrivacySettings(gdprApplies: true, canCollectPersonalInfo: false)  // age/gender withheld
        let mediator = Mediator(  // default strategy: hedged(500 ms, 2)
            registry: registry,
            configuration: MediatorConfiguration(
                privacy: privacy, trackerPinger: trackerPinger, imagePrecacher: imagePrecacher))
        return try await mediator.loadNativeAd(from: AdResponse.parse(json: responseJSON))  // or MediationFailure
    }

    @Test func exampleLoadsTheFirstLineThatFills() async throws {
        let json = """
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "MyTargetNativeBannerCustomEvent",
                            "x-custom-event-class-data": {"slotId": 30294}}},
              {"metadata": {"x-custom-event-class-name": "TAMediaCustomNativeAdEvent",
                            "x-custom-event-class-data": {"NativeListId": "9527"}, "x-network-name": "TAMedia"}},
              {"metadata": {"x-custom-event-class-name": "GoogleCustomNativeCustomEvent",
                            "x-custom-event-class-data": {"adUnitID": "/6499/example/native", "formatIDs": ["12387226"]}}}
            ]}
            """
        let ad = try await loadFeedAd(
            responseJSON: Data(json.utf8), myTarget: MyTargetSandbox(defaultScript: .noFill()),
            google: SandboxGoogleNetwork(), tamedia: SandboxTAMediaNetwork(),
            trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        #expect(ad.source.customEventIdentifier == "TAMediaCustomNativeAdEvent")
        #expect(ad.source.networkName == "TAMedia")
        #expect(ad.properties.text(.title) != nil)
        #expect(ad.rendererConfiguration?.rendererType == TAMediaNativeAdRenderer.self)
    }
}

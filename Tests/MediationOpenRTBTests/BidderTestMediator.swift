import MediationCore
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting

/// The mediator the bidder suites run their loads on: one waterfall line, `Waterfall`, that fills with a title, and
/// the OpenRTB Native custom event for the bids (no Native request: the loopback bids' markup holds a title only,
/// which the no-request rules map), in sequential order.
enum BidderTestMediator {
    /// A mediator with `privacy`, notices through `pinger`, and `providers` registered as bid-signal providers.
    static func make(
        pinger: any TrackerPinging = RecordingTrackerPinger(), privacy: PrivacySettings = .unrestricted,
        providers: [any BidSignalProvider] = []
    ) throws -> Mediator {
        var title = NativeAdProperties()
        try title.setText("Waterfall ad", for: .title)
        let properties = title
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Waterfall") {
            ScriptedCustomEvent(identifier: "Waterfall", script: .fill(properties))
        }
        try registry.registerOpenRTBNative()
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: ["Waterfall", OpenRTBNativeCustomEvent.identifier]))
        for provider in providers { try registry.registerBidSignalProvider(provider, timeout: .seconds(300)) }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, privacy: privacy, trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
    }
}

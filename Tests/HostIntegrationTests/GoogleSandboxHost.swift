import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox

/// How the host tests set up MediationKit: the Google custom native adapter over its sandbox network, one
/// renderer configuration, and a one-line waterfall on Google's sample ad unit and format.
enum GoogleSandboxHost {
    /// A mediator running Google's custom event over `network`, rendered by `renderer`'s kind.
    static func mediator(
        network: SandboxGoogleNetwork, pinger: RecordingTrackerPinger,
        renderer: ([String]) -> NativeAdRendererConfiguration
    ) throws -> Mediator {
        var registry = MediationRegistry()
        try registry.registerCustomEvent(GoogleCustomNativeCustomEvent.identifier) {
            GoogleCustomNativeCustomEvent(factory: network)
        }
        registry.addRendererConfiguration(renderer([GoogleCustomNativeCustomEvent.identifier]))
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
    }

    /// A one-line response for Google's sample format, with the given trackers; `bindsAssetViews` sets the line's
    /// `bindAssetViews`.
    static func response(impressionTrackers: [URL], clickTrackers: [URL] = [], bindsAssetViews: Bool = false)
        -> AdResponse
    {
        var info: CustomEventInfo = [
            "adUnitID": .string("/6499/example/native"),
            "formatIDs": .array([.string(SandboxGoogleAdContent.sampleFormatID)]),
        ]
        if bindsAssetViews { info.values["bindAssetViews"] = .bool(true) }
        var line = WaterfallLine(customEventIdentifier: GoogleCustomNativeCustomEvent.identifier, info: info)
        line.networkName = "Google"
        line.impressionTrackers = impressionTrackers
        line.clickTrackers = clickTrackers
        return AdResponse(lines: [line])
    }
}

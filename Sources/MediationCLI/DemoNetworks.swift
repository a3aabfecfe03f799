import Foundation
import MediationCore
import MediationTesting

/// The custom events `mediation demo` runs the waterfall over.
///
/// Today these are scripted stand-ins (MediationTesting's `ScriptedCustomEvent`) named after the real adapters,
/// with fixed latencies on the demo's manual clock. The integrator swaps this one function for the real
/// adapters over the network sandbox; nothing else in the demo depends on what the events are.
///
/// | Custom event | Script |
/// |---|---|
/// | `MyTargetNativeBannerCustomEvent` (needs `slotId`) | no fill after 800 ms |
/// | `GoogleCustomNativeCustomEvent` (needs `adUnitID`) | an ad after 450 ms |
/// | `TAMediaCustomNativeAdEvent` (needs `NativeListId`) | an ad after 200 ms |
///
/// Anything else in an ad response (the default has `InMobiNativeCustomEvent`) is not registered and shows
/// as `missing_adapter` in the trace.
enum DemoNetworks {
    /// The registry of demo custom events with one static renderer configuration for all of them.
    static func registry(clock: MediationClock) throws -> MediationRegistry {
        var registry = MediationRegistry()
        for (identifier, script) in try scripts() {
            try registry.registerCustomEvent(identifier) { ScriptedCustomEvent(identifier: identifier, script: script) }
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: registry.customEventIdentifiers))
        return registry
    }

    private static func scripts() throws -> [(String, CustomEventScript)] {
        [
            (
                "MyTargetNativeBannerCustomEvent",
                CustomEventScript(.fail(.noFill), latency: .milliseconds(800), requiredInfoKeys: ["slotId"])
            ),
            (
                "GoogleCustomNativeCustomEvent",
                CustomEventScript(
                    .fill(
                        try properties(
                            title: "Lighthouse Coffee", text: "Fresh roasts delivered every Friday.", cta: "Order now",
                            sponsor: "Lighthouse Coffee Co.", rating: 4.5, image: "coffee")),
                    latency: .milliseconds(450), requiredInfoKeys: ["adUnitID"])
            ),
            (
                "TAMediaCustomNativeAdEvent",
                CustomEventScript(
                    .fill(
                        try properties(
                            title: "Night Market Guide", text: "Taipei's best stalls, mapped.", cta: "Install",
                            sponsor: "TAMedia", rating: 4.0, image: "market")),
                    latency: .milliseconds(200), requiredInfoKeys: ["NativeListId"])
            ),
        ]
    }

    private static func properties(
        title: String, text: String, cta: String, sponsor: String, rating: Double, image: String
    ) throws -> NativeAdProperties {
        var properties = NativeAdProperties()
        try properties.setText(title, for: .title)
        try properties.setText(text, for: .text)
        try properties.setText(cta, for: .callToAction)
        try properties.setText(sponsor, for: .sponsored)
        try properties.set(.number(rating), for: .starRating)
        if let icon = URL(string: "https://cdn.example/\(image)-icon.png") {
            try properties.setImage(AdImage(url: icon, size: ImageSize(width: 128, height: 128)), for: .iconImage)
        }
        if let main = URL(string: "https://cdn.example/\(image)-main.jpg") {
            try properties.setImage(AdImage(url: main, size: ImageSize(width: 1200, height: 628)), for: .mainImage)
        }
        return properties
    }
}

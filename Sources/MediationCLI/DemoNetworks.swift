import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import TAMediaAdapter

/// The networks `mediation demo` runs the waterfall over: the real adapters, each talking to its in-memory
/// NetworkSandbox stand-in, with fixed latencies on the demo's manual clock.
///
/// | Custom event | Sandbox answer |
/// |---|---|
/// | `MyTargetNativeBannerCustomEvent` (needs `slotId`) | no fill after 800 ms |
/// | `GoogleCustomNativeCustomEvent` (needs `adUnitID`, `formatIDs`) | a sample-format ad after 450 ms |
/// | `TAMediaCustomNativeAdEvent` (needs `NativeListId`) | a sample ad after 200 ms |
///
/// Anything else in an ad response (the default has `InMobiNativeCustomEvent`) is not registered and shows
/// as `missing_adapter` in the trace.
enum DemoNetworks {
    /// The registry: one custom event per network over its sandbox, TAMedia's own renderer configuration,
    /// and the static renderer for the others.
    static func registry(clock: MediationClock) throws -> MediationRegistry {
        let google = SandboxGoogleNetwork(
            script: .fill(
                .sample(seed: 7, formatID: "10063170"), behavior: SandboxBehavior(latency: .milliseconds(450))))
        let tamedia = SandboxTAMediaNetwork(
            script: .fill(
                SandboxTAMediaSamples.content(seed: 3), behavior: SandboxBehavior(latency: .milliseconds(200))))
        var registry = MediationRegistry()
        try registry.registerCustomEvent("MyTargetNativeBannerCustomEvent") {
            ScriptedCustomEvent(
                identifier: "MyTargetNativeBannerCustomEvent",
                script: CustomEventScript(.fail(.noFill), latency: .milliseconds(800), requiredInfoKeys: ["slotId"]))
        }
        try registry.registerCustomEvent(GoogleCustomNativeCustomEvent.identifier) {
            GoogleCustomNativeCustomEvent(factory: google)
        }
        try registry.registerCustomEvent(TAMediaCustomNativeAdEvent.identifier) {
            TAMediaCustomNativeAdEvent(factory: tamedia)
        }
        registry.addRendererConfiguration(TAMediaNativeAdRenderer.configuration())
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(
                customEvents: ["MyTargetNativeBannerCustomEvent", GoogleCustomNativeCustomEvent.identifier]))
        return registry
    }
}

import GoogleCustomNativeAdapter
import MediationCore
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter

/// The networks `mediation demo` runs the waterfall over: the real adapters, each talking to its in-memory
/// NetworkSandbox stand-in, with fixed latencies on the demo's manual clock.
///
/// | Custom event | Sandbox answer |
/// |---|---|
/// | `MyTargetNativeBannerCustomEvent` (needs `slotId`) | no fill after 800 ms |
/// | `GoogleCustomNativeCustomEvent` (needs `adUnitID`, `formatIDs`) | a sample-format ad with a `CallToAction` asset after 450 ms |
/// | `TAMediaCustomNativeAdEvent` (needs `NativeListId`) | a sample ad after 200 ms |
///
/// Anything else in an ad response (the default has `InMobiNativeCustomEvent`) is not registered and shows
/// as `missing_adapter` in the trace.
enum DemoNetworks {
    /// The registry: one custom event per network over its sandbox, and each adapter's renderer configuration
    /// (the static renderer for Google, whose formats are publisher-defined).
    static func registry(clock: MediationClock) throws -> MediationRegistry {
        try registry(clock: clock, myTarget: myTargetSandbox(clock: clock))
    }

    /// Registers the three networks' adapter configurations over their sandbox start-ups (each starts at once), so
    /// that the demo starts them before its run and shows each one's start-up.
    static func registerStartups(in registry: inout MediationRegistry, clock: MediationClock) throws {
        try registry.registerNetworkConfiguration(
            MyTargetAdapterConfiguration(manager: MyTargetSandboxManager(script: .prompt, clock: clock)))
        try registry.registerNetworkConfiguration(
            GoogleCustomNativeAdapterConfiguration(sdk: SandboxGoogleMobileAds(script: .prompt, clock: clock)))
        try registry.registerNetworkConfiguration(TAMediaAdapterConfiguration())
    }

    /// The demo's myTarget network: no fill after 800 ms unless a slot is scripted otherwise.
    static func myTargetSandbox(clock: MediationClock) -> MyTargetSandbox {
        MyTargetSandbox(clock: clock, defaultScript: .noFill(behavior: SandboxBehavior(latency: .milliseconds(800))))
    }

    /// The registry with `myTarget` as the myTarget network.
    static func registry(clock: MediationClock, myTarget: MyTargetSandbox) throws -> MediationRegistry {
        var googleAd = SandboxGoogleAdContent.sample(seed: 7, formatID: "10063170")
        googleAd.texts["CallToAction"] = "Book now"
        let google = SandboxGoogleNetwork(
            script: .fill(googleAd, behavior: SandboxBehavior(latency: .milliseconds(450))))
        let tamedia = SandboxTAMediaNetwork(
            script: .fill(
                SandboxTAMediaSamples.content(seed: 3), behavior: SandboxBehavior(latency: .milliseconds(200))))
        var registry = MediationRegistry()
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
        return registry
    }
}

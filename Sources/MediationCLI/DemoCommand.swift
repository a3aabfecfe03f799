import Foundation
import MediationCore
import MediationTesting

/// `mediation demo`: loads one ad from a scripted custom event through the registry and renderer matching,
/// and prints the unified ad as JSON.
enum DemoCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            let ad = try await loadDemoAd()
            print(ad.properties.jsonString(prettyPrinted: true))
            return 0
        } catch {
            printError("mediation demo: \(error)")
            return 1
        }
    }

    static func loadDemoAd() async throws -> NativeAd {
        let identifier = "DemoNativeCustomEvent"
        var properties = NativeAdProperties()
        try properties.setText("MediationKit demo ad", for: .title)
        try properties.setText("One protocol set for every network.", for: .text)
        try properties.setText("Install", for: .callToAction)
        try properties.set(.number(4.5), for: .starRating)
        try properties.setImage(AdImage(url: URL(string: "https://example.com/icon.png")!), for: .iconImage)
        let script = CustomEventScript.fill(properties)
        var registry = MediationRegistry()
        try registry.registerCustomEvent(identifier) { ScriptedCustomEvent(identifier: identifier, script: script) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: [identifier]))
        let (customEvent, configuration) = try registry.resolve(identifier)
        let delegate = RecordingCustomEventDelegate()
        let context = NativeAdRequestContext(
            delegate: delegate, source: NativeAdSource(customEventIdentifier: identifier, networkName: "Demo"))
        customEvent.requestAd(info: [:], adMarkup: nil, context: context)
        guard let ad = delegate.loadedAd else { throw delegate.error ?? MediationError.noFill }
        ad.attachRendererConfiguration(configuration)
        return ad
    }
}

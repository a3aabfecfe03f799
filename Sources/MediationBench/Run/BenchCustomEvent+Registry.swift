import MediationCore
import MediationSupport

extension BenchCustomEvent {
    /// A registry holding only this event, each of whose requests adds one to `requestCounter`, and a static
    /// renderer for its ads: what every bench mediator runs. Registering the one identifier in an empty registry
    /// cannot fail.
    static func registry(counting requestCounter: Locked<Int>) -> MediationRegistry {
        var registry = MediationRegistry()
        try? registry.registerCustomEvent(identifier) { BenchCustomEvent(requestCounter: requestCounter) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: [identifier]))
        return registry
    }
}

import MediationCore
import MediationTesting
import Testing

@MainActor @Suite struct MediationRegistryTests {
    private struct OtherRenderer: NativeAdRenderer {
        init(settings: any NativeAdRendererSettings) {}
        func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {}
    }

    @Test func firstConfigurationListingTheIdentifierWins() throws {
        var registry = MediationRegistry()
        registry.addRendererConfiguration(
            NativeAdRendererConfiguration(rendererType: OtherRenderer.self, supportedCustomEvents: ["A"]))
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["B", "A"]))
        registry.addRendererConfiguration(
            NativeAdRendererConfiguration(rendererType: OtherRenderer.self, supportedCustomEvents: ["B"]))
        #expect(try registry.rendererConfiguration(for: "A").rendererType == OtherRenderer.self)
        #expect(try registry.rendererConfiguration(for: "B").rendererType == StaticNativeAdRenderer.self)
    }

    /// The engine resolves a native line in one lookup, kept up to date as factories and configurations are added
    /// in any order: it must say what the factory lookup and the configuration search say together.
    @Test func aNativeLineResolvesInOneLookupAsTheFactoryAndTheConfigurationSearchDo() throws {
        var registry = MediationRegistry()
        registry.addRendererConfiguration(
            NativeAdRendererConfiguration(rendererType: OtherRenderer.self, supportedCustomEvents: ["A"]))
        for identifier in ["A", "B", "C"] {
            try registry.registerCustomEvent(identifier) { ScriptedCustomEvent(identifier: identifier, script: .never) }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["B", "A", "B"]))
        registry.addRendererConfiguration(
            NativeAdRendererConfiguration(rendererType: OtherRenderer.self, supportedCustomEvents: ["B", "D"]))
        try registry.registerCustomEvent("E") { ScriptedCustomEvent(identifier: "E", script: .never) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["E"]))
        for identifier in ["A", "B", "C", "D", "E", "F"] {
            let index = try? registry.rendererConfigurationIndex(for: identifier)
            let made = try? registry.makeCustomEvent(identifier)
            let resolved = try? registry.resolveNativeLine(identifier)
            #expect(resolved?.rendererConfigurationIndex == (made == nil ? nil : index), "\(identifier)")
            #expect(resolved?.customEvent.identifier == (index == nil ? nil : made?.identifier), "\(identifier)")
        }
        #expect(try registry.resolveNativeLine("A").rendererConfigurationIndex == 0)
        #expect(try registry.resolveNativeLine("B").rendererConfigurationIndex == 1)
        #expect(try registry.resolveNativeLine("E").rendererConfigurationIndex == 3)
        for missing in ["C", "D", "F"] {
            #expect(throws: MediationError.missingAdapter(identifier: missing)) {
                _ = try registry.resolveNativeLine(missing)
            }
        }
    }

    @Test func noConfigurationIsMissingAdapter() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Lonely") { ScriptedCustomEvent(identifier: "Lonely", script: .never) }
        #expect(throws: MediationError.missingAdapter(identifier: "Lonely")) {
            _ = try registry.resolve("Lonely")
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Unregistered"]))
        #expect(throws: MediationError.missingAdapter(identifier: "Unregistered")) {
            _ = try registry.resolve("Unregistered")
        }
        #expect(MediationError.missingAdapter(identifier: "x").loadResult == "missing_adapter")
    }

    @Test func registeringAnIdentifierTwiceIsAnError() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Dup") { ScriptedCustomEvent(identifier: "Dup", script: .never) }
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "customEvents.Dup", reason: "custom event 'Dup' is already registered")
        ) {
            try registry.registerCustomEvent("Dup") { ScriptedCustomEvent(identifier: "Dup", script: .never) }
        }
        #expect(registry.customEventIdentifiers == ["Dup"])
        #expect(throws: MediationError.self) {
            try registry.registerCustomEvent("") { ScriptedCustomEvent(identifier: "", script: .never) }
        }
    }

    @Test func resolveMakesAFreshCustomEventEachTime() throws {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("E") { ScriptedCustomEvent(identifier: "E", script: .never) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["E"]))
        let first = try registry.resolve("E").customEvent
        let second = try registry.resolve("E").customEvent
        #expect(first !== second)
        #expect(first.identifier == "E")
    }
}

import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// A capped ad unit over the wire, read from the loopback server's hit log: the load is refused before its ad
/// request (no bid signal, no request), and once the cap frees the same load asks the server again.
@Suite(.serialized) struct FrequencyCapOverHTTPTests {
    @Test func aCappedAdUnitSendsNoAdRequest() async throws {
        try await LoopbackServer.run { server in
            var properties = NativeAdProperties()
            try properties.setText("Ad", for: .title)
            let script = CustomEventScript.fill(properties)
            var registry = MediationRegistry()
            try registry.registerCustomEvent("Fill") { ScriptedCustomEvent(identifier: "Fill", script: script) }
            registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Fill"]))
            let clock = MediationClock(ManualClock())
            let store = FrequencyCapStore(
                directory: nil,
                rules: FrequencyCapRules(
                    adUnits: ["loopback-unit": try FrequencyCap(maxImpressions: 1, per: .seconds(3_600))]),
                clock: clock)
            var configuration = MediatorConfiguration(
                strategy: .sequential, clock: clock, trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching())
            configuration.frequencyCaps = store
            let mediator = Mediator(registry: registry, configuration: configuration)

            // One impression of the ad unit, from a response the host had.
            let shown = try await mediator.loadNativeAd(
                from: AdResponse(lines: [WaterfallLine(customEventIdentifier: "Fill")], adUnitID: "loopback-unit"))
            shown.recordImpression()

            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page1"))
            do throws(MediationFailure) {
                _ = try await mediator.loadNativeAd(adUnitID: "loopback-unit", from: source)
                Issue.record("a capped ad unit loaded")
            } catch {
                #expect(error.error.code == "frequency_capped")
                #expect(error.trace.frequencyCaps.first?.line == nil)
                #expect(error.trace.requests.isEmpty)
            }
            #expect(try await server.hits().filter { $0.path.hasPrefix("/ad/") }.isEmpty, "no ad request was sent")

            store.removeAllImpressions()
            _ = try? await mediator.loadNativeAd(adUnitID: "loopback-unit", from: source)
            #expect(try await server.hits().filter { $0.path.hasPrefix("/ad/") }.count == 1, "freed: it asks again")
        }
    }
}

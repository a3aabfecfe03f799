import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// The ready-ad cache over the wire, read from the loopback server's hit log: a bid that expires in the cache
/// sends its loss notice once and no impression or billing URL; the next ad, handed out and shown, sends both once.
@Suite(.serialized) struct ReadyAdCacheOverHTTPTests {
    private static func kinds(_ server: LoopbackServer) async throws -> [String] {
        try await server.hits().map(\.path).filter { $0.hasPrefix("/track/ready") }.compactMap { path in
            URLComponents(string: path)?.queryItems?.first { $0.name == "kind" }?.value
        }
    }

    /// Waits (on the real clock: the fetch goes over a socket) until the cache holds an ad.
    private static func waitForReadyAd(_ cache: ReadyAdCache) async throws -> Bool {
        for _ in 0..<500 {
            if cache.readyCount(forAdUnit: "ready-unit") == 1 { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    @Test func anExpiredBidSendsItsLossOnceAndNothingBillable() async throws {
        try await LoopbackServer.run { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ready-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
            var properties = NativeAdProperties()
            try properties.setText("Ad", for: .title)
            let script = CustomEventScript.fill(properties)
            var registry = MediationRegistry()
            try registry.registerCustomEvent("Bid") { ScriptedCustomEvent(identifier: "Bid", script: script) }
            registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Bid"]))
            let clock = ManualClock()
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: .sequential, clock: MediationClock(clock), trackerPinger: pinger,
                    imagePrecacher: NoImagePrecaching()))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/ready-auction"))
            let cache = try ReadyAdCache(mediator: mediator, source: source)
            try cache.setDemand(ReadyAdDemand(adUnitID: "ready-unit", count: 1))
            cache.pause()
            #expect(try await Self.waitForReadyAd(cache))

            clock.advance(by: .seconds(29))  // the bid's 30 s expiry less the 1 s margin
            #expect(cache.readyCount(forAdUnit: "ready-unit") == 0)
            clock.advance(by: .seconds(3_600))
            #expect(await pinger.waitUntilDelivered())
            var kinds = try await Self.kinds(server)
            #expect(kinds.sorted() == ["loss", "win"], "the loss once; no impression, no billing: \(kinds)")
            let loss = try await server.hits().map(\.path).first { $0.contains("kind=loss") }
            #expect(loss?.contains("loss=2") == true)

            cache.resume()
            #expect(try await Self.waitForReadyAd(cache))
            cache.pause()  // no refill after the hand-out: the hit log then holds this ad's notices only
            let ready = try #require(cache.take(forAdUnit: "ready-unit"))
            ready.ad.recordImpression()
            ready.ad.recordImpression()
            #expect(await pinger.waitUntilDelivered())
            kinds = try await Self.kinds(server)
            #expect(kinds.sorted() == ["billing", "imp", "loss", "win", "win"], "\(kinds)")
        }
    }
}

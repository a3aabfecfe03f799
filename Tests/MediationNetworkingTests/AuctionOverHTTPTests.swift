import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A bidder that answers at once with a fixed token, or fails.
final class FixedBidSignalProvider: BidSignalProvider {
    let customEventIdentifier: String
    let networkName: String
    private let answer: Result<String, MediationError>

    init(_ identifier: String, network: String, _ answer: Result<String, MediationError>) {
        customEventIdentifier = identifier
        networkName = network
        self.answer = answer
    }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        completion(answer)
    }
}

/// The auction over the wire, read from the loopback server's hit log: the bidding POST and its signals, every
/// notice with its macros expanded, billing once after the impression, and no notice lost or doubled by a
/// SIGKILL.
@Suite(.serialized) struct AuctionOverHTTPTests {
    private static func query(_ path: String) -> [String: String] {
        let items = URLComponents(string: path)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    private static func mediator(pinger: URLSessionTrackerPinger) throws -> Mediator {
        var title = NativeAdProperties()
        try title.setText("Ad", for: .title)
        let properties = title
        let identifiers = ["Waterfall", "HighBid", "LowBid", "FloorBid"]
        var registry = MediationRegistry()
        for identifier in identifiers {
            try registry.registerCustomEvent(identifier) {
                ScriptedCustomEvent(identifier: identifier, script: .fill(properties))
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: identifiers))
        try registry.registerBidSignalProvider(
            FixedBidSignalProvider("HighBid", network: "HighNet", .success("high-token")))
        try registry.registerBidSignalProvider(
            FixedBidSignalProvider("LowBid", network: "LowNet", .success("low-token")))
        try registry.registerBidSignalProvider(
            FixedBidSignalProvider("Broken", network: "BrokenNet", .failure(.noFill)))
        let privacy = try PrivacySettings(gdprApplies: true, tcfConsentString: "CPXTCF")
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, privacy: privacy, targeting: try Targeting(age: 31, language: "de"),
                trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
    }

    @Test func theRequestPostsTheSignalsAndEveryNoticeArrivesOnceWithItsMacrosExpanded() async throws {
        try await LoopbackServer.run { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auction-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
            let mediator = try Self.mediator(pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/auction"), adapterVersions: ["High": "1.0"])
            let ad = try await mediator.loadNativeAd(adUnitID: "auction-unit", from: source)
            #expect(ad.source.customEventIdentifier == "HighBid")

            let request = try #require(try await server.hits().first { $0.path.hasPrefix("/ad/auction") })
            #expect(request.method == "POST")
            let body = try #require(request.body.flatMap { $0.data(using: .utf8) })
            let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(json["id"] as? String == "auction-unit")
            #expect(json["nv"] as? String == MediationKitVersion.current)
            #expect((json["adapters"] as? [String: String]) == ["High": "1.0"])
            let signals = try #require(json["bidding_signals"] as? [String: [String: String]])
            #expect(
                signals == [
                    "HighBid": ["network": "HighNet", "signal": "high-token"],
                    "LowBid": ["network": "LowNet", "signal": "low-token"],
                ], "the failing provider is left out")
            let privacy = try #require(json["privacy"] as? [String: String])
            #expect(privacy["gdpr_consent"] == "CPXTCF")
            #expect(privacy["gdpr_applies"] == "1")
            #expect((json["targeting"] as? [String: Any])?["user_age"] as? Int == 31)

            #expect(await pinger.waitUntilDelivered())
            var notices = try await server.hits().filter { $0.path.hasPrefix("/track/notice") }.map(\.path)
            let wins = notices.filter { Self.query($0)["kind"] == "win" }
            #expect(wins.count == 1)
            let win = Self.query(try #require(wins.first))
            #expect(win["bid"] == "high")
            #expect(win["auction"] == "loop-auction")
            #expect(win["price"] == "3.25")
            #expect(win["cur"] == "USD", "the auction's currency: a bid in another one would be dropped")
            #expect(win["min"] == "2", "the next price in the order")
            let losses = notices.filter { Self.query($0)["kind"] == "loss" }.map(Self.query)
            #expect(losses.count == 2)
            #expect(losses.first { $0["bid"] == "low" }?["loss"] == "102")
            #expect(losses.first { $0["bid"] == "low" }?["min"] == "3.25")
            #expect(losses.first { $0["bid"] == "floor" }?["loss"] == "100")
            #expect(notices.allSatisfy { !$0.contains("AUCTION_") }, "every macro expanded")
            #expect(notices.filter { Self.query($0)["kind"] == "billing" }.isEmpty, "no billing before the impression")

            ad.recordImpression()
            ad.recordImpression()
            #expect(await pinger.waitUntilDelivered())
            notices = try await server.hits().filter { $0.path.hasPrefix("/track/notice") }.map(\.path)
            let billing = notices.filter { Self.query($0)["kind"] == "billing" }
            #expect(billing.count == 1)
            #expect(billing.first.map(Self.query)?["price"] == "3.25")
            #expect(notices.count == 4, "one win, two losses, one billing: \(notices)")
        }
    }

    @Test func withoutSignalsTheRequestStaysAGet() async throws {
        try await LoopbackServer.run { server in
            let mediator = Mediator(
                registry: MediationRegistry(),
                configuration: MediatorConfiguration(
                    trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page2"))
            _ = try? await mediator.loadNativeAd(adUnitID: "plain", from: source)
            let request = try #require(try await server.hits().first { $0.path.hasPrefix("/ad/page2") })
            #expect(request.method == "GET")
            #expect(request.path.contains("id=plain"))
        }
    }

    /// 12 SIGKILLs of a process that just settled an auction and billed its winner: after a restart on the same
    /// journal, each notice reached the server, and every arrival of one notice carried one ping ID (a repeat
    /// across the kill is one the server drops). The delays are the point, so they are real ones. The rounds
    /// killed right after the settlement have eight losers, whose notices the pinger journals together.
    @Test func aKillAfterTheAuctionLosesNoNoticeAndDoublesNone() async throws {
        try await LoopbackServer.run { server in
            let base = server.url("/").absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            var rounds = 0
            for (marker, delay) in [("SETTLED", UInt32(0)), ("BILLED", 0), ("BILLED", 300), ("BILLED", 1500)] {
                for _ in 0..<3 {
                    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID())")
                    defer { try? FileManager.default.removeItem(at: directory) }
                    let losers = marker == "SETTLED" ? 8 : 1
                    let probe = try NetworkingProbe.start(["auction", directory.path, base, String(losers)])
                    let reached = await probe.waitForLine(startingWith: marker)
                    if delay > 0 { usleep(delay) }
                    probe.kill()
                    #expect(reached != nil, "the probe printed \(marker)")
                    let report = try await NetworkingProbe.run(
                        ["deliver", directory.path], environment: ["PROBE_LINGER_MS": "0"])
                    #expect(report.result.hasSuffix("all true"), "\(report.result)")
                    let hits = try await server.hits().filter { $0.path.hasPrefix("/track/notice") }
                    var byNotice: [String: Set<String>] = [:]
                    for hit in hits {
                        let query = Self.query(hit.path)
                        byNotice["\(query["kind"] ?? "")/\(query["bid"] ?? "")", default: []].insert(hit.pingID ?? "")
                    }
                    #expect(byNotice["win/Winner"]?.count == 1, "\(byNotice)")
                    if losers == 1 {
                        #expect(byNotice["loss/Loser"]?.count == 1, "\(byNotice)")
                    } else {
                        for index in 0..<losers { #expect(byNotice["loss/Loser\(index)"]?.count == 1, "\(byNotice)") }
                    }
                    if marker == "BILLED" { #expect(byNotice["billing/Winner"]?.count == 1, "\(byNotice)") }
                    #expect(byNotice.values.allSatisfy { $0.count == 1 }, "one ping ID per notice: \(byNotice)")
                    rounds += 1
                    try await resetHits(server)
                }
            }
            #expect(rounds == 12)
        }
    }

    private func resetHits(_ server: LoopbackServer) async throws {
        _ = try await URLSession.shared.data(from: server.url("/_reset"))
    }
}

import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting
import Testing

/// The host-wide test mode on the wire (issue 47), read from the loopback server's hit log: the ad request carries
/// `test=1` and every OpenRTB bid request `"test": 1`; with the test mode off, neither does.
@Suite struct TestModeOverHTTPTests {
    private static func mediator(testMode: Bool) throws -> Mediator {
        let base = try BidderTestMediator.make()
        var configuration = MediatorConfiguration(
            strategy: .sequential, trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        configuration.isTestMode = testMode
        return Mediator(registry: base.registry, configuration: configuration)
    }

    private static func query(_ path: String) -> [String: String] {
        let items = URLComponents(string: path)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: [true, false])
    func theAdRequestAndTheBidRequestSayTestModeAsTheHostSet(testMode: Bool) async throws {
        try await BidderServer.run { server in
            let mediator = try Self.mediator(testMode: testMode)
            #expect(mediator.isTestMode == testMode)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let result = await mediator.mediate(
                adUnitID: "test-mode-unit", from: source, bidders: [BidderLoopbackTests.bidder(server.url("/bid"))])
            #expect(result.ad != nil, "\(result.trace.table())")

            let hits = try await server.hits()
            let adRequest = try #require(hits.first { $0.path.hasPrefix("/ad") })
            #expect(Self.query(adRequest.path)["test"] == (testMode ? "1" : nil))
            #expect(Self.query(adRequest.path)["id"] == "test-mode-unit")
            let bidRequest = try #require(hits.first { $0.path == "/bid" })
            let body = try #require(bidRequest.body.map { Data($0.utf8) })
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(object["test"] as? Int == (testMode ? 1 : nil))
        }
    }
}

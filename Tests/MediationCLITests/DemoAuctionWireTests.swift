import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation demo --auction --json` and its inspector page show what went on the wire: the ad request and the bid
/// request as rows matching the loopback server's hit log, and every notice with its macros expanded.
@Suite(.serialized) struct DemoAuctionWireTests {
    @Test func theJSONAndThePageShowTheRequestRowsAndTheExpandedNotices() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        let base = "http://127.0.0.1:\(server.port)"
        let options = try #require(
            try DemoCommand.parse([
                "--auction", "--json", "--url", "\(base)/ad/auction-ad-response", "--tcf", "CPXxRfAPXxRf",
                "--gdpr-applies", "1",
            ]).get())
        let url = try #require(options.url)
        let outcome = try await DemoCommand.runAuction(
            .served(url), bidderEndpoint: options.bidderEndpoint, strategy: .default, privacy: options.privacy,
            targeting: options.targeting, adUnitID: options.adUnitID, logger: SilentLogger())
        let hits = try await server.hits()

        let json = outcome.outcome.jsonReport(strategy: .default, auction: outcome.report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let auction = try #require(object["auction"] as? [String: Any])
        let requests = try #require(auction["requests"] as? [[String: Any]])
        #expect(requests.map { $0["kind"] as? String } == ["ad_request", "bid_request"])
        #expect(requests.count == hits.count)
        for (request, hit) in zip(requests, hits) {
            let text = try #require(request["url"] as? String)
            let requestURL = try #require(URLComponents(string: text))
            let path = requestURL.percentEncodedPath + (requestURL.percentEncodedQuery.map { "?" + $0 } ?? "")
            #expect(path == hit["path"] as? String)
            #expect(request["method"] as? String == hit["method"] as? String)
            #expect(request["status"] as? Int == 200)
            #expect((request["bytes"] as? Int ?? 0) > 0)
            #expect(request["ms"] is Int)
        }
        let sent = try #require(requests[1]["sent"] as? [[String: String]])
        #expect(
            sent.map { $0["name"] } == [
                "device.ifa", "device.ext.ifv", "device.ua", "device.lmt", "device.ext.atts", "imp.ext.skadn",
            ])
        let notices = try #require(auction["notices"] as? [[String: Any]])
        #expect(notices.map { $0["kind"] as? String } == ["win", "loss", "loss", "billing"])
        #expect(notices.allSatisfy { !($0["url"] as? String ?? "AUCTION_").contains("AUCTION_") })
        #expect(notices.allSatisfy { $0["atMs"] is Int && $0["result"] is String })
        #expect(object["winner"] is [String: Any])

        // The page: one row per request, and every notice as sent, with its expanded URL.
        let inspection = try #require(outcome.outcome.inspection)
        let page = MediationInspector.htmlPage(for: inspection)
        for request in requests {
            let shown = try #require(request["url"] as? String).replacingOccurrences(of: "&", with: "&amp;")
            #expect(page.contains("<span class=\"url\">\(shown)</span>"))
        }
        #expect(!page.contains("CPXxRfAPXxRf"), "the consent string is redacted from the ad request's URL")
        for notice in notices {
            let shown = try #require(notice["url"] as? String).replacingOccurrences(of: "&", with: "&amp;")
            #expect(page.contains("<span class=\"url\">\(shown)</span>"))
        }
        #expect(page.contains("<td>recorded (the demo sends nothing)</td>"))
        #expect(!page.contains("None recorded"))
    }
}

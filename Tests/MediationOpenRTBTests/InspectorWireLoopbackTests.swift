import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting
import Testing

/// The inspector's wire rows against the loopback server's hit log: the ad request and each bid request (path,
/// method, status, bytes), every notice's URL as sent, the notices sent so far before and after the impression,
/// and the device and attribution data of the bid request as the privacy state let it go.
@Suite struct InspectorWireLoopbackTests {
    /// The rows of the page's `<table class="tableClass">`, each a list of cells as text (tags dropped, entities
    /// read back).
    static func rows(of tableClass: String, in page: String) -> [[String]] {
        guard let start = page.range(of: "<table class=\"\(tableClass)\">"),
            let end = page.range(of: "</table>", range: start.upperBound..<page.endIndex),
            let body = page.range(of: "<tbody>", range: start.upperBound..<end.lowerBound)
        else { return [] }
        let table = page[body.upperBound..<end.lowerBound]
        return table.components(separatedBy: "</tr>").compactMap { row -> [String]? in
            let cells = row.components(separatedBy: "<td>").dropFirst().map { cell -> String in
                var text = cell.components(separatedBy: "</td>")[0]
                while let tag = text.range(of: "<[^>]*>", options: .regularExpression) { text.removeSubrange(tag) }
                for (entity, character) in [
                    ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&"),
                ] {
                    text = text.replacingOccurrences(of: entity, with: character)
                }
                return text
            }
            return cells.isEmpty ? nil : cells
        }
    }

    /// The path and query of `url`, as the server's hit log writes a request.
    static func pathAndQuery(_ url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    static func bidder(_ endpoint: URL, privacy: OpenRTBDeviceInfo = .none) throws -> OpenRTBBidder {
        OpenRTBBidder(endpoint: endpoint, configuration: try BidderDeviceLoopbackTests.configuration())
    }

    @Test func theRequestRowsAndTheNoticesAsSentAreWhatTheServerSaw() async throws {
        try await BidderServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            let mediator = try BidderTestMediator.make(pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let bidders = try [Self.bidder(server.url("/bid/wire")), Self.bidder(server.url("/nobid"))]
            let result = await mediator.mediate(adUnitID: "openrtb-unit", from: source, bidders: bidders)
            let ad = try #require(result.ad)
            #expect(await pinger.waitUntilDelivered())

            // The ad request and each bid request: one row each, as the server saw them.
            let hits = try await server.hits()
            let wire = hits.filter { !$0.path.hasPrefix("/track/") }
            #expect(wire.count == 3)
            let before = MediationInspector.htmlPage(for: MediationInspection(result: result, mediator: mediator))
            let requests = Self.rows(of: "requests", in: before)
            #expect(requests.count == 3)
            for hit in wire {
                let row = try #require(requests.first { Self.pathAndQuery($0[2]) == hit.path }, "\(hit.path)")
                #expect(row[0] == (hit.method == "GET" ? "ad request" : "bid request"))
                #expect(row[1] == hit.method)
                #expect(row[3] == hit.status.map { "\($0)" })
                #expect(row[4] == hit.bytes.map { "\($0)" })
                #expect(row[5].hasSuffix("ms"))
            }
            #expect(requests.map(\.[6]) == ["answered", "2 bid(s)", "no bid (HTTP 204)"])

            // Before the impression: the win and the loss went, as the server received them; billing waits.
            let notices = Self.rows(of: "notices", in: before)
            let tracked = hits.filter { $0.path.hasPrefix("/track/wire") }.map(\.path)
            #expect(notices.map(\.[0]) == ["win", "loss", "billing"])
            #expect(tracked.count == 2)
            for row in notices.prefix(2) {
                #expect(tracked.contains(Self.pathAndQuery(row[3])), "\(row[3]) was received")
                #expect(row[5].hasSuffix("ms"), "handed to the pinger at a time")
                #expect(row[6] == "delivered")
            }
            #expect(!notices[0][3].contains("AUCTION_") && notices[0][3].contains("imp=1&price=3"))
            #expect(notices[2][5] == "not yet: at the first impression" && notices[2][6] == "")
            #expect(Self.rows(of: "trackers", in: before).count == 2, "the two notices; nothing else fired yet")

            // After the impression: the billing notice too, with the impression time the server received.
            ad.recordImpression()
            #expect(await pinger.waitUntilDelivered())
            let billingHits = try await server.hits().filter { $0.path.hasPrefix("/track/wire?kind=billing") }
            #expect(billingHits.count == 1)
            let after = MediationInspector.htmlPage(for: MediationInspection(result: result, mediator: mediator))
            let billing = try #require(Self.rows(of: "notices", in: after).last)
            #expect(billing[0] == "billing")
            #expect(Self.pathAndQuery(billing[3]) == billingHits.first?.path)
            #expect(!billing[3].contains("AUCTION_IMP_TS"))
            #expect(billing[6] == "delivered")
            #expect(Self.rows(of: "trackers", in: after).map(\.[0]).contains("billing"))
        }
    }

    @Test(arguments: [
        (TrackingAuthorizationStatus.authorized, false, true),
        (TrackingAuthorizationStatus.authorized, true, false),
        (TrackingAuthorizationStatus.denied, false, false),
        (TrackingAuthorizationStatus.notDetermined, false, false),
    ])
    func theDeviceRowShowsTheIFAOnlyWhenItWasSent(
        att: TrackingAuthorizationStatus, childDirected: Bool, sendsIFA: Bool
    ) async throws {
        try await BidderServer.run { server in
            let privacy = try PrivacySettings(isChildDirected: childDirected, trackingAuthorization: att)
            let mediator = try BidderTestMediator.make(privacy: privacy)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let result = await mediator.mediate(
                adUnitID: "openrtb-unit", from: source, bidders: [try Self.bidder(server.url("/bid"))])
            let body = try await BidderDeviceLoopbackTests.bidRequestBody(server)
            let device = try #require(body["device"] as? [String: Any])
            #expect((device["ifa"] as? String == BidderDeviceLoopbackTests.idfa) == sendsIFA)

            let page = MediationInspector.htmlPage(for: MediationInspection(result: result, mediator: mediator))
            let fields = Dictionary(
                Self.rows(of: "device", in: page).map { ($0[0], $0[1]) }, uniquingKeysWith: { first, _ in first })
            #expect(fields["device.ifa"] == (sendsIFA ? BidderDeviceLoopbackTests.idfa : "withheld by privacy"))
            #expect(page.contains(BidderDeviceLoopbackTests.idfa) == sendsIFA, "a withheld IFA is nowhere on the page")
            #expect(fields["device.lmt"] == "\(device["lmt"] as? Int ?? -1)")
            #expect(fields["device.ext.atts"] == "\(att.rawValue)")
            #expect(fields["device.ua"] == BidderDeviceLoopbackTests.userAgent)
            #expect(fields["imp.ext.skadn"]?.hasPrefix("versions 2.2, 3.0, 4.0; sourceapp 880047117") == true)
        }
    }
}

import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import Testing

/// An in-stream auction over the wire: the ad response (video bids whose `adm` is VAST, a VAST tag waterfall
/// line, a floor) comes from the loopback server, the run's trace carries the auction's record as a native
/// run's does, and the server's hit log, the truth for the wire, saw exactly the notices the record lists.
@Suite(.serialized) struct InstreamAuctionOverHTTPTests {
    /// The custom events the factory made, in a class so that the factory can hold them weakly.
    final class CreatedEvents: Sendable {
        let list = Locked<[VASTInstreamCustomEvent]>([])
    }

    private static func query(_ path: String) -> [String: String] {
        let items = URLComponents(string: path)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// The path and query of `url`, as the hit log records a request.
    private static func wirePath(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        return (components?.percentEncodedPath ?? "") + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    @Test func anInstreamRunWithVideoBidsRecordsItsAuctionAndTheServerSeesItsNotices() async throws {
        try await LoopbackServer.run { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("instream-auction-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
            let clock = ManualClock()
            let mediationClock = MediationClock(clock)
            let events = CreatedEvents()
            let loader = HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2))
            var registry = MediationRegistry()
            try registry.registerInstreamCustomEvent(VASTInstreamCustomEvent.identifier) { [weak events] in
                let event = VASTInstreamCustomEvent(
                    loader: loader, trackerPinger: pinger, policy: VASTWrapperChainTests.patient)
                events?.list.withLock { $0.append(event) }
                return event
            }
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: .sequential, clock: mediationClock, trackerPinger: pinger,
                    imagePrecacher: NoImagePrecaching()))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/instream-auction"))
            let response = try await source.fetchAdResponse(
                forAdUnit: "instream-auction-unit", privacy: mediator.privacy, targeting: .none)

            let waterfall = MediatedInstreamCustomEvent(mediator: mediator, response: response)
            let session = InstreamAdSession(
                customEvent: waterfall,
                player: SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(8)),
                configuration: InstreamAdSessionConfiguration(
                    info: [:], contentDuration: 120, privacy: mediator.privacy),
                clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: pinger)
            session.load()
            var waited = 0
            while !session.isLoaded, waited < events.list.current.count {
                await events.list.current[waited].waitUntilLoadFinished()
                waited += 1
            }
            #expect(session.isLoaded)
            let result = try #require(waterfall.result)
            let record = try #require(result.trace.auction, "an in-stream run with bids records its auction")

            // The unified price order: every bid and the waterfall line by price; the floor's bid lost before the
            // run.
            #expect(record.rule == .unifiedFirstPrice)
            #expect(record.floor == 1.0 && record.currencyCode == "USD")
            #expect(
                record.order.map { $0.bidID ?? $0.network } == [
                    "video-broken", "video-high", "LoopVAST", "video-low", "video-floor",
                ])
            #expect(record.order.map(\.kind) == [.bid, .bid, .waterfall, .bid, .bid])
            #expect(record.order.map(\.result) == ["error", "won", "not_run", "not_run", "not_run"])
            #expect(
                record.order.map(\.lossReason) == [
                    .invalidBidResponse, nil, nil, .lostToHigherBid, .belowAuctionFloor,
                ])
            let winner = try #require(result.trace.winner)
            #expect(record.order[1].line == winner, "the record's winner is the trace's")

            // The wire: each win and loss notice of the record reached the server once, macros expanded.
            #expect(await pinger.waitUntilDelivered())
            var notices = try await server.paths(startingWith: "/track/notice")
            let settled = record.notices.filter { !$0.firesAtImpression }
            #expect(settled.map(\.kind) == [.loss, .win, .loss, .loss])
            #expect(notices.sorted() == settled.map { Self.wirePath($0.url) }.sorted(), "the hit log: \(notices)")
            let win = Self.query(try #require(notices.first { Self.query($0)["kind"] == "win" }))
            #expect(win["bid"] == "video-high" && win["auction"] == "loop-video-auction")
            #expect(win["price"] == "4.5" && win["min"] == "3", "first price; the next price in the order")
            let losses = Dictionary(
                notices.map(Self.query).filter { $0["kind"] == "loss" }.map { ($0["bid"] ?? "", $0["loss"] ?? "") },
                uniquingKeysWith: { first, _ in first })
            #expect(losses == ["video-broken": "3", "video-low": "102", "video-floor": "100"])
            #expect(notices.allSatisfy { !$0.contains("AUCTION_") }, "every macro expanded")
            #expect(
                try await server.paths(startingWith: "/vast/").isEmpty,
                "the waterfall line below the winner never fetched its tag")

            // Billing: at the winner's first banner, once, listed by the record as firing then.
            let billing = record.notices.filter(\.firesAtImpression)
            #expect(billing.map(\.kind) == [.billing] && billing.first?.place == 1)
            session.start(.preroll)
            clock.runUntilIdle()
            #expect(await pinger.waitUntilDelivered())
            notices = try await server.paths(startingWith: "/track/notice")
            let billed = notices.filter { Self.query($0)["kind"] == "billing" }
            #expect(billed.count == 1 && billed.first.map(Self.query)?["bid"] == "video-high")
            #expect(notices.count == 5, "one win, three losses, one billing: \(notices)")
            #expect(try await server.paths(startingWith: "/track/video-high/impression").count == 1)

            // The inspector: the same auction section as a native run's, each notice matched with its ping.
            let inspection = MediationInspection(instream: result, mediator: mediator)
            #expect(inspection.trace.auction == record)
            #expect(inspection.trackers.map(\.event) == [.loss, .win, .loss, .loss, .billing])
            let page = MediationInspector.htmlPage(for: inspection)
            #expect(page.contains("<section id=\"auction\">"))
            #expect(page.contains("102 lost_to_higher_bid") && page.contains("100 below_auction_floor"))
            #expect(!page.contains("not yet: at the first impression"), "billing was handed to the pinger")
        }
    }
}

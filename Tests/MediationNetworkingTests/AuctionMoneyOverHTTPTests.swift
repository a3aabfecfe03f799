import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The auction's money over the wire, read from the loopback server's hit log: a bid in another currency does not
/// win on its raw number, a second bid with an ID already used never runs, an absurd price is out of range, and
/// every `${AUCTION_*}` macro of a notice expands (`IMP_ID` and the impression's `IMP_TS` included).
@Suite(.serialized) struct AuctionMoneyOverHTTPTests {
    /// Rates from a table keyed `FROM>TO`.
    private struct Rates: AuctionCurrencyRates {
        var table: [String: Double]
        func rate(from source: String, to target: String) -> Double? { table["\(source)>\(target)"] }
    }

    /// One notice as the server received it: its query.
    private struct Notice {
        var query: [String: String]
        var kind: String { query["kind"] ?? "" }
        var bid: String { query["bid"] ?? "" }
        subscript(_ name: String) -> String? { query[name] }
    }

    /// The fixtures' custom events: every bid fills; the waterfall line has no fill.
    private static func mediator(pinger: URLSessionTrackerPinger, pricing: AuctionPricing = .default) throws -> Mediator
    {
        var title = NativeAdProperties()
        try title.setText("Ad", for: .title)
        let properties = title
        var registry = MediationRegistry()
        for identifier in ["RupiahBid", "HighBid", "LowBid"] {
            try registry.registerCustomEvent(identifier) {
                ScriptedCustomEvent(identifier: identifier, script: .fill(properties))
            }
        }
        try registry.registerCustomEvent("Waterfall") {
            ScriptedCustomEvent(identifier: "Waterfall", script: .fail(.noFill))
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: ["RupiahBid", "HighBid", "LowBid", "Waterfall"]))
        var configuration = MediatorConfiguration(
            strategy: .sequential, trackerPinger: pinger, imagePrecacher: NoImagePrecaching())
        configuration.auctionPricing = pricing
        return Mediator(registry: registry, configuration: configuration)
    }

    /// Fetches `/ad/NAME` from `server` and runs it, then waits until every notice reached the server.
    private static func run(
        _ name: String, on server: LoopbackServer, pricing: AuctionPricing = .default
    ) async throws -> (result: MediationRunResult, pinger: URLSessionTrackerPinger) {
        let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
        let mediator = try mediator(pinger: pinger, pricing: pricing)
        let source = try HTTPAdResponseSource(endpoint: server.url("/ad/\(name)"))
        let response = try await source.fetchAdResponse(
            forAdUnit: "money-unit", privacy: .unrestricted, targeting: .none)
        let result = await mediator.mediate(response)
        #expect(await pinger.waitUntilDelivered())
        return (result, pinger)
    }

    private static func notices(_ server: LoopbackServer) async throws -> [Notice] {
        try await server.hits().filter { $0.path.hasPrefix("/track/money") }.map { hit in
            let items = URLComponents(string: hit.path)?.queryItems ?? []
            return Notice(query: Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a }))
        }
    }

    @Test func aRupiahBidDoesNotWinOnItsRawNumberAndHearsWhyWithItsPath() async throws {
        try await LoopbackServer.run { server in
            let (result, pinger) = try await Self.run("auction-currency", on: server)
            #expect(result.ad?.source.customEventIdentifier == "HighBid", "\(result.trace.table())")
            let record = try #require(result.trace.auction)
            #expect(record.order.map(\.bidID) == [nil, "usd-high", "usd-low", "idr"], "4.0 USD line, 2.8, 2.0, IDR")
            let rupiah = try #require(record.order.last)
            #expect(rupiah.lossReason == .invalidBidResponse && rupiah.result == "not_run")
            #expect(
                rupiah.detail
                    == "the bid's currency IDR at $.ad-responses[0].metadata.x-currency is not the auction's currency "
                    + "USD, and no exchange rate converts it")

            let notices = try await Self.notices(server)
            #expect(notices.map(\.kind).sorted() == ["loss", "loss", "win"], "one notice per bid")
            let win = try #require(notices.first { $0.kind == "win" })
            #expect(win.bid == "usd-high" && win["price"] == "2.8" && win["cur"] == "USD")
            #expect(win["imp"] == "1", "${AUCTION_IMP_ID} from the bid's x-imp-id")
            #expect(win["seat"] == "seat-7" && win["ad"] == "ad-9" && win["auction"] == "money-auction")
            #expect(win["min"] == "2" && win["loss"] == "0" && win["mbr"] == "1" && win["mult"] == "1")
            #expect(win["ts"] == "", "no impression yet")
            let low = try #require(notices.first { $0.bid == "usd-low" })
            #expect(low["loss"] == "102" && low["price"] == "2.8" && low["min"] == "2.8", "not win=40000")
            let idr = try #require(notices.first { $0.bid == "idr" })
            #expect(idr.kind == "loss" && idr["loss"] == "3" && idr["cur"] == "IDR")
            #expect(idr["price"] == "" && idr["min"] == "", "a USD price is not stated as IDR without a rate")

            let ad = try #require(result.ad)
            let before = Int64(Date().timeIntervalSince1970 * 1000)
            ad.recordImpression()
            #expect(await pinger.waitUntilDelivered())
            let after = Int64(Date().timeIntervalSince1970 * 1000)
            let billing = try await Self.notices(server).filter { $0.kind == "billing" }
            #expect(billing.count == 1)
            #expect(billing.first?.bid == "usd-high" && billing.first?["price"] == "2.8")
            let timestamp = try #require(
                billing.first?["ts"].flatMap { Int64($0) }, "${AUCTION_IMP_TS} at the impression")
            #expect((before...after).contains(timestamp))
        }
    }

    @Test func withTheHostsRatesTheRupiahBidCompetesAtItsConvertedPrice() async throws {
        try await LoopbackServer.run { server in
            let rates = Rates(table: ["IDR>USD": 0.0000625, "USD>IDR": 16_000])
            let (result, _) = try await Self.run(
                "auction-currency", on: server, pricing: try AuctionPricing(rates: rates))
            #expect(result.ad?.source.customEventIdentifier == "HighBid")
            let record = try #require(result.trace.auction)
            #expect(record.order.map(\.bidID) == [nil, "usd-high", "idr", "usd-low"], "40000 IDR is 2.5 USD")
            let notices = try await Self.notices(server)
            let idr = try #require(notices.first { $0.bid == "idr" })
            #expect(idr["loss"] == "102" && idr["price"] == "44800" && idr["cur"] == "IDR", "2.8 USD stated in IDR")
            let win = try #require(notices.first { $0.kind == "win" })
            #expect(win["min"] == "2.5", "the next price below the winner: the rupiah bid, in USD")
        }
    }

    @Test func aSecondBidWithAnIDAlreadyUsedNeverRunsSoEachIDHearsOnce() async throws {
        try await LoopbackServer.run { server in
            let (result, pinger) = try await Self.run("auction-duplicate-ids", on: server)
            #expect(result.ad?.source.customEventIdentifier == "LowBid", "the first bid with the ID, at 2.0")
            let dropped = try #require(result.trace.droppedEntries.first)
            #expect(dropped.path == "$.ad-responses[1]")
            #expect(dropped.reason.contains(#"a second bid with the x-bid-id "dup""#))
            #expect(result.trace.auction?.order.map(\.bidID) == ["dup", "other"])
            try #require(result.ad).recordImpression()
            #expect(await pinger.waitUntilDelivered())
            let notices = try await Self.notices(server)
            let outcomes = notices.filter { $0.kind != "billing" }
            #expect(
                outcomes.map(\.bid).sorted() == ["dup", "other"], "one outcome per bid ID: \(outcomes.map(\.query))")
            #expect(outcomes.first { $0.bid == "dup" }?.kind == "win")
            #expect(outcomes.first { $0.bid == "other" }?["loss"] == "102")
            #expect(notices.filter { $0.kind == "billing" }.map(\.bid) == ["dup"])
        }
    }

    @Test func anAbsurdPriceIsOutOfRangeAndLosesWithReason3() async throws {
        try await LoopbackServer.run { server in
            let (result, _) = try await Self.run("auction-absurd-price", on: server)
            #expect(result.ad?.source.customEventIdentifier == "LowBid")
            let record = try #require(result.trace.auction)
            #expect(record.order.map(\.bidID) == ["sane", nil, "absurd"], "1e300 is not placed first")
            let absurd = try #require(record.order.last)
            #expect(absurd.lossReason == .invalidBidResponse)
            #expect(absurd.detail?.contains("out of range: above the maximum CPM of 1000 USD") == true)
            let unrepresentable = try #require(result.trace.droppedEntries.first)
            #expect(unrepresentable.path == "$.ad-responses[1]")
            #expect(unrepresentable.errors.map(\.description).contains { $0.contains("1e400 is out of range") })

            let notices = try await Self.notices(server)
            #expect(notices.map(\.bid).sorted() == ["absurd", "sane"])
            let win = try #require(notices.first { $0.kind == "win" })
            #expect(win.bid == "sane" && win["price"] == "2.5" && win["min"] == "1")
            let lost = try #require(notices.first { $0.bid == "absurd" })
            #expect(lost["loss"] == "3" && lost["price"] == "2.5", "the winner's sane price, not 301 digits")
        }
    }
}

import Foundation
import MediationCore
import MediationTesting
import Testing

/// The auction compares money only like with like: one currency for the order, the floor, the loss notices'
/// prices and the revenue; other currencies dropped or converted at the host's rate; absurd prices out of range.
@Suite struct AuctionMoneyTests {
    typealias Run = AuctionRun

    private func run(
        _ lines: [WaterfallLine], pricing: AuctionPricing = .default, floor: Double? = nil,
        fills: Set<String>? = nil
    ) throws -> Run {
        let harness = WaterfallHarness()
        var scripts: [String: CustomEventScript] = [:]
        for identifier in lines.map(\.customEventIdentifier) {
            scripts[identifier] =
                fills.map { $0.contains(identifier) } ?? true
                ? Fixture.fill(identifier, after: 5) : Fixture.noFill(after: 5)
        }
        var configuration = MediatorConfiguration(
            strategy: .sequential, clock: harness.mediationClock, trackerPinger: harness.pinger,
            imagePrecacher: NoImagePrecaching())
        configuration.auctionPricing = pricing
        let mediator = Mediator(registry: try harness.registry(scripts), configuration: configuration)
        var response = AdResponse(lines: lines, adUnitID: "unit")
        response.bidFloor = floor
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        return Run(result: try #require(recorder.single), harness: harness)
    }

    /// The auction: 40,000 IDR (about 2.5 USD) against 2.8 and 2.0 USD bids and a 1.5 USD line.
    private func rupiahAuction() throws -> [WaterfallLine] {
        var rupiah = try AuctionFixture.bid("Rupiah", price: 40_000, currency: "IDR")
        rupiah.bid?.currencyPath = "$.ad-responses[0].metadata.x-currency"
        return [
            rupiah, try AuctionFixture.bid("High", price: 2.8), try AuctionFixture.bid("Low", price: 2),
            AuctionFixture.line("Line", price: 1.5),
        ]
    }

    @Test func aBidInAnotherCurrencyIsDroppedAndTheHighestBidInTheAuctionsCurrencyWins() throws {
        let run = try run(try rupiahAuction())
        #expect(Fixture.title(run.result) == "High")
        #expect(run.record?.order.map(\.customEvent) == ["High", "Low", "Line", "Rupiah"])
        #expect(run.record?.currencyCode == "USD")
        let rupiah = try #require(run.entry("Rupiah"))
        #expect(rupiah.lossReason == .invalidBidResponse && rupiah.result == "not_run" && rupiah.line == nil)
        #expect(rupiah.price == 40_000 && rupiah.currencyCode == "IDR", "the record keeps the price as given")
        let detail = try #require(rupiah.detail)
        #expect(detail.contains("currency IDR at $.ad-responses[0].metadata.x-currency"), "\(detail)")
        #expect(detail.contains("not the auction's currency USD"), "\(detail)")
        #expect(run.harness.pinger.pings.filter { $0.event == .win }.map(\.url.lastPathComponent) == ["bid-High"])
        let low = try #require(run.notice(.loss, "bid-Low"))
        #expect(AuctionFixture.query(low, "reason") == "102")
        #expect(AuctionFixture.query(low, "price") == "2.8", "the winner's price, not 40000")
        #expect(AuctionFixture.query(low, "min") == "2.8")
        let lost = try #require(run.notice(.loss, "bid-Rupiah"))
        #expect(AuctionFixture.query(lost, "reason") == "3")
        #expect(AuctionFixture.query(lost, "price") == "", "a USD price is not stated as IDR without a rate")
        #expect(AuctionFixture.query(lost, "min") == "")
        let win = try #require(run.notice(.win, "bid-High"))
        #expect(AuctionFixture.query(win, "min") == "2", "the next price below the winner, in USD")
    }

    @Test func withTheHostsRatesTheBidCompetesConvertedAndHearsPricesInItsOwnCurrency() throws {
        let rates = TableRates(table: ["IDR>USD": 0.0000625, "USD>IDR": 16_000])
        let run = try run(
            try rupiahAuction(), pricing: try AuctionPricing(rates: rates), fills: ["High", "Low", "Line"])
        #expect(run.record?.order.map(\.customEvent) == ["High", "Rupiah", "Low", "Line"], "40000 IDR is 2.5 USD")
        #expect(Fixture.title(run.result) == "High")
        let rupiah = try #require(run.entry("Rupiah"))
        #expect(rupiah.lossReason == .lostToHigherBid)
        #expect(rupiah.detail?.contains("counts as 2.5 USD at the host's exchange rate") == true)
        let lost = try #require(run.notice(.loss, "bid-Rupiah"))
        #expect(AuctionFixture.query(lost, "price") == "44800", "2.8 USD in IDR")
        let win = try #require(run.notice(.win, "bid-High"))
        #expect(AuctionFixture.query(win, "min") == "2.5", "the converted bid is the next price, in USD")
        #expect(AuctionFixture.query(win, "cur") == "USD")
    }

    @Test func aConvertedWinnerIsPaidInItsOwnCurrency() throws {
        let rates = TableRates(table: ["IDR>USD": 0.0000625, "USD>IDR": 16_000])
        let run = try run(
            [
                try AuctionFixture.bid("Rupiah", price: 64_000, currency: "IDR"),
                try AuctionFixture.bid("Dollar", price: 3),
            ],
            pricing: try AuctionPricing(rates: rates))
        #expect(Fixture.title(run.result) == "Rupiah", "64000 IDR is 4 USD")
        let win = try #require(run.notice(.win, "bid-Rupiah"))
        #expect(AuctionFixture.query(win, "price") == "64000" && AuctionFixture.query(win, "cur") == "IDR")
        #expect(AuctionFixture.query(win, "min") == "48000", "3 USD stated in IDR")
        let loss = try #require(run.notice(.loss, "bid-Dollar"))
        #expect(AuctionFixture.query(loss, "price") == "4", "64000 IDR stated in USD for the USD bid")
        let revenue = try #require(run.result.ad?.source.estimatedRevenuePerImpression)
        #expect(revenue.currencyCode == "IDR" && revenue.value == 64 && revenue.precision == .precise)
    }

    @Test func theFloorIsInTheAuctionsCurrencyAndComparedAfterConversion() throws {
        let rates = TableRates(table: ["EUR>USD": 1.1])
        let run = try run(
            [
                try AuctionFixture.bid("Euro", price: 1, currency: "EUR"), try AuctionFixture.bid("Dollar", price: 1),
                try AuctionFixture.bid("Cheap", price: 0.5),
            ], pricing: try AuctionPricing(rates: rates), floor: 1.05)
        #expect(Fixture.title(run.result) == "Euro", "1 EUR is 1.1 USD, above the floor of 1.05 USD")
        #expect(run.entry("Dollar")?.lossReason == .belowAuctionFloor)
        #expect(run.entry("Dollar")?.detail == "the bid's price 1 USD is below the floor 1.05 USD")
        #expect(run.entry("Cheap")?.lossReason == .belowAuctionFloor)
    }

    @Test func anAbsurdPriceIsOutOfRangeAndLosesBeforeTheRun() throws {
        var absurd = try AuctionFixture.bid("Absurd", price: 1e300)
        absurd.bid?.pricePath = "$.ad-responses[0].metadata.x-ecpm"
        var infinite = try AuctionFixture.bid("Infinite", price: .infinity)
        infinite.bid?.pricePath = "$.ad-responses[1].metadata.x-ecpm"
        let run = try run([absurd, infinite, try AuctionFixture.bid("Sane", price: 2.5)])
        #expect(Fixture.title(run.result) == "Sane")
        #expect(run.record?.order.first?.customEvent == "Sane", "an absurd price is not placed first")
        let entry = try #require(run.entry("Absurd"))
        #expect(entry.lossReason == .invalidBidResponse)
        #expect(
            entry.detail
                == "the bid's price 1e+300 USD at $.ad-responses[0].metadata.x-ecpm is out of range: above the maximum "
                + "CPM of 1000 USD")
        #expect(run.entry("Infinite")?.lossReason == .invalidBidResponse)
        #expect(run.entry("Infinite")?.detail?.contains("out of range: not a finite number") == true)
        #expect(AuctionFixture.query(try #require(run.notice(.loss, "bid-Absurd")), "reason") == "3")
        let win = try #require(run.notice(.win, "bid-Sane"))
        #expect(AuctionFixture.query(win, "price") == "2.5")
    }

    @Test func theBoundIsTheHostsToSet() throws {
        let lines = [try AuctionFixture.bid("Premium", price: 600), try AuctionFixture.bid("Usual", price: 3)]
        #expect(Fixture.title(try run(lines).result) == "Premium", "600 is within the default bound of 1000")
        let bounded = try run(lines, pricing: try AuctionPricing(maximumCPM: 500))
        #expect(Fixture.title(bounded.result) == "Usual")
        #expect(bounded.entry("Premium")?.detail?.contains("above the maximum CPM of 500 USD") == true)
    }

    @Test func aWaterfallLineWhosePriceDoesNotCountRunsAsALineWithoutAPrice() throws {
        let run = try run(
            [
                AuctionFixture.line("Euro", price: 9), AuctionFixture.line("Absurd", price: 5_000),
                try AuctionFixture.bid("Bid", price: 1), AuctionFixture.line("Unpriced"),
            ].map { line in
                var line = line
                if line.customEventIdentifier == "Euro" { line.currencyCode = "EUR" }
                return line
            }, fills: ["Absurd"])
        #expect(run.record?.order.map(\.customEvent) == ["Bid", "Euro", "Absurd", "Unpriced"])
        #expect(run.entry("Euro")?.detail?.contains("does not count in the order: currency EUR") == true)
        #expect(run.entry("Absurd")?.detail?.contains("out of range") == true)
        #expect(run.entry("Absurd")?.price == 5_000, "the record keeps the server's price")
        let ad = try #require(run.result.ad)
        #expect(ad.source.price == nil, "no revenue estimate from a price out of range")
        #expect(ad.source.estimatedRevenuePerImpression == nil)
        #expect(AuctionFixture.query(try #require(run.notice(.loss, "bid-Bid")), "price") == "")
    }

    @Test func theServerOrderKeepsItsOrderButStillDropsForeignAndAbsurdBids() throws {
        let harness = WaterfallHarness()
        var configuration = MediatorConfiguration(
            strategy: .sequential, clock: harness.mediationClock, trackerPinger: harness.pinger,
            imagePrecacher: NoImagePrecaching())
        configuration.auctionOrder = .serverOrder
        let mediator = Mediator(
            registry: try harness.registry(["Rupiah": Fixture.fill("Rupiah"), "Dollar": Fixture.fill("Dollar")]),
            configuration: configuration)
        let response = AdResponse(lines: [
            try AuctionFixture.bid("Rupiah", price: 1, currency: "IDR"), try AuctionFixture.bid("Dollar", price: 1),
        ])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "Dollar")
        #expect(result.trace.auction?.order.first?.lossReason == .invalidBidResponse)
    }
}

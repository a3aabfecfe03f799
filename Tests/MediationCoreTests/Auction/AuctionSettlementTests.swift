import Foundation
import MediationCore
import MediationTesting
import Testing

/// Every bid gets exactly one notice, win or loss with its OpenRTB reason; billing and revenue at the first
/// impression.
@Suite struct AuctionSettlementTests {
    typealias Run = AuctionRun

    private func run(
        _ lines: [WaterfallLine], scripts: [String: CustomEventScript], floor: Double? = nil,
        strategy: MediationStrategy = .sequential, cancelAfter: Duration? = nil, biddingOff: Set<String> = [],
        pricing: AuctionPricing = .default
    ) throws -> Run {
        let harness = WaterfallHarness()
        var scripts = scripts
        for identifier in biddingOff { scripts[identifier]?.supportsBidding = false }
        var configuration = MediatorConfiguration(
            strategy: strategy, clock: harness.mediationClock, trackerPinger: harness.pinger,
            imagePrecacher: NoImagePrecaching())
        configuration.auctionPricing = pricing
        let mediator = Mediator(registry: try harness.registry(scripts), configuration: configuration)
        var response = AdResponse(lines: lines, adUnitID: "unit")
        response.bidFloor = floor
        let recorder = RunRecorder(harness.clock)
        let handle = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        if let cancelAfter {
            harness.clock.advance(by: cancelAfter)
            handle.cancel()
        }
        harness.clock.runUntilIdle()
        return Run(result: try #require(recorder.single), harness: harness)
    }

    @Test func theWinnerGetsItsWinNoticeWithMacrosExpandedAndEveryOtherBidALoss() throws {
        let run = try run(
            [
                try AuctionFixture.bid("High", price: 4), try AuctionFixture.bid("Mid", price: 2.5),
                AuctionFixture.line("Line", price: 3), try AuctionFixture.bid("Low", price: 1),
            ],
            scripts: [
                "High": Fixture.noFill(after: 5), "Line": Fixture.noFill(after: 5),
                "Mid": Fixture.fill("Mid", after: 5),
                "Low": Fixture.fill("Low"),
            ])
        #expect(Fixture.title(run.result) == "Mid")
        let win = try #require(run.notices(.win).first)
        #expect(run.notices(.win).count == 1)
        #expect(win.path == "/win/bid-Mid")
        #expect(AuctionFixture.query(win, "price") == "2.5")
        #expect(AuctionFixture.query(win, "cur") == "USD")
        #expect(AuctionFixture.query(win, "auction") == "auction-1")
        #expect(AuctionFixture.query(win, "bid") == "bid-Mid")
        #expect(AuctionFixture.query(win, "min") == "1", "the next price below the winner in the order")
        let losses = run.notices(.loss)
        #expect(losses.map(\.path).sorted() == ["/loss/bid-High", "/loss/bid-Low"])
        let high = try #require(losses.first { $0.path == "/loss/bid-High" })
        #expect(AuctionFixture.query(high, "reason") == "1", "a bid that did not fill: internal error")
        let low = try #require(losses.first { $0.path == "/loss/bid-Low" })
        #expect(AuctionFixture.query(low, "reason") == "102")
        #expect(AuctionFixture.query(low, "price") == "2.5", "the clearing price")
        #expect(AuctionFixture.query(low, "min") == "2.5")
        #expect(run.entry("Mid")?.result == "won")
        #expect(run.entry("Mid")?.lossReason == nil)
        #expect(run.entry("High")?.lossReason == .internalError)
        #expect(run.entry("Low")?.lossReason == .lostToHigherBid)
        #expect(run.entry("Line")?.lossReason == nil, "waterfall lines get no loss reason")
        #expect(run.notices(.billing).isEmpty, "billing waits for the impression")
    }

    /// The win and loss notices reach the pinger in one call, so that a journaling pinger makes them durable in
    /// one write before the result is delivered; the billing notice comes later, at the impression.
    @Test func theWinAndLossNoticesReachThePingerTogether() throws {
        let run = try run(
            [
                try AuctionFixture.bid("High", price: 4), try AuctionFixture.bid("Mid", price: 2.5),
                AuctionFixture.line("Line", price: 3), try AuctionFixture.bid("Low", price: 1),
            ],
            scripts: [
                "High": Fixture.noFill(), "Line": Fixture.noFill(), "Mid": Fixture.fill("Mid"),
                "Low": Fixture.fill("Low"),
            ])
        #expect(Fixture.title(run.result) == "Mid")
        #expect(run.harness.pinger.batchSizes == [3])
        #expect(run.harness.pinger.pings.map(\.event) == [.loss, .win, .loss], "in the auction's order")
    }

    @MainActor @Test func billingFiresOnceAtTheFirstImpressionWithPreciseRevenue() async throws {
        let run = try run(
            [try AuctionFixture.bid("Bid", price: 2.4, currency: "EUR"), AuctionFixture.line("Line", price: 1)],
            scripts: ["Bid": Fixture.fill("Bid"), "Line": Fixture.fill("Line")],
            pricing: try AuctionPricing(currency: "EUR"))
        let ad = try #require(run.result.ad)
        #expect(ad.source.isBidPrice)
        #expect(ad.source.billingURLs.map(\.path) == ["/bill/bid-Bid"])
        #expect(run.record?.notices.filter { $0.kind == .billing }.map(\.firesAtImpression) == [true])
        let host = RevenueRecorder()
        ad.delegate = host
        #expect(run.notices(.billing).isEmpty)
        ad.recordImpression()
        ad.recordImpression()
        await RecordingNativeAdDelegate.settled()
        let billing = run.notices(.billing)
        #expect(billing.count == 1)
        #expect(AuctionFixture.query(try #require(billing.first), "price") == "2.4")
        #expect(host.revenues.count == 1)
        #expect(host.revenues.first?.precision == .precise)
        #expect(host.revenues.first?.value == Decimal(string: "0.0024"))
        #expect(host.revenues.first?.currencyCode == "EUR")
    }

    @Test func aWaterfallWinnerGetsEstimatedRevenueAndEveryBidLoses() throws {
        let run = try run(
            [AuctionFixture.line("Line", price: 3), try AuctionFixture.bid("Bid", price: 2)],
            scripts: ["Line": Fixture.fill("Line"), "Bid": Fixture.fill("Bid")])
        let ad = try #require(run.result.ad)
        #expect(!ad.source.isBidPrice)
        #expect(ad.source.estimatedRevenuePerImpression?.precision == .estimated)
        #expect(run.notices(.win).isEmpty)
        #expect(run.notices(.loss).count == 1)
        #expect(run.entry("Bid")?.lossReason == .lostToHigherBid)
        ad.recordImpression()
        #expect(run.notices(.billing).isEmpty)
    }

    @Test func bidsBelowTheFloorWithoutMarkupOrPriceNeverLoadAndLoseWithTheirCodes() throws {
        var noMarkup = try AuctionFixture.bid("NoMarkup", price: 9, markup: nil)
        noMarkup.adMarkup = nil
        let run = try run(
            [
                try AuctionFixture.bid("Below", price: 0.5), noMarkup, try AuctionFixture.bid("NoPrice", price: nil),
                try AuctionFixture.bid("Good", price: 1),
            ],
            scripts: [
                "Below": Fixture.fill("Below"), "NoMarkup": Fixture.fill("NoMarkup"),
                "NoPrice": Fixture.fill("NoPrice"),
                "Good": Fixture.noFill(),
            ], floor: 0.75)
        #expect(run.result.error == .noFill)
        #expect(run.harness.events("Below").isEmpty && run.harness.events("NoMarkup").isEmpty)
        #expect(run.harness.events("NoPrice").isEmpty)
        #expect(run.entry("Below")?.lossReason == .belowAuctionFloor)
        #expect(run.entry("Below")?.line == nil)
        #expect(run.entry("NoMarkup")?.lossReason == .missingMarkup)
        #expect(run.entry("NoPrice")?.lossReason == .missingBidPrice)
        #expect(run.entry("Good")?.lossReason == .internalError)
        let reasons = run.notices(.loss).compactMap { AuctionFixture.query($0, "reason") }.sorted()
        #expect(reasons == ["1", "100", "7", "9"])
        #expect(run.record?.floor == 0.75)
    }

    @Test func invalidMarkupAndACustomEventWithoutBiddingLoseWithCode3AndNeverFill() throws {
        let run = try run(
            [
                try AuctionFixture.bid("Broken", price: 5), try AuctionFixture.bid("NoBidding", price: 4),
                AuctionFixture.line("Line"),
            ],
            scripts: [
                "Broken": .fail(.invalidBidMarkup(path: "$.native.assets[0]", reason: "missing id")),
                "NoBidding": Fixture.fill("NoBidding"), "Line": Fixture.fill("Line"),
            ], biddingOff: ["NoBidding"])
        #expect(Fixture.title(run.result) == "Line")
        #expect(run.harness.events("NoBidding").count == 1, "made, never asked")
        #expect(run.harness.events("NoBidding").first?.requests.isEmpty == true)
        #expect(run.result.trace.entries.first { $0.customEvent == "NoBidding" }?.errorCode == "invalid_bid_markup")
        #expect(run.entry("Broken")?.lossReason == .invalidBidResponse)
        #expect(run.entry("NoBidding")?.lossReason == .invalidBidResponse)
        #expect(run.entry("NoBidding")?.detail?.contains("declares no bidding support") == true)
        #expect(run.notices(.loss).count == 2)
    }

    @Test func aBidThatExpiredBeforeItsTurnIsSkippedAndLosesWithCode2() throws {
        let run = try run(
            [AuctionFixture.line("Slow", price: 9), try AuctionFixture.bid("Bid", price: 2, expiryMilliseconds: 500)],
            scripts: ["Slow": Fixture.noFill(after: 800), "Bid": Fixture.fill("Bid")])
        #expect(run.result.error == .noFill)
        #expect(run.harness.events("Bid").isEmpty)
        #expect(run.entry("Bid")?.result == "skipped")
        #expect(run.entry("Bid")?.lossReason == .impressionOpportunityExpired)
        #expect(run.notices(.loss).compactMap { AuctionFixture.query($0, "reason") } == ["2"])
    }

    @Test func aCancelledRunTellsEveryBidItLostWithCode2() throws {
        let run = try run(
            [try AuctionFixture.bid("First", price: 3), try AuctionFixture.bid("Second", price: 2)],
            scripts: ["First": Fixture.fill("First", after: 1000), "Second": Fixture.fill("Second")],
            cancelAfter: .milliseconds(100))
        #expect(run.result.error == .cancelled)
        #expect(run.notices(.win).isEmpty)
        #expect(run.notices(.loss).compactMap { AuctionFixture.query($0, "reason") } == ["2", "2"])
    }

    @Test func hedgedRunsSettleLikeSequentialOnes() throws {
        let lines = [
            try AuctionFixture.bid("A", price: 5), AuctionFixture.line("B", price: 4),
            try AuctionFixture.bid("C", price: 3),
        ]
        let scripts: [String: CustomEventScript] = [
            "A": Fixture.noFill(after: 900), "B": Fixture.fill("B", after: 1200), "C": Fixture.fill("C", after: 10),
        ]
        let sequential = try run(lines, scripts: scripts)
        let hedged = try run(lines, scripts: scripts, strategy: try .hedged(after: .milliseconds(100), maxInFlight: 3))
        #expect(Fixture.title(sequential.result) == "B")
        #expect(Fixture.title(hedged.result) == "B")
        #expect(hedged.record?.order.map(\.lossReason) == sequential.record?.order.map(\.lossReason))
        #expect(hedged.entry("C")?.result == "loaded", "C loaded early and was held, then lost to B")
        #expect(hedged.entry("C")?.lossReason == .lostToHigherBid)
    }
}

/// Records the revenue an ad reports.
@MainActor
final class RevenueRecorder: NativeAdDelegate {
    var revenues: [AdRevenue] = []

    func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) {
        revenues.append(revenue)
    }
}

import Foundation
import MediationCore
import MediationTesting
import Testing

/// The unified first-price order and the server-order option.
@Suite struct AuctionOrderTests {
    /// Runs `response` sequentially over scripts where no custom event fills, so that every line is asked, and
    /// returns the order in which they were asked (the auction order) and the trace.
    private func order(
        _ response: AdResponse, rule: AuctionOrderRule = .unifiedFirstPrice
    ) throws -> (asked: [String], trace: MediationTrace) {
        let harness = WaterfallHarness()
        var scripts: [String: CustomEventScript] = [:]
        for identifier in Set(response.lines.map(\.customEventIdentifier)) {
            scripts[identifier] = Fixture.noFill(after: 10)
        }
        var configuration = MediatorConfiguration(
            strategy: .sequential, clock: harness.mediationClock, trackerPinger: harness.pinger,
            imagePrecacher: NoImagePrecaching())
        configuration.auctionOrder = rule
        let mediator = Mediator(registry: try harness.registry(scripts), configuration: configuration)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let trace = try #require(recorder.single?.trace)
        let asked = trace.entries.map(\.customEvent)
        return (asked, trace)
    }

    @Test func bidsAndLinesRunHighestPriceFirstWithTiesInServerOrderAndUnpricedLast() throws {
        let response = AdResponse(lines: [
            AuctionFixture.line("Unpriced1"),
            AuctionFixture.line("Line2", price: 2),
            try AuctionFixture.bid("BidA", price: 3),
            AuctionFixture.line("Line3", price: 3),
            AuctionFixture.line("Unpriced2"),
            try AuctionFixture.bid("BidB", price: 2),
            AuctionFixture.line("Line5", price: 5),
        ])
        let (asked, trace) = try order(response)
        #expect(asked == ["Line5", "BidA", "Line3", "Line2", "BidB", "Unpriced1", "Unpriced2"])
        let record = try #require(trace.auction)
        #expect(record.rule == .unifiedFirstPrice)
        #expect(record.order.map(\.customEvent) == asked)
        #expect(record.order.map(\.place) == Array(0..<7))
        #expect(record.order.map(\.kind) == [.waterfall, .bid, .waterfall, .waterfall, .bid, .waterfall, .waterfall])
        #expect(record.order.map(\.entryIndex) == [nil, nil, nil, nil, nil, nil, nil])
    }

    @Test func theServerOrderOptionKeepsTheServersOrder() throws {
        let response = AdResponse(lines: [
            AuctionFixture.line("Line1", price: 1), try AuctionFixture.bid("Bid9", price: 9),
            AuctionFixture.line("Line5", price: 5),
        ])
        let (asked, trace) = try order(response, rule: .serverOrder)
        #expect(asked == ["Line1", "Bid9", "Line5"])
        #expect(trace.auction?.rule == .serverOrder)
    }

    @Test func aResponseWithoutBidsRunsInTheServersOrderAndHasNoAuctionRecord() throws {
        let response = AdResponse(lines: [
            AuctionFixture.line("Line1", price: 1), AuctionFixture.line("Line5", price: 5),
        ])
        let (asked, trace) = try order(response)
        #expect(asked == ["Line1", "Line5"])
        #expect(trace.auction == nil)
    }

    @Test func theOrderIsDeterministicForEqualPrices() throws {
        let lines = try (0..<6).map { index in
            index.isMultiple(of: 2)
                ? try AuctionFixture.bid("Bid\(index)", price: 1) : AuctionFixture.line("Line\(index)", price: 1)
        }
        let first = try order(AdResponse(lines: lines)).asked
        let second = try order(AdResponse(lines: lines)).asked
        #expect(first == lines.map(\.customEventIdentifier))
        #expect(second == first)
    }
}

import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Thousands of seeded auctions: the winner is always the highest entry of the auction order that would fill;
/// every bid gets exactly one of win or loss; billing fires once, only after an impression; hedged runs agree.
@Suite struct AuctionPropertyTests {
    static let seedsPerBatch: UInt64 = 400
    static let batches: [UInt64] = Array(0..<8)

    /// One seeded auction: entries, their scripts, the floor, and the oracle's expected winner.
    struct SeededAuction {
        var lines: [WaterfallLine] = []
        var scripts: [String: CustomEventScript] = [:]
        var fills: Set<String> = []
        var floor: Double?

        init(seed: UInt64) throws {
            var random = SeededGenerator(seed: seed)
            if Int.random(in: 0..<3, using: &random) == 0 { floor = Double(Int.random(in: 1...4, using: &random)) }
            for index in 0..<Int.random(in: 1...8, using: &random) {
                let isBid = Bool.random(using: &random)
                let identifier = (isBid ? "B" : "W") + "\(index)"
                let priced = isBid || Int.random(in: 0..<3, using: &random) > 0
                // Few distinct prices, so that ties are common.
                let price = priced ? Double(Int.random(in: 0...8, using: &random)) / 2 : nil
                let timeout = Duration.milliseconds(Int64.random(in: 1000...3000, using: &random))
                let latency = Duration.milliseconds(Int64.random(in: 1...999, using: &random))
                let outcome = Int.random(in: 0..<100, using: &random)
                let script: CustomEventScript =
                    switch outcome {
                    case 0..<40: Fixture.fill(identifier, after: latency.wholeMilliseconds)
                    case 40..<75: Fixture.noFill(after: latency.wholeMilliseconds)
                    case 75..<85: .fail(.invalidBidMarkup(path: "adm", reason: "seeded"), after: latency)
                    default: .never
                    }
                if outcome < 40 { fills.insert(identifier) }
                scripts[identifier] = script
                var line =
                    isBid
                    ? try AuctionFixture.bid(identifier, price: price)
                    : AuctionFixture.line(identifier, price: price)
                line.timeout = timeout
                if isBid, Int.random(in: 0..<15, using: &random) == 0 { line.adMarkup = nil }
                lines.append(line)
            }
        }

        /// The oracle: the auction order written out independently of the engine (price descending, the server's
        /// order among equals, unpriced last), without the bids that cannot run.
        var expectedOrder: [WaterfallLine] {
            // A response without bids runs in the server's order.
            guard lines.contains(where: { $0.bid != nil }) else { return lines }
            let runnable = lines.filter { line in
                guard line.bid != nil else { return true }
                guard line.adMarkup != nil, let price = line.price else { return false }
                return floor.map { price >= $0 } ?? true
            }
            let priced = runnable.filter { $0.price != nil }
            let unpriced = runnable.filter { $0.price == nil }
            var ordered: [WaterfallLine] = []
            for price in Set(priced.compactMap(\.price)).sorted(by: >) {
                ordered += priced.filter { $0.price == price }
            }
            return ordered + unpriced
        }

        /// The entry that must win: the first of the order that fills.
        var expectedWinner: String? {
            expectedOrder.first { fills.contains($0.customEventIdentifier) }?.customEventIdentifier
        }
    }

    private func run(_ auction: SeededAuction, strategy: MediationStrategy) throws -> (
        result: MediationRunResult, pinger: RecordingTrackerPinger
    ) {
        let harness = WaterfallHarness()
        let mediator = Mediator(
            registry: try harness.registry(auction.scripts),
            configuration: MediatorConfiguration(
                strategy: strategy, clock: harness.mediationClock, trackerPinger: harness.pinger,
                imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: nil)))
        var response = AdResponse(lines: auction.lines)
        response.bidFloor = auction.floor
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        return (try #require(recorder.single), harness.pinger)
    }

    @Test(arguments: batches)
    func theWinnerIsTheHighestEntryThatFillsAndEveryBidHearsOnce(batch: UInt64) throws {
        var bidWinners = 0
        var losses = 0
        for seed in (batch * Self.seedsPerBatch)..<((batch + 1) * Self.seedsPerBatch) {
            let auction = try SeededAuction(seed: seed)
            let strategy: MediationStrategy =
                seed.isMultiple(of: 2) ? .sequential : RandomWaterfall.hedgedStrategy(seed: seed)
            let (result, pinger) = try run(auction, strategy: strategy)
            let winner = result.ad?.source.customEventIdentifier
            #expect(winner == auction.expectedWinner, "seed \(seed), \(strategy): winner")
            if auction.lines.contains(where: { $0.bid != nil }) {
                let record = try #require(result.trace.auction, "seed \(seed)")
                let order = record.order.filter { $0.line != nil }.map(\.customEvent)
                #expect(order == auction.expectedOrder.map(\.customEventIdentifier), "seed \(seed): order")
            } else {
                #expect(result.trace.auction == nil, "seed \(seed): no bids, no auction record")
            }
            for line in auction.lines where line.bid != nil {
                let id = try #require(line.bid?.bidID)
                let wins = pinger.pings.filter { $0.event == .win && $0.url.path == "/win/\(id)" }.count
                let lost = pinger.pings.filter { $0.event == .loss && $0.url.path == "/loss/\(id)" }.count
                #expect(wins + lost == 1, "seed \(seed): bid \(id) heard \(wins) wins and \(lost) losses")
                #expect((wins == 1) == (winner == line.customEventIdentifier), "seed \(seed): \(id) win iff it won")
                losses += lost
            }
            #expect(pinger.pings.filter { $0.event == .billing }.isEmpty, "seed \(seed): billing before impression")
            if let ad = result.ad {
                ad.recordImpression()
                ad.recordImpression()
                let billing = pinger.pings.filter { $0.event == .billing }.count
                let wonByBid = auction.lines.contains { $0.customEventIdentifier == winner && $0.bid != nil }
                #expect(billing == (wonByBid ? 1 : 0), "seed \(seed): billing once, for a bid winner only")
                if wonByBid { bidWinners += 1 }
            }
            if winner != auction.expectedWinner { return }
        }
        #expect(bidWinners > 0 && losses > 0, "the seeds exercise both wins and losses")
    }
}

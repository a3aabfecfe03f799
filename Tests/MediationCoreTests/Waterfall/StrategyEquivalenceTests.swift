import Foundation
import MediationCore
import MediationTesting
import Testing

/// The property behind hedging: for the same network behaviour, a hedged run picks the same winner as the
/// sequential reference and never finishes later (virtual time).
@Suite struct StrategyEquivalenceTests {
    static let seedsPerBatch: UInt64 = 1000
    static let batches: [UInt64] = Array(0..<10)

    @Test(arguments: batches)
    func hedgedPicksTheSequentialWinnerAndIsNeverLater(batch: UInt64) throws {
        var finished = 0
        var faster = 0
        for seed in (batch * Self.seedsPerBatch)..<((batch + 1) * Self.seedsPerBatch) {
            let waterfall = RandomWaterfall(seed: seed)
            let strategy = RandomWaterfall.hedgedStrategy(seed: seed)
            let sequential = try waterfall.run(.sequential)
            let hedged = try waterfall.run(strategy)
            #expect(hedged.winner == sequential.winner, "seed \(seed), \(strategy): winner")
            #expect(hedged.error == sequential.error, "seed \(seed), \(strategy): outcome")
            #expect(
                (hedged.finishedAt == nil) == (sequential.finishedAt == nil), "seed \(seed): both finish or neither")
            if let hedgedTime = hedged.finishedAt, let sequentialTime = sequential.finishedAt {
                #expect(hedgedTime <= sequentialTime, "seed \(seed), \(strategy): hedged finished later")
                finished += 1
                if hedgedTime < sequentialTime { faster += 1 }
            }
            if hedged.winner != sequential.winner || (hedged.finishedAt ?? .zero) > (sequential.finishedAt ?? .zero) {
                return
            }
        }
        #expect(finished > Int(Self.seedsPerBatch) * 8 / 10, "most scripts finish")
        #expect(faster > 0, "hedging is sometimes strictly faster")
    }

    /// The same property for the adaptive strategy, learning across the batch: one statistics store is shared by
    /// the batch's runs, in seed order (the networks L0…L5 behave differently from seed to seed, so what it
    /// learns is often wrong, which the guarantee must survive). Budgets vary with the seed.
    @Test(arguments: batches)
    func adaptivePicksTheSequentialWinnerAndIsNeverLater(batch: UInt64) throws {
        let statistics = NetworkStatisticsStore()
        var finished = 0
        var faster = 0
        var learned = 0
        for seed in (batch * Self.seedsPerBatch)..<((batch + 1) * Self.seedsPerBatch) {
            let waterfall = RandomWaterfall(seed: seed)
            let budgets = [1.0, 1.35, 2, 4]
            let strategy = try MediationStrategy.adaptive(requestBudget: budgets[Int(seed % 4)])
            let sequential = try waterfall.run(.sequential)
            let adaptive = try waterfall.run(strategy, statistics: statistics)
            #expect(adaptive.winner == sequential.winner, "seed \(seed), \(strategy): winner")
            #expect(adaptive.error == sequential.error, "seed \(seed), \(strategy): outcome")
            #expect(
                (adaptive.finishedAt == nil) == (sequential.finishedAt == nil), "seed \(seed): both finish or neither")
            if let adaptiveTime = adaptive.finishedAt, let sequentialTime = sequential.finishedAt {
                #expect(adaptiveTime <= sequentialTime, "seed \(seed), \(strategy): adaptive finished later")
                finished += 1
                if adaptiveTime < sequentialTime { faster += 1 }
            }
            if statistics.snapshot().entries.contains(where: {
                $0.statistics.observationWeight >= MediationStrategy.minimumObservations
            }) {
                learned += 1
            }
            if adaptive.winner != sequential.winner
                || (adaptive.finishedAt ?? .zero) > (sequential.finishedAt ?? .zero)
            {
                return
            }
        }
        #expect(finished > Int(Self.seedsPerBatch) * 8 / 10, "most scripts finish")
        #expect(faster > 0, "adaptive is sometimes strictly faster")
        #expect(learned > Int(Self.seedsPerBatch) / 2, "most runs decide on learned statistics")
    }

    /// The opt-in early win may give the slot to a lower line, never to a higher one than sequential's: when
    /// sequential finishes, it finishes no later, fills exactly when sequential does, with sequential's winner
    /// or a line below it. Lines are priced from 10 down so that the valuation has prices to weigh; tolerances
    /// vary with the seed.
    @Test(arguments: batches)
    func earlyWinNeverPicksAHigherLineThanSequentialAndIsNeverLater(batch: UInt64) throws {
        let statistics = NetworkStatisticsStore()
        var finished = 0
        var lower = 0
        for seed in (batch * Self.seedsPerBatch)..<((batch + 1) * Self.seedsPerBatch) {
            let random = RandomWaterfall(seed: seed)
            let priced = random.lines.enumerated().map { index, line in
                var line = line
                line.price = Double(10 - index)
                return line
            }
            let waterfall = RandomWaterfall(copying: priced, random.scripts)
            let tolerances = [0, 0.01, 0.1, 1.0]
            let strategy = try MediationStrategy.earlyWin(revenueTolerance: tolerances[Int(seed % 4)])
            let sequential = try waterfall.run(.sequential)
            let early = try waterfall.run(strategy, statistics: statistics)
            guard let sequentialTime = sequential.finishedAt else {
                // Sequential waits forever on a silent line without a timeout; the early win may give the slot
                // to a loaded line below it, but never ends the run without an ad.
                #expect(early.finishedAt == nil || early.winner != nil, "seed \(seed), \(strategy): no ad")
                continue
            }
            let earlyTime = try #require(early.finishedAt, "seed \(seed), \(strategy): never finished")
            #expect(earlyTime <= sequentialTime, "seed \(seed), \(strategy): early win finished later")
            finished += 1
            #expect((early.winner == nil) == (sequential.winner == nil), "seed \(seed), \(strategy): fills")
            if let winner = early.winner, let reference = sequential.winner {
                #expect(winner >= reference, "seed \(seed), \(strategy): a line above sequential's winner won")
                if winner > reference { lower += 1 }
            }
            if earlyTime > sequentialTime { return }
        }
        #expect(finished > Int(Self.seedsPerBatch) * 8 / 10, "most scripts finish")
        #expect(lower > 0, "a lower line sometimes wins early")
    }

    @Test func theSeedsCoverEveryKindOfLine() {
        var kinds = Set<String>()
        for seed in UInt64(0)..<200 {
            let waterfall = RandomWaterfall(seed: seed)
            for line in waterfall.lines {
                guard let script = waterfall.scripts[line.customEventIdentifier] else {
                    kinds.insert("missing")
                    continue
                }
                switch script.outcome {
                case .fill: kinds.insert("fill")
                case .fail(.noFill): kinds.insert("no fill")
                case .fail: kinds.insert("error")
                case .never: kinds.insert("hang")
                }
                if script.latency == .zero { kinds.insert("synchronous") }
                if script.repeatCount > 1 { kinds.insert("duplicate") }
                if line.timeout == nil { kinds.insert("no timeout") }
            }
        }
        #expect(kinds == ["fill", "no fill", "error", "hang", "missing", "synchronous", "duplicate", "no timeout"])
    }
}

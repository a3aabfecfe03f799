import MediationBench
import Testing

@Suite struct BenchGeneratedSetTests {
    @Test func theSetIsTheSameForASeedAndAnotherForAnother() {
        let first = BenchWorkload.generatedSet(count: 20, seed: 42)
        #expect(first.count == 20)
        #expect(first == BenchWorkload.generatedSet(count: 20, seed: 42))
        #expect(Set(first.map(\.name)).count == 20)
        let other = BenchWorkload.generatedSet(count: 20, seed: 43)
        #expect(Set(first.map(\.name)).isDisjoint(with: other.map(\.name)))
        #expect(first.allSatisfy { !BenchWorkload.tuningSeeds.contains($0.seed) })
        #expect(first.allSatisfy { $0 == BenchWorkload.generated(seed: $0.seed) })
        #expect(BenchWorkload.generatedSet(count: 3, seed: 42, requests: 50).allSatisfy { $0.requests == 50 })
    }

    /// Every drawn value lies in the range docs/performance.md and ``BenchWorkload/generated(seed:requests:)``
    /// document.
    @Test func everyValueIsInItsDocumentedRange() throws {
        for workload in BenchWorkload.generatedSet(count: 200, seed: 7) {
            try workload.validate()
            #expect((3...10).contains(workload.waterfall.count))
            #expect(workload.networks.count == workload.waterfall.count)
            for network in workload.networks {
                #expect((0.1...0.7).contains(network.fillProbability))
                #expect((100...1_500).contains(network.fillLatency.medianMs))
                #expect((60...1_000).contains(network.noFillLatency.medianMs))
                for spread in [network.fillLatency.spread, network.noFillLatency.spread] {
                    #expect((0.3...0.8).contains(spread))
                }
                #expect((0...0.05).contains(network.hangProbability))
                #expect((0...0.03).contains(network.errorProbability))
            }
            #expect(workload.waterfall.allSatisfy { (1_000...4_000).contains($0.timeoutMs) })
            let prices = workload.networks.map(\.price)
            #expect(zip(prices, prices.dropFirst()).allSatisfy { $0 > $1 }, "\(workload.name): \(prices)")
            #expect(workload.phases == nil)
        }
    }
}

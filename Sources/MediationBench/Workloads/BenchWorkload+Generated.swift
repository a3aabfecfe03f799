extension BenchWorkload {
    /// The prefix of a generated workload's name: `mediation bench --workload generated:SEED`.
    public static let generatedPrefix = "generated:"

    /// A random but realistic workload drawn from `seed`: 3…10 lines over as many networks, fill 10–70 %,
    /// log-normal fill medians 100–1,500 ms and no-fill medians 60–1,000 ms (spread 0.3–0.8), hangs 0–5 %,
    /// errors 0–3 %, timeouts 1–4 s, prices falling down the waterfall; `requests` requests whose outcomes are
    /// drawn from the same seed.
    public static func generated(seed: UInt64, requests: Int = 2_000) -> BenchWorkload {
        var random = BenchRandom(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)
        }
        // A decimal step below 1 divides by its whole reciprocal, so that 70 steps of 0.01 are 0.7, not 0.7000…1.
        func rounded(_ value: Double, _ step: Double) -> Double {
            step < 1 ? (value / step).rounded() / (1 / step).rounded() : (value / step).rounded() * step
        }
        let count = 3 + Int(random.next() % 8)
        var price = rounded(uniform(3...8), 0.1)
        var networks: [BenchNetwork] = []
        var waterfall: [BenchLine] = []
        for index in 0..<count {
            let name = "net\(index + 1)"
            networks.append(
                BenchNetwork(
                    name: name, fillProbability: rounded(uniform(0.1...0.7), 0.01),
                    fillLatency: BenchLatency(
                        medianMs: rounded(uniform(100...1_500), 10), spread: rounded(uniform(0.3...0.8), 0.05)),
                    noFillLatency: BenchLatency(
                        medianMs: rounded(uniform(60...1_000), 10), spread: rounded(uniform(0.3...0.8), 0.05)),
                    hangProbability: rounded(uniform(0...0.05), 0.005),
                    errorProbability: rounded(uniform(0...0.03), 0.005), price: price))
            waterfall.append(BenchLine(network: name, timeoutMs: rounded(uniform(1_000...4_000), 500)))
            price = rounded(price * uniform(0.55...0.9), 0.01)
        }
        return BenchWorkload(
            name: "\(generatedPrefix)\(seed)", requests: requests, seed: seed, networks: networks,
            waterfall: waterfall)
    }

    /// The seeds of generated workloads the default strategy was tuned on; ``generatedSet(count:seed:requests:)``
    /// never draws them.
    public static let tuningSeeds: ClosedRange<UInt64> = 1...5

    /// `count` generated workloads (``generated(seed:requests:)``) whose seeds are drawn from `seed`: the same
    /// workloads for the same seed, none of them a tuning seed (`mediation bench --generate N --seed S`).
    public static func generatedSet(count: Int, seed: UInt64, requests: Int = 2_000) -> [BenchWorkload] {
        var random = BenchRandom(seed: seed ^ 0x2545_F491_4F6C_DD1D)
        var seeds: [UInt64] = []
        while seeds.count < count {
            // 30-bit seeds keep the names short: `generated:123456789`.
            let drawn = random.next() >> 34
            if !tuningSeeds.contains(drawn), !seeds.contains(drawn) { seeds.append(drawn) }
        }
        return seeds.map { generated(seed: $0, requests: requests) }
    }
}

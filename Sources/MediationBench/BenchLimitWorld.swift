/// A ``BenchWorld`` packed for the limit search: each line's end time in microseconds and whether it fills, in flat
/// arrays, so that one policy runs over thousands of loads in a few milliseconds.
struct BenchLimitWorld: Sendable {
    /// Lines per load.
    let lineCount: Int
    /// Line `l` of request `r` ends `ends[r * lineCount + l]` µs after it starts (its answer or its timeout).
    private let ends: [Int64]
    /// Whether that line fills before its timeout.
    private let fills: [Bool]

    /// Packs `world`.
    init(_ world: BenchWorld) {
        lineCount = world.prices.count
        ends = world.requests.flatMap { $0.map { $0.endTime / .microseconds(1) } }.map { Int64($0.rounded()) }
        fills = world.requests.flatMap { $0.map(\.fills) }
    }

    /// How many requests there are.
    var requestCount: Int { lineCount == 0 ? 0 : ends.count / lineCount }

    /// Each request's time to fill under `policy` (µs, `nil` for no fill) and its line requests.
    func run(_ policy: BenchLimitPolicy) -> (times: [Int64?], attempts: [Int]) {
        var times: [Int64?] = []
        var attempts: [Int] = []
        times.reserveCapacity(requestCount)
        attempts.reserveCapacity(requestCount)
        let lines = lineCount
        ends.withUnsafeBufferPointer { ends in
            fills.withUnsafeBufferPointer { fills in
                withUnsafeTemporaryAllocation(of: Int64.self, capacity: max(lines, 1)) { scratch in
                    for request in 0..<requestCount {
                        let range = request * lines..<(request + 1) * lines
                        let result = policy.simulate(
                            ends: UnsafeBufferPointer(rebasing: ends[range]),
                            fills: UnsafeBufferPointer(rebasing: fills[range]), start: scratch)
                        times.append(result.time)
                        attempts.append(result.attempts)
                    }
                }
            }
        }
        return (times, attempts)
    }

    /// `policy`'s p50 and p95 time to fill in milliseconds (nearest rank, filled loads only) and its mean line
    /// requests per load.
    func score(_ policy: BenchLimitPolicy) -> (p50Ms: Double?, p95Ms: Double?, requestsPerLoad: Double) {
        let (times, attempts) = run(policy)
        let sorted = times.compactMap { $0.map { Double($0) / 1000 } }.sorted()
        let requests = Double(attempts.reduce(0, +)) / Double(max(requestCount, 1))
        return (
            BenchPercentile.nearestRank(50, of: sorted), BenchPercentile.nearestRank(95, of: sorted), requests
        )
    }
}

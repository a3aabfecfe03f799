/// A ``BenchWorld`` packed for the limit search: each line's end time in microseconds and whether it fills, in flat
/// arrays, so that one policy runs over thousands of loads in a few milliseconds.
///
/// In an auction world, a request's bids left out (their signal came late) are not among its lines, as in the
/// response the engine runs (the lines below move up), and the request's bid signal collection is added to its
/// time to fill, as the engine's runs wait for it.
struct BenchLimitWorld: Sendable {
    /// Lines per load, at most.
    let lineCount: Int
    /// Line `l` of request `r` ends `ends[r * lineCount + l]` µs after it starts (its answer or its timeout).
    private let ends: [Int64]
    /// Whether that line fills before its timeout.
    private let fills: [Bool]
    /// How many lines request `r` has (its first `counts[r]` slots; the rest are unused).
    private let counts: [Int]
    /// Request `r`'s bid signal collection, µs (zero outside an auction).
    private let signalTimes: [Int64]

    /// Packs `world`.
    init(_ world: BenchWorld) {
        let lineCount = world.prices.count
        self.lineCount = lineCount
        var ends: [Int64] = []
        var fills: [Bool] = []
        var counts: [Int] = []
        ends.reserveCapacity(world.requests.count * lineCount)
        fills.reserveCapacity(world.requests.count * lineCount)
        for (request, lines) in world.requests.enumerated() {
            let absent = world.absentBids.indices.contains(request) ? world.absentBids[request] : []
            var count = 0
            for (index, line) in lines.enumerated() where !(absent.indices.contains(index) && absent[index]) {
                ends.append(Int64((line.endTime / .microseconds(1)).rounded()))
                fills.append(line.fills)
                count += 1
            }
            ends += repeatElement(0, count: lineCount - count)
            fills += repeatElement(false, count: lineCount - count)
            counts.append(count)
        }
        self.ends = ends
        self.fills = fills
        self.counts = counts
        signalTimes = world.requests.indices.map { Int64((world.signalTime($0) / .microseconds(1)).rounded()) }
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
                        let range = request * lines..<(request * lines + counts[request])
                        let result = policy.simulate(
                            ends: UnsafeBufferPointer(rebasing: ends[range]),
                            fills: UnsafeBufferPointer(rebasing: fills[range]), start: scratch)
                        times.append(result.time.map { $0 + signalTimes[request] })
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

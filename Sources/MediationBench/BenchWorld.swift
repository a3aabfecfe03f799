/// Every line outcome of every request of a workload, drawn once from its seed: the world all strategies meet.
public struct BenchWorld: Sendable, Hashable {
    /// The outcomes, by request, then by line.
    public var requests: [[BenchLineOutcome]]
    /// Each line's price.
    public var prices: [Double]

    /// Creates a world from hand-made outcomes (for tests and custom scripts).
    public init(requests: [[BenchLineOutcome]], prices: [Double]) {
        self.requests = requests
        self.prices = prices
    }

    /// Draws the world of `workload` (validated), for `requests` requests (the workload's count by default).
    ///
    /// Each line of each request has its own generator derived from the seed, the request and the line, so a
    /// request's outcomes do not depend on how many requests run.
    public init(workload: BenchWorkload, requests count: Int? = nil) {
        let lines = workload.waterfall.map { line in (line, workload.network(of: line)) }
        requests = (0..<(count ?? workload.requests)).map { request in
            lines.enumerated().map { index, entry in
                var random = BenchRandom(seed: workload.seed, request: request, line: index)
                guard let network = entry.1 else {
                    return BenchLineOutcome(kind: .hang, latency: entry.0.timeout, timeout: entry.0.timeout)
                }
                return BenchLineOutcome.draw(network: network, timeout: entry.0.timeout, random: &random)
            }
        }
        prices = workload.waterfall.map { workload.price(of: $0) }
    }

    /// The oracle's result for `request`: the highest-priority line that fills wins, at its own response time.
    public func oracle(_ request: Int) -> BenchRequestResult {
        let lines = requests[request]
        guard let winner = lines.firstIndex(where: \.fills) else {
            return BenchRequestResult(winner: nil, timeToFill: nil, attempts: lines.count, revenue: 0)
        }
        return BenchRequestResult(
            winner: winner, timeToFill: lines[winner].latency, attempts: 1, revenue: prices[winner])
    }

    /// The same-winner bound for `request`: every line starts at t=0, and the decision is made once the winner
    /// has filled and every line above it has ended (a timeout ends at the timeout).
    public func bound(_ request: Int) -> BenchRequestResult {
        let lines = requests[request]
        guard let winner = lines.firstIndex(where: \.fills) else {
            return BenchRequestResult(winner: nil, timeToFill: nil, attempts: lines.count, revenue: 0)
        }
        let above = lines[..<winner].map(\.endTime).max() ?? .zero
        return BenchRequestResult(
            winner: winner, timeToFill: max(lines[winner].latency, above), attempts: lines.count,
            revenue: prices[winner])
    }
}

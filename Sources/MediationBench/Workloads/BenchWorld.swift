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

    /// Which lines are bids, in the world's order; empty for a plain waterfall.
    public var bids: [Bool] = []
    /// Per request, how long the bid signal collection took: the slowest bidder's signal, or its timeout when
    /// it was late. Zero for a plain waterfall. Part of every time to fill.
    public var signalTimes: [Duration] = []
    /// Per request and line, whether the line is a bid left out because its network's signal was late.
    public var absentBids: [[Bool]] = []

    /// How long request `request`'s signal collection took.
    public func signalTime(_ request: Int) -> Duration {
        signalTimes.indices.contains(request) ? signalTimes[request] : .zero
    }

    /// Draws the world of `workload` (validated), for `requests` requests (the workload's count by default).
    ///
    /// Each line of each request has its own generator derived from the seed, the request and the line, so a
    /// request's outcomes do not depend on how many requests run.
    public init(workload: BenchWorkload, requests count: Int? = nil) {
        // An auction runs in the unified first-price order (the engine's rule: price descending, the server's
        // order among equal prices); the world's lines are in that order, so that the oracle and the bound read
        // them as the engine runs them.
        let isAuction = workload.waterfall.contains { $0.isBid == true }
        let ordered = isAuction ? Self.unifiedOrder(workload) : workload.waterfall
        // Each change of the world starts a segment with its own networks.
        let segments = ([0] + workload.changeRequests).map { start in
            let networks = workload.networks(atRequest: start)
            return (
                start: start,
                lines: ordered.map { line in (line, networks.first { $0.name == line.network }) }
            )
        }
        let total = count ?? workload.requests
        var signalTimes: [Duration] = []
        var absentBids: [[Bool]] = []
        if isAuction {
            let bidders = workload.networks.enumerated().filter { $0.element.signalLatency != nil }
            for request in 0..<total {
                var late: Set<String> = []
                var took = Duration.zero
                for (index, network) in bidders {
                    var random = BenchRandom(seed: workload.seed, request: request, line: 10_000 + index)
                    let timeout = Duration.milliseconds(Int64(network.signalTimeoutMs ?? 1_000))
                    let latency = network.signalLatency?.latency(normal: random.normal()) ?? .zero
                    if latency >= timeout { late.insert(network.name) }
                    took = max(took, min(latency, timeout))
                }
                signalTimes.append(took)
                absentBids.append(ordered.map { $0.isBid == true && late.contains($0.network) })
            }
        }
        requests = (0..<total).map { request in
            let lines = segments.last { $0.start <= request }?.lines ?? segments[0].lines
            return lines.enumerated().map { index, entry in
                var random = BenchRandom(seed: workload.seed, request: request, line: index)
                guard let network = entry.1 else {
                    return BenchLineOutcome(kind: .hang, latency: entry.0.timeout, timeout: entry.0.timeout)
                }
                if isAuction, absentBids[request][index] {
                    // Not in the response: it neither fills nor takes time.
                    return BenchLineOutcome(kind: .noFill, latency: .zero, timeout: entry.0.timeout)
                }
                return BenchLineOutcome.draw(network: network, timeout: entry.0.timeout, random: &random)
            }
        }
        prices = ordered.map { workload.price(of: $0) }
        bids = isAuction ? ordered.map { $0.isBid == true } : []
        self.signalTimes = signalTimes
        self.absentBids = absentBids
    }

    /// `workload`'s lines in the unified first-price order (stable for equal prices).
    static func unifiedOrder(_ workload: BenchWorkload) -> [BenchLine] {
        workload.waterfall.enumerated().sorted { left, right in
            let (l, r) = (workload.price(of: left.element), workload.price(of: right.element))
            return l != r ? l > r : left.offset < right.offset
        }.map(\.element)
    }

    /// The oracle's result for `request`: the highest-priority line that fills wins, at its own response time
    /// (after the request's bid signal collection, for an auction).
    public func oracle(_ request: Int) -> BenchRequestResult {
        let lines = requests[request]
        guard let winner = lines.firstIndex(where: \.fills) else {
            return BenchRequestResult(winner: nil, timeToFill: nil, attempts: lines.count, revenue: 0)
        }
        return BenchRequestResult(
            winner: winner, timeToFill: signalTime(request) + lines[winner].latency, attempts: 1,
            revenue: prices[winner])
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
            winner: winner, timeToFill: signalTime(request) + max(lines[winner].latency, above), attempts: lines.count,
            revenue: prices[winner])
    }
}

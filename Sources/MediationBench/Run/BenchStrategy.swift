import MediationCore
import MediationSupport

/// A strategy the bench runs, with the name it reports.
public struct BenchStrategy: Sendable, Hashable {
    /// The name in reports: the strategy's description.
    public var name: String
    /// The strategy.
    public var strategy: MediationStrategy

    /// Creates an entry named after `strategy`.
    public init(_ strategy: MediationStrategy) {
        self.strategy = strategy
        name = strategy.description
    }

    /// Parses a command-line specification: `sequential`, `default`, `adaptive`, `adaptive:BUDGET`,
    /// `hedged:DELAY_MS:MAX_IN_FLIGHT`, `latency:BUDGET_MS[:REVENUE_TOLERANCE]` or `early[:REVENUE_TOLERANCE]`.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy` for an unknown form,
    ///   or the strategy's own error for a value out of range.
    public init(specification: String) throws(MediationError) {
        let parts = specification.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.dropFirst().map(Double.init)
        let strategy: MediationStrategy
        switch (parts[0], numbers.count) {
        case ("sequential", 0): strategy = .sequential
        case ("default", 0): strategy = .default
        case ("adaptive", 0): strategy = .recommendedAdaptive
        case ("adaptive", 1) where numbers[0] != nil: strategy = try .adaptive(requestBudget: numbers[0] ?? 0)
        case ("hedged", 2) where numbers.allSatisfy({ $0 != nil }):
            strategy = try .hedged(
                after: .milliseconds(Int64(saturating: numbers[0] ?? 0)), maxInFlight: Int(saturating: numbers[1] ?? 0))
        case ("latency", 1) where numbers[0] != nil:
            strategy = try .latencyBudget(.milliseconds(Int64(saturating: numbers[0] ?? 0)))
        case ("early", 0): strategy = try .earlyWin()
        case ("early", 1) where numbers[0] != nil: strategy = try .earlyWin(revenueTolerance: numbers[0] ?? 0)
        case ("latency", 2) where numbers.allSatisfy({ $0 != nil }):
            strategy = try .latencyBudget(
                .milliseconds(Int64(saturating: numbers[0] ?? 0)), revenueTolerance: numbers[1] ?? 0)
        default:
            throw .invalidConfiguration(
                path: "strategy",
                reason: "expected sequential, default, adaptive[:BUDGET], hedged:DELAY_MS:MAX_IN_FLIGHT, "
                    + "latency:BUDGET_MS[:REVENUE_TOLERANCE] or early[:REVENUE_TOLERANCE], got '\(specification)'")
        }
        self.init(strategy)
    }

    /// Whether this is the engine's ``MediationStrategy/default``.
    public var isDefault: Bool { strategy == .default }

    /// The latency budget the bench reports: 800 ms.
    public static let benchLatencyBudget: Duration = .milliseconds(800)

    /// Sequential first, then the default, `adaptive(requestBudget: 1.35)`, the fixed hedges `hedged(0 ms, 2)`,
    /// `hedged(0 ms, 3)`, `hedged(0 ms, 8)` and `hedged(500 ms, 2)`, and the opt-in `latencyBudget(800 ms)` and
    /// `earlyWin(revenueTolerance: 0.01)`; a strategy equal to the default is listed once.
    public static var standardSet: [BenchStrategy] {
        var strategies: [MediationStrategy] = [.sequential, .default]
        if !strategies.contains(.recommendedAdaptive) { strategies.append(.recommendedAdaptive) }
        let hedges: [(Duration, Int)] = [(.zero, 2), (.zero, 3), (.zero, 8), (.milliseconds(500), 2)]
        for (delay, limit) in hedges {
            if let hedge = try? MediationStrategy.hedged(after: delay, maxInFlight: limit),
                !strategies.contains(hedge)
            {
                strategies.append(hedge)
            }
        }
        if let budget = try? MediationStrategy.latencyBudget(benchLatencyBudget) { strategies.append(budget) }
        if let early = try? MediationStrategy.earlyWin() { strategies.append(early) }
        return strategies.map(BenchStrategy.init)
    }
}

import MediationCore

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

    /// Whether this is the engine's ``MediationStrategy/default``.
    public var isDefault: Bool { strategy == .default }

    /// Sequential first, then the default, then the fixed hedges `hedged(0 ms, 2)`, `hedged(0 ms, 3)`,
    /// `hedged(0 ms, 8)` and `hedged(500 ms, 2)`; a hedge equal to the default is listed once.
    public static var standardSet: [BenchStrategy] {
        var strategies: [MediationStrategy] = [.sequential, .default]
        let hedges: [(Duration, Int)] = [(.zero, 2), (.zero, 3), (.zero, 8), (.milliseconds(500), 2)]
        for (delay, limit) in hedges {
            if let hedge = try? MediationStrategy.hedged(after: delay, maxInFlight: limit),
                !strategies.contains(hedge)
            {
                strategies.append(hedge)
            }
        }
        return strategies.map(BenchStrategy.init)
    }
}

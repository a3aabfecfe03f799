/// A simulated world for `mediation bench`: networks, one waterfall over them, how many requests to run and the
/// seed every outcome is drawn from. Decoded from JSON with ``BenchWorkload/decode(_:)``; the format is in
/// docs/performance.md.
public struct BenchWorkload: Codable, Sendable, Hashable {
    /// The workload's name, printed in reports.
    public var name: String
    /// How many ad requests to simulate.
    public var requests: Int
    /// The seed every line outcome is drawn from.
    public var seed: UInt64
    /// The networks the waterfall's lines call.
    public var networks: [BenchNetwork]
    /// The waterfall's lines, highest priority first.
    public var waterfall: [BenchLine]
    /// Changes of the networks' parameters from given requests on, in request order; `nil` or empty for a world
    /// that does not change.
    public var phases: [BenchPhase]?

    /// Creates a workload.
    public init(
        name: String, requests: Int, seed: UInt64, networks: [BenchNetwork], waterfall: [BenchLine],
        phases: [BenchPhase]? = nil
    ) {
        self.name = name
        self.requests = requests
        self.seed = seed
        self.networks = networks
        self.waterfall = waterfall
        self.phases = phases
    }

    /// The network `line` calls; `nil` when no network has that name (``validate()`` rejects such workloads).
    public func network(of line: BenchLine) -> BenchNetwork? {
        networks.first { $0.name == line.network }
    }

    /// The price a fill on `line` earns: the line's own price, else its network's.
    public func price(of line: BenchLine) -> Double {
        line.price ?? network(of: line)?.price ?? 0
    }
}

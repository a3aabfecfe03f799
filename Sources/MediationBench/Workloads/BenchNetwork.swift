/// One simulated ad network of a ``BenchWorkload``.
///
/// Each request to a line over this network first hangs (never answers) with ``hangProbability``, else fails
/// with an error with ``errorProbability``, else fills with ``fillProbability`` and otherwise answers no-fill.
/// Fills take ``fillLatency``; no-fills and errors take ``noFillLatency``.
public struct BenchNetwork: Codable, Sendable, Hashable {
    /// The name lines refer to.
    public var name: String
    /// The chance that an answered, error-free request fills (0…1).
    public var fillProbability: Double
    /// How long a fill takes.
    public var fillLatency: BenchLatency
    /// How long a no-fill or an error takes.
    public var noFillLatency: BenchLatency
    /// The chance that a request never answers (0…1).
    public var hangProbability: Double
    /// The chance that a request that does not hang fails with an error (0…1).
    public var errorProbability: Double
    /// What a fill earns, unless the line sets its own price.
    public var price: Double
    /// How long the network's bid signal (bidder token) takes, for a network with bid lines; `nil` for a
    /// network that does not bid.
    public var signalLatency: BenchLatency?
    /// How long the mediator waits for the network's signal (default 1,000 ms); a bid whose signal comes later
    /// is not in that request's response.
    public var signalTimeoutMs: Double?

    /// Creates a network.
    public init(
        name: String, fillProbability: Double, fillLatency: BenchLatency, noFillLatency: BenchLatency,
        hangProbability: Double = 0, errorProbability: Double = 0, price: Double
    ) {
        self.name = name
        self.fillProbability = fillProbability
        self.fillLatency = fillLatency
        self.noFillLatency = noFillLatency
        self.hangProbability = hangProbability
        self.errorProbability = errorProbability
        self.price = price
    }
}

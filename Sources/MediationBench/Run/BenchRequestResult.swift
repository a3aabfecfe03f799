/// How one request ended under one strategy (or under the oracle or the bound).
public struct BenchRequestResult: Sendable, Hashable {
    /// The winning line, or `nil` for no fill.
    public var winner: Int?
    /// When the ad was delivered, after the request started; `nil` for no fill.
    public var timeToFill: Duration?
    /// How many line requests were made.
    public var attempts: Int
    /// What the winning line earns (0 for no fill).
    public var revenue: Double

    /// Creates a result.
    public init(winner: Int?, timeToFill: Duration?, attempts: Int, revenue: Double) {
        self.winner = winner
        self.timeToFill = timeToFill
        self.attempts = attempts
        self.revenue = revenue
    }
}

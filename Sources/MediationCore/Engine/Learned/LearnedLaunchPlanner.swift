import MediationSupport

/// The decision of the learned strategies for one candidate line: the first moment at which starting it keeps
/// the expected number of wasted requests within the budget.
///
/// A request is wasted when its line is started and a line above it goes on to fill (the lower line then loses
/// and is stopped). For every line started below the first unended one, and for the candidate, the chance of
/// that is one minus the chance that every unended line above it fails; a line silent for `e` fills with
/// ``NetworkProfile/fillProbability(givenSilentFor:)``, and a line past its timeout has failed. The budget is
/// `(requestBudget − 1) ×` sequential's expected requests, so that a run's expected requests stay within
/// `requestBudget ×` sequential's. The moments tried are now and a log-spaced grid (10 ms × 1.25^k, to ~10 s).
struct LearnedLaunchPlanner: Sendable {
    /// A line the planner weighs: where its profile is in the run's profiles, so that a line holds no reference
    /// (adding and dropping lines retained and released each profile's buffer, through the array's generic element
    /// copy and destroy).
    struct Line: Sendable {
        var profileIndex: Int
        var elapsed: Double
        var timeout: Double?
    }

    /// Delays tried after now, in seconds.
    static let grid: [Double] = (0..<32).map { 0.010 * pow125($0) }

    private let allowance: Double
    /// The run's profiles, by line; ``add(profileAt:elapsed:timeout:)`` names one that is there.
    private let profiles: [NetworkProfile?]
    /// The started lines weighed (at most ``MediationStrategy/learnedMaxInFlight``), made for this decision only: a
    /// run keeps no planner storage between decisions, so that a load in flight holds none, and a decision that
    /// weighs no line (a cold start) allocates none.
    private var lines: [Line] = []

    /// A planner for a run whose expected sequential requests are `expectedSequentialRequests` and whose lines
    /// have `profiles`.
    init(requestBudget: Double, expectedSequentialRequests: Double, profiles: [NetworkProfile?]) {
        allowance = max(requestBudget - 1, 0) * expectedSequentialRequests
        self.profiles = profiles
    }

    /// Adds the next unended line in priority order, whose profile is `profiles[profileIndex]` (not `nil`): one
    /// started `elapsed` seconds ago, or the candidate when `elapsed` is `nil` (the candidate comes last).
    mutating func add(profileAt profileIndex: Int, elapsed: Double?, timeout: Duration?) {
        guard let elapsed else { return }
        if lines.isEmpty { lines.reserveCapacity(MediationStrategy.learnedMaxInFlight) }
        lines.append(Line(profileIndex: profileIndex, elapsed: elapsed, timeout: timeout?.seconds))
    }

    /// How long to wait before starting the candidate: zero to start now, `nil` when no moment within ~10 s
    /// qualifies (an answer from a line above will bring the next decision).
    func wait() -> Duration? {
        Self.firstDelay { expectedWaste(after: $0) <= allowance }
    }

    /// The first moment, now or on the grid, at which `qualifies` (given the delay in seconds) holds; `nil` when
    /// none within ~10 s does.
    static func firstDelay(where qualifies: (Double) -> Bool) -> Duration? {
        if qualifies(0) { return .zero }
        for delay in grid where qualifies(delay) {
            return .microseconds(Int64(saturating: delay * 1_000_000, rounding: .up))
        }
        return nil
    }

    /// The expected wasted requests of the started lines and the candidate if the candidate starts `delay`
    /// seconds from now and the lines above are still silent then.
    func expectedWaste(after delay: Double) -> Double {
        var allFail = 1.0
        var waste = 0.0
        for (position, line) in lines.enumerated() {
            if position > 0 { waste += 1 - allFail }
            let silentFor = line.elapsed + delay
            if let timeout = line.timeout, silentFor >= timeout { continue }
            allFail *= 1 - (profiles[line.profileIndex]?.fillProbability(givenSilentFor: silentFor) ?? 0)
        }
        return waste + (1 - allFail)
    }

    private static func pow125(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 1.25 }
    }
}

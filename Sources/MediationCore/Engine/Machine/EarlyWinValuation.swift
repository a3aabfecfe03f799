import MediationSupport

/// The decision of ``MediationStrategy/earlyWin(revenueTolerance:requestBudget:)`` (and of
/// ``MediationStrategy/latencyBudget(_:requestBudget:revenueTolerance:)`` before its budget) for a held ad:
/// the first moment at which the revenue that waiting for the lines above could still add is at most the
/// tolerance, as a share of the held ad's price.
///
/// Waiting gains when a line above fills: the first of them that fills wins instead of the held ad. A line
/// silent for `e` fills with ``NetworkProfile/fillProbability(givenSilentFor:)``, and a line past its timeout
/// has failed, so the expected gain is the sum, over the unended lines above in priority order, of the chance
/// that every one before it fails, times its chance to fill, times the price it would add. The moments tried
/// are now and the planner's log-spaced grid (10 ms × 1.25^k, to ~10 s).
struct EarlyWinValuation: Sendable {
    private struct Line {
        var profile: NetworkProfile
        var elapsed: Double
        var timeout: Double?
        var extraPrice: Double
    }

    private let heldPrice: Double
    private let tolerance: Double
    private var lines: [Line] = []

    /// A valuation for a held ad worth `heldPrice`, which may win once waiting could add at most `tolerance ×`
    /// its price.
    init(heldPrice: Double, tolerance: Double) {
        self.heldPrice = heldPrice
        self.tolerance = tolerance
    }

    /// Adds the next unended line above the held ad, in priority order: started `elapsed` ago, worth `price`.
    mutating func add(_ profile: NetworkProfile, elapsed: Duration, timeout: Duration?, price: Double) {
        lines.append(
            Line(
                profile: profile, elapsed: elapsed.seconds, timeout: timeout?.seconds,
                extraPrice: max(price - heldPrice, 0)))
    }

    /// How long to wait before the held ad wins: zero for now, `nil` when no moment within ~10 s qualifies
    /// (an answer from a line above will bring the next decision).
    func wait() -> Duration? {
        let allowed = tolerance * heldPrice
        return LearnedLaunchPlanner.firstDelay { expectedGain(after: $0) <= allowed }
    }

    /// The revenue that waiting for the lines above is expected to add, if they are still silent `delay`
    /// seconds from now.
    func expectedGain(after delay: Double) -> Double {
        var reached = 1.0
        var gain = 0.0
        for line in lines {
            let silentFor = line.elapsed + delay
            if let timeout = line.timeout, silentFor >= timeout { continue }
            let fill = line.profile.fillProbability(givenSilentFor: silentFor)
            gain += reached * fill * line.extraPrice
            reached *= 1 - fill
        }
        return gain
    }
}

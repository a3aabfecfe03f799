/// How a run walks the waterfall.
///
/// - ``sequential``: MoPub's behaviour and the reference. One line at a time; the next starts when the
///   current one fails or times out.
/// - ``hedged(after:maxInFlight:)``: starts the next line early when the lines in flight have not answered
///   after a delay, up to a limit in flight. The slot still goes to the highest-priority line that fills:
///   a lower line's ad is held until every line above it has failed or timed out; then the losers still in
///   flight are stopped and held ads released. It picks the same winner as ``sequential`` for the same
///   network behaviour and never finishes later.
///
/// A value is always valid: ``hedged(after:maxInFlight:)`` checks its arguments.
public struct MediationStrategy: Sendable, Hashable, CustomStringConvertible {
    /// How long the lines in flight may stay silent before the next line starts; `nil` for sequential.
    public let hedgeDelay: Duration?
    /// How many lines may load at once (1 for sequential).
    public let maxInFlight: Int

    private init(hedgeDelay: Duration?, maxInFlight: Int) {
        self.hedgeDelay = hedgeDelay
        self.maxInFlight = maxInFlight
    }

    /// One line at a time, as MoPub did.
    public static let sequential = MediationStrategy(hedgeDelay: nil, maxInFlight: 1)

    /// Hedged loading: after `delay` without an answer from the lines in flight, the next line starts, up to
    /// `maxInFlight` lines at once. A line that fails frees its place for the next line at once.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.after` when `delay`
    ///   is negative, or `strategy.maxInFlight` when `maxInFlight` is outside 1…20.
    public static func hedged(after delay: Duration, maxInFlight: Int) throws(MediationError) -> MediationStrategy {
        guard delay >= .zero else {
            throw .invalidConfiguration(path: "strategy.after", reason: "expected a non-negative delay, got \(delay)")
        }
        guard (1...20).contains(maxInFlight) else {
            throw .invalidConfiguration(
                path: "strategy.maxInFlight", reason: "expected a limit in 1...20, got \(maxInFlight)")
        }
        return MediationStrategy(hedgeDelay: delay, maxInFlight: maxInFlight)
    }

    /// The hedged configuration MediationKit recommends: start the next line after 500 ms of silence, at most
    /// 2 lines in flight. The figures behind the choice are in docs/waterfall.md.
    public static let recommendedHedged = MediationStrategy(hedgeDelay: .milliseconds(500), maxInFlight: 2)

    /// The strategy a ``Mediator`` uses unless told otherwise: ``recommendedHedged``.
    public static let `default` = recommendedHedged

    /// Whether this is the sequential strategy.
    public var isSequential: Bool { hedgeDelay == nil }

    /// `sequential`, or `hedged(after: 500ms, maxInFlight: 2)`.
    public var description: String {
        guard let hedgeDelay else { return "sequential" }
        return "hedged(after: \(hedgeDelay.wholeMilliseconds)ms, maxInFlight: \(maxInFlight))"
    }
}

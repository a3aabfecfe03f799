/// How a run walks the waterfall.
///
/// - ``sequential``: MoPub's behaviour and the reference. One line at a time; the next starts when the
///   current one fails or times out.
/// - ``hedged(after:maxInFlight:)``: starts the next line early when the lines in flight have not answered
///   after a delay, up to a limit in flight. The slot still goes to the highest-priority line that fills:
///   a lower line's ad is held until every line above it has failed or timed out; then the losers still in
///   flight are stopped and held ads released. It picks the same winner as ``sequential`` for the same
///   network behaviour and never finishes later.
/// - ``adaptive(requestBudget:)``: hedged, but the moment each next line starts is computed from what the
///   mediator's ``NetworkStatisticsStore`` has learned about the networks (how likely the lines above are to
///   fill, given how long they have been silent), spending at most a budget of expected extra requests. Same
///   winner as ``sequential`` by construction, never later.
/// - ``earlyWin(revenueTolerance:requestBudget:)``: opt-in; starts lines as ``adaptive(requestBudget:)`` does,
///   but a loaded ad wins before the lines above it have ended when they are unlikely to add revenue (at most
///   a tolerance of its price, in expectation). It may pick a lower line than ``sequential``.
/// - ``latencyBudget(_:requestBudget:revenueTolerance:)``: opt-in; as
///   ``earlyWin(revenueTolerance:requestBudget:)``, and once the budget has passed the highest-priority ad
///   already loaded wins at once, even if a line above it is still loading.
///
/// A value is always valid: the factories check their arguments. The strategy is a plain value; the
/// statistics it reads belong to the ``Mediator`` (``Mediator/statistics``), so one strategy value can serve
/// many mediators and the statistics can be shared, persisted or reset independently of it.
public struct MediationStrategy: Sendable, Hashable, CustomStringConvertible {
    /// How long the lines in flight may stay silent before the next line starts; `nil` for sequential and the
    /// learned strategies.
    public let hedgeDelay: Duration?
    /// How many lines may load at once (1 for sequential).
    public let maxInFlight: Int
    /// For the learned strategies, the expected line requests per load allowed, as a multiple of sequential's;
    /// `nil` otherwise.
    public let requestBudget: Double?
    /// For ``latencyBudget(_:requestBudget:revenueTolerance:)``, the time after the run's start at which the
    /// best ad already loaded wins; `nil` otherwise.
    public let latencyBudget: Duration?
    /// For ``earlyWin(revenueTolerance:requestBudget:)`` and ``latencyBudget(_:requestBudget:revenueTolerance:)``,
    /// the share of a held ad's price that waiting for the lines above it must be expected to add for the run
    /// to keep waiting (before the latency budget, if any); `nil` otherwise.
    public let revenueTolerance: Double?

    private init(
        hedgeDelay: Duration?, maxInFlight: Int, requestBudget: Double? = nil, latencyBudget: Duration? = nil,
        revenueTolerance: Double? = nil
    ) {
        self.hedgeDelay = hedgeDelay
        self.maxInFlight = maxInFlight
        self.requestBudget = requestBudget
        self.latencyBudget = latencyBudget
        self.revenueTolerance = revenueTolerance
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

    /// The request budget of ``recommendedAdaptive``: 1.35× sequential's expected line requests (the bench
    /// measures 1.28–1.58× realised on its workloads; docs/performance.md).
    public static let defaultRequestBudget = 1.35

    /// The most lines a learned strategy keeps loading at once: 8.
    public static let learnedMaxInFlight = 8

    /// Until a network has this much (decayed) observation weight, the learned strategies treat it as
    /// unknown and fall back to a fixed hedge for the lines it affects: 10.
    public static let minimumObservations = 10.0

    /// The fixed hedge the learned strategies use while the networks involved are unknown:
    /// `hedged(after: 250ms, maxInFlight: 2)`.
    public static let learningFallback = MediationStrategy(hedgeDelay: .milliseconds(250), maxInFlight: 2)

    /// Adaptive hedging: each next line starts at the first moment when the expected number of requests that
    /// will turn out wasted (lines started while a line above them goes on to fill) stays within
    /// `(requestBudget − 1) ×` the expected requests of sequential, computed from the mediator's
    /// ``NetworkStatisticsStore``. The first line that every line above has ended always starts at once, so a
    /// run is never later than sequential; lower lines' ads are held, so the winner is sequential's. While the
    /// networks involved have fewer than ``minimumObservations`` observations it hedges as
    /// ``learningFallback``. docs/waterfall.md explains the rule and its figures.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.requestBudget` when
    ///   `requestBudget` is outside 1…8.
    public static func adaptive(
        requestBudget: Double = defaultRequestBudget
    ) throws(MediationError) -> MediationStrategy {
        try checkRequestBudget(requestBudget)
        return MediationStrategy(hedgeDelay: nil, maxInFlight: learnedMaxInFlight, requestBudget: requestBudget)
    }

    /// `adaptive(requestBudget: 1.35)`.
    public static let recommendedAdaptive = MediationStrategy(
        hedgeDelay: nil, maxInFlight: learnedMaxInFlight, requestBudget: defaultRequestBudget)

    /// The revenue tolerance of ``earlyWin(revenueTolerance:requestBudget:)`` and
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` unless told otherwise: 0.01 (1 % of the held ad's
    /// price).
    public static let defaultRevenueTolerance = 0.01

    /// Opt-in: lines start as under ``adaptive(requestBudget:)``, and a loaded ad may win before the lines
    /// above it have ended.
    ///
    /// - Before `budget` has passed since the run started, the highest-priority ad already loaded wins as soon
    ///   as the revenue that waiting for the lines above it could still add, as the statistics and the lines'
    ///   prices estimate it, is at most `revenueTolerance ×` its price (the lines above are then stopped).
    ///   Lines without a price, or networks the statistics do not know yet, are always waited for.
    /// - Once `budget` has passed, the highest-priority ad already loaded wins at once, and after that the
    ///   first ad to load wins.
    ///
    /// When nothing has loaded, the usual rule holds. It trades some revenue (a lower line can win) for time;
    /// the bench reports how much (docs/performance.md).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.latencyBudget` when
    ///   `budget` is not positive, `strategy.requestBudget` when `requestBudget` is outside 1…8, or
    ///   `strategy.revenueTolerance` when `revenueTolerance` is outside 0…1.
    public static func latencyBudget(
        _ budget: Duration, requestBudget: Double = defaultRequestBudget,
        revenueTolerance: Double = defaultRevenueTolerance
    ) throws(MediationError) -> MediationStrategy {
        guard budget > .zero else {
            throw .invalidConfiguration(
                path: "strategy.latencyBudget", reason: "expected a positive duration, got \(budget)")
        }
        try checkRequestBudget(requestBudget)
        try checkRevenueTolerance(revenueTolerance)
        return MediationStrategy(
            hedgeDelay: nil, maxInFlight: learnedMaxInFlight, requestBudget: requestBudget, latencyBudget: budget,
            revenueTolerance: revenueTolerance)
    }

    /// Opt-in: lines start as under ``adaptive(requestBudget:)``, and the highest-priority ad already loaded
    /// wins as soon as the revenue that waiting for the lines above it could still add, as the statistics and
    /// the lines' prices estimate it, is at most `revenueTolerance ×` its price (the lines above are then
    /// stopped). Lines without a price, and networks the statistics do not know yet, are always waited for.
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` with no deadline: each early win gives up at most
    /// the tolerance of the ad's price in expectation, so revenue stays near sequential's (the bench measures
    /// how near, docs/performance.md).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.revenueTolerance`
    ///   when `revenueTolerance` is outside 0…1, or `strategy.requestBudget` when `requestBudget` is outside
    ///   1…8.
    public static func earlyWin(
        revenueTolerance: Double = defaultRevenueTolerance, requestBudget: Double = defaultRequestBudget
    ) throws(MediationError) -> MediationStrategy {
        try checkRevenueTolerance(revenueTolerance)
        try checkRequestBudget(requestBudget)
        return MediationStrategy(
            hedgeDelay: nil, maxInFlight: learnedMaxInFlight, requestBudget: requestBudget,
            revenueTolerance: revenueTolerance)
    }

    /// The hedged configuration MediationKit recommends: start the next line after 500 ms of silence, at most
    /// 2 lines in flight. The figures behind the choice are in docs/waterfall.md.
    public static let recommendedHedged = MediationStrategy(hedgeDelay: .milliseconds(500), maxInFlight: 2)

    /// The strategy a ``Mediator`` uses unless told otherwise: ``recommendedHedged``. docs/waterfall.md says
    /// why the adaptive strategy is not (yet) the default.
    public static let `default` = recommendedHedged

    /// Whether this is the sequential strategy.
    public var isSequential: Bool { hedgeDelay == nil && requestBudget == nil }

    /// Whether lines start on learned statistics (``adaptive(requestBudget:)``,
    /// ``earlyWin(revenueTolerance:requestBudget:)`` or ``latencyBudget(_:requestBudget:revenueTolerance:)``).
    public var isLearned: Bool { requestBudget != nil }

    /// Whether the slot always goes to ``sequential``'s winner: `false` for
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` and ``earlyWin(revenueTolerance:requestBudget:)``,
    /// which may give it to a lower line.
    public var keepsSequentialWinner: Bool { latencyBudget == nil && revenueTolerance == nil }

    /// `sequential`, `hedged(after: 500ms, maxInFlight: 2)`, `adaptive(requestBudget: 1.35)`,
    /// `latencyBudget(800ms, requestBudget: 1.35)` (a tolerance other than the default is appended) or
    /// `earlyWin(revenueTolerance: 0.01, requestBudget: 1.35)`.
    public var description: String {
        if let requestBudget {
            let budget = "requestBudget: \(requestBudget.formatted)"
            guard let latencyBudget else {
                guard let revenueTolerance else { return "adaptive(\(budget))" }
                return "earlyWin(revenueTolerance: \(revenueTolerance.formatted), \(budget))"
            }
            let tolerance =
                revenueTolerance.map { $0 == Self.defaultRevenueTolerance ? "" : ", revenueTolerance: \($0.formatted)" }
                ?? ""
            return "latencyBudget(\(latencyBudget.wholeMilliseconds)ms, \(budget)\(tolerance))"
        }
        guard let hedgeDelay else { return "sequential" }
        return "hedged(after: \(hedgeDelay.wholeMilliseconds)ms, maxInFlight: \(maxInFlight))"
    }

    private static func checkRevenueTolerance(_ tolerance: Double) throws(MediationError) {
        guard tolerance.isFinite, (0...1).contains(tolerance) else {
            throw .invalidConfiguration(
                path: "strategy.revenueTolerance",
                reason: "expected a share of the held ad's price in 0...1, got \(tolerance)")
        }
    }

    private static func checkRequestBudget(_ budget: Double) throws(MediationError) {
        guard budget.isFinite, (1...8).contains(budget) else {
            throw .invalidConfiguration(
                path: "strategy.requestBudget",
                reason: "expected a multiple of sequential's requests in 1...8, got \(budget)")
        }
    }
}

extension Double {
    /// The shortest decimal form: `1.5`, `2`.
    fileprivate var formatted: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}

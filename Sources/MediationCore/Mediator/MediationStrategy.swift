import MediationSupport

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
    /// The ways a run can walk the waterfall, each with its own settings.
    ///
    /// Make a strategy with the factories (``MediationStrategy/sequential``,
    /// ``MediationStrategy/hedged(after:maxInFlight:)``, ``MediationStrategy/adaptive(requestBudget:)``, …), which
    /// check the settings, or with `init(_:)`; read it back with `mode`.
    package enum Mode: Sendable, Hashable {
        /// One line at a time, as MoPub did.
        case sequential
        /// After `after` without an answer from the lines in flight, the next line starts, up to `maxInFlight`.
        case hedged(after: Duration, maxInFlight: Int)
        /// Lines start when the learned statistics say the expected extra requests stay within `requestBudget ×`
        /// sequential's.
        case adaptive(requestBudget: Double)
        /// As ``adaptive(requestBudget:)``, and a held ad may win early when the lines above it are unlikely to
        /// add more than `revenueTolerance` of its price.
        case earlyWin(revenueTolerance: Double, requestBudget: Double)
        /// As ``earlyWin(revenueTolerance:requestBudget:)``, and once `budget` has passed the best held ad wins at
        /// once.
        case latencyBudget(_ budget: Duration, requestBudget: Double, revenueTolerance: Double)
    }

    /// The mode and its settings, always valid.
    package let mode: Mode

    /// The strategy running `mode`, once its settings are checked.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` as the factory of the same name does.
    package init(_ mode: Mode) throws(MediationError) {
        switch mode {
        case .sequential:
            break
        case .hedged(let delay, let maxInFlight):
            guard delay >= .zero else {
                throw .invalidConfiguration(
                    path: "strategy.after", reason: "expected a non-negative delay, got \(delay)")
            }
            guard (1...20).contains(maxInFlight) else {
                throw .invalidConfiguration(
                    path: "strategy.maxInFlight", reason: "expected a limit in 1...20, got \(maxInFlight)")
            }
        case .adaptive(let requestBudget):
            try Self.checkRequestBudget(requestBudget)
        case .earlyWin(let revenueTolerance, let requestBudget):
            try Self.checkRevenueTolerance(revenueTolerance)
            try Self.checkRequestBudget(requestBudget)
        case .latencyBudget(let budget, let requestBudget, let revenueTolerance):
            guard budget > .zero else {
                throw .invalidConfiguration(
                    path: "strategy.latencyBudget", reason: "expected a positive duration, got \(budget)")
            }
            try Self.checkRequestBudget(requestBudget)
            try Self.checkRevenueTolerance(revenueTolerance)
        }
        self.mode = mode
    }

    /// A strategy whose settings are known to be valid.
    private init(checked mode: Mode) {
        self.mode = mode
    }

    /// One line at a time, as MoPub did.
    public static let sequential = MediationStrategy(checked: .sequential)

    /// Hedged loading: after `delay` without an answer from the lines in flight, the next line starts, up to
    /// `maxInFlight` lines at once. A line that fails frees its place for the next line at once.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.after` when `delay`
    ///   is negative, or `strategy.maxInFlight` when `maxInFlight` is outside 1…20.
    public static func hedged(after delay: Duration, maxInFlight: Int) throws(MediationError) -> MediationStrategy {
        try MediationStrategy(.hedged(after: delay, maxInFlight: maxInFlight))
    }

    /// The request budget of ``recommendedAdaptive``: 1.35× sequential's line requests (docs/performance.md has
    /// what the bench realises on its workloads).
    @usableFromInline package static let defaultRequestBudget = 1.35

    /// The share of ``adaptive(requestBudget:)``'s allowance that the lines starting with a page may spend at once,
    /// whatever its request-budget controller's scale: 0.88. At a page's start every line of the page starts whose
    /// expected wasted requests, with those of the lines above it, fit `0.88 × (requestBudget − 1) ×` sequential's
    /// expected requests (a burst); later decisions spend the controller's scaled allowance, which the controller
    /// shrinks to keep the budget. Requests spent at the start shorten every slow load, those spent later only the
    /// slowest: without the burst the controller spread the budget over late hedges, and the default kept about two
    /// lines loading where the limit's best rules start three or four at once and then keep one
    /// (docs/performance.md).
    package static let learnedBurstShare = 0.88

    /// The most lines a learned strategy keeps loading at once: 8.
    package static let learnedMaxInFlight = 8

    /// Until a network has this much (decayed) observation weight, the learned strategies treat it as
    /// unknown and start the lines it affects on the cold-start schedule: 10.
    package static let minimumObservations = 10.0

    /// The learned strategies' cold start, a fixed schedule found by `mediation bench --limit`: while a network
    /// involved is unknown, the first this many lines of a page start at once: 3 (with ``coldStartWindow``,
    /// "start 3 at 0, keep 2", on the `many-hangs` frontier at 1.23× sequential's requests).
    package static let coldStartLinesAtOnce = 3

    /// The learned strategies' cold start: after the first ``coldStartLinesAtOnce`` lines, a line starts when it
    /// comes within this many lines of the first line that has not ended: 2.
    package static let coldStartWindow = 2

    /// Adaptive hedging: each next line starts at the first moment when the expected number of requests that
    /// will turn out wasted (lines started while a line above them goes on to fill) stays within
    /// `(requestBudget − 1) ×` the expected requests of sequential, computed from the mediator's
    /// ``NetworkStatisticsStore``. The first line that every line above has ended always starts at once, so a
    /// run is never later than sequential; lower lines' ads are held, so the winner is sequential's. While the
    /// networks involved have fewer than 10 observations it starts lines on the cold-start schedule (the first
    /// 3 lines of a page at once, then each line within 2 of the first unended one). A feedback loop on the
    /// mediator's store keeps the budget: after each load the line requests made are compared with
    /// `requestBudget ×` sequential's on the same outcomes, and the allowance of expected waste is scaled
    /// against the error (an integral controller), so that the requests realised over many loads stay on the
    /// budget. docs/waterfall.md explains the rule and its figures. `requestBudget` is 1.35 unless told otherwise.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.requestBudget` when
    ///   `requestBudget` is outside 1…8.
    public static func adaptive(
        requestBudget: Double = defaultRequestBudget
    ) throws(MediationError) -> MediationStrategy {
        try MediationStrategy(.adaptive(requestBudget: requestBudget))
    }

    /// `adaptive(requestBudget: 1.35)`.
    public static let recommendedAdaptive = MediationStrategy(checked: .adaptive(requestBudget: defaultRequestBudget))

    /// The revenue tolerance of ``earlyWin(revenueTolerance:requestBudget:)`` and
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` unless told otherwise: 0.01 (1 % of the held ad's
    /// price).
    @usableFromInline package static let defaultRevenueTolerance = 0.01

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
    /// the bench reports how much (docs/performance.md). Unless told otherwise `requestBudget` is 1.35 and
    /// `revenueTolerance` 0.01 (1 % of the held ad's price).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.latencyBudget` when
    ///   `budget` is not positive, `strategy.requestBudget` when `requestBudget` is outside 1…8, or
    ///   `strategy.revenueTolerance` when `revenueTolerance` is outside 0…1.
    public static func latencyBudget(
        _ budget: Duration, requestBudget: Double = defaultRequestBudget,
        revenueTolerance: Double = defaultRevenueTolerance
    ) throws(MediationError) -> MediationStrategy {
        try MediationStrategy(
            .latencyBudget(budget, requestBudget: requestBudget, revenueTolerance: revenueTolerance))
    }

    /// Opt-in: lines start as under ``adaptive(requestBudget:)``, and the highest-priority ad already loaded
    /// wins as soon as the revenue that waiting for the lines above it could still add, as the statistics and
    /// the lines' prices estimate it, is at most `revenueTolerance ×` its price (the lines above are then
    /// stopped). Lines without a price, and networks the statistics do not know yet, are always waited for.
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` with no deadline: each early win gives up at most
    /// the tolerance of the ad's price in expectation, so revenue stays near sequential's (the bench measures
    /// how near, docs/performance.md). Unless told otherwise `revenueTolerance` is 0.01 (1 % of the held ad's
    /// price) and `requestBudget` 1.35.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `strategy.revenueTolerance`
    ///   when `revenueTolerance` is outside 0…1, or `strategy.requestBudget` when `requestBudget` is outside
    ///   1…8.
    public static func earlyWin(
        revenueTolerance: Double = defaultRevenueTolerance, requestBudget: Double = defaultRequestBudget
    ) throws(MediationError) -> MediationStrategy {
        try MediationStrategy(.earlyWin(revenueTolerance: revenueTolerance, requestBudget: requestBudget))
    }

    /// The hedged configuration MediationKit recommends: start the next line after 500 ms of silence, at most
    /// 2 lines in flight. The figures behind the choice are in docs/waterfall.md.
    public static let recommendedHedged = MediationStrategy(checked: .hedged(after: .milliseconds(500), maxInFlight: 2))

    /// The strategy a ``Mediator`` uses unless told otherwise: ``recommendedAdaptive``, the learned strategy at
    /// a budget of 1.35 times sequential's requests, which meets the default's targets on every shipped bench
    /// workload (docs/waterfall.md has the table). Hosts that want no learning pick
    /// ``recommendedHedged`` or ``sequential``.
    public static let `default` = recommendedAdaptive

    /// Whether this is the sequential strategy.
    package var isSequential: Bool { mode == .sequential }

    /// Whether lines start on learned statistics (``adaptive(requestBudget:)``,
    /// ``earlyWin(revenueTolerance:requestBudget:)`` or ``latencyBudget(_:requestBudget:revenueTolerance:)``).
    package var isLearned: Bool {
        switch mode {
        case .sequential, .hedged: false
        case .adaptive, .earlyWin, .latencyBudget: true
        }
    }

    /// Whether the slot always goes to ``sequential``'s winner: `false` for
    /// ``latencyBudget(_:requestBudget:revenueTolerance:)`` and ``earlyWin(revenueTolerance:requestBudget:)``,
    /// which may give it to a lower line.
    package var keepsSequentialWinner: Bool {
        switch mode {
        case .sequential, .hedged, .adaptive: true
        case .earlyWin, .latencyBudget: false
        }
    }

    /// How many lines may load at once: 1 for sequential, the limit of a hedge, 8 for the learned strategies.
    package var maxInFlight: Int {
        switch mode {
        case .sequential: 1
        case .hedged(_, let maxInFlight): maxInFlight
        case .adaptive, .earlyWin, .latencyBudget: Self.learnedMaxInFlight
        }
    }

    /// `sequential`, `hedged(after: 500ms, maxInFlight: 2)`, `adaptive(requestBudget: 1.35)`,
    /// `latencyBudget(800ms, requestBudget: 1.35)` (a tolerance other than the default is appended) or
    /// `earlyWin(revenueTolerance: 0.01, requestBudget: 1.35)`.
    public var description: String {
        switch mode {
        case .sequential:
            return "sequential"
        case .hedged(let delay, let maxInFlight):
            return "hedged(after: \(delay.wholeMilliseconds)ms, maxInFlight: \(maxInFlight))"
        case .adaptive(let requestBudget):
            return "adaptive(requestBudget: \(requestBudget.formatted))"
        case .earlyWin(let revenueTolerance, let requestBudget):
            return
                "earlyWin(revenueTolerance: \(revenueTolerance.formatted), requestBudget: \(requestBudget.formatted))"
        case .latencyBudget(let budget, let requestBudget, let revenueTolerance):
            let tolerance =
                revenueTolerance == Self.defaultRevenueTolerance
                ? "" : ", revenueTolerance: \(revenueTolerance.formatted)"
            return "latencyBudget(\(budget.wholeMilliseconds)ms, requestBudget: \(requestBudget.formatted)\(tolerance))"
        }
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

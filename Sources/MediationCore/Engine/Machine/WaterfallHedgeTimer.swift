/// The run's hedge timer, as a value: when the next line may start early, under a fixed hedge
/// (``MediationStrategy/Mode/hedged(after:maxInFlight:)``) or a learned strategy.
///
/// Part of ``WaterfallRunMachine``: it decides which timer actions to queue, and the machine queues them. A fixed
/// hedge restarted at a line start only moves ``due``: the timer already armed fires early and is re-armed for the
/// rest, so restarting costs no timer.
struct WaterfallHedgeTimer: Sendable {
    /// What a fired timer means.
    enum Firing: Equatable {
        /// Not the timer armed last, or none is armed: nothing happens.
        case ignored
        /// The hedge moved later since the timer was armed: a timer for the rest is armed, nothing starts.
        case rearmed
        /// The hedge is due: the next line may start.
        case fired
    }

    /// How many lines the fixed hedge lets load now: grows by one each time its timer fires, up to the strategy's
    /// limit, and starts again at one on each page (all of them at once for a zero delay).
    private(set) var targetInFlight = 1
    /// The generation of the timer armed last (its event carries it).
    private(set) var generation = 0
    /// Whether a timer is armed.
    private(set) var isArmed = false
    /// When the hedge should fire, if armed.
    private var due: MediationInstant?
    /// When the timer armed through the driver fires, if one is (fixed hedges only).
    private var timerDue: MediationInstant?

    /// A hedge timer for `strategy`, before its first page.
    init(strategy: MediationStrategy) {
        startPage(strategy: strategy)
    }

    /// Resets the lines the fixed hedge lets load for a new page.
    mutating func startPage(strategy: MediationStrategy) {
        if case .hedged(.zero, let maxInFlight) = strategy.mode {
            targetInFlight = maxInFlight
        } else {
            targetInFlight = 1
        }
    }

    /// The timer armed as `generation` fired at `at`: re-arms for the rest (queued in `actions`) if the hedge moved
    /// later since, and otherwise lets a fixed hedge load one more line, up to `strategy`'s limit.
    mutating func fire<Loaded>(
        generation: Int, at: MediationInstant, strategy: MediationStrategy,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) -> Firing {
        guard isArmed, generation == self.generation else { return .ignored }
        let armedFor = timerDue
        timerDue = nil
        if let due, let armedFor, armedFor < due, at < due {
            timerDue = due
            actions.append(.scheduleHedgeTimer(generation: generation, after: at.duration(to: due)))
            return .rearmed
        }
        isArmed = false
        due = nil
        if case .hedged(_, let maxInFlight) = strategy.mode { targetInFlight = min(targetInFlight + 1, maxInFlight) }
        return .fired
    }

    /// Arms the fixed hedge `delay` after `at` when it is `useful` (it could start another line), restarting it
    /// when `restart` (a line just started); disarms it when it is not useful.
    mutating func armFixed<Loaded>(
        delay: Duration, useful: Bool, restart: Bool, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard useful else {
            disarm(&actions)
            return
        }
        guard restart || !isArmed else { return }
        let due = at.advanced(by: delay)
        if isArmed, let timerDue, timerDue <= due {
            self.due = due
            return
        }
        disarm(&actions)
        generation += 1
        isArmed = true
        self.due = due
        timerDue = due
        actions.append(.scheduleHedgeTimer(generation: generation, after: delay))
    }

    /// Arms the learned strategies' timer to fire `wait` after `at`, unless it is already due then.
    mutating func armLearned<Loaded>(
        after wait: Duration, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        let due = at.advanced(by: wait)
        if isArmed, self.due == due { return }
        disarm(&actions)
        generation += 1
        isArmed = true
        self.due = due
        actions.append(.scheduleHedgeTimer(generation: generation, after: wait))
    }

    /// Disarms the timer, if armed.
    mutating func disarm<Loaded>(_ actions: inout [WaterfallRunAction<Loaded>]) {
        guard isArmed else { return }
        isArmed = false
        due = nil
        timerDue = nil
        actions.append(.cancelHedgeTimer)
    }
}

/// The run's hedge timer, as a value: when the next line may start early, under a fixed hedge
/// (``MediationStrategy/Mode/hedged(after:maxInFlight:)``) or a learned strategy.
///
/// Part of ``WaterfallRunMachine``: it decides which timer actions to queue, and the machine queues them. A hedge
/// armed again (a fixed hedge restarted at a line start) replaces the run's hedge deadline, which costs nothing on
/// the clock (``WaterfallRunTimers``).
struct WaterfallHedgeTimer: Sendable {
    /// How many lines the fixed hedge lets load now: grows by one each time its timer fires, up to the strategy's
    /// limit, and starts again at one on each page (all of them at once for a zero delay).
    private(set) var targetInFlight = 1
    /// The generation of the timer armed last (its event carries it).
    private(set) var generation = 0
    /// Whether a timer is armed.
    private(set) var isArmed = false
    /// When the hedge fires, if armed.
    private var due: MediationInstant?

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

    /// The timer armed as `generation` fired: lets a fixed hedge load one more line, up to `strategy`'s limit.
    ///
    /// - Returns: whether the hedge is due (`false` for a timer that is not the one armed last, or when none is).
    mutating func fire(generation: Int, strategy: MediationStrategy) -> Bool {
        guard isArmed, generation == self.generation else { return false }
        isArmed = false
        due = nil
        if case .hedged(_, let maxInFlight) = strategy.mode { targetInFlight = min(targetInFlight + 1, maxInFlight) }
        return true
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
        arm(due: at.advanced(by: delay), after: delay, &actions)
    }

    /// Arms the learned strategies' timer to fire `wait` after `at`, unless it is already due then.
    mutating func armLearned<Loaded>(
        after wait: Duration, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        let due = at.advanced(by: wait)
        if isArmed, self.due == due { return }
        arm(due: due, after: wait, &actions)
    }

    /// Arms a new generation of the timer for `due`, `delay` from now, in place of the one armed before (whose
    /// deadline the driver replaces, so it never fires).
    private mutating func arm<Loaded>(
        due: MediationInstant, after delay: Duration, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        generation += 1
        isArmed = true
        self.due = due
        actions.append(.scheduleHedgeTimer(generation: generation, after: delay))
    }

    /// Disarms the timer, if armed.
    mutating func disarm<Loaded>(_ actions: inout [WaterfallRunAction<Loaded>]) {
        guard isArmed else { return }
        isArmed = false
        due = nil
        actions.append(.cancelHedgeTimer)
    }
}

/// A run's timers, multiplexed onto one timer on the clock.
///
/// The run machine asks for up to five timers (the lines' timeouts, the hedge, the `x-next-url` page timeout, the
/// run deadline, the latency budget). Each is kept here as a logical deadline only; the clock holds a single
/// timer, armed for the earliest of them. When it fires, the deadlines that have passed are taken in deadline
/// order, and the timer is armed again for the earliest one left. Deadlines due at the same instant are taken in
/// the order of ``Slot``: the run's deadline and the latency budget (set when the run starts) before the lines'
/// timeout, the hedge and the page timeout. A logical timer that is replaced or cancelled costs nothing on the
/// clock: the armed timer fires, finds nothing due and is re-armed, or is left for a later deadline.
///
/// The clock timer is armed only when the run waits (its performer goes idle), for the earliest deadline then:
/// a run that ends within one burst of work (every network answering at once) arms none, and a load in flight
/// holds one timer on the clock, not three.
struct WaterfallRunTimers {
    /// The kinds of timer a run asks for, one of each at most, in the order their deadlines are taken when due at
    /// the same instant.
    enum Slot: Int, CaseIterable {
        case runDeadline, latencyBudget, line, hedge, page
    }

    // Each slot's deadline, inline (no array or dictionary to allocate per run).
    private var runDeadline: MediationInstant?
    private var latencyBudget: MediationInstant?
    private var line: MediationInstant?
    private var hedge: MediationInstant?
    private var page: MediationInstant?
    /// The timer on the clock, once stored.
    private(set) var armed: ScheduledAction?
    /// The deadline the clock timer is (being) armed for.
    private(set) var armedDue: MediationInstant?
    /// Whether the clock timer must be armed (again, or earlier) for the earliest deadline.
    private(set) var needsClockTimer = false

    /// Sets `slot` to fire at `due`, replacing its earlier deadline. When no clock timer is armed, or the armed
    /// one fires later, ``needsClockTimer`` becomes `true`: the run arms it (``claimClockTimer()``) when it next
    /// waits, so that a run that ends within one burst of work never arms one.
    mutating func set(_ slot: Slot, due: MediationInstant) {
        self[slot] = due
        if let armedDue, armedDue <= due { return }
        needsClockTimer = true
    }

    /// Forgets `slot`'s deadline; the armed clock timer stays (it finds nothing due, or a later deadline).
    mutating func clear(_ slot: Slot) {
        self[slot] = nil
    }

    /// Stores the clock timer armed for `due` and returns the timer to cancel: the one it replaces, or `timer`
    /// itself when an earlier deadline was claimed meanwhile.
    mutating func store(_ timer: ScheduledAction, for due: MediationInstant) -> ScheduledAction? {
        guard armedDue == due else { return timer }
        defer { armed = timer }
        return armed
    }

    /// The clock timer armed for `due` fired at `now`: returns the slots due by `now`, in deadline order (ties in
    /// ``Slot``'s order), and forgets them. Afterwards ``needsClockTimer`` is `true` when deadlines remain
    /// with no clock timer armed for them.
    mutating func fire(armedFor due: MediationInstant, at now: MediationInstant) -> [Slot] {
        if armedDue == due {
            armed = nil
            armedDue = nil
        }
        var fired: [(slot: Slot, due: MediationInstant)] = []
        for slot in Slot.allCases {
            guard let deadline = self[slot], deadline <= now else { continue }
            fired.append((slot, deadline))
            self[slot] = nil
        }
        fired.sort { ($0.due, $0.slot.rawValue) < ($1.due, $1.slot.rawValue) }
        if armedDue == nil, earliest != nil { needsClockTimer = true }
        return fired.map(\.slot)
    }

    /// Claims the earliest deadline for a new clock timer, or `nil` when none is left or the armed timer already
    /// fires first. The caller arms it and stores it with ``store(_:for:)``.
    mutating func claimClockTimer() -> MediationInstant? {
        needsClockTimer = false
        guard let due = earliest else { return nil }
        if let armedDue, armedDue <= due { return nil }
        armedDue = due
        return due
    }

    /// Forgets every deadline and returns the clock timer to cancel, if any (the run is over).
    mutating func removeAll() -> ScheduledAction? {
        for slot in Slot.allCases { self[slot] = nil }
        armedDue = nil
        needsClockTimer = false
        defer { armed = nil }
        return armed
    }

    /// The earliest deadline set, if any.
    private var earliest: MediationInstant? {
        var earliest: MediationInstant?
        for slot in Slot.allCases {
            if let due = self[slot], earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        return earliest
    }

    private subscript(slot: Slot) -> MediationInstant? {
        get {
            switch slot {
            case .line: line
            case .hedge: hedge
            case .page: page
            case .runDeadline: runDeadline
            case .latencyBudget: latencyBudget
            }
        }
        set {
            switch slot {
            case .line: line = newValue
            case .hedge: hedge = newValue
            case .page: page = newValue
            case .runDeadline: runDeadline = newValue
            case .latencyBudget: latencyBudget = newValue
            }
        }
    }
}

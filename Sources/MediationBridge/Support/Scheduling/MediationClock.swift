import MediationSupport

/// The engine's view of time: a wrapper over any `Clock<Duration>` that gives instants as offsets from an
/// origin and schedules timed actions.
///
/// Production code uses ``continuous``; tests and the benchmark pass a clock that runs timed actions itself
/// (MediationTesting's `ManualClock`) so that timeouts fire exactly when the clock is advanced. Adapters receive the run's
/// clock in their request context and must use it for every delay (network latency in the sandbox, media
/// timeouts), never a clock of their own.
public final class MediationClock: Sendable {
    private let readNow: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void
    private let scheduleAfter: @Sendable (Duration, @escaping @Sendable () -> Void) -> ScheduledAction

    /// Wraps `clock`. Instants are measured from the moment of wrapping, or from a scheduling clock's start.
    public convenience init(_ clock: any Clock<Duration>) {
        if let scheduling = clock as? any SchedulingClock {
            self.init(scheduling: scheduling)
        } else if let continuous = clock as? ContinuousClock {
            self.init(realTime: continuous)
        } else if let suspending = clock as? SuspendingClock {
            self.init(realTime: suspending)
        } else {
            self.init(plain: clock)
        }
    }

    /// Holds `clock` weakly (see ``SchedulingClock``): once the clock is released, time stands still at the
    /// last instant read, sleepers are cancelled and new actions are dropped, since nothing can advance it.
    private init<C: SchedulingClock>(scheduling clock: C) {
        let start = clock.now.advanced(by: .zero - clock.elapsedSinceStart)
        let lastReading = Locked(clock.elapsedSinceStart)
        readNow = { [weak clock] in
            guard let clock else { return lastReading.current }
            let now = clock.elapsedSinceStart
            lastReading.withLock { $0 = now }
            return now
        }
        sleepUntil = { [weak clock] offset in
            guard let clock else { throw CancellationError() }
            try await clock.sleep(until: start.advanced(by: offset), tolerance: nil)
        }
        scheduleAfter = { [weak clock] delay, action in
            clock?.schedule(after: delay, action) ?? ScheduledAction()
        }
    }

    /// A clock that passes in real time: timed actions go to one ``RealTimeScheduler`` (a timer heap and one
    /// dispatch timer) instead of a task each.
    private convenience init<C: Clock<Duration>>(realTime clock: C) {
        self.init(plain: clock, usesScheduler: true)
    }

    /// Any clock: instants from its origin, sleeps on the clock itself; timed actions on one
    /// ``RealTimeScheduler`` when `usesScheduler` (real-time clocks only), else one task per action.
    private init<C: Clock<Duration>>(plain clock: C, usesScheduler: Bool = false) {
        let origin = clock.now
        let now: @Sendable () -> Duration = { origin.duration(to: clock.now) }
        readNow = now
        sleepUntil = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
        if usesScheduler {
            let scheduler = RealTimeScheduler(now: now)
            scheduleAfter = { delay, action in scheduler.schedule(after: delay, action) }
        } else {
            scheduleAfter = { delay, action in
                let task = Task {
                    try await clock.sleep(for: delay)
                    action()
                }
                return ScheduledAction { task.cancel() }
            }
        }
    }

    /// The process-wide continuous clock; all its instants share one origin.
    public static let continuous = MediationClock(ContinuousClock())

    /// The current instant.
    public var now: MediationInstant {
        MediationInstant(sinceOrigin: readNow())
    }

    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled.
    package func sleep(until deadline: MediationInstant) async throws {
        try await sleepUntil(deadline.sinceOrigin)
    }

    /// Suspends for `duration`.
    package func sleep(for duration: Duration) async throws {
        try await sleep(until: now.advanced(by: duration))
    }

    /// Runs `action` once `delay` has passed. On a scheduling clock it runs synchronously inside the clock's
    /// advance; on the continuous or suspending clock, on the clock's one timer queue, after the actions due
    /// before it; on any other clock, on a task.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        scheduleAfter(max(delay, .zero), action)
    }
}

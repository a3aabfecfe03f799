import MediationCore
import MediationSupport

/// A clock that moves only when told: the deterministic time source for tests and simulations.
///
/// Scheduled actions and sleepers run when ``advance(by:)`` passes their deadline, in deadline order (ties in
/// scheduling order), each with ``now`` set to its own deadline, and outside the clock's lock, so an action
/// may schedule more work that then also runs within the same advance.
public final class ManualClock: SchedulingClock, ScheduledActionCanceller, Sendable {
    /// An instant of a manual clock: the time since the clock's start.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock's start.
        public var offset: Duration

        /// Creates the instant `offset` after the start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private enum Work {
        case action(@Sendable () -> Void)
        case sleeper(CheckedContinuation<Void, any Error>)
    }

    private struct State {
        var now: Duration = .zero
        var timers = TimerQueue<Work>()
    }

    private let state = Locked(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { Instant(offset: state.withLock { $0.now }) }

    /// Zero: the clock is exact.
    public var minimumResolution: Duration { .zero }

    /// Time since the clock's start.
    public var elapsedSinceStart: Duration { state.withLock { $0.now } }

    /// How many actions and sleepers wait for a future deadline.
    public var pendingCount: Int { state.withLock { $0.timers.count } }

    /// How many tasks are suspended in ``sleep(until:tolerance:)``.
    public var sleeperCount: Int {
        state.withLock { state in
            state.timers.payloads.count { if case .sleeper = $0 { true } else { false } }
        }
    }

    /// The earliest pending deadline, if any.
    public var nextDeadline: Instant? {
        state.withLock { $0.timers.earliestDeadline() }.map(Instant.init(offset:))
    }

    /// Suspends until the clock reaches `deadline`; throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        // The sleeper's place in the queue; only this function's cancellation handler takes it out.
        let handle = ScheduledAction(canceller: self)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline.offset <= state.now || Task.isCancelled { return true }
                    state.timers.add(.sleeper(continuation), at: deadline.offset, handle: handle)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let work = state.timers.remove(handle), case .sleeper(let continuation) = work else { return nil }
                return continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Runs `action` once the clock has advanced by `delay`.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction {
        let handle = ScheduledAction(canceller: self)
        state.withLock { state in
            state.timers.add(.action(action), at: state.now + max(delay, .zero), handle: handle)
        }
        return handle
    }

    /// Takes `action`'s timer out of the clock's queue (a cancelled action never runs).
    package func cancelScheduledAction(_ action: ScheduledAction) {
        _ = state.withLock { $0.timers.remove(action) }
    }

    /// Moves the clock forward by `duration`, running everything that falls due on the way.
    public func advance(by duration: Duration) {
        let target = state.withLock { $0.now } + duration
        advance(toOffset: target)
    }

    /// Moves the clock to `instant` (never backwards), running everything that falls due on the way.
    public func advance(to instant: Instant) {
        advance(toOffset: instant.offset)
    }

    /// Moves the clock to the earliest pending deadline and runs what is due there; `false` when nothing waits.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let next = nextDeadline else { return false }
        advance(to: next)
        return true
    }

    /// Advances deadline by deadline until nothing is pending or `limit` deadlines have run.
    ///
    /// - Returns: how many deadlines were reached.
    @discardableResult
    public func runUntilIdle(limit: Int = 100_000) -> Int {
        var steps = 0
        while steps < limit, advanceToNextDeadline() { steps += 1 }
        return steps
    }

    private func advance(toOffset target: Duration) {
        while let work = state.withLock({ state -> Work? in
            guard let due = state.timers.popDue(by: target) else { return nil }
            state.now = max(state.now, due.deadline)
            return due.payload
        }) {
            switch work {
            case .action(let action): action()
            case .sleeper(let continuation): continuation.resume()
            }
        }
        state.withLock { $0.now = max($0.now, target) }
    }
}

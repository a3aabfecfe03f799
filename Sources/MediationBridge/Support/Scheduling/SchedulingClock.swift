/// A clock that runs timed actions itself, such as a manual or virtual clock in tests and simulations.
///
/// When the engine's clock conforms, timeouts and hedge timers are scheduled on it directly, so that
/// advancing the clock runs them synchronously and deterministically, with no task scheduling involved.
/// Conformers must run each scheduled action exactly once when its deadline is reached (unless cancelled),
/// in deadline order, outside any internal lock. A conformer is a class: ``MediationClock`` holds it weakly,
/// so that releasing the clock releases the actions still pending on it (a run that scheduled a timeout on a
/// clock holds that clock; the clock must not hold the run back). Once released, a clock can never reach a
/// deadline, so nothing pending on it could have run anyway.
package protocol SchedulingClock: AnyObject, Clock where Duration == Swift.Duration {
    /// Time elapsed since the clock was created; the origin of ``MediationInstant`` values.
    var elapsedSinceStart: Duration { get }

    /// Runs `action` once `delay` has passed on this clock.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> ScheduledAction
}

import MediationSupport

/// Carries a cancel that comes before a run's handle exists to the run, before the run starts.
///
/// A load that runs its ad response after something else (a task's cancellation handler, an HTTP fetch) hands
/// the gate the run's handle as the run is made, before it starts (``Mediator``'s `willStart`): when the gate was
/// cancelled, the run is cancelled then, and ends `cancelled` without starting a line, making a custom event,
/// downloading an image or firing a URL. A cancel after that reaches the run as any cancel does.
package final class MediationRunStartGate: Sendable {
    private struct State {
        var run: MediationRun?
        var isCancelled = false
    }

    private let state = Locked(State())

    /// A gate with no run and no cancel yet.
    package init() {}

    /// Whether ``cancel()`` was called.
    package var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels the run handed in, or the one handed in later, before it starts. Later calls do nothing more.
    package func cancel() {
        let run = state.withLock { state -> MediationRun? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            return state.run
        }
        run?.cancel()
    }

    /// Takes the handle of `run`, made and not yet started; cancels it at once, so that it starts nothing, when the
    /// gate was cancelled.
    package func willStart(_ run: MediationRun) {
        let isCancelled = state.withLock { state -> Bool in
            state.run = run
            return state.isCancelled
        }
        if isCancelled { run.cancel() }
    }
}

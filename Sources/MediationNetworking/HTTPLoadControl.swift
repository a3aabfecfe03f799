import MediationCore

/// The control behind the ``MediationRun`` of a load that fetches its ad response over HTTP and then runs it:
/// cancelling it cancels the fetch while the fetch is under way, and the run once the run has started.
final class HTTPLoadControl: MediationRunControl {
    private enum Phase {
        case fetching
        case running(MediationRun)
        case finished(MediationTrace)
    }

    /// The first-page fetch; cancelled first by ``cancel()`` whatever the phase, so that a run never starts
    /// after a cancel.
    let fetch = AdResponseFetch()
    private let phase = Locked(Phase.fetching)

    func cancel() {
        fetch.cancel()
        let run = phase.withLock { phase -> MediationRun? in
            if case .running(let run) = phase { return run }
            return nil
        }
        run?.cancel()
    }

    var trace: MediationTrace {
        switch phase.withLock({ $0 }) {
        case .fetching: MediationTrace(notes: ["fetching the ad response"])
        case .running(let run): run.trace
        case .finished(let trace): trace
        }
    }

    var isFinished: Bool {
        switch phase.withLock({ $0 }) {
        case .fetching: false
        case .running(let run): run.isFinished
        case .finished: true
        }
    }

    /// Records that the load ended before a run, with `trace`.
    func finish(with trace: MediationTrace) {
        phase.withLock { $0 = .finished(trace) }
    }

    /// Records the run that follows the fetch; cancels it at once when the load was cancelled meanwhile.
    func started(_ run: MediationRun) {
        phase.withLock { $0 = .running(run) }
        if fetch.isCancelled { run.cancel() }
    }
}

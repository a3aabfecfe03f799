import MediationCore
import MediationSupport

/// The control behind the ``MediationRun`` of a load that collects bid signals, fetches its ad response over HTTP
/// and then runs it: cancelling it ends whichever stage is under way at once, and no later stage starts.
///
/// - During the signal collection, the collection ends at once (the providers that have not answered are left out
///   as `cancelled`, whatever their timeouts) and no ad request is sent.
/// - During the fetch, the HTTP request stops on the wire (or is never sent).
/// - Between the fetch and the run, the run is cancelled as it is made, before it starts: no line, custom event,
///   image or URL.
/// - During the run, the run is cancelled as any run is.
///
/// The fetch's handle is cancelled first, whatever the stage, so that a stage that ends because of the cancel finds
/// the next one cancelled already.
package final class HTTPLoadControl: MediationRunControl {
    private enum Phase {
        case collecting(BidSignalCollector)
        case fetching
        case running(MediationRun)
        case finished(MediationTrace)
    }

    /// The first-page fetch; cancelled first by ``cancel()`` whatever the phase, so that a run never starts
    /// after a cancel. Its `isCancelled` is the load's.
    package let fetch = AdResponseFetch()
    private let phase = Locked(Phase.fetching)

    /// A control for a load about to start.
    package init() {}

    /// Whether the load was cancelled.
    package var isCancelled: Bool { fetch.isCancelled }

    /// Cancels the load: the stage under way ends at once and delivers `cancelled` (once); no later stage starts.
    package func cancel() {
        fetch.cancel()
        switch phase.withLock({ $0 }) {
        case .collecting(let collector): collector.cancel()
        case .running(let run): run.cancel()
        case .fetching, .finished: break
        }
    }

    /// The trace so far: a note on the stage under way, the run's trace once it runs, or the trace it ended with.
    package var trace: MediationTrace {
        switch phase.withLock({ $0 }) {
        case .collecting: MediationTrace(notes: ["collecting bid signals"])
        case .fetching: MediationTrace(notes: ["fetching the ad response"])
        case .running(let run): run.trace
        case .finished(let trace): trace
        }
    }

    /// Whether the outcome has been delivered.
    package var isFinished: Bool {
        switch phase.withLock({ $0 }) {
        case .collecting, .fetching: false
        case .running(let run): run.isFinished
        case .finished: true
        }
    }

    /// Records the bid signal collection that comes first, not yet started; cancels it at once (it then asks no
    /// provider) when the load was cancelled meanwhile.
    package func collecting(_ collector: BidSignalCollector) {
        phase.withLock { $0 = .collecting(collector) }
        if fetch.isCancelled { collector.cancel() }
    }

    /// Records that the signals are in and the fetch begins.
    package func fetching() {
        phase.withLock { $0 = .fetching }
    }

    /// Records that the load ended before a run, with `trace`.
    package func finish(with trace: MediationTrace) {
        phase.withLock { $0 = .finished(trace) }
    }

    /// Records the run that follows the fetch, made and not yet started (``Mediator``'s `willStart`); cancels it
    /// at once, so that it starts no line, when the load was cancelled meanwhile.
    package func started(_ run: MediationRun) {
        phase.withLock { $0 = .running(run) }
        if fetch.isCancelled { run.cancel() }
    }
}

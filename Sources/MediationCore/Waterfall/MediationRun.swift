/// A handle on one load: cancel it, or read its trace.
///
/// Returned by the completion-handler APIs of ``Mediator``. Keeping it is optional: the run completes and
/// calls back whether or not the handle is kept.
public final class MediationRun: Sendable {
    private enum Storage: Sendable {
        /// A run in flight, of whatever kind: its driver, which cancels it, reads its trace and says whether it
        /// finished.
        case running(any MediationRunControl)
        /// Boxed, so that a handle in flight is two references, not the size of a trace.
        indirect case finished(MediationTrace)
    }

    private let storage: Storage

    /// The run's ID, stamped on every log entry of the run.
    public let id: MediationRunID

    init<Kind: WaterfallLoadKind>(driver: WaterfallRunDriver<Kind>, id: MediationRunID) {
        storage = .running(driver)
        self.id = id
    }

    /// A handle on a load that is more than one run, such as an HTTP fetch followed by the run of its answer:
    /// `control` cancels whichever part is under way.
    package init(control: any MediationRunControl, id: MediationRunID) {
        storage = .running(control)
        self.id = id
    }

    init(finishedWith trace: MediationTrace, id: MediationRunID) {
        storage = .finished(trace)
        self.id = id
    }

    /// Cancels the load: every line in flight is told to stop, and the completion receives
    /// ``MediationError/cancelled`` (once) unless the run already finished. Later calls do nothing.
    public func cancel() {
        if case .running(let run) = storage { run.cancel() }
    }

    /// The trace so far. After the outcome, callbacks the engine dropped are still added here.
    public var trace: MediationTrace {
        switch storage {
        case .running(let run): run.trace
        case .finished(let trace): trace
        }
    }

    /// Whether the outcome has been delivered.
    public var isFinished: Bool {
        switch storage {
        case .running(let run): run.isFinished
        case .finished: true
        }
    }
}

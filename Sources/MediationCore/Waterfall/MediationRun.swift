/// A handle on one load: cancel it, or read its trace.
///
/// Returned by the completion-handler APIs of ``Mediator``. Keeping it is optional: the run completes and
/// calls back whether or not the handle is kept.
public final class MediationRun: Sendable {
    private enum Storage: Sendable {
        /// A run in flight, of whatever kind: how to cancel it, read its trace and ask whether it finished.
        case running(
            cancel: @Sendable () -> Void, trace: @Sendable () -> MediationTrace, isFinished: @Sendable () -> Bool)
        case finished(MediationTrace)
    }

    private let storage: Storage

    /// The run's ID, stamped on every log entry of the run.
    public let id: MediationRunID

    init<Kind: WaterfallLoadKind>(driver: WaterfallRunDriver<Kind>, id: MediationRunID) {
        storage = .running(cancel: driver.cancel, trace: { driver.trace }, isFinished: { driver.isFinished })
        self.id = id
    }

    init(finishedWith trace: MediationTrace, id: MediationRunID) {
        storage = .finished(trace)
        self.id = id
    }

    /// Cancels the load: every line in flight is told to stop, and the completion receives
    /// ``MediationError/cancelled`` (once) unless the run already finished. Later calls do nothing.
    public func cancel() {
        if case .running(let cancel, _, _) = storage { cancel() }
    }

    /// The trace so far. After the outcome, callbacks the engine dropped are still added here.
    public var trace: MediationTrace {
        switch storage {
        case .running(_, let trace, _): trace()
        case .finished(let trace): trace
        }
    }

    /// Whether the outcome has been delivered.
    public var isFinished: Bool {
        switch storage {
        case .running(_, _, let isFinished): isFinished()
        case .finished: true
        }
    }
}

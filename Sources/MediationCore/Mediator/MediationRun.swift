import MediationSupport

/// A handle on one load: cancel it, or read its trace.
///
/// Returned by the completion-handler APIs of ``Mediator``. Keeping it is optional: the run completes and
/// calls back whether or not the handle is kept. Once the load has ended, a kept handle holds only the run's trace,
/// not the run or its networks.
public final class MediationRun: Sendable {
    private enum Storage: Sendable {
        /// A load that is more than one run (an HTTP fetch, then the run of its answer): its control, which
        /// cancels it, reads its trace and says whether it finished.
        case running(any MediationRunControl)
        /// A load that ended before any run (a rate-limited ad unit); boxed, so that the enum stays two words.
        indirect case finished(MediationTrace)
        /// A run of the engine: the state its driver shares, which holds the driver while the run runs and only
        /// the trace's recorder once it has ended (a kept handle does not keep the driver).
        case driven(Locked<MediationRunHandleState>)
    }

    private let storage: Storage

    /// The run's ID, stamped on every log entry of the run.
    public let id: MediationRunID

    init<Kind: WaterfallLoadKind>(driver: WaterfallRunDriver<Kind>, id: MediationRunID) {
        storage = .driven(driver.handleState)
        self.id = id
    }

    /// A handle on a load that is more than one run, such as an HTTP fetch followed by the run of its answer:
    /// `control` cancels whichever part is under way.
    package init(control: any MediationRunControl, id: MediationRunID) {
        storage = .running(control)
        self.id = id
    }

    /// A handle on a load that ended before it began (refused: rate limited, frequency capped or paced).
    package init(finishedWith trace: MediationTrace, id: MediationRunID) {
        storage = .finished(trace)
        self.id = id
    }

    /// Cancels the load: every line in flight is told to stop, and the completion receives
    /// ``MediationError/cancelled`` (once) unless the run already finished. Later calls do nothing.
    public func cancel() {
        switch storage {
        case .running(let run): run.cancel()
        case .finished: break
        case .driven(let state): state.runningControl?.cancel()
        }
    }

    /// The trace so far. After the outcome, callbacks the engine dropped are still added here.
    public var trace: MediationTrace {
        switch storage {
        case .running(let run): run.trace
        case .finished(let trace): trace
        case .driven(let state):
            switch state.current {
            case .unstarted: MediationTrace()
            case .running(let run): run.trace
            case .finished(let recorder): recorder.trace(lines: [])
            }
        }
    }

    /// Whether the outcome has been delivered.
    package var isFinished: Bool {
        switch storage {
        case .running(let run): run.isFinished
        case .finished: true
        case .driven(let state):
            switch state.current {
            case .unstarted: false
            case .running(let run): run.isFinished
            case .finished: true
            }
        }
    }
}

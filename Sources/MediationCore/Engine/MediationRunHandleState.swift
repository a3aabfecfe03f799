import MediationSupport

/// What a ``MediationRun`` handle on a run of the engine reads, shared with the run's driver: the run while it
/// runs, its trace's recorder once it has ended.
///
/// The handle holds this state, not the driver: once the outcome is delivered, the driver puts the trace's recorder
/// here and the state lets go of the driver, so a kept handle holds the trace's entries and names rather than the
/// run's machine, timers and line records, and makes the trace when it is read. The driver lives on only while
/// something else holds it (a custom event that keeps its reporter, a timer), and puts the recorder here again
/// whenever a late or duplicate callback adds to it.
enum MediationRunHandleState: Sendable {
    /// The driver is being made (only inside its initialiser: from its end, the driver answers, started or not).
    case unstarted
    /// The run's driver answers: from the moment it is made, so that a cancel before the run starts ends it
    /// before any line starts, and while the run runs.
    case running(any MediationRunControl)
    /// The outcome was delivered: the trace's recorder as it stands, after the run let go of its lines. Boxed
    /// (`indirect`), so that a run in flight, which holds this state beside its driver, does not carry room for a
    /// recorder it has not handed over yet (bench `--heap-stages`).
    indirect case finished(WaterfallTraceRecorder)
}

extension Locked where Value == MediationRunHandleState {
    /// The run to ask until it has ended (a run made and not yet started answers too); `nil` after.
    var runningControl: (any MediationRunControl)? {
        withLock { state in
            if case .running(let control) = state { return control }
            return nil
        }
    }
}

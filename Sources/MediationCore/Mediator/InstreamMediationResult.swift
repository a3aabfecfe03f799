/// An in-stream run's outcome and its trace, delivered together once.
package struct InstreamMediationResult: Sendable {
    /// The winning line's loaded source, or why there is none.
    package let outcome: Result<InstreamLoadedSource, MediationError>
    /// What each line did; with bids, the auction's record (the JSON's `auction`), as for a native run.
    package let trace: MediationTrace
    /// The run this is the result of, when a mediator ran it: the inspector finds the notices the run fired by it
    /// (``MediationInspection/init(instream:mediator:title:trackers:decidedAt:)``).
    package var runID: MediationRunID?
    /// When the run started, on the mediator's clock: the inspector's tracker times count from it.
    package var runStartedAt: MediationInstant?

    /// Creates a result that no mediator's run made (the inspector finds no notices for it).
    package init(outcome: Result<InstreamLoadedSource, MediationError>, trace: MediationTrace) {
        self.init(outcome: outcome, trace: trace, runID: nil, runStartedAt: nil)
    }

    /// Creates the result of run `runID`, started at `runStartedAt`.
    package init(
        outcome: Result<InstreamLoadedSource, MediationError>, trace: MediationTrace, runID: MediationRunID?,
        runStartedAt: MediationInstant?
    ) {
        self.outcome = outcome
        self.trace = trace
        self.runID = runID
        self.runStartedAt = runStartedAt
    }

    /// The loaded source, when a line won.
    package var source: InstreamLoadedSource? {
        if case .success(let source) = outcome { return source }
        return nil
    }

    /// The error, when no line won.
    package var error: MediationError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }
}

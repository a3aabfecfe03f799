/// An in-stream run's outcome and its trace, delivered together once.
public struct InstreamMediationResult: Sendable {
    /// The winning line's loaded source, or why there is none.
    public let outcome: Result<InstreamLoadedSource, MediationError>
    /// What each line did.
    public let trace: MediationTrace

    /// Creates a result.
    package init(outcome: Result<InstreamLoadedSource, MediationError>, trace: MediationTrace) {
        self.outcome = outcome
        self.trace = trace
    }

    /// The loaded source, when a line won.
    public var source: InstreamLoadedSource? {
        if case .success(let source) = outcome { return source }
        return nil
    }

    /// The error, when no line won.
    public var error: MediationError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }
}

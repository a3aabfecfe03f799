/// A run's outcome and its trace, delivered together once.
public struct MediationRunResult: Sendable {
    /// The delivered ad, or why there is none.
    public let outcome: Result<NativeAd, MediationError>
    /// What each line did.
    public let trace: MediationTrace

    /// Creates a result.
    public init(outcome: Result<NativeAd, MediationError>, trace: MediationTrace) {
        self.outcome = outcome
        self.trace = trace
    }

    /// The ad, when one was delivered.
    public var ad: NativeAd? {
        if case .success(let ad) = outcome { return ad }
        return nil
    }

    /// The error, when no ad was delivered.
    public var error: MediationError? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    /// The ad, or a ``MediationFailure`` carrying the error and the trace.
    public func get() throws(MediationFailure) -> NativeAd {
        switch outcome {
        case .success(let ad): return ad
        case .failure(let error): throw MediationFailure(error: error, trace: trace)
        }
    }
}

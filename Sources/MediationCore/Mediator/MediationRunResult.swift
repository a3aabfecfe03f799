/// A run's outcome and its trace, delivered together once.
///
/// The trace of a run of the engine is made when it is first read, from what the run recorded (a few references):
/// a host that takes the ad and never reads the trace does not pay for it. Each read makes it again; keep it in a
/// variable to read it several times.
public struct MediationRunResult: Sendable {
    /// Where the trace comes from.
    private enum TraceStorage: Sendable {
        /// A trace made already.
        case made(MediationTrace)
        /// A run's trace, made when read.
        case recorded(WaterfallTraceSnapshot)
    }

    /// The delivered ad, or why there is none.
    public let outcome: Result<NativeAd, MediationError>
    private let traceStorage: TraceStorage
    /// The run this is the result of, when a mediator ran it: the inspector finds the pings the run and its ad
    /// fired by it (``MediationInspection/init(result:mediator:title:trackers:decidedAt:)``).
    package var runID: MediationRunID?
    /// When the run started, on the mediator's clock: the inspector's tracker times count from it.
    package var runStartedAt: MediationInstant?

    /// What each line did.
    public var trace: MediationTrace {
        switch traceStorage {
        case .made(let trace): trace
        case .recorded(let snapshot): snapshot.trace
        }
    }

    /// Creates a result.
    package init(outcome: Result<NativeAd, MediationError>, trace: MediationTrace) {
        self.outcome = outcome
        traceStorage = .made(trace)
    }

    /// A run's result, its trace made when read.
    init(outcome: Result<NativeAd, MediationError>, traceSnapshot: WaterfallTraceSnapshot) {
        self.outcome = outcome
        traceStorage = .recorded(traceSnapshot)
    }

    /// This result with `trace` instead of its own trace; the run it is of stays.
    package func replacingTrace(_ trace: MediationTrace) -> MediationRunResult {
        var result = MediationRunResult(outcome: outcome, trace: trace)
        result.runID = runID
        result.runStartedAt = runStartedAt
        return result
    }

    /// This result as the result of run `runID`, which started at `startedAt`.
    func stamped(_ runID: MediationRunID, startedAt: MediationInstant) -> MediationRunResult {
        var result = self
        result.runID = runID
        result.runStartedAt = startedAt
        return result
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

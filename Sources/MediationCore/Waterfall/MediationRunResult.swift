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

    /// What each line did.
    public var trace: MediationTrace {
        switch traceStorage {
        case .made(let trace): trace
        case .recorded(let snapshot): snapshot.trace
        }
    }

    /// Creates a result.
    public init(outcome: Result<NativeAd, MediationError>, trace: MediationTrace) {
        self.outcome = outcome
        traceStorage = .made(trace)
    }

    /// A run's result, its trace made when read.
    init(outcome: Result<NativeAd, MediationError>, traceSnapshot: WaterfallTraceSnapshot) {
        self.outcome = outcome
        traceStorage = .recorded(traceSnapshot)
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

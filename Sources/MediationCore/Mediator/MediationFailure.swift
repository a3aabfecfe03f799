/// Why a load delivered no ad, with the run's trace: what ``Mediator/loadNativeAd(from:)`` throws.
public struct MediationFailure: Error, Sendable, CustomStringConvertible {
    /// The reason: ``MediationError/noFill`` when every line failed, ``MediationError/cancelled``,
    /// ``MediationError/rateLimited(until:)``, …
    public let error: MediationError
    /// What each line did.
    public let trace: MediationTrace

    /// Creates a failure.
    package init(error: MediationError, trace: MediationTrace) {
        self.error = error
        self.trace = trace
    }

    /// The error and each line's cause from the trace, for example
    /// `no fill after 2 lines: myTarget no_fill, TAMedia timed out`.
    public var description: String { summary }
}

/// What a ``MediationRun`` handle asks of the run it controls: the driver conforms, whatever its kind of line.
///
/// The handle holds the run through this protocol rather than through three closures, so a load costs one
/// reference for its handle, not three allocations.
package protocol MediationRunControl: AnyObject, Sendable {
    /// Cancels the run (the host gets ``MediationError/cancelled`` once, unless it already finished).
    func cancel()
    /// The trace so far.
    var trace: MediationTrace { get }
    /// Whether the outcome has been delivered.
    var isFinished: Bool { get }
}

/// A run's trace as it stood at a moment, not yet made into a ``MediationTrace``: the recorder's value and the run's
/// lines, which name its entries.
///
/// A run hands its completion this, not the trace: a copy of the recorder is a few references, where the trace is
/// an entry of 144 bytes per line attempt with its names. ``MediationRunResult`` makes the trace only when it is
/// read, so that a host that takes the ad and never reads the trace does not pay for it.
struct WaterfallTraceSnapshot: Sendable {
    /// The recorder's value at the moment.
    let recorder: WaterfallTraceRecorder
    /// The run's lines at the moment (every line an entry names is among them).
    let lines: [WaterfallLine]

    /// The trace.
    var trace: MediationTrace { recorder.trace(lines: lines) }
}

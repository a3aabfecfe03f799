/// Where one line's custom event reports its outcome: forwards it to the run, which reads the reporter's line.
///
/// The run's machine counts the callbacks, so the first outcome while the line still listens is the only one
/// that counts; a second is recorded as `duplicate_callback`, one after the line's timeout, its stop or the
/// run's end as `late_callback`, and neither reaches the host.
///
/// It holds the run strongly, so that a run whose host let go of its handle lives as long as a network may still
/// answer. Generic over the run's kind, so that a callback calls the run's specialised code directly: no closure
/// and no existential between the custom event and the machine.
///
/// Made for a line that cannot share the run's delegate (``WaterfallLineReporting``): an in-stream line, or a line
/// whose custom event instance another line of the run already uses. Never handed on to another line: a custom
/// event that keeps its delegate weakly and answers late must not report for a line that is not its own.
final class WaterfallLineReporter<Kind: WaterfallLoadKind>: Sendable {
    private let run: WaterfallRunDriver<Kind>
    /// The line the reporter reports for.
    let line: Int

    init(line: Int, run: WaterfallRunDriver<Kind>) {
        self.line = line
        self.run = run
    }

    /// The line loaded `loaded`.
    func loaded(_ loaded: Kind.Loaded) { run.report(line: line, .success(loaded)) }

    /// The line failed with `error`.
    func failed(_ error: MediationError) { run.report(line: line, .failure(error)) }
}

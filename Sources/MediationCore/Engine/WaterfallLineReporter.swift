/// Where one line's custom event reports its outcome: forwards it to the run, naming the reporter's line.
///
/// Every line gets a reporter of its own, so an outcome counts for the line whose request it answers, whatever
/// object the custom event names in it. The run's machine counts the callbacks, so the first outcome while the line
/// still listens is the only one that counts; a second is recorded as `duplicate_callback`, one after the line's
/// timeout, its stop or the run's end as `late_callback`, and neither reaches the host.
///
/// It holds the run strongly, so that a run whose host let go of its handle lives as long as a network may still
/// answer. Never handed on to another line: a custom event that keeps its delegate weakly and answers late must
/// not report for a line that is not its own.
final class WaterfallLineReporter<Kind: WaterfallLoadKind>: Sendable {
    /// The run the reporter reports to.
    let run: WaterfallRunDriver<Kind>
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

/// Where one line's custom event reports its outcome: forwards it, with the line's index, to the run.
///
/// The run's machine counts the callbacks, so the first outcome while the line still listens is the only one
/// that counts; a second is recorded as `duplicate_callback`, one after the line's timeout, its stop or the
/// run's end as `late_callback`, and neither reaches the host.
///
/// One object per line: the run's report function is made once per run and shared by its lines' reporters. It
/// holds the run `unowned` (so that the run holds no reference to itself); the reporter holds the run strongly
/// (`owner`), so that a run whose host let go of its handle lives as long as a network may still answer, and
/// the report function is only ever called while a reporter keeps the run alive.
final class WaterfallLineReporter<Loaded: WaterfallLoadable>: Sendable {
    /// The run's report function: a line index and its outcome.
    typealias Report = @Sendable (Int, Result<Loaded, MediationError>) -> Void

    private let line: Int
    private let owner: any AnyObject & Sendable
    private let report: Report

    init(line: Int, owner: any AnyObject & Sendable, _ report: @escaping Report) {
        self.line = line
        self.owner = owner
        self.report = report
    }

    /// The line loaded `loaded`.
    func loaded(_ loaded: Loaded) { report(line, .success(loaded)) }

    /// The line failed with `error`.
    func failed(_ error: MediationError) { report(line, .failure(error)) }
}

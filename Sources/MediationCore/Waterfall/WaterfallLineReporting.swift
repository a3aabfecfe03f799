/// Where a line's custom event reports its outcome: the run itself, shared by the run's lines, or a reporter of
/// the line's own.
///
/// The run tells its lines apart by the custom event each outcome names (the first argument of every
/// ``NativeCustomEventDelegate`` method): while the run lasts it keeps every line's custom event, so no two lines
/// share an address and an outcome naming an object no line started is dropped, never credited to a line. A line
/// whose custom event another line of the run already uses (a factory that hands out one instance) gets a reporter
/// of its own, as does every line of a kind that does not name its custom event in its outcomes (in-stream).
enum WaterfallLineReporting<Kind: WaterfallLoadKind> {
    /// Through the run, which finds the line by its custom event.
    case run(WaterfallRunDriver<Kind>, line: Int)
    /// Through the line's own reporter.
    case reporter(WaterfallLineReporter<Kind>)

    /// The line's own reporter: the one given, or a new one for the line (for a kind that needs an object per
    /// line anyway).
    var lineReporter: WaterfallLineReporter<Kind> {
        switch self {
        case .run(let run, let line): WaterfallLineReporter(line: line, run: run)
        case .reporter(let reporter): reporter
        }
    }
}

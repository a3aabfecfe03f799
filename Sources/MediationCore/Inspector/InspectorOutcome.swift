/// How the inspector draws one trace entry: its label, colour and CSS class. The colours are constants of the
/// page, never taken from a trace.
enum InspectorOutcome: CaseIterable {
    case won, loaded, held, noFill, error, timedOut, stopped, cancelled, skipped, missingAdapter, loading
    case lateCallback, duplicateCallback

    /// The outcome of `entry`: a loaded line that did not win is `held` when the run held or released its ad.
    init(_ entry: MediationTraceEntry) {
        switch entry.result {
        case .loaded:
            if entry.isWinner {
                self = .won
            } else if let detail = entry.detail, detail.contains("released") || detail.contains("held") {
                self = .held
            } else {
                self = .loaded
            }
        case .noFill: self = .noFill
        case .error: self = .error
        case .timeout: self = .timedOut
        case .stopped: self = .stopped
        case .cancelled: self = .cancelled
        case .skipped: self = .skipped
        case .missingAdapter: self = .missingAdapter
        case .loading: self = .loading
        case .lateCallback: self = .lateCallback
        case .duplicateCallback: self = .duplicateCallback
        }
    }

    /// The label shown in the legend and tables.
    var label: String {
        switch self {
        case .won: "won"
        case .loaded: "loaded"
        case .held: "held"
        case .noFill: "no fill"
        case .error: "error"
        case .timedOut: "timed out"
        case .stopped: "stopped"
        case .cancelled: "cancelled"
        case .skipped: "skipped"
        case .missingAdapter: "missing adapter"
        case .loading: "still loading"
        case .lateCallback: "late callback"
        case .duplicateCallback: "duplicate callback"
        }
    }

    /// The CSS class suffix (`o-won`, …).
    var cssClass: String {
        switch self {
        case .won: "won"
        case .loaded: "loaded"
        case .held: "held"
        case .noFill: "nofill"
        case .error: "error"
        case .timedOut: "timeout"
        case .stopped: "stopped"
        case .cancelled: "cancelled"
        case .skipped: "skipped"
        case .missingAdapter: "missing"
        case .loading: "loading"
        case .lateCallback: "late"
        case .duplicateCallback: "duplicate"
        }
    }

    /// The fill colour.
    var colour: String {
        switch self {
        case .won: "#1a7f37"
        case .loaded: "#4c8edb"
        case .held: "#8a63d2"
        case .noFill: "#9aa4b1"
        case .error: "#cf222e"
        case .timedOut: "#e8730c"
        case .stopped: "#57606a"
        case .cancelled: "#3d444d"
        case .skipped: "#c8b273"
        case .missingAdapter: "#a0522d"
        case .loading: "#b6d4f5"
        case .lateCallback: "#bf3989"
        case .duplicateCallback: "#d4a72c"
        }
    }

    /// Whether the outcome is a callback the engine dropped (drawn as a marker on its line's row).
    var isDroppedCallback: Bool { self == .lateCallback || self == .duplicateCallback }
}

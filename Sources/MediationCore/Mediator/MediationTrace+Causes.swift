extension MediationTrace {
    /// One short cause per line attempt, in the order the lines ran, like `myTarget no_fill`,
    /// `Google network_error (com.google.admob 3: No fill)` or `TAMedia timed out`. Dropped duplicate and late
    /// callbacks are left out: they changed nothing.
    package var lineCauses: [String] {
        entries.compactMap(\.cause)
    }

    /// How many lines ran or were considered (dropped callbacks are not counted).
    package var attemptedLineCount: Int {
        entries.filter { $0.cause != nil }.count
    }
}

extension MediationTraceEntry {
    /// `NETWORK RESULT (DETAIL)` for a line attempt; `nil` for a dropped callback.
    var cause: String? {
        let outcome: String
        switch result {
        case .loaded: outcome = isWinner ? "loaded (won)" : "loaded"
        case .loading: outcome = "still loading"
        case .noFill: outcome = "no_fill"
        case .timeout: outcome = "timed out"
        case .error: outcome = (errorCode ?? "error") + detailSuffix
        case .missingAdapter: outcome = "missing_adapter" + detailSuffix
        case .skipped: outcome = "skipped" + detailSuffix
        case .stopped: outcome = "stopped"
        case .cancelled: outcome = "cancelled"
        case .duplicateCallback, .lateCallback: return nil
        }
        return "\(network) \(outcome)"
    }

    /// ` (DETAIL)` with the redundant "network error " prefix of network errors dropped; empty without detail.
    private var detailSuffix: String {
        guard var detail, !detail.isEmpty else { return "" }
        let networkPrefix = "network error "
        if errorCode == "network_error", detail.hasPrefix(networkPrefix) {
            detail.removeFirst(networkPrefix.count)
        }
        return " (\(detail))"
    }
}

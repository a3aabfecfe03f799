import MediationSupport

extension ConformanceReport {
    /// The report as a plain-text table: a heading line with the verdict and counts, then one row per check
    /// (name, result, reason). The subject, the custom event and each reason (which may quote what the network
    /// sent) are made terminal-safe.
    ///
    /// ```
    /// Reference adapter (conformance kit example) [ReferenceNativeCustomEvent]: PASSED (26 passed, 0 failed, 0 skipped)
    ///   CHECK                        RESULT  REASON
    ///   single-outcome-fill          pass    one didLoad at t+200ms, nothing more in the next 60 s
    /// ```
    public var table: String {
        let counts = "\(count(.passed)) passed, \(count(.failed)) failed, \(count(.skipped)) skipped"
        var lines = ["\(subjectName.terminalSafe) [\(customEventIdentifier.terminalSafe)]: \(verdict) (\(counts))"]
        let nameWidth = max(results.map(\.check.rawValue.count).max() ?? 0, "CHECK".count)
        let resultWidth = "RESULT".count
        func row(_ name: String, _ result: String, _ reason: String) -> String {
            "  " + name.padded(to: nameWidth) + "  " + result.padded(to: resultWidth) + "  " + reason
        }
        lines.append(row("CHECK", "RESULT", "REASON"))
        for result in results {
            lines.append(row(result.check.rawValue, result.status.tableLabel, result.reason.terminalSafe))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ConformanceCheckResult.Status {
    /// The short label of the table: `pass`, `FAIL`, `skip`.
    var tableLabel: String {
        switch self {
        case .passed: "pass"
        case .failed: "FAIL"
        case .skipped: "skip"
        }
    }
}

extension String {
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

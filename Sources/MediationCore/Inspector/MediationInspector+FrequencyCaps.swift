import MediationSupport

extension MediationInspector {
    /// The frequency caps' refusals of the run (``MediationTrace/frequencyCaps``): which line (or the whole load),
    /// the named reason, what the cap counts, the cap and who set it, the impressions counted and when it frees.
    /// Empty when no cap refused anything.
    static func frequencyCapsSection(_ trace: MediationTrace) -> String {
        guard !trace.frequencyCaps.isEmpty else { return "" }
        let rows = trace.frequencyCaps.map { record -> (cells: [Cell], rowClass: String?) in
            let refusal = record.refusal
            let line = record.line.map { "line \($0)" + (record.afterLoad ? " (its loaded ad released)" : "") }
            return (
                cells: [
                    Cell(line ?? "the load (no line ran)"), Cell(refusal.reason.rawValue),
                    Cell(refusal.scope.rawValue), Cell(refusal.key), Cell(refusal.cap.description),
                    Cell(refusal.origin == .host ? "host" : "ad server"), Cell("\(refusal.impressions)"),
                    Cell(refusal.freesIn.readableDescription),
                ],
                rowClass: nil
            )
        }
        let intro =
            "<p class=\"muted\">Caps count impressions (and ads a ready-ad cache handed out that wait for theirs); "
            + "a refused line was skipped, nothing fired and nothing was requested.</p>\n"
        return section(
            "Frequency caps", id: "frequency-caps",
            intro
                + table(
                    ["Refused", "Reason", "Counts", "Key", "Cap", "Set by", "Impressions", "Frees in"], rows,
                    tableClass: "caps"))
    }
}

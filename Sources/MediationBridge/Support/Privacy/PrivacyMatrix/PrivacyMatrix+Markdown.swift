extension PrivacyMatrix {
    /// The marker lines around the generated matrix in docs/privacy.md.
    package static let markdownMarkers = (
        begin: "<!-- privacy-matrix:begin (generated from PrivacyMatrix; edit the code, not this table) -->",
        end: "<!-- privacy-matrix:end -->"
    )

    /// The matrix as Markdown: one table per destination, a row per input, saying what is withheld while the
    /// input restricts and which signals are forwarded when; then the OpenRTB bid request's device and attribution
    /// data, a row per ``PrivacyDeviceField``.
    package static func markdown() -> String {
        var lines: [String] = []
        for destination in PrivacyDestination.allCases {
            lines += ["#### \(destination.documentation)", ""]
            lines += ["| Input | Withheld | Forwarded |", "|---|---|---|"]
            for input in PrivacyInput.allCases {
                let cell = cell(input, destination)
                lines.append("| \(input.documentation) | \(withheldText(cell, input)) | \(forwardedText(cell)) |")
            }
            lines.append("")
        }
        lines += ["#### Device and attribution data (`OpenRTBBidRequest`)", ""]
        lines += ["| Data | Field | Withheld | Note |", "|---|---|---|---|"]
        for field in PrivacyDeviceField.allCases {
            let withheld = field.withheldWhen?.documentation ?? "never"
            lines.append("| \(field.documentation) | \(field.wireField) | \(withheld) | \(field.note) |")
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    private static func withheldText(_ cell: PrivacyMatrixCell, _ input: PrivacyInput) -> String {
        guard let restriction = input.restriction, !cell.withheld.isEmpty else { return "nothing" }
        let fields = cell.withheld.sorted().map { field in
            switch field {
            case .age: "age"
            case .gender: "gender"
            case .userIdentifiers: "user IDs"
            }
        }
        return "\(fields.joined(separator: ", ")) \(restriction.documentation)"
    }

    private static func forwardedText(_ cell: PrivacyMatrixCell) -> String {
        var parts = cell.forwarded.map { "`\($0.name)` = \($0.value) \($0.condition.documentation)" }
        if parts.isEmpty { parts = ["nothing"] }
        let text = parts.joined(separator: "; ")
        return cell.note.map { "\(text) (\($0))" } ?? text
    }
}

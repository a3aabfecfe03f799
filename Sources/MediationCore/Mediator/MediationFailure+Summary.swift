extension MediationFailure {
    /// The reason followed by each line's cause from the trace, for example
    /// `no fill after 3 lines: myTarget no_fill, Google network_error (com.google.admob 3: …), TAMedia timed out`.
    ///
    /// Without lines it says why instead: the parse problems or run notes (`invalid ad response: …`), or that
    /// the response had no usable line.
    var summary: String {
        let causes = trace.lineCauses
        if !causes.isEmpty {
            let count = causes.count == 1 ? "1 line" : "\(causes.count) lines"
            return "\(error) after \(count): \(causes.joined(separator: ", "))"
        }
        switch error {
        case .invalidConfiguration where !trace.notes.isEmpty:
            return "invalid ad response: \(trace.notes.joined(separator: "; "))"
        case .noFill:
            let dropped = trace.droppedEntries.map(\.description)
            let reasons = trace.notes + dropped
            guard !reasons.isEmpty else { return "no fill: the ad response had no lines" }
            return "no fill: no line ran (\(reasons.joined(separator: "; ")))"
        default:
            return trace.notes.isEmpty ? error.description : "\(error): \(trace.notes.joined(separator: "; "))"
        }
    }
}

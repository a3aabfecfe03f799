extension MediationFailure {
    /// The failure of a load whose ad response could not be parsed: the first problem as the
    /// ``MediationError/invalidConfiguration(path:reason:)`` error, and every problem, each with its JSON path,
    /// in the trace's notes. No line ran.
    package init(parsing parsingError: AdResponseParsingError) {
        self.init(
            error: parsingError.firstError,
            trace: MediationTrace(
                outcome: parsingError.firstError.code, notes: parsingError.errors.map(\.description)))
    }
}

import MediationConformance

enum SampleReports {
    /// Two failures, one pass, one skip.
    static let failing = ConformanceReport(
        subjectName: "Acme native", customEventIdentifier: "AcmeNativeCustomEvent",
        results: [
            .passed(.singleOutcomeOnFill, "one didLoad"),
            .failed(.clickForwardedOnce, "the adapter delegate got nothing"),
            .skipped(.missingRequiredInfo, "no required keys"),
            .failed(.versionsReported, "the adapter version is empty"),
        ])

    /// One pass and one skip.
    static let passing = ConformanceReport(
        subjectName: "Acme native", customEventIdentifier: "AcmeNativeCustomEvent",
        results: [
            .passed(.singleOutcomeOnFill, "one didLoad"),
            .skipped(.missingRequiredInfo, "no required keys"),
        ])
}

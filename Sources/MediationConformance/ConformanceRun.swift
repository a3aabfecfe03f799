import MediationCore

/// One conformance run over one subject: dispatches each check to its implementation.
struct ConformanceRun: Sendable {
    let subject: AdapterConformanceSubject
    let options: ConformanceOptions

    func makeSession() -> ConformanceSession {
        ConformanceSession(subject: subject, options: options)
    }

    func result(of check: ConformanceCheck) async -> ConformanceCheckResult {
        switch check {
        case .singleOutcomeOnFill, .singleOutcomeOnNoFill, .singleOutcomeOnError: checkSingleOutcome(check)
        case .silentAfterStop: checkSilentAfterStop()
        case .silentAfterTimeout: checkSilentAfterTimeout()
        case .missingRequiredInfo: checkMissingRequiredInfo()
        case .fillHasDeclaredKeys: checkDeclaredKeys()
        case .fillValuesAreValid: checkValuesAreValid()
        case .networkErrorPreserved: checkNetworkErrorPreserved()
        case .impressionForwardedOnce: checkForwarding(check, of: [.impression])
        case .clickForwardedOnce: checkForwarding(check, of: [.click])
        case .modalAndLeaveForwarded:
            checkForwarding(check, of: [.willPresentModal, .didDismissModal, .willLeaveApplication])
        case .backgroundCallbacks: await checkBackgroundCallbacks()
        case .releasedAfterAd: checkReleasedAfterAd()
        case .versionsReported: checkVersionsReported()
        case .rendererListsCustomEvent: checkRendererListsCustomEvent()
        }
    }
}

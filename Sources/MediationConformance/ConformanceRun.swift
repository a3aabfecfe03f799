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
        case .singleOutcomeOnSynchronousAnswer: checkSynchronousAnswers()
        case .singleOutcomeOnDoubleCallback: checkDoubleCallbacks()
        case .silentAfterStop: checkSilentAfterStop()
        case .silentAfterIgnoredCancel: checkSilentAfterIgnoredCancel()
        case .silentAfterTimeout: checkSilentAfterTimeout()
        case .secondRequestIgnored: checkSecondRequestIgnored()
        case .missingRequiredInfo: checkMissingRequiredInfo()
        case .fillHasDeclaredKeys: checkDeclaredKeys()
        case .fillValuesAreValid: checkValuesAreValid()
        case .generatedFillMapping: checkGeneratedFillMapping()
        case .imagePrecacheFailure: checkImagePrecacheFailure()
        case .networkErrorPreserved: checkNetworkErrorPreserved()
        case .impressionForwardedOnce: checkForwarding(check, of: [.impression])
        case .clickForwardedOnce: checkForwarding(check, of: [.click])
        case .modalAndLeaveForwarded:
            checkForwarding(check, of: [.willPresentModal, .didDismissModal, .willLeaveApplication])
        case .impressionOnceWhenShown: checkImpressionOnceWhenShown()
        case .registersOnAttach: checkRegistersOnAttach()
        case .viewBinding: checkViewBinding()
        case .invalidationExpires: await checkInvalidationExpires()
        case .hostReportedEvents: checkHostReportedEvents()
        case .requestForwarding: checkRequestForwarding()
        case .bidSignalInTime: await checkBidSignalInTime()
        case .bidMarkupLoad: checkBidMarkupLoad()
        case .invalidBidMarkup: checkInvalidBidMarkup()
        case .bidMarkupRefused: checkBidMarkupRefused()
        case .backgroundCallbacks: await checkBackgroundCallbacks()
        case .concurrentLoads: await checkConcurrentLoads()
        case .releasedAfterAd: checkReleasedAfterAd()
        case .versionsReported: checkVersionsReported()
        case .rendererListsCustomEvent: checkRendererListsCustomEvent()
        }
    }
}

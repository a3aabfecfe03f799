import MediationConformance
import MediationCore
import Testing

/// Each broken adapter is failed by the check meant for it, and only by the checks its fault really breaks.
@Suite struct BrokenAdapterTests {
    private func report(_ fault: AdapterFault) async -> ConformanceReport {
        await ConformanceKit.run(.faulty(fault), options: .fastFailing)
    }

    private func reason(_ report: ConformanceReport, _ check: ConformanceCheck) -> String {
        report.result(for: check)?.reason ?? "<not run>"
    }

    @Test(arguments: [AdapterFault.none, .hostCounted, .bindsViews])
    func controlWithoutFaultPassesEveryCheckStrictly(control: AdapterFault) async {
        let report = await ConformanceKit.run(.faulty(control), options: .strict)
        #expect(report.passed)
        #expect(report.count(.passed) == ConformanceCheck.allCases.count)
    }

    @Test func doubleCallbackFailsSingleOutcomeChecks() async {
        let report = await report(.doubleCallback)
        #expect(!report.passed)
        #expect(
            report.failedChecks == [
                .singleOutcomeOnFill, .singleOutcomeOnNoFill, .singleOutcomeOnError, .singleOutcomeOnSynchronousAnswer,
                .singleOutcomeOnDoubleCallback, .missingRequiredInfo, .generatedFillMapping, .imagePrecacheFailure,
                // bid-markup-load: the bid fills twice; invalid-bid-markup: the rejected bid fails twice.
                .invalidationExpires, .bidMarkupLoad, .invalidBidMarkup, .backgroundCallbacks, .concurrentLoads,
            ])
        #expect(reason(report, .singleOutcomeOnFill) == "2 outcomes for one request (didLoad, didLoad); expected one")
        #expect(reason(report, .singleOutcomeOnNoFill).contains("didFail(no_fill), didFail(no_fill)"))
        // The second didLoad wraps the same adapter in a second ad, which takes the adapter's delegate: the ad the
        // host got never hears its network drop it.
        #expect(reason(report, .invalidationExpires).contains("still usable"))
        #expect(
            reason(report, .invalidationExpires).hasSuffix(
                "(the custom event reported 2 ads for one load; the adapter reports to the last one made, not to the"
                    + " first, which the host got)"))
    }

    @Test func noCallbackFailsSingleOutcomeChecksWithNoOutcome() async {
        let report = await report(.noCallback)
        #expect(!report.passed)
        for check in [ConformanceCheck.singleOutcomeOnFill, .singleOutcomeOnNoFill, .singleOutcomeOnError] {
            #expect(report.failedChecks.contains(check))
            #expect(reason(report, check).hasPrefix("no outcome: the network answered after 200 ms"))
        }
        #expect(reason(report, .backgroundCallbacks).contains("no outcome within 2 s"))
        // Checks that need no network answer still pass: the kit isolates what is broken.
        for check in [ConformanceCheck.silentAfterStop, .missingRequiredInfo, .versionsReported] {
            #expect(report.result(for: check)?.status == .passed)
        }
    }

    @Test func callbackAfterStopFailsBothSilenceChecks() async {
        let report = await report(.callbackAfterStop)
        #expect(report.failedChecks == [.silentAfterStop, .silentAfterIgnoredCancel, .silentAfterTimeout])
        #expect(reason(report, .silentAfterStop).hasPrefix("reported didLoad at t+200ms after stop() at t+0ms"))
        #expect(reason(report, .silentAfterTimeout).contains("timed out and was stopped at t+10000ms"))
    }

    @Test func loadingAgainOnASecondRequestFailsTheRepeatedRequestCheck() async {
        let report = await report(.loadsAgainOnSecondRequest)
        #expect(report.failedChecks == [.secondRequestIgnored])
        #expect(
            reason(report, .secondRequestIgnored).hasPrefix(
                "a second requestAd after the first's outcome reported didLoad; expected nothing"))
    }

    @Test func missingRequiredKeyNotDetectedFailsRequiredInfoCheck() async {
        let report = await report(.ignoresMissingRequiredInfo)
        #expect(report.failedChecks == [.missingRequiredInfo])
        #expect(
            reason(report, .missingRequiredInfo)
                == "with 'placementId' absent the network was asked to load (1 attempt(s)); expected no network call")
    }

    @Test func wrongErrorCodeFailsNetworkErrorCheck() async {
        let report = await report(.losesNetworkError)
        #expect(report.failedChecks == [.networkErrorPreserved])
        #expect(reason(report, .networkErrorPreserved).contains("carries code -1 \"unknown error\""))
        #expect(reason(report, .networkErrorPreserved).contains("the network said 4042"))
    }

    @Test func impressionForwardedTwiceFailsImpressionCheck() async {
        let report = await report(.doubleImpression)
        #expect(
            report.failedChecks == [
                .impressionForwardedOnce, .impressionOnceWhenShown, .backgroundCallbacks, .concurrentLoads,
            ])
        #expect(
            reason(report, .impressionForwardedOnce)
                == "the network reported 1 × impression; the adapter delegate got 2 × willLogImpression")
    }

    @Test func retainCycleFailsReleaseCheck() async {
        let report = await report(.retainCycle)
        FaultyNativeCustomEvent.breakDeliberateCycles()
        #expect(report.failedChecks == [.releasedAfterAd])
        #expect(reason(report, .releasedAfterAd).hasPrefix("the adapter and the custom event still alive"))
    }

    @Test func missingVersionFailsVersionCheck() async {
        let report = await report(.missingVersion)
        #expect(report.failedChecks == [.versionsReported])
        #expect(reason(report, .versionsReported) == "the adapter version is empty")
    }

    @Test func versionsReportedToHostsMustMatchTheDeclaredOnes() async {
        let report = await report(.misreportsVersion)
        #expect(report.failedChecks == [.versionsReported])
        #expect(
            reason(report, .versionsReported)
                == "the custom event's AdapterVersionReporting adapterVersion is '9.9.9.9' but the subject declares"
                + " '0.1.0.0'; hosts' adapter status would show the wrong version")
    }

    @Test(arguments: [
        (
            AdapterFault.dropsSponsor, [ConformanceCheck.fillHasDeclaredKeys, .generatedFillMapping],
            "'sponsored' is missing"
        ),
        (
            .schemelessIconURL, [.fillHasDeclaredKeys, .fillValuesAreValid, .generatedFillMapping],
            "'iconimage' is missing"
        ),
        (
            .dropsClick, [.clickForwardedOnce, .backgroundCallbacks, .concurrentLoads],
            "the adapter delegate got nothing"
        ),
        (.dropsModalEvents, [.modalAndLeaveForwarded], "the adapter delegate got nothing"),
        (
            .namesAnotherObject, [.singleOutcomeOnFill, .singleOutcomeOnNoFill, .singleOutcomeOnError],
            "named another object than the custom event that was asked"
        ),
        (
            .unlistedInRenderer,
            // Like every check that shows the sample ad, invalidation-expires fails: the host cannot render it.
            [
                .impressionOnceWhenShown, .registersOnAttach, .invalidationExpires, .hostReportedEvents,
                .rendererListsCustomEvent,
            ],
            "no renderer configuration lists 'FaultyNativeCustomEvent'"
        ),
    ])
    func furtherFaultsFailTheirChecks(fault: AdapterFault, failed: [ConformanceCheck], reasonPart: String) async {
        let report = await report(fault)
        #expect(report.failedChecks == failed)
        #expect(failed.first.map { reason(report, $0).contains(reasonPart) } == true)
    }

    @Test func anImpossibleImageSizeFailsTheValuesCheck() async {
        let report = await ConformanceKit.run(.faulty(.impossibleIconSize), checks: [.fillValuesAreValid])
        #expect(report.failedChecks == [.fillValuesAreValid])
        #expect(
            reason(report, .fillValuesAreValid)
                == "'iconimage.size': size 1e+19x1e+19 dropped: each side must be in 1...16384 px (the core dropped it)"
        )
    }

    @Test func slowVersionProviderFailsAgainstTheLimit() async {
        let options = ConformanceOptions(versionTimeLimit: .zero)
        let report = await ConformanceKit.run(.referenceExample, checks: [.versionsReported], options: options)
        #expect(report.failedChecks == [.versionsReported])
        #expect(reason(report, .versionsReported).contains("(fastest of 3 calls); limit 0 ms"))
    }

    @Test func verifyThrowsAFailureNamingTheFailedChecks() async throws {
        let error = await #expect(throws: ConformanceFailure.self) {
            try await ConformanceKit.verify(.faulty(.losesNetworkError), options: .fastFailing)
        }
        #expect(error?.failedChecks == [.networkErrorPreserved])
        #expect(error?.description.contains("network-error-preserved: network_error carries code -1") == true)
        #expect(
            error?.description.hasPrefix("Faulty adapter (losesNetworkError) failed 1 conformance check(s)") == true)
    }
}

/// Network invalidation and views a binding network needs.
@Suite struct NetworkLifetimeAndBindingConformanceTests {
    @Test func adapterIgnoringInvalidationFailsOnlyTheInvalidationCheck() async {
        let report = await ConformanceKit.run(.faulty(.ignoresInvalidation), options: .fastFailing)
        #expect(report.failedChecks == [.invalidationExpires])
        let reason = report.result(for: .invalidationExpires)?.reason ?? ""
        #expect(reason.contains("still usable"))
        #expect(reason.contains("nativeAdAdapterDidInvalidate"))
    }

    @Test func aShowFailureFailsTheInvalidationCheckLikeTheOtherShownAdChecks() async {
        let report = await ConformanceKit.run(
            .faulty(.unlistedInRenderer), checks: [.impressionOnceWhenShown, .invalidationExpires])
        #expect(report.failedChecks == [.impressionOnceWhenShown, .invalidationExpires])
        #expect(
            report.result(for: .invalidationExpires)?.reason
                == report.result(for: .impressionOnceWhenShown)?.reason)
    }

    /// A driver `invalidate` for a network that never invalidates ads.
    private static let refusingInvalidate: @Sendable (ReferenceSandboxNetwork, NativeAd) -> Bool = { _, _ in false }

    /// A network that never invalidates ads: the driver has no `invalidate`, or it returns `false`.
    private static func neverInvalidating(
        _ invalidate: (@Sendable (ReferenceSandboxNetwork, NativeAd) -> Bool)?, declared: Bool
    ) -> AdapterConformanceSubject {
        let base = AdapterConformanceSubject.referenceExample
        var driver = ConformanceNetworkDriver(
            makeStandIn: { clock in ReferenceSandboxNetwork(clock: clock) },
            arrange: { network, scenario in network.arrange(scenario) },
            trigger: { _, _, _ in false },
            loadAttempts: { network in network.loadCount })
        driver.invalidate = invalidate
        var subject = AdapterConformanceSubject(
            name: "never invalidating", customEventIdentifier: base.customEventIdentifier,
            validInfo: base.validInfo, requiredInfoKeys: base.requiredInfoKeys, filledProperties: base.filledProperties,
            rendererConfigurations: base.rendererConfigurations, adapterVersion: base.adapterVersion,
            networkSDKVersion: base.networkSDKVersion, network: driver,
            makeCustomEvent: { network in ReferenceNativeCustomEvent(loader: network) })
        subject.expectations.networkInvalidatesAds = declared
        return subject
    }

    @Test(arguments: [false, true])
    func aNetworkThatNeverInvalidatesPassesTheCheckSayingSo(driverReturnsFalse: Bool) async {
        let invalidate = driverReturnsFalse ? Self.refusingInvalidate : nil
        let report = await ConformanceKit.run(
            Self.neverInvalidating(invalidate, declared: false), checks: [.invalidationExpires], options: .strict)
        #expect(report.passed)
        #expect(report.result(for: .invalidationExpires)?.status == .passed)
        #expect(report.result(for: .invalidationExpires)?.reason == "the network never invalidates ads")
    }

    @Test(arguments: [false, true])
    func aSubjectDeclaringInvalidationFailsWithoutTheDriverHook(driverReturnsFalse: Bool) async {
        let invalidate = driverReturnsFalse ? Self.refusingInvalidate : nil
        let report = await ConformanceKit.run(
            Self.neverInvalidating(invalidate, declared: true), checks: [.invalidationExpires])
        #expect(report.failedChecks == [.invalidationExpires])
        let reason = report.result(for: .invalidationExpires)?.reason ?? ""
        #expect(reason.contains("expectations.networkInvalidatesAds"))
        #expect(reason.contains(driverReturnsFalse ? "invalidate returned false" : "the driver has no `invalidate`"))
    }

    @Test func aSubjectDeclaringInvalidationPassesWithAWorkingHook() async {
        var subject = AdapterConformanceSubject.faulty(.none)
        subject.expectations.networkInvalidatesAds = true
        let report = await ConformanceKit.run(subject, checks: [.invalidationExpires], options: .strict)
        #expect(report.passed)
    }

    @Test func referenceAdapterPassesTheInvalidationCheck() async {
        let report = await ConformanceKit.run(.referenceExample, options: .strict)
        #expect(report.result(for: .invalidationExpires)?.status == .passed)
    }

    @Test func slotStyleAdapterFailsForANetworkThatBindsViews() async {
        var subject = AdapterConformanceSubject.faulty(.none)
        subject.expectations.boundAssetViews = [.media, .icon]
        let report = await ConformanceKit.run(subject, options: .fastFailing)
        #expect(report.failedChecks == [.viewBinding])
        let reason = report.result(for: .viewBinding)?.reason ?? ""
        #expect(reason.contains("icon, media"))
        #expect(reason.contains("renders through slots"))
    }

    @Test func bindingAdapterRequiringTheDeclaredViewsPasses() async {
        var subject = AdapterConformanceSubject.faulty(.bindsViews)
        subject.expectations.boundAssetViews = [.title]
        let report = await ConformanceKit.run(subject, options: .fastFailing)
        #expect(report.result(for: .viewBinding)?.status == .passed)
    }
}

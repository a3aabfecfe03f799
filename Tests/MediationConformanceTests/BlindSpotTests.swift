import MediationConformance
import Testing

/// The kit's former blind spots 1–8: for each, a broken adapter the kit used to pass is now failed by the named
/// check, and only by the checks its fault really breaks; the controls (`none`, `hostCounted`) pass every check
/// strictly (``BrokenAdapterTests``). Blind spot 9 (skips) is in ``ConformanceKitTests`` and
/// ``ConformanceReportTests``.
@Suite struct BlindSpotTests {
    private func reason(_ report: ConformanceReport, _ check: ConformanceCheck) -> String {
        report.result(for: check)?.reason ?? "<not run>"
    }

    @Test(arguments: [
        // 1. Synchronous answers counted twice.
        (
            AdapterFault.syncAnswerReportedTwice,
            // invalidation-expires: the repeated didLoad wraps the adapter in a second ad, which takes its delegate;
            // invalid-bid-markup: empty markup is refused inside requestAd, so the refusal is reported twice.
            [
                ConformanceCheck.singleOutcomeOnSynchronousAnswer, .missingRequiredInfo, .generatedFillMapping,
                .invalidationExpires, .invalidBidMarkup,
            ],
            "synchronous fill (answered inside requestAd): 2 outcomes for one request (didLoad, didLoad)"
        ),
        // 2. A network that calls back twice, against a guard that only checks "not stopped".
        (
            .guardChecksOnlyStopped, [.singleOutcomeOnDoubleCallback, .concurrentLoads],
            "the network called back twice (back to back) with a fill: 2 outcomes"
        ),
        // 3. A stop() that cancels the request but does not silence the event, against a network answering anyway.
        (
            .stopOnlyCancelsNetwork, [.silentAfterIgnoredCancel],
            "reported didLoad at t+200ms after stop() at t+0ms; the network answered despite the cancel"
        ),
        // 4. Hostile generated fills: a javascript:/relative click URL, a 0…10 rating kept unscaled.
        (.forwardsUnsafeClickURL, [.generatedFillMapping], "invalid unified value: defaultActionURL"),
        (.unscaledTenPointRating, [.generatedFillMapping], "on its 0.0...10.0 scale should give"),
        // 5. A failing image precacher: didFail, then didLoad anyway.
        (
            .loadsAfterFailedPrecache, [.imagePrecacheFailure],
            "reported didFail(image_download_failed), didLoad; expected exactly one outcome"
        ),
        // 6. Shown ads: an impression on attach too; no registration in willAttach.
        (
            .impressionOnAttach, [.impressionOnceWhenShown, .concurrentLoads],
            "attaching the ad gave 1 × willLogImpression and the network's one impression 1 more: 2 in all"
        ),
        (.noRegistrationOnAttach, [.registersOnAttach], "its network ad is not registered with the network"),
        // 8. Privacy, targeting and markup forwarding; host-reported events.
        (.dropsTargeting, [.requestForwarding], "'age' is absent, declared \"34\""),
        // A bid loaded through the ordinary load: no bid token in the request, an ordinary load for a bid, and a
        // rejected bid that falls back to it.
        (
            .dropsBidMarkup, [.requestForwarding, .bidMarkupLoad, .invalidBidMarkup],
            "'bidToken' is absent, declared \"conformance-bid-markup-1\""
        ),
        (.hostImpressionsNotPassed, [.hostReportedEvents], "0 reached the network, declared 1"),
        // View binding (a bridge path the kit once missed).
        (.boundBeforeRender, [.viewBinding], "the ad says it is bound to asset views before any render"),
        (.staysBoundAfterDetach, [.viewBinding], "the asset views stayed bound after detachSurface()"),
    ])
    func brokenAdapterIsCaughtByTheNamedCheck(fault: AdapterFault, failed: [ConformanceCheck], reasonPart: String)
        async
    {
        let report = await ConformanceKit.run(.faulty(fault), options: .fastFailing)
        #expect(report.failedChecks == failed)
        #expect(failed.first.map { reason(report, $0).contains(reasonPart) } == true)
    }

    /// 7. A check-then-act one-shot guard: answers racing on several threads each get through. The concurrency
    /// check overlaps them on threads of their own; under ThreadSanitizer the same overlap exposes data races.
    @Test func racyOneShotGuardIsCaughtByTheConcurrencyCheck() async {
        let report = await ConformanceKit.run(
            .faulty(.checkThenActRace), checks: [.singleOutcomeOnFill, .concurrentLoads], options: .fastFailing)
        #expect(report.failedChecks == [.concurrentLoads])
        #expect(reason(report, .concurrentLoads).contains("concurrent answers gave didLoad, didLoad"))
        // A single answer on the clock's thread never shows the race: the old kit passed it.
        #expect(report.result(for: .singleOutcomeOnFill)?.status == .passed)
    }

    /// 4. The seed of a failing generated fill replays it: the same seed gives the same failure.
    @Test func generatedFillFailureNamesAReplayableSeed() async {
        let options = ConformanceOptions(fillSeed: 42, generatedFillCount: 40)
        let first = await ConformanceKit.run(
            .faulty(.forwardsUnsafeClickURL), checks: [.generatedFillMapping], options: options)
        let replay = await ConformanceKit.run(
            .faulty(.forwardsUnsafeClickURL), checks: [.generatedFillMapping], options: options)
        #expect(reason(first, .generatedFillMapping).hasPrefix("seed 0x2A, ad "))
        #expect(reason(first, .generatedFillMapping).hasSuffix("(replay with ConformanceOptions(fillSeed: 0x2A))"))
        #expect(first == replay)
    }

    /// 4. The old sample-only check cannot see hostile values: the broken mappings pass it.
    @Test(arguments: [AdapterFault.forwardsUnsafeClickURL, .unscaledTenPointRating])
    func sampleOnlyChecksMissHostileValues(fault: AdapterFault) async {
        let report = await ConformanceKit.run(.faulty(fault), checks: [.fillHasDeclaredKeys, .fillValuesAreValid])
        #expect(report.passed)
    }
}

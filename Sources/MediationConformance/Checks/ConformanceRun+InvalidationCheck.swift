import MediationCore
import MediationTesting

extension ConformanceRun {
    /// The network invalidates a shown ad long before its lifetime: the ad must be expired at once (the adapter
    /// forwarded ``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``), the host hears
    /// ``NativeAdDelegate/nativeAdDidExpire(_:)`` once, and still once after the lifetime also runs out.
    ///
    /// A driver without `invalidate`, or one returning `false`, says that the network never invalidates ads: the
    /// check passes (as `view-binding` passes an adapter that renders through slots), unless the subject declares
    /// ``ConformanceExpectations/networkInvalidatesAds``.
    func checkInvalidationExpires() async -> ConformanceCheckResult {
        let check = ConformanceCheck.invalidationExpires
        let declared = subject.expectations.networkInvalidatesAds
        let session = makeSession()
        guard let invalidate = session.harness.invalidate else {
            guard !declared else {
                return .failed(
                    check,
                    "the subject declares that its network invalidates ads (expectations.networkInvalidatesAds), and"
                        + " the driver has no `invalidate`: set driver.invalidate to make the stand-in invalidate an ad"
                )
            }
            return .passed(check, Self.neverInvalidates)
        }
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        let ad = loaded.ad
        let host = await MainActor.run { RecordingNativeAdDelegate() }
        ad.delegate = host
        let problem = await invalidationProblem(ad, host: host, session: session, invalidate: invalidate)
        let ads = loaded.load.log.outcomes.compactMap(\.ad).count
        withExtendedLifetime(loaded.load.customEvent) {}
        switch problem {
        case nil:
            return .passed(
                check,
                "the invalidated ad expired at once; the host heard nativeAdDidExpire once, also after the lifetime")
        case ""?:
            guard !declared else {
                return .failed(
                    check,
                    "the subject declares that its network invalidates ads (expectations.networkInvalidatesAds), and"
                        + " the driver's invalidate returned false: the stand-in did not invalidate the ad")
            }
            return .passed(check, Self.neverInvalidates)
        case let problem? where ads > 1:
            // A repeated didLoad wraps the same adapter again, and the last ad made takes its delegate: the ad the
            // host got (the first) no longer hears its network.
            return .failed(
                check,
                problem
                    + " (the custom event reported \(ads) ads for one load; the adapter reports to the last one made,"
                    + " not to the first, which the host got)")
        case let problem?:
            return .failed(check, problem)
        }
    }

    /// The detail of a pass for a network that never invalidates ads.
    private static var neverInvalidates: String { "the network never invalidates ads" }

    /// Shows `ad`, has the network invalidate it and runs the clock: what went wrong, `""` when the network
    /// cannot invalidate, `nil` when all went right.
    private func invalidationProblem(
        _ ad: NativeAd, host: RecordingNativeAdDelegate, session: ConformanceSession,
        invalidate: @Sendable (NativeAd) -> Bool
    ) async -> String? {
        if let problem = session.show(ad) { return problem }
        guard !ad.isExpired else { return "the ad was expired before the network invalidated it" }
        guard invalidate(ad) else { return "" }
        // Only the network's latency passes: the ad's own lifetime (hours) must not be what expires it.
        session.manualClock.advance(by: options.networkLatency)
        guard ad.isExpired else {
            return "the network invalidated the ad and it is still usable (remaining \(ad.timeRemaining)):"
                + " forward the SDK's invalidation as nativeAdAdapterDidInvalidate(_:)"
        }
        let expiries = await host.settledCount(.expired)
        guard expiries == 1 else {
            return "the network invalidated the ad; the host heard nativeAdDidExpire \(expiries) times, expected 1"
        }
        session.manualClock.advance(by: NativeAd.defaultLifetime)
        session.manualClock.runUntilIdle(limit: 1_000)
        let afterLifetime = await host.settledCount(.expired)
        guard afterLifetime == 1 else {
            return "after the lifetime also ran out the host had heard nativeAdDidExpire \(afterLifetime) times,"
                + " expected 1"
        }
        return nil
    }
}

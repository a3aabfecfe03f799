import MediationCore
import MediationTesting

extension ConformanceRun {
    /// The network invalidates a shown ad long before its lifetime: the ad must be expired at once (the adapter
    /// forwarded ``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``), the host hears
    /// ``NativeAdDelegate/nativeAdDidExpire(_:)`` once, and still once after the lifetime also runs out.
    func checkInvalidationExpires() async -> ConformanceCheckResult {
        let check = ConformanceCheck.invalidationExpires
        let session = makeSession()
        guard let invalidate = session.harness.invalidate else {
            return .skipped(check, "the driver has no `invalidate`: the stand-in cannot invalidate an ad")
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
        withExtendedLifetime(loaded.load.customEvent) {}
        switch problem {
        case nil:
            return .passed(
                check,
                "the invalidated ad expired at once; the host heard nativeAdDidExpire once, also after the lifetime")
        case ""?:
            return .skipped(check, "the network stand-in cannot invalidate an ad")
        case let problem?:
            return .failed(check, problem)
        }
    }

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

import MediationCore
import MediationTesting

extension ConformanceRun {
    /// Loads the sample ad, puts a recording delegate on its adapter, then renders it into a card.
    private func loadAndShow(
        _ session: ConformanceSession
    ) -> Result<(load: ConformanceSession.Load, ad: NativeAd, recorder: RecordingAdapterDelegate), SampleLoadFailure> {
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failure(failure)
        }
        let recorder = RecordingAdapterDelegate()
        loaded.ad.adapter.delegate = recorder
        if let problem = session.show(loaded.ad) { return .failure(SampleLoadFailure(reason: problem)) }
        return .success((loaded.load, loaded.ad, recorder))
    }

    /// On an ad that was rendered (attached) first, one network impression gives exactly one impression.
    func checkImpressionOnceWhenShown() -> ConformanceCheckResult {
        let check = ConformanceCheck.impressionOnceWhenShown
        let session = makeSession()
        let shown: (load: ConformanceSession.Load, ad: NativeAd, recorder: RecordingAdapterDelegate)
        switch loadAndShow(session) {
        case .success(let success): shown = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        let attached = shown.recorder.count(.willLogImpression)
        let triggered = withExtendedLifetime(shown.load.customEvent) { session.harness.trigger(.impression, shown.ad) }
        guard triggered else {
            return .skipped(check, "the network stand-in cannot report an impression")
        }
        let total = shown.recorder.count(.willLogImpression)
        guard total == 1 else {
            return .failed(
                check,
                "attaching the ad gave \(attached) × willLogImpression and the network's one impression"
                    + " \(total - attached) more: \(total) in all; expected exactly one")
        }
        return .passed(check, "rendered, then one network impression: one willLogImpression in all")
    }

    /// `willAttach(to:)` registers the ad with the network, where the subject declares it should.
    func checkRegistersOnAttach() -> ConformanceCheckResult {
        let check = ConformanceCheck.registersOnAttach
        guard let declared = subject.expectations.registersOnAttach else {
            return .skipped(check, "the subject does not declare expectations.registersOnAttach")
        }
        let session = makeSession()
        let shown: (load: ConformanceSession.Load, ad: NativeAd, recorder: RecordingAdapterDelegate)
        switch loadAndShow(session) {
        case .success(let success): shown = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        guard declared else {
            return .passed(check, "declared: the network needs no registration on attach")
        }
        let observed = withExtendedLifetime(shown.load.customEvent) {
            session.harness.observe(shown.ad).isRegisteredForInteraction
        }
        guard let registered = observed else {
            return .skipped(
                check, "the network stand-in cannot observe registration (observe.isRegisteredForInteraction)")
        }
        guard registered else {
            return .failed(
                check,
                "the ad was rendered but its network ad is not registered with the network: willAttach(to:) must"
                    + " register it, or the network counts no impression and no click")
        }
        return .passed(check, "willAttach(to:) registered the ad with the network")
    }

    /// The host's impressions and clicks take the path the adapter's `handles…` settings say, once each.
    func checkHostReportedEvents() -> ConformanceCheckResult {
        let check = ConformanceCheck.hostReportedEvents
        let session = makeSession()
        let shown: (load: ConformanceSession.Load, ad: NativeAd, recorder: RecordingAdapterDelegate)
        switch loadAndShow(session) {
        case .success(let success): shown = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        let ad = shown.ad
        let adapter = ad.adapter
        for _ in 0..<2 {
            ad.recordImpression()
            ad.recordClick()
        }
        let observation = withExtendedLifetime(shown.load.customEvent) { session.harness.observe(ad) }
        let passes = subject.expectations.passesHostEventsToNetwork
        var notes: [String] = []
        // The ad records one impression however often the host reports it, but passes on every tap.
        let paths: [(name: String, handled: Bool, reached: Int?, passedOn: Int)] = [
            ("impression", adapter.handlesImpressions, observation.hostReportedImpressions, 1),
            ("click", adapter.handlesClicks, observation.hostReportedClicks, 2),
        ]
        for path in paths {
            if path.handled {
                if let reached = path.reached, reached != 0 {
                    return .failed(
                        check,
                        "handles\(path.name.capitalized)s is true, yet \(reached) host-reported \(path.name)(s) reached"
                            + " the network")
                }
                notes.append("\(path.name)s: the network's own (host reports ignored)")
                continue
            }
            guard let passes else {
                return .skipped(
                    check,
                    "handles\(path.name.capitalized)s is false and the subject does not declare"
                        + " expectations.passesHostEventsToNetwork")
            }
            guard let reached = path.reached else {
                return .skipped(check, "the network stand-in cannot observe host-reported \(path.name)s")
            }
            let expected = passes ? path.passedOn : 0
            guard reached == expected else {
                return .failed(
                    check,
                    "the host reported 2 \(path.name)s (the ad called track\(path.name.capitalized)"
                        + " \(path.passedOn) time(s)); \(reached) reached the network, declared \(expected)")
            }
            notes.append("\(path.name)s: host-reported, \(reached) reached the network")
        }
        return .passed(check, notes.joined(separator: "; "))
    }

    /// A failed image precache gives exactly one outcome (MoPub's own bug: `didFail`, then `didLoad` anyway).
    func checkImagePrecacheFailure() -> ConformanceCheckResult {
        let check = ConformanceCheck.imagePrecacheFailure
        let session = makeSession()
        let precacher = FailingImagePrecacher()
        let request = ConformanceSession.Request(imagePrecacher: precacher)
        let load = session.startLoad(ConformanceScenario(.fill(nil), latency: options.networkLatency), request: request)
        withExtendedLifetime(load.customEvent) {
            session.manualClock.advance(by: options.networkLatency)
            session.settle()
        }
        let outcomes = load.log.outcomes
        guard precacher.requestCount > 0 else {
            guard outcomes.count == 1 else {
                return .failed(check, "\(outcomes.count) outcomes (\(outcomes.summary)) for one fill; expected one")
            }
            return .passed(
                check, "the adapter does not precache through the context (the SDK loads images); one outcome")
        }
        guard outcomes.count == 1 else {
            return .failed(
                check,
                "the image precache failed and the custom event reported \(outcomes.summary); expected exactly one"
                    + " outcome (after didFail(image_download_failed) nothing may follow)")
        }
        return .passed(check, "the image precache failed: one \(outcomes.summary), nothing more")
    }
}

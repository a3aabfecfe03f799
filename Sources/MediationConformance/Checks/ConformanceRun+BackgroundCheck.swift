import Dispatch
import MediationCore
import MediationSupport
import MediationTesting

extension ConformanceRun {
    /// Several loads answered on background threads each report once; events reported from many threads at
    /// once are forwarded once each; a stop racing a background answer stays safe. Run it under
    /// ThreadSanitizer to see data races in the adapter.
    func checkBackgroundCallbacks() async -> ConformanceCheckResult {
        let check = ConformanceCheck.backgroundCallbacks
        let count = max(options.backgroundRequestCount, 1)
        let scenario = ConformanceScenario(.fill(nil), latency: options.networkLatency, delivery: .backgroundThread)
        let session = makeSession()
        let loads = (0..<count).map { _ in session.startLoad(scenario) }
        let racer = session.startLoad(scenario)
        let racingEvent = racer.customEvent
        DispatchQueue.global().async {
            racer.log.markStopped()
            racingEvent.stop()
        }
        session.manualClock.advance(by: options.networkLatency)
        for (index, load) in loads.enumerated() {
            guard await load.log.waitForOutcomes(1, limit: options.backgroundWaitLimit) else {
                return .failed(
                    check,
                    "load \(index + 1) of \(count): no outcome within \(options.backgroundWaitLimit.readable) of"
                        + " the network's background answer")
            }
        }
        var ads: [NativeAd] = []
        for (index, load) in loads.enumerated() {
            guard let ad = load.log.loadedAd else {
                return .failed(
                    check, "load \(index + 1) of \(count) reported \(load.log.outcomes.summary) for a background fill")
            }
            ads.append(ad)
        }
        let recorders = ads.map { ad in
            let recorder = RecordingAdapterDelegate()
            ad.adapter.delegate = recorder
            return recorder
        }
        let supported = Locked<Set<ConformanceNetworkEvent>>([])
        let harness = session.harness
        let loadedAds = ads
        DispatchQueue.concurrentPerform(iterations: loadedAds.count) { index in
            let ad = loadedAds[index]
            _ = ad.properties
            for event in [ConformanceNetworkEvent.impression, .click] where harness.trigger(event, ad) {
                supported.withLock { _ = $0.insert(event) }
            }
        }
        let problem = withExtendedLifetime((loads, recorders, racer)) {
            backgroundProblem(loads: loads, recorders: recorders, supported: supported.current, racer: racer)
        }
        if let problem { return .failed(check, problem) }
        guard !supported.current.isEmpty else {
            return .skipped(
                check,
                "\(count) loads answered on background threads, one didLoad each; the event half did not run: the"
                    + " network stand-in cannot report impressions or clicks")
        }
        return .passed(
            check,
            "\(count) loads answered on background threads: one didLoad each; impressions and clicks from \(count)"
                + " threads once each")
    }

    private func backgroundProblem(
        loads: [ConformanceSession.Load], recorders: [RecordingAdapterDelegate],
        supported: Set<ConformanceNetworkEvent>, racer: ConformanceSession.Load
    ) -> String? {
        for (index, load) in loads.enumerated() where load.log.outcomes.count != 1 {
            return "load \(index + 1) reported \(load.log.outcomes.summary) for one background answer; expected one"
        }
        for (index, recorder) in recorders.enumerated() {
            for event in supported.sorted(by: { $0.rawValue < $1.rawValue }) {
                let received = recorder.count(event.adapterDelegateEvent)
                if received != 1 {
                    return "ad \(index + 1): one \(event.rawValue) reported from a background thread reached the"
                        + " adapter delegate \(received) times"
                }
            }
        }
        if racer.log.outcomes.count > 1 {
            return "a load stopped while its answer arrived on a background thread reported"
                + " \(racer.log.outcomes.summary)"
        }
        return nil
    }
}

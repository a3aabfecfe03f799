import Dispatch
import MediationCore
import MediationSupport
import MediationTesting

extension ConformanceRun {
    /// Many loads of one custom event type, started from several threads at once; each network answers three
    /// times at once from background threads while half the loads are stopped from other threads; then every
    /// loaded ad is shown and hammered with network events, host events and property reads from several threads.
    ///
    /// Passes when every load gives at most one outcome, every unstopped load exactly one `didLoad`, and each
    /// ad forwards between one and as many impressions and clicks as the network reported. Data races that do
    /// not change results show only under ThreadSanitizer: the overlap is real, so TSan sees it
    /// (docs/conformance.md, "ThreadSanitizer").
    func checkConcurrentLoads() async -> ConformanceCheckResult {
        let check = ConformanceCheck.concurrentLoads
        let count = max(options.concurrentLoadCount, 2)
        let threads = max(options.concurrentThreadCount, 2)
        let latency = options.networkLatency
        let scenario = ConformanceScenario(
            .fill(nil), latency: latency, delivery: .concurrentThreads, callbackCount: 3, honoursCancel: false)
        let session = makeSession()
        session.harness.arrange(scenario)
        let started = Locked<[Int: ConformanceSession.Load]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let load = session.startLoad(scenario)
            started.withLock { $0[index] = load }
        }
        let loads = (0..<count).compactMap { started.current[$0] }
        let stopped = loads.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let kept = loads.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let stops = DispatchGroup()
        DispatchQueue.global().async(group: stops) {
            DispatchQueue.concurrentPerform(iterations: stopped.count) { index in
                stopped[index].log.markStopped()
                stopped[index].customEvent.stop()
            }
        }
        session.manualClock.advance(by: latency)
        for (index, load) in kept.enumerated() {
            guard await load.log.waitForOutcomes(1, limit: options.backgroundWaitLimit) else {
                return .failed(
                    check,
                    "load \(index * 2 + 1) of \(count): no outcome within \(options.backgroundWaitLimit.readable) of"
                        + " the network's concurrent answers")
            }
        }
        await withCheckedContinuation { continuation in stops.notify(queue: .global()) { continuation.resume() } }
        // The network's repeated answers run on other threads; give stragglers a bounded moment to show.
        _ = await kept[0].log.waitForOutcomes(2, limit: .milliseconds(100))
        if let problem = concurrentOutcomeProblem(kept: kept, stopped: stopped) {
            return .failed(check, problem)
        }
        let ads = kept.compactMap(\.log.loadedAd)
        let recorders = ads.map { ad in
            let recorder = RecordingAdapterDelegate()
            ad.adapter.delegate = recorder
            return recorder
        }
        for ad in ads { session.show(ad) }
        let reported = Locked<[Int: [ConformanceNetworkEvent: Int]]>([:])
        let harness = session.harness
        DispatchQueue.concurrentPerform(iterations: ads.count * threads) { iteration in
            let adIndex = iteration % ads.count
            let ad = ads[adIndex]
            _ = ad.properties
            for event in [ConformanceNetworkEvent.impression, .click] where harness.trigger(event, ad) {
                reported.withLock { $0[adIndex, default: [:]][event, default: 0] += 1 }
            }
            ad.recordImpression()
            ad.recordClick()
            _ = ad.adapter.defaultActionURL
        }
        let problem = withExtendedLifetime((loads, recorders)) {
            concurrentEventProblem(ads: ads, recorders: recorders, reported: reported.current, hostReports: threads)
        }
        if let problem { return .failed(check, problem) }
        return .passed(
            check,
            "\(count) loads from \(threads)+ threads, 3 concurrent answers each, \(stopped.count) stopped meanwhile:"
                + " at most one outcome each; \(ads.count) shown ads hammered from \(threads) threads, events forwarded"
        )
    }

    private func concurrentOutcomeProblem(kept: [ConformanceSession.Load], stopped: [ConformanceSession.Load])
        -> String?
    {
        for (index, load) in kept.enumerated() where load.log.outcomes.count != 1 || load.log.loadedAd == nil {
            return "load \(index * 2 + 1): three concurrent answers gave \(load.log.outcomes.summary); expected one"
                + " didLoad"
        }
        for (index, load) in stopped.enumerated() where load.log.outcomes.count > 1 {
            return "load \(index * 2 + 2), stopped while its answers arrived on other threads, reported"
                + " \(load.log.outcomes.summary); expected at most one"
        }
        return nil
    }

    /// Each ad forwarded at least one and at most as many impressions and clicks as were reported: by the
    /// network, plus those the host reported that the ad passed on to the adapter (`track…` when the adapter does
    /// not handle them), which the network may report back.
    private func concurrentEventProblem(
        ads: [NativeAd], recorders: [RecordingAdapterDelegate], reported: [Int: [ConformanceNetworkEvent: Int]],
        hostReports: Int
    ) -> String? {
        for (index, recorder) in recorders.enumerated() {
            for (event, sent) in (reported[index] ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let adapter = ads[index].adapter
                let handled = event == .impression ? adapter.handlesImpressions : adapter.handlesClicks
                let limit = sent + (handled ? 0 : hostReports)
                let received = recorder.count(event.adapterDelegateEvent)
                if !(1...limit).contains(received) {
                    return "ad \(index + 1): the network reported \(sent) × \(event.rawValue) and the host"
                        + " \(hostReports) from several threads; the adapter delegate got \(received) (expected 1"
                        + " to \(limit))"
                }
            }
        }
        return nil
    }
}

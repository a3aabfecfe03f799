import MediationCore
import MediationSupport
import MediationTesting

/// `mediation bench --heap-stages`: the malloc heap each in-flight load holds across its whole life, and what a kept
/// ``MediationRun`` holds after its load has ended.
///
/// Loads are started at once on one ``ManualClock`` and the clock is moved to each stage; the heap's growth since
/// before the first start, per load, is read at each. Two scripted worlds (every line's timeout 10 s, run deadline
/// 30 s):
/// - **hedges**: every line hangs, under `hedged(after: 500ms, maxInFlight: 5)`: 1 line in flight at t = 0 (the
///   first line), then one more at each hedge (500 ms, 1 s, 1.5 s, 2 s);
/// - **held ads**: lines 0 and 1 hang and lines 2…4 fill after 50 ms, under `hedged(after: 0ms, maxInFlight: 5)`:
///   2 lines in flight and 3 ads held at 50 ms.
/// Then line 0 of the held-ads world times out, line 1 too, the held ad of line 2 wins, and the heap per kept
/// handle is read with every handle kept, against the same after the handles are dropped.
///
/// The simulated networks' own share (each custom event, its context and its pending answer, and each held ad, made
/// with no engine around them) is measured separately and subtracted, as ``BenchScaleReport`` does.
public struct BenchHeapStages: Codable, Sendable, Hashable {
    /// One stage of a load's life.
    public struct Stage: Codable, Sendable, Hashable {
        /// What the stage is: `first line`, `hedge 1`, …, `3 ads held`.
        public var name: String
        /// Lines in flight per load.
        public var linesInFlight: Int
        /// Ads held per load.
        public var heldAds: Int
        /// The heap's growth per load.
        public var heapBytesPerLoad: Double
        /// The simulated networks' share of it, per load.
        public var networkHeapBytesPerLoad: Double?
        /// The engine's share: ``heapBytesPerLoad`` minus ``networkHeapBytesPerLoad``.
        public var engineHeapBytesPerLoad: Double?
    }

    /// Loads per world.
    public var loads: Int
    /// Each stage, in the order of a load's life.
    public var stages: [Stage]
    /// The heap each kept handle holds once its load has ended (the handles with the results, minus the same
    /// after the handles are dropped), per load.
    public var finishedHandleBytes: Double?
    /// How many of the held-ads world's loads completed (all of them, when the engine works).
    public var completed: Int
    /// The hedges world under the default strategy (``MediationStrategy/default``), read at the same moments as
    /// the hedges (0, 500 ms, …, 2 s): the lines in flight are those it started (every line hangs); `nil` when not
    /// measured. Its engine bytes against the hedged stage with as many lines in flight show what the default's
    /// own per-run state costs.
    public var defaultStrategyStages: [Stage]?

    /// Measures `loads` loads of each world; `nil` where the platform does not report its malloc heap.
    public static func measure(loads: Int = 2_000) -> BenchHeapStages? {
        guard ProcessMemory.heapBytesInUse != nil, loads > 0 else { return nil }
        let hang = BenchLineOutcome(kind: .hang, latency: .zero, timeout: .seconds(10))
        let fill = BenchLineOutcome(kind: .fill, latency: .milliseconds(50), timeout: .seconds(10))
        var stages: [Stage] = []
        do {
            let world = BenchWorld(requests: [Array(repeating: hang, count: 6)], prices: [6, 5, 4, 3, 2, 1])
            let session = Session(world: world, loads: loads, strategy: hedge(delayMs: 500, maxInFlight: 5))
            for lines in 1...5 {
                let heap = session.heapPerLoad()
                let network = BenchScaleReport.networkHeapBytes(
                    world: world, loads: loads, requests: lines * loads, clock: .virtual)
                stages.append(
                    Stage(
                        name: lines == 1 ? "first line" : "hedge \(lines - 1)", linesInFlight: lines, heldAds: 0,
                        heapBytesPerLoad: heap, networkHeapBytesPerLoad: network,
                        engineHeapBytesPerLoad: BenchScaleReport.engineShare(heap: heap, network: network)))
                session.clock.advance(by: .milliseconds(500))
            }
            session.finishAll()
        }
        var defaultStages: [Stage] = []
        do {
            let world = BenchWorld(requests: [Array(repeating: hang, count: 6)], prices: [6, 5, 4, 3, 2, 1])
            let session = Session(world: world, loads: loads, strategy: .default)
            for moment in 0..<5 {
                let heap = session.heapPerLoad()
                let started = session.requests.current
                let network = BenchScaleReport.networkHeapBytes(
                    world: world, loads: loads, requests: started, clock: .virtual)
                defaultStages.append(
                    Stage(
                        name: "default at \(moment * 500) ms", linesInFlight: (started + loads / 2) / loads,
                        heldAds: 0, heapBytesPerLoad: heap, networkHeapBytesPerLoad: network,
                        engineHeapBytesPerLoad: BenchScaleReport.engineShare(heap: heap, network: network)))
                session.clock.advance(by: .milliseconds(500))
            }
            session.finishAll()
        }
        let world = BenchWorld(requests: [[hang, hang, fill, fill, fill]], prices: [5, 4, 3, 2, 1])
        let session = Session(world: world, loads: loads, strategy: hedge(delayMs: 0, maxInFlight: 5))
        session.clock.advance(by: .milliseconds(50))
        let heap = session.heapPerLoad()
        // The networks' share: the two hanging lines' custom events (the filled lines' events have answered) and
        // the three ads each load holds, made the way the custom event makes them.
        let network = BenchScaleReport.networkHeapBytes(
            world: world, loads: loads, requests: 2 * loads, clock: .virtual
        )
        .flatMap { events in adHeapBytes(count: 3 * loads).map { events + $0 / Double(loads) } }
        stages.append(
            Stage(
                name: "3 ads held", linesInFlight: 2, heldAds: 3, heapBytesPerLoad: heap,
                networkHeapBytesPerLoad: network,
                engineHeapBytesPerLoad: BenchScaleReport.engineShare(heap: heap, network: network)))
        session.clock.advance(by: .seconds(10))
        let completed = session.completed.current
        let kept = ProcessMemory.heapBytesInUse
        session.dropHandles()
        let dropped = ProcessMemory.heapBytesInUse
        let handle = kept.flatMap { kept in dropped.map { Double(kept - $0) / Double(loads) } }
        return BenchHeapStages(
            loads: loads, stages: stages, finishedHandleBytes: handle, completed: completed,
            defaultStrategyStages: defaultStages)
    }

    /// The heap `count` filled ads hold, made as ``BenchCustomEvent`` makes them, with no engine around them.
    static func adHeapBytes(count: Int) -> Double? {
        let context = NativeAdRequestContext(
            delegate: BareLoopDelegate(), clock: MediationClock(ManualClock()),
            trackerPinger: DiscardingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: BenchCustomEvent.identifier, networkName: "line2"))
        var ads: [NativeAd] = []
        ads.reserveCapacity(count)
        guard let before = ProcessMemory.heapBytesInUse else { return nil }
        for _ in 0..<count {
            ads.append(context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: BenchCustomEvent.properties)))
        }
        guard let after = ProcessMemory.heapBytesInUse else { return nil }
        return ads.isEmpty ? nil : Double(after - before)
    }

    private static func hedge(delayMs: Int, maxInFlight: Int) -> MediationStrategy {
        (try? MediationStrategy.hedged(after: .milliseconds(delayMs), maxInFlight: maxInFlight)) ?? .default
    }

    /// `loads` loads of `world`'s first request started at once on one clock, their handles kept.
    private final class Session {
        let clock = ManualClock()
        let completed = Locked(0)
        /// Lines started, over every load.
        let requests = Locked(0)
        private let heapBefore: Int
        private var handles: [MediationRun] = []
        private let loads: Int

        init(world: BenchWorld, loads: Int, strategy: MediationStrategy) {
            self.loads = loads
            let registry = BenchCustomEvent.registry(counting: requests)
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: strategy, clock: MediationClock(clock), trackerPinger: DiscardingTrackerPinger(),
                    imagePrecacher: NoImagePrecaching(), limits: .default))
            let response = AdResponse(
                lines: world.requests[0].enumerated().map { index, outcome in
                    WaterfallLine(
                        customEventIdentifier: BenchCustomEvent.identifier,
                        info: BenchCustomEvent.info(for: outcome), timeout: outcome.timeout,
                        networkName: "line\(index)", price: world.prices[index])
                })
            handles.reserveCapacity(loads)
            heapBefore = ProcessMemory.heapBytesInUse ?? 0
            for _ in 0..<loads {
                let completed = completed
                handles.append(
                    mediator.mediate(response, delivery: .immediate) { _ in completed.withLock { $0 += 1 } })
            }
        }

        /// The heap's growth since before the first start, per load.
        func heapPerLoad() -> Double {
            Double((ProcessMemory.heapBytesInUse ?? heapBefore) - heapBefore) / Double(loads)
        }

        /// Runs every load to its end.
        func finishAll() {
            while clock.advanceToNextDeadline() {}
        }

        func dropHandles() {
            handles = []
        }
    }
}

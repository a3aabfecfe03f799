import Dispatch
import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// `mediation bench --scale N`: N loads in flight at once on one virtual clock (or the continuous clock), run to
/// completion.
public struct BenchScaleReport: Codable, Sendable, Hashable {
    /// How many loads were started.
    public var loads: Int
    /// How many completed (filled or failed).
    public var completed: Int
    /// The clock the loads ran on: `virtual` or `continuous`.
    public var clock: String
    /// Wall-clock seconds from the first start to the last completion.
    public var wallSeconds: Double
    /// The process's peak resident memory (Linux `VmHWM`), in bytes; `nil` where unknown.
    public var peakRSSBytes: Int?
    /// Resident memory added while every load was in flight, per load; `nil` where unknown.
    public var bytesPerInFlightLoad: Double?
    /// The malloc heap's growth while every load was in flight, per load (precise where the resident set counts
    /// pages); `nil` where the platform does not say.
    public var heapBytesPerInFlightLoad: Double?
    /// The heap the simulated networks alone hold for the same requests, per load: each request made directly
    /// on the custom event with its answer timer pending on the same kind of clock, with no engine around it.
    public var networkHeapBytesPerInFlightLoad: Double?
    /// The engine's own share of the heap per in-flight load: ``heapBytesPerInFlightLoad`` minus
    /// ``networkHeapBytesPerInFlightLoad`` (``engineShare(heap:network:)``).
    public var engineHeapBytesPerInFlightLoad: Double?

    /// The engine's share of `heap` bytes per load when the simulated networks hold `network` of them; `nil`
    /// when either is unknown.
    public static func engineShare(heap: Double?, network: Double?) -> Double? {
        guard let heap, let network else { return nil }
        return heap - network
    }

    /// The most threads the process had while the loads ran (Linux `Threads`, sampled every 20 ms on the
    /// continuous clock and at each stage on the virtual one); `nil` where unknown. The engine starts no thread
    /// per load or per timer, so this stays flat however many loads are in flight.
    public var peakThreads: Int?

    /// Creates a report.
    public init(
        loads: Int, completed: Int, clock: String, wallSeconds: Double, peakRSSBytes: Int?,
        bytesPerInFlightLoad: Double?
    ) {
        self.loads = loads
        self.completed = completed
        self.clock = clock
        self.wallSeconds = wallSeconds
        self.peakRSSBytes = peakRSSBytes
        self.bytesPerInFlightLoad = bytesPerInFlightLoad
    }

    /// Which clock a scale run uses.
    public enum ClockKind: String, Sendable, CaseIterable {
        /// One ``ManualClock``, advanced deadline by deadline as fast as the machine goes.
        case virtual
        /// The continuous clock: the networks' latencies and the timeouts pass in real time.
        case continuous
    }

    /// Starts `loads` loads of `world`'s requests (cycled) under `strategy` at once, then waits until all have
    /// completed: on a ``ManualClock`` advanced until nothing is left to run, or on the continuous clock for at
    /// most `continuousTimeout`.
    public static func measure(
        world: BenchWorld, loads: Int, strategy: MediationStrategy, clock kind: ClockKind = .virtual,
        continuousTimeout: Duration = .seconds(120)
    ) -> BenchScaleReport {
        let clock = ManualClock()
        let mediationClock = kind == .virtual ? MediationClock(clock) : MediationClock(ContinuousClock())
        let counter = Locked(0)
        let registry = BenchCustomEvent.registry(counting: counter)
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(),
                // The production limits, run deadline included: its timer is part of what a load in flight holds.
                limits: .default))
        let responses = world.requests.indices.map { request in
            AdResponse(
                lines: world.requests[request].enumerated().map { index, outcome in
                    WaterfallLine(
                        customEventIdentifier: BenchCustomEvent.identifier,
                        info: BenchCustomEvent.info(for: outcome), timeout: outcome.timeout,
                        networkName: "line\(index)", price: world.prices[index])
                })
        }
        let completed = Locked(0)
        let group = DispatchGroup()
        let residentBefore = ProcessMemory.residentBytes
        let heapBefore = ProcessMemory.heapBytesInUse
        let start = ContinuousClock.now
        for load in 0..<loads where !responses.isEmpty {
            group.enter()
            mediator.mediate(responses[load % responses.count], delivery: .immediate) { _ in
                completed.withLock { $0 += 1 }
                group.leave()
            }
        }
        let residentInFlight = ProcessMemory.residentBytes
        let heapInFlight = ProcessMemory.heapBytesInUse
        let requestsInFlight = counter.current
        var peakThreads = ProcessMemory.threadCount
        func sampleThreads() {
            if let now = ProcessMemory.threadCount { peakThreads = max(peakThreads ?? 0, now) }
        }
        switch kind {
        case .virtual:
            while completed.current < loads, clock.advanceToNextDeadline() {}
            sampleThreads()
        case .continuous:
            let deadline = ContinuousClock.now + continuousTimeout
            while ContinuousClock.now < deadline, group.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
                sampleThreads()
            }
        }
        let wall = (ContinuousClock.now - start) / .seconds(1)
        let perLoad: Double? =
            if let residentBefore, let residentInFlight, loads > 0 {
                Double(max(residentInFlight - residentBefore, 0)) / Double(loads)
            } else {
                nil
            }
        var report = BenchScaleReport(
            loads: loads, completed: completed.current, clock: kind.rawValue, wallSeconds: wall,
            peakRSSBytes: ProcessMemory.peakResidentBytes, bytesPerInFlightLoad: perLoad)
        report.peakThreads = peakThreads
        if let heapBefore, let heapInFlight, loads > 0 {
            report.heapBytesPerInFlightLoad = Double(heapInFlight - heapBefore) / Double(loads)
            report.networkHeapBytesPerInFlightLoad = networkHeapBytes(
                world: world, loads: loads, requests: requestsInFlight, clock: kind)
            report.engineHeapBytesPerInFlightLoad = engineShare(
                heap: report.heapBytesPerInFlightLoad, network: report.networkHeapBytesPerInFlightLoad)
        }
        return report
    }

    /// The heap per load that the simulated networks hold for `requests` requests spread over `loads` loads (each
    /// load's first lines, as the engine starts them), made directly with no engine: the custom events, their
    /// captured contexts and their pending answers on a clock of `kind`. Measured after the engine's loads have
    /// completed and been freed, so the heap figures of the two do not overlap.
    static func networkHeapBytes(
        world: BenchWorld, loads: Int, requests: Int, clock kind: ClockKind,
        heapInUse: () -> Int? = { ProcessMemory.heapBytesInUse }, requestCounter counter: Locked<Int> = Locked(0)
    ) -> Double? {
        guard loads > 0, let request = world.requests.first else { return nil }
        let manual = ManualClock()
        let clock = kind == .virtual ? MediationClock(manual) : MediationClock(ContinuousClock())
        let delegate = BareLoopDelegate()
        // One context per line, as every load of the engine hands the same line the same source.
        let contexts = request.indices.map { index in
            NativeAdRequestContext(
                delegate: delegate, clock: clock, trackerPinger: DiscardingTrackerPinger(),
                source: NativeAdSource(customEventIdentifier: BenchCustomEvent.identifier, networkName: "line\(index)"))
        }
        var events: [BenchCustomEvent] = []
        events.reserveCapacity(requests)
        guard let before = heapInUse() else { return nil }
        for made in 0..<requests {
            let load = made % loads
            let line = min(made / loads, request.count - 1)
            let outcome = world.requests[load % world.requests.count][line]
            let event = BenchCustomEvent(requestCounter: counter)
            event.requestAd(info: BenchCustomEvent.info(for: outcome), adMarkup: nil, context: contexts[line])
            events.append(event)
        }
        guard let after = heapInUse() else { return nil }
        for event in events { event.stop() }
        return Double(after - before) / Double(loads)
    }
}

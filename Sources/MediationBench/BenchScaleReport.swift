import Dispatch
import Foundation
import MediationCore
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
        var registry = MediationRegistry()
        try? registry.registerCustomEvent(BenchCustomEvent.identifier) { BenchCustomEvent(requestCounter: counter) }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: [BenchCustomEvent.identifier]))
        let mediator = Mediator(
            registry: registry, strategy: strategy, mediationClock: mediationClock,
            trackerPinger: DiscardingTrackerPinger(),
            imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: nil))
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
        let start = ContinuousClock.now
        for load in 0..<loads where !responses.isEmpty {
            group.enter()
            mediator.mediate(responses[load % responses.count], delivery: .immediate) { _ in
                completed.withLock { $0 += 1 }
                group.leave()
            }
        }
        let residentInFlight = ProcessMemory.residentBytes
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
        return report
    }
}

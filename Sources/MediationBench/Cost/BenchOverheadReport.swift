import Dispatch
import Foundation
import MediationCore
import MediationSupport

/// `mediation bench --overhead`: what the engine costs per load when every network answers at once, against a
/// bare loop that calls the same custom events directly and builds what the engine builds once (the request
/// scope every line's context shares) once. Figures are medians of several runs; each run times the
/// bare loop right before the engine, and a ratio is the median of the runs' own ratios, so that a run slowed by a
/// neighbour on a shared machine slows both sides of its ratio.
public struct BenchOverheadReport: Codable, Sendable, Hashable {
    /// Lines per load (9 no-fills, then a fill).
    public var linesPerLoad: Int
    /// Loads per run.
    public var loadsPerRun: Int
    /// Runs per figure (the median is reported).
    public var runs: Int
    /// Engine µs per line attempt, plain lines built in code (continuous clock, default strategy, silent logger).
    public var usPerLineAttempt: Double
    /// Engine µs per load, plain lines.
    public var usPer10LineLoad: Double
    /// The bare loop's µs per load.
    public var bareLoopUsPerLoad: Double
    /// Engine over bare loop, plain lines: the median of the runs' ratios.
    public var bareLoopRatio: Double
    /// Engine µs per load with lines parsed (once, outside the timing) from MoPub JSON with trackers and
    /// before- and after-load URLs.
    public var mopubUsPer10LineLoad: Double
    /// Engine over bare loop, MoPub lines: the median of the runs' ratios.
    public var mopubBareLoopRatio: Double
    /// Engine µs per 10-line load, plain lines, under ``MediationStrategy/recommendedAdaptive`` (the learning
    /// cost: recording every outcome and the launch decisions); `nil` in reports from before it was measured.
    public var adaptiveUsPer10LineLoad: Double?
    /// ``adaptiveUsPer10LineLoad`` over the bare loop.
    public var adaptiveBareLoopRatio: Double?
    /// The engine's own µs per 10-line load, plain lines: ``usPer10LineLoad`` minus ``bareLoopUsPerLoad``.
    public var engineOwnUsPerLoad: Double?
    /// Allocations per 10-line load of the engine, plain lines, default strategy (an untimed pass); `nil` unless
    /// scripts/allocation-counter.c is preloaded.
    public var allocationsPerLoad: Double?
    /// Bytes requested from malloc per 10-line load of the engine.
    public var bytesAllocatedPerLoad: Double?
    /// Allocations per load of the bare loop.
    public var bareLoopAllocationsPerLoad: Double?
    /// Bytes requested per load of the bare loop.
    public var bareLoopBytesAllocatedPerLoad: Double?

    /// Creates a report.
    public init(
        linesPerLoad: Int, loadsPerRun: Int, runs: Int, usPerLineAttempt: Double, usPer10LineLoad: Double,
        bareLoopUsPerLoad: Double, bareLoopRatio: Double, mopubUsPer10LineLoad: Double, mopubBareLoopRatio: Double
    ) {
        self.linesPerLoad = linesPerLoad
        self.loadsPerRun = loadsPerRun
        self.runs = runs
        self.usPerLineAttempt = usPerLineAttempt
        self.usPer10LineLoad = usPer10LineLoad
        self.bareLoopUsPerLoad = bareLoopUsPerLoad
        self.bareLoopRatio = bareLoopRatio
        self.mopubUsPer10LineLoad = mopubUsPer10LineLoad
        self.mopubBareLoopRatio = mopubBareLoopRatio
    }

    /// The outcomes of the measured load: 9 immediate no-fills, then an immediate fill.
    static let outcomes: [BenchLineOutcome] =
        Array(repeating: BenchLineOutcome(kind: .noFill, latency: .zero, timeout: .seconds(10)), count: 9)
        + [BenchLineOutcome(kind: .fill, latency: .zero, timeout: .seconds(10))]

    /// Measures `runs` runs of `loads` loads each, for the engine with plain lines, with MoPub lines, and for
    /// the bare loop; `progress` receives a line per run.
    ///
    /// - Throws: ``BenchRunError`` when a load does not deliver the expected winner.
    public static func measure(
        loads: Int = 2_000, runs: Int = 7, progress: (@Sendable (String) -> Void)? = nil
    ) throws(BenchRunError) -> BenchOverheadReport {
        let plain = AdResponse(
            lines: outcomes.enumerated().map { index, outcome in
                WaterfallLine(
                    customEventIdentifier: BenchCustomEvent.identifier, info: BenchCustomEvent.info(for: outcome),
                    timeout: outcome.timeout, networkName: "line\(index)", price: Double(10 - index))
            })
        let mopub: AdResponse
        do {
            mopub = try AdResponse.parse(json: Data(mopubJSON.utf8))
        } catch {
            throw BenchRunError(strategy: "overhead", request: 0, reason: "the MoPub response did not parse: \(error)")
        }
        var engine: [Double] = []
        var engineMoPub: [Double] = []
        var bare: [Double] = []
        var adaptive: [Double] = []
        for run in 1...max(runs, 1) {
            bare.append(max(bareLoopMicroseconds(plain, loads: loads), 0.001))
            engine.append(try engineMicroseconds(plain, loads: loads))
            adaptive.append(try engineMicroseconds(plain, loads: loads, strategy: .recommendedAdaptive))
            engineMoPub.append(try engineMicroseconds(mopub, loads: loads))
            progress?("bench overhead: run \(run)/\(runs)")
        }
        /// The median of each run's figure over the bare loop of the same run.
        func ratio(_ figures: [Double]) -> Double { median(zip(figures, bare).map { $0 / $1 }) }
        let perLoad = median(engine)
        var report = BenchOverheadReport(
            linesPerLoad: outcomes.count, loadsPerRun: loads, runs: runs,
            usPerLineAttempt: perLoad / Double(outcomes.count), usPer10LineLoad: perLoad,
            bareLoopUsPerLoad: median(bare), bareLoopRatio: ratio(engine),
            mopubUsPer10LineLoad: median(engineMoPub), mopubBareLoopRatio: ratio(engineMoPub))
        report.adaptiveUsPer10LineLoad = median(adaptive)
        report.adaptiveBareLoopRatio = ratio(adaptive)
        report.engineOwnUsPerLoad = perLoad - median(bare)
        let engineCounts = try allocationsPerLoad(loads: 200) { loads throws(BenchRunError) in
            _ = try engineMicroseconds(plain, loads: loads)
        }
        report.allocationsPerLoad = engineCounts?.count
        report.bytesAllocatedPerLoad = engineCounts?.bytes
        let bareCounts = try allocationsPerLoad(loads: 200) { loads in _ = bareLoopMicroseconds(plain, loads: loads) }
        report.bareLoopAllocationsPerLoad = bareCounts?.count
        report.bareLoopBytesAllocatedPerLoad = bareCounts?.bytes
        return report
    }

    /// The production setup: continuous clock, `strategy` (the default unless told), silent logger, discarding
    /// pinger; µs per load.
    static func engineMicroseconds(
        _ response: AdResponse, loads: Int, strategy: MediationStrategy = .default
    ) throws(BenchRunError) -> Double {
        let mediator = Mediator(
            registry: BenchCustomEvent.registry(counting: Locked(0)),
            configuration: MediatorConfiguration(
                strategy: strategy, trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        return try microsecondsPerLoad(mediator, [response], loads: loads, measure: "overhead")
    }

    /// µs per load of `loads` loads through `mediator`, taking `responses` in turn. Every load must deliver its
    /// last line's fill (the one line that fills, and the only one whose network is named so), or the `measure`
    /// fails. The completion takes the ad, as a host does; it does not read the trace, which a run makes only when
    /// it is read.
    static func microsecondsPerLoad(
        _ mediator: Mediator, _ responses: [AdResponse], loads: Int, measure: String
    ) throws(BenchRunError) -> Double {
        let done = DispatchSemaphore(value: 0)
        let winners = Locked(0)
        let start = ContinuousClock.now
        for load in 0..<loads {
            let response = responses[load % responses.count]
            let lastNetwork = response.lines.last?.displayNetworkName
            mediator.mediate(response, delivery: .immediate) { result in
                if let ad = result.ad, ad.source.networkName == lastNetwork { winners.withLock { $0 += 1 } }
                done.signal()
            }
            done.wait()
        }
        let elapsed = ContinuousClock.now - start
        guard winners.current == loads else {
            throw BenchRunError(
                strategy: measure, request: 0, reason: "\(loads - winners.current) loads missed the last line's fill")
        }
        return elapsed / .microseconds(1) / Double(loads)
    }

    /// Allocations and bytes requested per load while `body` runs that many loads (after one warm-up load), or
    /// `nil` when no allocation counter is preloaded.
    static func allocationsPerLoad(
        loads: Int, _ body: (Int) throws(BenchRunError) -> Void
    ) throws(BenchRunError) -> (count: Double, bytes: Double)? {
        try body(1)
        guard let before = ProcessMemory.allocations else { return nil }
        try body(loads)
        guard let after = ProcessMemory.allocations else { return nil }
        return (Double(after.count - before.count) / Double(loads), Double(after.bytes - before.bytes) / Double(loads))
    }

    /// The same custom events, created and called directly, line after line until the fill; µs per load. What
    /// the engine builds once is built once here too: with a silent logger the mediator makes one request scope
    /// (privacy, targeting, clock, pinger, precacher) and shares it with every run, so the loop makes it once,
    /// outside the timing, and builds each line's context with it, as the engine does. The floor is the custom
    /// events' own cost plus the per-line context any engine must hand them.
    static func bareLoopMicroseconds(_ response: AdResponse, loads: Int) -> Double {
        let counter = Locked(0)
        let delegate = BareLoopDelegate()
        let scope = NativeAdRequestRunScope(
            privacy: .unrestricted, targeting: .none, clock: .continuous, logger: SilentLogger(),
            imagePrecacher: NoImagePrecaching(), trackerPinger: DiscardingTrackerPinger(),
            adLifetime: NativeAd.defaultLifetime, urlPolicy: .default)
        let start = ContinuousClock.now
        for _ in 0..<loads {
            delegate.reset()
            for line in response.lines {
                let event = BenchCustomEvent(requestCounter: counter)
                let context = NativeAdRequestContext(
                    delegate: delegate, source: line.source(adUnitID: nil), scope: scope)
                event.requestAd(info: line.info, adMarkup: line.adMarkup, context: context)
                if delegate.filled { break }
            }
        }
        return (ContinuousClock.now - start) / .microseconds(1) / Double(loads)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// A 10-entry MoPub multi-ad-response over ``BenchCustomEvent`` with trackers and load URLs on every line.
    static var mopubJSON: String {
        let entries = outcomes.enumerated().map { index, outcome in
            """
            {"metadata": {"x-adtype": "custom", "x-custom-event-class-name": "\(BenchCustomEvent.identifier)",
             "x-custom-event-class-data": {"benchOutcome": "\(outcome.kind.rawValue)", "benchLatencyMicroseconds": 0},
             "x-network-name": "line\(index)", "x-ecpm": \(10 - index), "x-ad-timeout-ms": 10000,
             "x-before-load-url": "https://tracking.example/before?line=\(index)",
             "x-after-load-url": "https://tracking.example/after?line=\(index)&ms=%%LOAD_DURATION_MS%%&result=%%LOAD_RESULT%%",
             "imptrackers": ["https://tracking.example/imp?line=\(index)", "https://tracking.example/imp2?line=\(index)"],
             "clicktrackers": "https://tracking.example/click?line=\(index)"}}
            """
        }
        return #"{"x-ad-unit-id": "bench", "adunit-format": "native", "ad-responses": ["#
            + entries.joined(separator: ",") + "]}"
    }
}

import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// SplitMix64: the same seed gives the same scripts on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// A seeded random waterfall: lines with fill / no fill / error / hang / missing adapter, random latencies and
/// random timeouts; run under any strategy on a fresh manual clock.
struct RandomWaterfall {
    /// How one run went.
    struct Outcome: Equatable {
        /// The winning line, `nil` for no ad.
        var winner: Int?
        /// The error when there was no ad; `nil` while the run never finished.
        var error: MediationError?
        /// When the outcome arrived on the virtual clock; `nil` when the run never finished.
        var finishedAt: Duration?
        /// How many custom events were asked for an ad.
        var requests: Int
    }

    let lines: [WaterfallLine]
    let scripts: [String: CustomEventScript]

    /// A waterfall of the given lines and scripts.
    init(copying lines: [WaterfallLine], _ scripts: [String: CustomEventScript]) {
        self.lines = lines
        self.scripts = scripts
    }

    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var lines: [WaterfallLine] = []
        var scripts: [String: CustomEventScript] = [:]
        for index in 0..<Int.random(in: 1...6, using: &random) {
            let identifier = "L\(index)"
            let latency: Duration =
                Int.random(in: 0..<10, using: &random) == 0
                ? .zero : .milliseconds(Int64.random(in: 1...3000, using: &random))
            let repeats = Int.random(in: 0..<10, using: &random) == 0 ? 2 : 1
            let kind = Int.random(in: 0..<100, using: &random)
            let outcome: CustomEventScript.Outcome =
                switch kind {
                case 0..<35: .fill(Fixture.properties(identifier))
                case 35..<65: .fail(.noFill)
                case 65..<80: .fail(.networkError(NetworkErrorInfo(domain: "sim", code: kind, message: "error")))
                default: .never
                }
            let timeout: Duration? =
                switch Int.random(in: 0..<20, using: &random) {
                case 0: nil
                case 1..<6: WaterfallLine.defaultTimeout
                default: .milliseconds(Int64.random(in: 100...4000, using: &random))
                }
            let isMissing = Int.random(in: 0..<20, using: &random) == 0
            if !isMissing {
                scripts[identifier] = CustomEventScript(outcome, latency: latency, repeatCount: repeats)
            }
            lines.append(WaterfallLine(customEventIdentifier: identifier, timeout: timeout))
        }
        self.lines = lines
        self.scripts = scripts
    }

    /// A random hedged strategy.
    static func hedgedStrategy(seed: UInt64) -> MediationStrategy {
        var random = SeededGenerator(seed: seed ^ 0xA5A5_A5A5)
        let delays: [Int64] = [0, 50, 100, 250, 500, 1000]
        let delay = delays[Int.random(in: 0..<delays.count, using: &random)]
        let limit = Int.random(in: 1...4, using: &random)
        return (try? .hedged(after: .milliseconds(delay), maxInFlight: limit)) ?? .sequential
    }

    /// Runs the waterfall under `strategy` on a fresh manual clock until nothing is left to happen, recording
    /// into `statistics` (a fresh store by default).
    func run(_ strategy: MediationStrategy, statistics: NetworkStatisticsStore = NetworkStatisticsStore()) throws
        -> Outcome
    {
        let clock = ManualClock()
        let requests = Locked(0)
        var registry = MediationRegistry()
        for (identifier, script) in scripts {
            try registry.registerCustomEvent(identifier) {
                requests.withLock { $0 += 1 }
                return ScriptedCustomEvent(identifier: identifier, script: script)
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: scripts.keys.sorted()))
        // No run deadline: the property compares whole runs, however long sequential takes.
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: nil),
                statistics: statistics))
        let delivered = Locked<(MediationRunResult, Duration)?>(nil)
        let run = mediator.mediate(AdResponse(lines: lines), delivery: .immediate) { result in
            delivered.withLock { $0 = (result, clock.elapsedSinceStart) }
        }
        clock.runUntilIdle()
        run.cancel()
        guard let (result, at) = delivered.current, result.error != .cancelled else {
            return Outcome(winner: nil, error: nil, finishedAt: nil, requests: requests.current)
        }
        return Outcome(winner: result.trace.winner, error: result.error, finishedAt: at, requests: requests.current)
    }
}

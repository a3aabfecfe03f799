import Dispatch
import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// `mediation soak`: many loads, one after another, through one long-lived ``Mediator`` (as in an app), over
/// networks that misbehave in every way the engine absorbs, with the resident memory read along the way.
///
/// Each load runs a five-line waterfall on one ``ManualClock``:
/// 1. a network that never answers (50 ms timeout);
/// 2. a network that answers after its timeout and ignores `stop()` (50 ms timeout, answers at 80 ms);
/// 3. a network that reports no fill twice;
/// 4. a network that answers from a background thread: no fill on even loads, a fill on odd ones;
/// 5. a network that fills twice.
///
/// Every tenth load is cancelled by the host 20 ms after it starts. The report counts the outcomes the host
/// received, so a lost or doubled outcome shows, and reads the resident set after the first checkpoint and at
/// the end.
public struct BenchSoakReport: Codable, Sendable, Hashable {
    /// How many loads ran.
    public var loads: Int
    /// How many outcomes the host received (must equal ``loads``).
    public var outcomes: Int
    /// Loads that received more than one outcome.
    public var duplicatedOutcomes: Int
    /// Loads that received none within the wait.
    public var missingOutcomes: Int
    /// Loads that filled, that failed, and that were cancelled.
    public var filled: Int
    /// Loads that failed (no fill, cancelled).
    public var failed: Int
    /// The load count after which ``residentBytesAtCheckpoint`` was read.
    public var checkpointLoads: Int
    /// Resident memory (Linux `VmRSS`) after ``checkpointLoads`` loads; `nil` where unknown.
    public var residentBytesAtCheckpoint: Int?
    /// Resident memory after every load; `nil` where unknown.
    public var residentBytesAtEnd: Int?
    /// Wall-clock seconds for the whole soak.
    public var wallSeconds: Double

    /// Creates a report.
    public init(
        loads: Int, outcomes: Int, duplicatedOutcomes: Int, missingOutcomes: Int, filled: Int, failed: Int,
        checkpointLoads: Int, residentBytesAtCheckpoint: Int?, residentBytesAtEnd: Int?, wallSeconds: Double
    ) {
        self.loads = loads
        self.outcomes = outcomes
        self.duplicatedOutcomes = duplicatedOutcomes
        self.missingOutcomes = missingOutcomes
        self.filled = filled
        self.failed = failed
        self.checkpointLoads = checkpointLoads
        self.residentBytesAtCheckpoint = residentBytesAtCheckpoint
        self.residentBytesAtEnd = residentBytesAtEnd
        self.wallSeconds = wallSeconds
    }

    /// Whether every load received exactly one outcome.
    public var everyLoadEndedOnce: Bool {
        outcomes == loads && duplicatedOutcomes == 0 && missingOutcomes == 0
    }

    /// Resident memory growth from the checkpoint to the end, in bytes; `nil` where unknown.
    public var residentGrowthBytes: Int? {
        guard let residentBytesAtCheckpoint, let residentBytesAtEnd else { return nil }
        return residentBytesAtEnd - residentBytesAtCheckpoint
    }

    /// Runs `loads` loads (at least 1) and reads memory after `checkpoint` loads (1,000 by default);
    /// `progress` receives a line every 10,000 loads.
    public static func measure(
        loads: Int, checkpoint: Int = 1_000, progress: (String) -> Void = { _ in }
    ) -> BenchSoakReport {
        let loads = max(loads, 1)
        let clock = ManualClock()
        let answers = DispatchGroup()
        let mediator = Mediator(
            registry: soakRegistry(answers: answers),
            configuration: MediatorConfiguration(
                strategy: .default, clock: MediationClock(clock), trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "never", timeout: .milliseconds(50)),
            WaterfallLine(customEventIdentifier: "late", timeout: .milliseconds(50)),
            WaterfallLine(customEventIdentifier: "twice-no-fill", timeout: .seconds(1)),
            WaterfallLine(customEventIdentifier: "background", timeout: .seconds(1)),
            WaterfallLine(customEventIdentifier: "twice-fill", timeout: .seconds(1)),
        ])
        let oddResponse = AdResponse(
            lines: response.lines.map { line in
                line.customEventIdentifier == "background"
                    ? WaterfallLine(customEventIdentifier: "background-fill", timeout: .seconds(1)) : line
            })
        var tally = (outcomes: 0, duplicated: 0, missing: 0, filled: 0, failed: 0)
        var residentAtCheckpoint: Int?
        let start = ContinuousClock.now
        for load in 0..<loads {
            let received = Locked<[MediationRunResult]>([])
            let run = mediator.mediate(load.isMultiple(of: 2) ? response : oddResponse, delivery: .immediate) {
                result in
                received.withLock { $0.append(result) }
            }
            if load.isMultiple(of: 10) {
                clock.advance(by: .milliseconds(20))
                run.cancel()
            }
            // Background answers land on other threads: before each step of the virtual clock, wait until every
            // answer sent so far has been delivered (5 s at most, after which the load counts as missing).
            while received.withLock({ $0.isEmpty }) {
                guard answers.wait(timeout: .now() + .seconds(5)) == .success else { break }
                if received.withLock({ !$0.isEmpty }) || !clock.advanceToNextDeadline() { break }
            }
            // Let the networks that ignore stop() answer late, so every load starts on a quiet clock.
            _ = answers.wait(timeout: .now() + .seconds(5))
            clock.runUntilIdle()
            _ = answers.wait(timeout: .now() + .seconds(5))
            let results = received.withLock { $0 }
            tally.outcomes += results.count
            if results.count > 1 { tally.duplicated += 1 }
            if results.isEmpty { tally.missing += 1 }
            if results.first?.ad != nil { tally.filled += 1 } else if !results.isEmpty { tally.failed += 1 }
            if load + 1 == min(checkpoint, loads) { residentAtCheckpoint = ProcessMemory.residentBytes }
            if (load + 1).isMultiple(of: 10_000) { progress("soak: \(load + 1)/\(loads) loads") }
        }
        return BenchSoakReport(
            loads: loads, outcomes: tally.outcomes, duplicatedOutcomes: tally.duplicated,
            missingOutcomes: tally.missing, filled: tally.filled, failed: tally.failed,
            checkpointLoads: min(checkpoint, loads), residentBytesAtCheckpoint: residentAtCheckpoint,
            residentBytesAtEnd: ProcessMemory.residentBytes, wallSeconds: (ContinuousClock.now - start) / .seconds(1))
    }

    private static func soakRegistry(answers: DispatchGroup) -> MediationRegistry {
        let properties: NativeAdProperties = {
            var properties = NativeAdProperties()
            try? properties.setText("soak", for: .title)
            return properties
        }()
        let scripts: [String: CustomEventScript] = [
            "never": .never,
            "late": CustomEventScript(.fill(properties), latency: .milliseconds(80), ignoresStop: true),
            "twice-no-fill": CustomEventScript(.fail(.noFill), latency: .milliseconds(5), repeatCount: 2),
            "twice-fill": CustomEventScript(.fill(properties), latency: .milliseconds(5), repeatCount: 2),
        ]
        var registry = MediationRegistry()
        for (identifier, script) in scripts {
            try? registry.registerCustomEvent(identifier) {
                ScriptedCustomEvent(identifier: identifier, script: script)
            }
        }
        for (identifier, fills) in [("background", false), ("background-fill", true)] {
            try? registry.registerCustomEvent(identifier) {
                BenchSoakBackgroundEvent(
                    identifier: identifier, fills: fills, latency: .milliseconds(5), answers: answers,
                    properties: properties)
            }
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(
                customEvents: scripts.keys.sorted() + ["background", "background-fill"]))
        return registry
    }
}

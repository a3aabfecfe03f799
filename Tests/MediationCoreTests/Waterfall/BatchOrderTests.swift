import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The performer runs a run's actions in the order the machine made them. A line resolved as the last action of a
/// batch, with nothing else queued, has its request taken in the same taking of the lock as its resolution: the
/// request is still the next thing the run does. Lines resolved together are all made before any is asked.
@Suite struct BatchOrderTests {
    /// Runs lines A, B and C under `strategy`, each answering no fill within its request, and returns what was
    /// done in order (each custom event's making and its request) and the run's result.
    private func run(strategy: MediationStrategy) throws -> (log: [String], result: MediationRunResult?) {
        let log = Locked<[String]>([])
        let names = ["A", "B", "C"]
        var registry = MediationRegistry()
        for name in names {
            try registry.registerCustomEvent(name) {
                log.withLock { $0.append("make \(name)") }
                return AnswerAtOnceCustomEvent(identifier: name, fills: false) { _ in
                    log.withLock { $0.append("request \(name)") }
                }
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: names))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: MediationClock(ManualClock()), trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let delivered = Locked<MediationRunResult?>(nil)
        let handle = mediator.mediate(
            AdResponse(lines: names.map { WaterfallLine(customEventIdentifier: $0) }), delivery: .immediate
        ) { result in delivered.withLock { $0 = result } }
        let logged = log.current
        handle.cancel()
        return (logged, delivered.current)
    }

    @Test func linesStartedTogetherAreAllMadeBeforeAnyIsAsked() throws {
        let (log, _) = try run(strategy: try .hedged(after: .zero, maxInFlight: 3))
        #expect(log == ["make A", "make B", "make C", "request A", "request B", "request C"])
    }

    @Test func aLineResolvedLastInItsBatchIsAskedNextAndEachAnswerMovesTheRunOn() throws {
        let (log, result) = try run(strategy: .sequential)
        #expect(log == ["make A", "request A", "make B", "request B", "make C", "request C"])
        let trace = try #require(result).trace
        #expect(trace.entries.map(\.result) == [.noFill, .noFill, .noFill])
        #expect(trace.outcome == MediationError.noFill.code)
    }
}

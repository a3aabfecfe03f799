import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The performer runs a run's actions in the order the machine made them. A line resolved as the last action of a
/// batch, with nothing else queued, has its request taken in the same taking of the lock as its resolution: the
/// request is still the next thing the run does. Lines resolved together are all made before any is asked.
@Suite struct BatchOrderTests {
    /// A custom event that writes down its making and its request, and answers `answer` inside the request (or not
    /// at all).
    private final class LoggingEvent: NativeCustomEvent, Sendable {
        let identifier: String
        private let log: Locked<[String]>
        private let answersNoFill: Bool

        init(_ identifier: String, log: Locked<[String]>, answersNoFill: Bool) {
            self.identifier = identifier
            self.log = log
            self.answersNoFill = answersNoFill
            log.withLock { $0.append("make \(identifier)") }
        }

        func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
            log.withLock { $0.append("request \(identifier)") }
            if answersNoFill { context.delegate.nativeCustomEvent(self, didFailWith: .noFill) }
        }
    }

    private func run(
        strategy: MediationStrategy, answersNoFill: Bool
    ) throws -> (log: [String], result: MediationRunResult?) {
        let log = Locked<[String]>([])
        let names = ["A", "B", "C"]
        var registry = MediationRegistry()
        for name in names {
            try registry.registerCustomEvent(name) { LoggingEvent(name, log: log, answersNoFill: answersNoFill) }
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
        let (log, _) = try run(strategy: try .hedged(after: .zero, maxInFlight: 3), answersNoFill: false)
        #expect(log == ["make A", "make B", "make C", "request A", "request B", "request C"])
    }

    @Test func aLineResolvedLastInItsBatchIsAskedNextAndEachAnswerMovesTheRunOn() throws {
        let (log, result) = try run(strategy: .sequential, answersNoFill: true)
        #expect(log == ["make A", "request A", "make B", "request B", "make C", "request C"])
        let trace = try #require(result).trace
        #expect(trace.entries.map(\.result) == [.noFill, .noFill, .noFill])
        #expect(trace.outcome == MediationError.noFill.code)
    }
}

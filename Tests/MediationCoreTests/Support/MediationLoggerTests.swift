import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// A custom event that logs through its context, then reports no fill after `latency` on the run's clock.
private final class LoggingCustomEvent: NativeCustomEvent {
    let identifier: String
    private let latency: Duration

    init(identifier: String, latency: Duration) {
        self.identifier = identifier
        self.latency = latency
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        context.logger.log(.info, "\(identifier): requesting", metadata: ["adapter": identifier])
        _ = context.clock.schedule(after: latency) { [self] in
            context.report(.failure(.noFill), from: self)
        }
    }
}

@Suite struct MediationLoggerTests {
    @Test func aDroppedMessageIsNeverBuilt() {
        let logger = RecordingLogger(minimumLevel: .warning)
        let built = Locked(0)
        func expensive(_ text: String) -> String {
            built.withLock { $0 += 1 }
            return text
        }
        func expensiveMetadata() -> [String: String] {
            built.withLock { $0 += 1 }
            return ["k": "v"]
        }
        logger.log(.debug, expensive("dropped"), metadata: expensiveMetadata())
        logger.log(.info, expensive("dropped too"))
        #expect(built.current == 0)
        logger.log(.error, expensive("kept"), metadata: expensiveMetadata())
        #expect(built.current == 2)
        #expect(logger.entries.map(\.message) == ["kept"])
        #expect(logger.entries.first?.metadata == ["k": "v"])
    }

    @Test func silentLoggerBuildsNothing() {
        var built = false
        func expensive() -> String {
            built = true
            return "x"
        }
        SilentLogger().log(.error, expensive())
        #expect(!built)
    }

    @Test func consoleLoggerWritesOneLinePerEnabledEntry() {
        let lines = Locked<[String]>([])
        let logger = ConsoleLogger(minimumLevel: .info) { line in lines.withLock { $0.append(line) } }
        logger.log(.debug, "hidden")
        logger.scoped(toRun: MediationRunID(number: 7), adUnit: "feed").log(
            .warning, "line 0: late callback", metadata: ["line": "0", "code": "no_fill"])
        logger.log(.info, "outside a run")
        #expect(
            lines.current == [
                "mediation [warning] run-7 unit=feed: line 0: late callback code=no_fill line=0",
                "mediation [info]: outside a run",
            ])
        #expect(!logger.isEnabled(.debug))
        #expect(logger.isEnabled(.error))
    }

    @Test func everyEntryOfTwoConcurrentLoadsCarriesItsRunAndAdUnit() throws {
        let clock = ManualClock()
        let logger = RecordingLogger()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Slow") { LoggingCustomEvent(identifier: "Slow", latency: .milliseconds(300)) }
        try registry.registerCustomEvent("Fast") { LoggingCustomEvent(identifier: "Fast", latency: .milliseconds(100)) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Slow", "Fast"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(clock), logger: logger,
                trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        let lines = ["Slow", "Fast"].map { WaterfallLine(customEventIdentifier: $0) }
        let feed = mediator.mediate(AdResponse(lines: lines, adUnitID: "feed")) { _ in }
        let story = mediator.mediate(AdResponse(lines: lines, adUnitID: "story")) { _ in }
        clock.runUntilIdle()

        #expect(feed.id != story.id)
        let entries = logger.entries
        #expect(entries.count > 8)
        #expect(entries.allSatisfy { $0.runID == feed.id || $0.runID == story.id })
        #expect(entries.allSatisfy { $0.adUnit == ($0.runID == feed.id ? "feed" : "story") })
        let adapterEntries = entries.filter { $0.metadata["adapter"] != nil }
        #expect(Set(adapterEntries.compactMap(\.runID)) == [feed.id, story.id])
        let reported = entries.filter { $0.message == "Fast: failed: no fill" }
        #expect(Set(reported.compactMap(\.adUnit)) == ["feed", "story"])
    }

    @Test func theEngineBuildsNoMessageForADisabledLevel() throws {
        let clock = ManualClock()
        let logger = RecordingLogger(minimumLevel: .warning)
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") { ScriptedCustomEvent(identifier: "A", script: .fail(.noFill)) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(clock), logger: logger,
                trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        _ = mediator.mediate(AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")], adUnitID: "u")) { _ in }
        clock.runUntilIdle()
        #expect(logger.entries.map(\.message) == ["run ended: no fill"])
        #expect(logger.entries.allSatisfy { $0.level >= .warning })
    }

    @Test func runIDsCountUp() {
        let first = MediationRunID.next()
        let second = MediationRunID.next()
        #expect(second.number > first.number)
        #expect(first.description == "run-\(first.number)")
    }
}

import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The run machine makes no log action for a level the logger drops, so a silent logger costs no
/// message closure per line.
@Suite struct LogGatingTests {
    private func logLevels(enabled: Set<MediationLogLevel>) -> [MediationLogLevel] {
        var machine = WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")]), strategy: .sequential,
            followsNextURL: false, enabledLogLevels: MediationLogLevelMask(enabled))
        var actions = machine.handle(.start(at: .origin))
        actions += machine.handle(.lineResolved(line: 0, .ready(.all), at: .origin))
        actions += machine.handle(.lineFailed(line: 0, error: .noFill, at: .origin))
        actions += machine.handle(.lineFailed(line: 0, error: .noFill, at: .origin))
        return actions.compactMap { action in
            if case .log(let level, _, _) = action { level } else { nil }
        }
    }

    @Test func everyEnabledLevelIsLoggedAndNoOtherIs() {
        let all = logLevels(enabled: Set(MediationLogLevel.allCases))
        #expect(all.contains(.debug))
        #expect(all.contains(.warning), "the duplicate callback")
        #expect(logLevels(enabled: [.warning, .error]).allSatisfy { $0 >= .warning })
        #expect(logLevels(enabled: [.warning, .error]).contains(.warning))
        #expect(logLevels(enabled: []).isEmpty, "a silent logger gets no log action at all")
    }

    @Test func theDriverAsksTheRunsLoggerWhichLevelsItRecords() throws {
        let harness = WaterfallHarness()
        let logger = RecordingLogger()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") {
            ScriptedCustomEvent(identifier: "A", script: CustomEventScript(.fail(.noFill), repeatCount: 2))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, logger: logger,
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in }
        #expect(logger.entries.contains { $0.level == .warning && $0.message.contains("duplicate") })
        #expect(logger.entries.contains { $0.level == .debug })

        let warningsOnly = RecordingLogger(minimumLevel: .warning)
        let quieter = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, logger: warningsOnly,
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        quieter.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in }
        #expect(warningsOnly.entries.contains { $0.message.contains("duplicate") })
        #expect(warningsOnly.entries.allSatisfy { $0.level >= .warning })
    }
}

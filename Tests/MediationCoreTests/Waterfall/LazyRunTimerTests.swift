import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A run keeps one line-timeout timer, re-armed lazily, instead of a timer per line; a restarted hedge arms its
/// next generation, whose deadline replaces the last one's in the run's timers.
@Suite struct LazyRunTimerTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func lines(_ identifiers: String..., timeout: Duration = .seconds(1)) -> [WaterfallLine] {
        identifiers.map { WaterfallLine(customEventIdentifier: $0, timeout: timeout) }
    }

    private func machine(
        _ lines: [WaterfallLine], strategy: MediationStrategy = .sequential
    ) -> WaterfallRunMachine<NativeAd> {
        WaterfallRunMachine<NativeAd>(response: AdResponse(lines: lines), strategy: strategy, followsNextURL: false)
    }

    @Test func oneLineTimerServesEveryLineAndFiresEarlyForALaterDeadline() {
        var run = machine(lines("A", "B", "C"))
        _ = run.handle(.start(at: at(0)))
        #expect(
            run.handle(.lineResolved(line: 0, .ready(.all), at: at(0))).summary == [
                "line timeouts after 1000ms", "request 0",
            ])
        #expect(run.handle(.lineFailed(line: 0, error: .noFill, at: at(10))).summary == ["resolve 1"])
        #expect(
            run.handle(.lineResolved(line: 1, .ready(.all), at: at(10))).summary == ["request 1"],
            "the timer armed for line 0 (at 1000 ms) comes first: no new timer")
        #expect(
            run.handle(.lineTimeoutsDue(at: at(1000))).summary == ["line timeouts after 10ms"],
            "nothing is due yet: re-armed for line 1's deadline")
        #expect(run.handle(.lineTimeoutsDue(at: at(1010))).summary == ["stop 1", "resolve 2"])
        #expect(run.trace.entries(forLine: 1).first?.duration == .seconds(1))
    }

    @Test func anEarlierDeadlineRearmsTheTimerAndOnlyDueLinesTimeOut() throws {
        let lines = [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1)),
            WaterfallLine(customEventIdentifier: "B", timeout: .milliseconds(200)),
        ]
        var run = machine(lines, strategy: try .hedged(after: .zero, maxInFlight: 2))
        #expect(run.handle(.start(at: at(0))).summary == ["resolve 0", "resolve 1"])
        #expect(
            run.handle(.lineResolved(line: 0, .ready(.all), at: at(0))).summary == [
                "line timeouts after 1000ms", "request 0",
            ])
        #expect(
            run.handle(.lineResolved(line: 1, .ready(.all), at: at(0))).summary == [
                "line timeouts after 200ms", "request 1",
            ])
        #expect(run.handle(.lineTimeoutsDue(at: at(200))).summary == ["stop 1", "line timeouts after 800ms"])
        #expect(run.trace.entries(forLine: 0).first?.result == .loading, "line 0 is not due and keeps loading")
        #expect(run.handle(.lineTimeoutsDue(at: at(1000))).summary == ["stop 0", "finish failed no_fill"])
    }

    @Test func aRestartedHedgeArmsItsNextGenerationForTheNewDeadline() throws {
        var run = machine(lines("A", "B", "C"), strategy: try .hedged(after: .milliseconds(200), maxInFlight: 2))
        #expect(run.handle(.start(at: at(0))).summary == ["resolve 0", "hedge 1 after 200ms"])
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(
            run.handle(.lineFailed(line: 0, error: .noFill, at: at(50))).summary == [
                "resolve 1", "hedge 2 after 200ms",
            ],
            "line 1's start restarts the hedge: 200 ms from now")
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(50)))
        #expect(
            run.handle(.hedgeTimerFired(generation: 1, at: at(200))).summary == [],
            "the generation armed before is not the hedge any more")
        #expect(run.handle(.hedgeTimerFired(generation: 2, at: at(250))).summary == ["resolve 2"])
    }

    @Test func theDriverHoldsOneLineTimerOnTheClockAndLinesStillTimeOutOnTheDot() async throws {
        let clock = ManualClock()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("fast") {
            ScriptedCustomEvent(identifier: "fast", script: .fail(.noFill, after: .milliseconds(10)))
        }
        try registry.registerCustomEvent("silent") {
            ScriptedCustomEvent(identifier: "silent", script: CustomEventScript(.never))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["fast", "silent"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: nil)))
        let result = Locked<MediationRunResult?>(nil)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "fast", timeout: .seconds(1)),
            WaterfallLine(customEventIdentifier: "silent", timeout: .seconds(1)),
        ])
        mediator.mediate(response, delivery: .immediate) { outcome in result.withLock { $0 = outcome } }
        clock.advance(by: .milliseconds(10))
        #expect(clock.pendingCount == 1, "line 1 reuses the timer armed for line 0")
        clock.advance(by: .milliseconds(999))
        #expect(result.current == nil, "line 1 started at 10 ms; its deadline is 1010 ms")
        #expect(clock.pendingCount == 1, "re-armed for line 1")
        clock.advance(by: .milliseconds(1))
        let trace = try #require(result.current?.trace)
        #expect(trace.results == [.noFill, .timeout])
        #expect(trace.entries[1].duration == .seconds(1))
        #expect(clock.pendingCount == 0)
    }
}

extension LazyRunTimerTests {
    @Test func anOutcomeAtTheDeadlineIsLateWhateverTimerRanFirst() {
        var run = WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: lines("A", "B")), strategy: .sequential, followsNextURL: false)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        let ad = NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties("A")),
            source: NativeAdSource(customEventIdentifier: "A"), trackerPinger: DiscardingTrackerPinger())
        #expect(
            run.handle(.lineLoaded(line: 0, ad: ad, at: at(1000))).summary == ["stop 0", "resolve 1", "release 0"],
            "the fill came at the deadline: the line timed out first")
        #expect(run.trace.results == [.timeout, .lateCallback])
        #expect(run.handle(.lineTimeoutsDue(at: at(1000))).isEmpty, "the timer finds nothing left to do")
    }
}

import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A run's timers are logical deadlines over one timer on the clock.
@Suite struct WaterfallRunTimersTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    /// A deadline before the clock's origin is still a deadline, and a cleared one is gone.
    @Test func deadlinesAnywhereOnTheClockAreKeptAndClearedOnesAreGone() {
        var timers = WaterfallRunTimers()
        #expect(timers.claimClockTimer() == nil, "no deadline set")
        timers.set(.page, due: at(-5))
        timers.set(.latencyBudget, due: .origin)
        #expect(timers.claimClockTimer() == at(-5))
        #expect(timers.armedDue == at(-5))
        #expect(timers.fire(armedFor: at(-5), at: .origin) == [.page, .latencyBudget])
        #expect(timers.armedDue == nil)
        timers.set(.hedge, due: at(10))
        timers.clear(.hedge)
        #expect(timers.claimClockTimer() == nil, "a cleared deadline is gone")
    }

    @Test func onlyAnEarlierDeadlineAsksForTheClockTimer() {
        var timers = WaterfallRunTimers()
        timers.set(.runDeadline, due: at(30_000))
        #expect(timers.needsClockTimer, "nothing armed")
        timers.set(.hedge, due: at(500))
        #expect(timers.claimClockTimer() == at(500), "armed for the earliest deadline when the run waits")
        timers.set(.line, due: at(3_000))
        #expect(!timers.needsClockTimer, "later than the armed 500 ms: nothing to arm")
        timers.set(.hedge, due: at(800))
        #expect(!timers.needsClockTimer, "a moved hedge waits for the armed timer")
        timers.set(.page, due: at(200))
        #expect(timers.needsClockTimer, "earlier than the armed timer")
        #expect(timers.claimClockTimer() == at(200))
        #expect(timers.armedDue == at(200))
        #expect(timers.claimClockTimer() == nil, "the armed timer already fires first")
    }

    @Test func firingTakesTheDueDeadlinesInOrderAndAsksForTheNextTimer() {
        var timers = WaterfallRunTimers()
        timers.set(.runDeadline, due: at(1_000))
        timers.set(.line, due: at(1_000))
        timers.set(.hedge, due: at(500))
        timers.set(.latencyBudget, due: at(2_000))
        #expect(timers.claimClockTimer() == at(500))
        #expect(timers.fire(armedFor: at(500), at: at(500)) == [.hedge])
        #expect(timers.needsClockTimer)
        #expect(timers.claimClockTimer() == at(1_000))
        #expect(!timers.needsClockTimer)
        #expect(
            timers.fire(armedFor: at(1_000), at: at(1_000)) == [.runDeadline, .line],
            "same deadline: in the slots' order, the run's deadline first")
        #expect(timers.claimClockTimer() == at(2_000))
        #expect(timers.fire(armedFor: at(2_000), at: at(2_500)) == [.latencyBudget])
        #expect(!timers.needsClockTimer, "nothing left")
        #expect(timers.claimClockTimer() == nil)
    }

    /// Deadlines due at the same instant are taken in the slots' order, whatever order they were set in.
    @Test func tiesAreTakenInTheSlotsOrderNotTheOrderSet() {
        var timers = WaterfallRunTimers()
        timers.set(.page, due: at(700))
        timers.set(.hedge, due: at(700))
        timers.set(.line, due: at(700))
        timers.set(.latencyBudget, due: at(700))
        timers.set(.runDeadline, due: at(700))
        #expect(timers.claimClockTimer() == at(700))
        #expect(timers.fire(armedFor: at(700), at: at(700)) == [.runDeadline, .latencyBudget, .line, .hedge, .page])
        timers.set(.hedge, due: at(900))
        timers.set(.line, due: at(900))
        #expect(timers.claimClockTimer() == at(900))
        #expect(timers.fire(armedFor: at(900), at: at(950)) == [.line, .hedge], "a late firing keeps the same order")
    }

    @Test func aLateFiringTakesEveryPassedDeadlineInDeadlineOrder() {
        var timers = WaterfallRunTimers()
        timers.set(.line, due: at(300))
        timers.set(.hedge, due: at(200))
        timers.set(.page, due: at(900))
        #expect(timers.claimClockTimer() == at(200))
        #expect(timers.fire(armedFor: at(200), at: at(350)) == [.hedge, .line])
        #expect(timers.claimClockTimer() == at(900))
    }

    @Test func aClearedDeadlineFiresNothingAndAStaleFiringKeepsTheArmedTimer() {
        var timers = WaterfallRunTimers()
        timers.set(.hedge, due: at(500))
        timers.set(.line, due: at(1_000))
        #expect(timers.claimClockTimer() == at(500))
        timers.clear(.hedge)
        #expect(timers.fire(armedFor: at(500), at: at(500)).isEmpty)
        #expect(timers.needsClockTimer, "the line's deadline is left with no clock timer")
        #expect(timers.claimClockTimer() == at(1_000))
        #expect(timers.fire(armedFor: at(500), at: at(600)).isEmpty, "a stale firing")
        #expect(timers.armedDue == at(1_000), "the timer armed for 1 s stays armed")
        #expect(!timers.needsClockTimer)
    }

    @Test func aDeadlineSetWhileNoTimerIsArmedArmsForTheEarliestLeft() {
        var timers = WaterfallRunTimers()
        timers.set(.hedge, due: at(100))
        timers.set(.runDeadline, due: at(400))
        #expect(timers.claimClockTimer() == at(100))
        #expect(timers.fire(armedFor: at(100), at: at(100)) == [.hedge])
        timers.set(.line, due: at(900))
        #expect(
            timers.claimClockTimer() == at(400), "the run deadline left behind comes first, not the new line timeout")
    }

    @Test func storingATimerForASupersededDeadlineHandsItBackToCancel() {
        var timers = WaterfallRunTimers()
        let late = ScheduledAction(onCancel: {})
        let early = ScheduledAction(onCancel: {})
        timers.set(.line, due: at(1_000))
        #expect(timers.claimClockTimer() == at(1_000))
        timers.set(.hedge, due: at(500))
        #expect(timers.claimClockTimer() == at(500))
        #expect(timers.store(late, for: at(1_000)) === late, "superseded meanwhile by the 500 ms claim")
        #expect(timers.store(early, for: at(500)) == nil)
        #expect(timers.armed === early)
        #expect(timers.removeAll() === early)
        #expect(timers.armedDue == nil)
        #expect(timers.claimClockTimer() == nil)
    }
}

/// A run on the real driver holds one timer on the clock for its line timeouts, its hedge and its deadline.
@Suite struct OneClockTimerPerRunTests {
    @Test func aHedgedRunWithADeadlineHoldsOneClockTimer() throws {
        let clock = ManualClock()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("silent") {
            ScriptedCustomEvent(identifier: "silent", script: CustomEventScript(.never))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["silent"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .recommendedHedged, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: .seconds(30))))
        let result = Locked<MediationRunResult?>(nil)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "silent", timeout: .seconds(3)),
            WaterfallLine(customEventIdentifier: "silent", timeout: .seconds(3)),
            WaterfallLine(customEventIdentifier: "silent", timeout: .seconds(3)),
        ])
        mediator.mediate(response, delivery: .immediate) { outcome in result.withLock { $0 = outcome } }
        #expect(clock.pendingCount == 1, "the run deadline, line 0's timeout and the hedge share one timer")
        #expect(clock.nextDeadline == clock.now.advanced(by: .milliseconds(500)), "armed for the earliest: the hedge")
        clock.advance(by: .milliseconds(500))
        #expect(clock.pendingCount == 1, "line 1 started; re-armed for line 0's timeout")
        clock.advance(by: .seconds(10))
        let trace = try #require(result.current?.trace)
        #expect(trace.results == [.timeout, .timeout, .timeout])
        #expect(trace.entries.map(\.start) == [.zero, .milliseconds(500), .milliseconds(3_000)])
        #expect(trace.entries.map(\.duration) == [.seconds(3), .seconds(3), .seconds(3)])
        #expect(clock.pendingCount == 0, "no timer is left on the clock")
    }

    @Test func aRunThatEndsInOneBurstArmsNoClockTimer() throws {
        let clock = ManualClock()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("now") {
            ScriptedCustomEvent(identifier: "now", script: .fail(.noFill, after: .zero))
        }
        try registry.registerCustomEvent("fill") {
            ScriptedCustomEvent(identifier: "fill", script: Fixture.fill("fill"))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["now", "fill"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .default, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), limits: .default))
        let result = Locked<MediationRunResult?>(nil)
        mediator.mediate(Fixture.response(["now", "now", "fill"]), delivery: .immediate) { outcome in
            result.withLock { $0 = outcome }
        }
        #expect(Fixture.title(result.current) == "fill", "every line answered inside requestAd")
        #expect(clock.pendingCount == 0, "the run never waited, so it armed no timer")
    }
}

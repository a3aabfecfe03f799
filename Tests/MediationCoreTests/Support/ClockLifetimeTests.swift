import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// A pending action on a manual clock holds the run that scheduled it, and the run holds its
/// `MediationClock`; the clock must not hold itself through that loop, or every run left pending at the end
/// of a test leaks (the LeakSanitizer noise the issue reports).
@Suite struct ClockLifetimeTests {
    final class Owner: Sendable {
        let clock: MediationClock
        init(clock: MediationClock) { self.clock = clock }
    }

    @Test func releasingAManualClockReleasesWhatItsPendingActionsHold() {
        var weakOwner = WeakBox<Owner>(nil)
        var weakClock = WeakBox<ManualClock>(nil)
        do {
            let manual = ManualClock()
            weakClock = WeakBox(manual)
            let owner = Owner(clock: MediationClock(manual))
            weakOwner = WeakBox(owner)
            // The loop: clock -> pending action -> owner -> MediationClock -> clock.
            owner.clock.schedule(after: .seconds(60)) { _ = owner }
            #expect(manual.pendingCount == 1)
        }
        #expect(!weakClock.isAlive, "the clock was released with an action still pending")
        #expect(!weakOwner.isAlive, "the pending action, and the owner it held, went with it")
    }

    @Test func aMediationClockOutlivingItsManualClockStandsStillAndSchedulesNothing() {
        var mediationClock: MediationClock?
        do {
            let manual = ManualClock()
            mediationClock = MediationClock(manual)
            manual.advance(by: .seconds(5))
            #expect(mediationClock?.now.sinceOrigin == .seconds(5))
        }
        #expect(mediationClock?.now.sinceOrigin == .seconds(5), "time stands at the last instant read")
        let ran = Locked(false)
        mediationClock?.schedule(after: .zero) { ran.withLock { $0 = true } }
        #expect(!ran.current)
    }

    @Test func aLiveManualClockStillRunsItsActions() {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let ran = Locked(0)
        clock.schedule(after: .seconds(1)) { ran.withLock { $0 += 1 } }
        manual.advance(by: .seconds(1))
        #expect(ran.current == 1)
        #expect(clock.now.sinceOrigin == .seconds(1))
    }
}

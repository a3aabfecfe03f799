import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Every load asks whether its ad unit is rate limited (`backoff_ms`). With no window stored, the common case, the
/// answer costs neither a clock reading nor a hash of the ad unit; with one, the window is checked against the clock.
@Suite struct RateLimitLookupTests {
    @Test func noWindowStoredCostsNoClockReadingAndAWindowIsCheckedAgainstTheClock() {
        let time = Locked(Duration.zero)
        let steppedClock = SteppedClock(time: time)
        let reads = steppedClock.reads
        let clock = MediationClock(steppedClock)
        let services = WaterfallRunServices(
            registry: MediationRegistry(), clock: clock, trackerPinger: DiscardingTrackerPinger(), responseSource: nil,
            adLifetime: NativeAd.defaultLifetime, limits: .default, urlPolicy: .default,
            statistics: NetworkStatisticsStore(), strategy: .sequential, enabledLogLevels: [])
        let readsBefore = reads.current
        #expect(services.rateLimit(forAdUnit: "feed") == nil)
        #expect(services.rateLimit(forAdUnit: nil) == nil)
        #expect(reads.current == readsBefore, "no window stored: the clock is not read")

        let response = AdResponse(lines: [], adUnitID: "feed", backoff: .seconds(5))
        services.applyBackoff(of: response, adUnitID: "feed", logger: SilentLogger())
        let until = MediationInstant(sinceOrigin: .seconds(5))
        let readsWithWindow = reads.current
        #expect(services.rateLimit(forAdUnit: "feed") == until)
        #expect(reads.current == readsWithWindow + 1, "a stored window is checked against the clock")
        #expect(services.rateLimit(forAdUnit: "other") == nil, "another ad unit's window does not count")
        time.withLock { $0 = .seconds(5) }
        #expect(services.rateLimit(forAdUnit: "feed") == nil, "the window ends at its deadline")
    }
}

import MediationCore
import MediationTesting
import Testing

/// A mediator is made from one `MediatorConfiguration` value.
@Suite struct MediatorConfigurationTests {
    @Test func theDefaultsAreTheDocumentedOnes() {
        let configuration = MediatorConfiguration(
            trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        #expect(configuration.strategy == .default)
        let other = MediatorConfiguration(trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        #expect(configuration.clock !== other.clock, "each configuration wraps the continuous clock anew")
        #expect(configuration.privacy == .unrestricted)
        #expect(configuration.adLifetime == NativeAd.defaultLifetime)
        #expect(configuration.limits == .default)
        #expect(configuration.responseSource == nil)
        #expect(configuration.statistics == nil)
    }

    @Test func theMediatorTakesEverySettingFromTheConfiguration() throws {
        let clock = MediationClock(ManualClock())
        let statistics = NetworkStatisticsStore()
        let limits = MediationRunLimits(runDeadline: nil)
        let configuration = MediatorConfiguration(
            strategy: .sequential, clock: clock, trackerPinger: RecordingTrackerPinger(),
            imagePrecacher: NoImagePrecaching(), adLifetime: .seconds(60), limits: limits, statistics: statistics)
        let mediator = Mediator(registry: MediationRegistry(), configuration: configuration)
        #expect(mediator.strategy == .sequential)
        #expect(mediator.clock === clock)
        #expect(mediator.adLifetime == .seconds(60))
        #expect(mediator.limits == limits)
        #expect(mediator.statistics === statistics)
    }

    @Test func withoutAStoreEachMediatorLearnsOnItsOwn() {
        let configuration = MediatorConfiguration(
            trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        let first = Mediator(registry: MediationRegistry(), configuration: configuration)
        let second = Mediator(registry: MediationRegistry(), configuration: configuration)
        #expect(first.statistics !== second.statistics)
    }
}

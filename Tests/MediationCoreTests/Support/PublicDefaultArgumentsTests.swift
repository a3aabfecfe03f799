import Foundation
import MediationCore
import MediationTesting
import Testing

/// A public initialiser's default argument names its `package` constant (made `@usableFromInline`, which a
/// default argument needs, and still out of the public API); each default is the constant the engine and the docs
/// use.
@Suite struct PublicDefaultArgumentsTests {
    private func mediator() -> Mediator {
        Mediator(
            registry: MediationRegistry(),
            configuration: MediatorConfiguration(
                clock: MediationClock(ManualClock()), trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
    }

    @Test func lifetimesAndAgesAreMoPubsFourHours() throws {
        let configuration = MediatorConfiguration(
            trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
        #expect(configuration.adLifetime == NativeAd.defaultLifetime)
        #expect(NativeAdCache.defaultMaxAge == NativeAd.defaultLifetime)
        #expect(try NativeAdCache(mediator: mediator()).maxAge == NativeAdCache.defaultMaxAge)
        let ready = try ReadyAdCache(
            mediator: mediator(), source: StaticReadyAdResponseSource(response: AdResponse(lines: [])))
        #expect(ready.store.maxAge == NativeAdCache.defaultMaxAge)
    }

    @Test func timeoutsAreTheDefaultConstants() {
        #expect(NetworkStartupSettings().timeout == NetworkStartupDefaults.timeout)
        #expect(WaterfallLine(customEventIdentifier: "A").timeout == WaterfallLine.defaultTimeout)
        let configuration = InstreamAdSessionConfiguration(info: [:], privacy: .unrestricted)
        #expect(configuration.loadingTimeout == InstreamAdSessionConfiguration.defaultLoadingTimeout)
    }

    @Test func aBidSignalProviderWaitsTheDefaultTimeout() throws {
        var registry = MediationRegistry()
        let provider = ScriptedBidSignalProvider("A", .never, clock: MediationClock(ManualClock()))
        try registry.registerBidSignalProvider(provider)
        #expect(registry.bidSignalProviders["A"]?.timeout == BidSignalRegistration.defaultTimeout)
    }

    @Test func pricingAndCapsUseTheDefaultConstants() throws {
        #expect(try AuctionPricing().maximumCPM == AuctionPricing.defaultMaximumCPM)
        #expect(AuctionPricing.default.maximumCPM == AuctionPricing.defaultMaximumCPM)
        let store = FrequencyCapStore(directory: nil)
        #expect(store.maximumImpressions == FrequencyCapStore.defaultMaximumImpressions)
    }

    @Test func learnedStrategiesUseTheDefaultBudgetAndTolerance() throws {
        let budget = MediationStrategy.defaultRequestBudget
        let tolerance = MediationStrategy.defaultRevenueTolerance
        #expect(try MediationStrategy.adaptive() == .adaptive(requestBudget: budget))
        #expect(try MediationStrategy.adaptive() == .recommendedAdaptive)
        #expect(try MediationStrategy.earlyWin() == .earlyWin(revenueTolerance: tolerance, requestBudget: budget))
        #expect(
            try MediationStrategy.latencyBudget(.milliseconds(800))
                == .latencyBudget(.milliseconds(800), requestBudget: budget, revenueTolerance: tolerance))
    }

    @Test func aURLPolicyRefusesCleartextUnlessTold() {
        let url = URL(string: "http://ads.example/imp")!
        #expect(MediationURLPolicy(allowedDeepLinkSchemes: ["myapp"]).allowsCleartextHTTP == false)
        #expect(MediationURLPolicy().cleartextRefusal(of: url) != nil)
        #expect(MediationURLPolicy(allowsCleartextHTTP: true).cleartextRefusal(of: url) == nil)
    }
}

import MediationCore

/// An adapter described to the conformance kit: how to make its custom event, the info a line gives it, what
/// its ads carry, how it renders, its versions, and how to script the network underneath.
///
/// One small value per adapter. ``referenceExample`` (in `Reference/AdapterConformanceSubject+Reference.swift`) is
/// a complete one, compiled and run by the kit's own tests; `mediation new-adapter` generates another for a new
/// network, and docs/conformance.md walks through every field.
public struct AdapterConformanceSubject: Sendable {
    /// A readable name for reports, such as `myTarget native banner`.
    public var name: String
    /// The identifier the custom event reports and servers name (`x-custom-event-class-name`).
    public var customEventIdentifier: String
    /// Custom-event info with which a load must work.
    public var validInfo: CustomEventInfo
    /// The info keys without which the custom event must fail at once, without a network load.
    public var requiredInfoKeys: [String]
    /// The unified keys every ad of the stand-in's sample content carries, with the kind each holds.
    public var filledProperties: [NativeAdPropertyKey: NativeAdValue.Kind]
    /// The renderer configurations the adapter ships; one must list ``customEventIdentifier``.
    public var rendererConfigurations: [NativeAdRendererConfiguration]
    /// Reports the adapter's version; must be non-empty and fast.
    public var adapterVersion: @Sendable () -> String
    /// Reports the network SDK's version; must be non-empty and fast.
    public var networkSDKVersion: @Sendable () -> String
    /// What the adapter promises beyond the bridge's rules: mapping, registration, request fields, host events.
    public var expectations: ConformanceExpectations

    let makeHarness: @Sendable (MediationClock) -> ConformanceHarness

    /// Describes an adapter.
    ///
    /// - Parameters:
    ///   - name: a readable name for reports.
    ///   - customEventIdentifier: the custom event's identifier.
    ///   - validInfo: custom-event info with which a load works.
    ///   - requiredInfoKeys: the keys whose absence must fail at once, without a network load.
    ///   - filledProperties: the unified keys the sample ad carries, with their kinds.
    ///   - rendererConfigurations: the adapter's renderer configurations.
    ///   - adapterVersion: the adapter version provider.
    ///   - networkSDKVersion: the network SDK version provider.
    ///   - expectations: the adapter's declared mapping, registration, request fields and host-event handling.
    ///   - network: how to make and script the network stand-in.
    ///   - makeCustomEvent: makes a fresh custom event talking to the given stand-in.
    public init<StandIn: Sendable>(
        name: String,
        customEventIdentifier: String,
        validInfo: CustomEventInfo,
        requiredInfoKeys: [String],
        filledProperties: [NativeAdPropertyKey: NativeAdValue.Kind],
        rendererConfigurations: [NativeAdRendererConfiguration],
        adapterVersion: @escaping @Sendable () -> String,
        networkSDKVersion: @escaping @Sendable () -> String,
        expectations: ConformanceExpectations = ConformanceExpectations(),
        network: ConformanceNetworkDriver<StandIn>,
        makeCustomEvent: @escaping @Sendable (StandIn) -> any NativeCustomEvent
    ) {
        self.name = name
        self.customEventIdentifier = customEventIdentifier
        self.validInfo = validInfo
        self.requiredInfoKeys = requiredInfoKeys
        self.filledProperties = filledProperties
        self.rendererConfigurations = rendererConfigurations
        self.adapterVersion = adapterVersion
        self.networkSDKVersion = networkSDKVersion
        self.expectations = expectations
        self.makeHarness = { clock in
            let standIn = network.makeStandIn(clock)
            var invalidateAd: (@Sendable (NativeAd) -> Bool)?
            if let invalidate = network.invalidate {
                invalidateAd = { ad in invalidate(standIn, ad) }
            }
            var harness = ConformanceHarness(
                arrange: { scenario in network.arrange(standIn, scenario) },
                trigger: { event, ad in network.trigger(standIn, event, ad) },
                loadAttempts: { network.loadAttempts(standIn) },
                observe: { ad in network.observe(standIn, ad) },
                makeCustomEvent: { makeCustomEvent(standIn) },
                invalidate: invalidateAd)
            if let makeProvider = network.bidSignalProvider {
                harness.makeBidSignalProvider = { makeProvider(standIn) }
            }
            if let reject = network.rejectBidMarkup {
                harness.rejectBidMarkup = { markup in reject(standIn, markup) }
            }
            return harness
        }
    }
}

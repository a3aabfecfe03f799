import MediationCore

/// What an adapter promises beyond the bridge's own rules, declared so that the kit can hold it to them:
/// its field mapping, whether it registers the ad with the network on attach, what its network request carries,
/// whether host-reported events reach the network, which host views its network binds, and whether its network
/// invalidates ads and whether it has a bid signal provider (set ``boundAssetViews``, ``networkInvalidatesAds``,
/// ``providesBidSignal`` and ``bidSignalTimeout`` after creating the expectations). A `nil`
/// field is undeclared: the check that needs it is skipped, naming the missing declaration (a strict run fails on
/// it).
public struct ConformanceExpectations: Sendable {
    /// The network fields and how they map (``ConformanceCheck/generatedFillMapping``).
    public var fillMapping: ConformanceFillMapping?
    /// Whether `willAttach(to:)` registers the ad with the network (``ConformanceCheck/registersOnAttach``);
    /// `false` for networks that need no registration.
    public var registersOnAttach: Bool?
    /// The network request fields a load with `inputs` must carry, named as the stand-in's
    /// ``ConformanceObservation/lastRequest`` names them; a `nil` value means the field must be absent
    /// (``ConformanceCheck/requestForwarding``).
    public var request: (@Sendable (ConformanceRequestInputs) -> [String: String?])?
    /// Whether the adapter passes the host's impressions and clicks (`trackImpression`, `trackClick`) on to the
    /// network when it does not handle them itself (``ConformanceCheck/hostReportedEvents``).
    public var passesHostEventsToNetwork: Bool?
    /// The host views the network must be given (it binds them, or draws its own media, icon or AdChoices into
    /// them), for a network that binds the host's views (``ConformanceCheck/viewBinding``): the adapter must bind
    /// asset views (`NativeAdViewBindingAdapter`) and require a view for each slot listed, in
    /// its `NativeAdViewBindingAdapter.requiredAssetViewSlots` or
    /// `NativeAdViewBindingAdapter.networkDrawnSlots`. An adapter that renders through slots
    /// fails. Empty: the network binds nothing.
    public var boundAssetViews: Set<NativeAdAssetViewSlot>? = nil
    /// Whether the network invalidates ads before their lifetime runs out (``ConformanceCheck/invalidationExpires``).
    /// `true`: the driver must give ``ConformanceNetworkDriver/invalidate`` and the stand-in must invalidate, or the
    /// check fails. `false` (the default): a driver without `invalidate`, or one returning `false`, means the network
    /// never invalidates ads, and the check passes saying so.
    public var networkInvalidatesAds = false
    /// Whether the adapter has a bid signal provider (``ConformanceCheck/bidSignalInTime``): `true` means the
    /// driver must give ``ConformanceNetworkDriver/bidSignalProvider``; `false` means the network has no bidder
    /// token call (the check passes, saying so); `nil`: undeclared, the check is skipped unless the driver gives a
    /// provider.
    public var providesBidSignal: Bool? = nil
    /// How long the adapter's bid signal may take: the timeout it is registered with (1 second by default, as
    /// `MediationRegistry.registerBidSignalProvider(_:timeout:)` registers it).
    public var bidSignalTimeout: Duration = BidSignalRegistration.defaultTimeout

    /// Declares expectations; everything undeclared by default.
    public init(
        fillMapping: ConformanceFillMapping? = nil, registersOnAttach: Bool? = nil,
        request: (@Sendable (ConformanceRequestInputs) -> [String: String?])? = nil,
        passesHostEventsToNetwork: Bool? = nil
    ) {
        self.fillMapping = fillMapping
        self.registersOnAttach = registersOnAttach
        self.request = request
        self.passesHostEventsToNetwork = passesHostEventsToNetwork
    }
}

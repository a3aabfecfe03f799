/// Everything a ``Mediator`` is made with besides its registry: one value, so that a host can keep its settings
/// in one place and share them between mediators.
///
/// Only the tracker pinger and the image precacher have no default, so that trackers are never dropped and images
/// never skipped silently. Every other setting has the default documented on it.
///
/// ```swift
/// let configuration = MediatorConfiguration(
///     strategy: .recommendedAdaptive, trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching())
/// let mediator = Mediator(registry: MediationRegistry(), configuration: configuration)
/// ```
public struct MediatorConfiguration: Sendable {
    /// How runs walk the waterfall; ``MediationStrategy/default`` unless told otherwise.
    public var strategy: MediationStrategy
    /// The time source of every run, timeout and loaded ad, and of the caches and in-stream sessions made from the
    /// mediator; unless told otherwise, the continuous clock, wrapped anew for each configuration (so that each
    /// mediator schedules on its own timer heap). Wrap a test clock once (MediationTesting's `ManualClock` runs
    /// timeouts synchronously when advanced).
    public var clock: MediationClock
    /// The privacy signals of the first runs, handed unchanged to every custom event;
    /// ``PrivacySettings/unrestricted`` unless told otherwise. ``Mediator/privacy`` changes them later.
    public var privacy: PrivacySettings
    /// The targeting of the first runs, redacted for ``privacy``; ``Targeting/none`` unless told otherwise.
    public var targeting: Targeting
    /// Where runs log; ``SilentLogger`` unless told otherwise.
    public var logger: any MediationLogger
    /// Fires before- and after-load URLs and the ads' trackers; no default, so that trackers are never dropped
    /// silently (MediationNetworking's `URLSessionTrackerPinger` in production).
    public var trackerPinger: any TrackerPinging
    /// Downloads images for custom events; no default (MediationNetworking's `URLSessionImagePrecacher` in
    /// production, ``NoImagePrecaching`` to load images at display time).
    public var imagePrecacher: any ImagePrecaching
    /// Loads `x-next-url` pages; `nil` (the default) does not follow `x-next-url`.
    public var responseSource: (any AdResponseSource)?
    /// How long a loaded ad stays usable; MoPub's 4 hours unless told otherwise.
    public var adLifetime: Duration
    /// The run deadline, the `x-next-url` page cap and the longest back-off honoured; ``MediationRunLimits/default``
    /// unless told otherwise.
    public var limits: MediationRunLimits
    /// The deep-link schemes a click may open besides http(s); ``MediationURLPolicy/default`` (none) unless told
    /// otherwise.
    public var urlPolicy: MediationURLPolicy
    /// Where the runs record what networks do, and the learned strategies read; `nil` (the default) gives each
    /// mediator made from this value a new store of its own. Pass one store to pool it between mediators.
    public var statistics: NetworkStatisticsStore?
    /// How a response that holds bids is ordered; ``AuctionOrderRule/unifiedFirstPrice`` unless told otherwise.
    /// A response without bids always runs in the server's order.
    public var auctionOrder: AuctionOrderRule = .unifiedFirstPrice
    /// The auction's currency, the bound on a price and the host's exchange rates; ``AuctionPricing/default`` (USD,
    /// a maximum CPM of 1,000, no rates: a bid in another currency is dropped) unless told otherwise.
    public var auctionPricing: AuctionPricing = .default
    /// How ``Mediator/startNetworks()`` and a line's lazy start start the registry's networks: the host's
    /// parameters, the server parameters' cache, the start-up timeout (docs/host-integration.md).
    public var networkStartup = NetworkStartupSettings()
    /// The frequency caps and pacing the mediator's native runs obey, and where their ads' impressions are counted
    /// (one store may serve several mediators, and keeps its counts across launches in its directory); `nil` (the
    /// default) caps nothing and counts nothing. docs/ready-ads.md, "Capping and pacing".
    public var frequencyCaps: FrequencyCapStore?
    /// The host-wide test mode (GMA's test device IDs, MAX's test mode): `false` unless told otherwise. When on,
    /// every network starts with ``NetworkStartParameters/isTestMode``, every ad request carries `test=1`, every
    /// OpenRTB bid request `"test": 1`, and the inspector says so. Never ship it on.
    public var isTestMode = false
    /// How network starts are run: off the main thread, or on the main actor for a network that asks (tests run
    /// them on the caller's thread, under a manual clock).
    package var networkStartLauncher: NetworkStartup.Launcher = NetworkStartup.backgroundLauncher

    /// A configuration with the given settings and the documented defaults for the rest.
    public init(
        strategy: MediationStrategy = .default,
        clock: MediationClock = MediationClock(ContinuousClock()),
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none,
        logger: any MediationLogger = SilentLogger(),
        trackerPinger: any TrackerPinging,
        imagePrecacher: any ImagePrecaching,
        responseSource: (any AdResponseSource)? = nil,
        adLifetime: Duration = NativeAd.defaultLifetime,
        limits: MediationRunLimits = .default,
        urlPolicy: MediationURLPolicy = .default,
        statistics: NetworkStatisticsStore? = nil
    ) {
        self.strategy = strategy
        self.clock = clock
        self.privacy = privacy
        self.targeting = targeting
        self.logger = logger
        self.trackerPinger = trackerPinger
        self.imagePrecacher = imagePrecacher
        self.responseSource = responseSource
        self.adLifetime = adLifetime
        self.limits = limits
        self.urlPolicy = urlPolicy
        self.statistics = statistics
    }
}

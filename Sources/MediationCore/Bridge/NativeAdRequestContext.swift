/// Everything a custom event gets besides its info: where to report, the request's privacy and targeting,
/// the run's clock, logger and image precacher, and the line the ad will come from.
///
/// Every custom event of one run receives the same privacy and targeting snapshot; targeting is already
/// redacted for privacy.
public struct NativeAdRequestContext: Sendable {
    /// Where the one outcome goes.
    public let delegate: any NativeCustomEventDelegate
    /// The request's privacy signals.
    public let privacy: PrivacySettings
    /// The request's targeting, with personal fields withheld when privacy requires.
    public let targeting: Targeting
    /// The run's clock; use it for every delay.
    public let clock: MediationClock
    /// The run's logger.
    public let logger: any MediationLogger
    /// Downloads images before a load is reported; URLs that are not absolute http(s) are dropped first.
    public let imagePrecacher: any ImagePrecaching
    /// Fires the ad's trackers; hand it to the ``NativeAd``.
    public let trackerPinger: any TrackerPinging
    /// The line the ad comes from; hand it to the ``NativeAd``.
    public let source: NativeAdSource
    /// How long a loaded ad stays usable.
    public let adLifetime: Duration
    /// Which click destinations the ad may open (http(s), plus the host's declared deep-link schemes).
    public let urlPolicy: MediationURLPolicy

    /// A context whose targeting is already redacted for `privacy` and whose precacher already applies the URL
    /// policy: what the engine makes for every line, without redoing per line what it did once per run.
    init(
        delegate: any NativeCustomEventDelegate, privacy: PrivacySettings, redactedTargeting: Targeting,
        clock: MediationClock, logger: any MediationLogger, policyImagePrecacher: URLPolicyImagePrecacher,
        trackerPinger: any TrackerPinging, source: NativeAdSource, adLifetime: Duration, urlPolicy: MediationURLPolicy
    ) {
        self.delegate = delegate
        self.privacy = privacy
        targeting = redactedTargeting
        self.clock = clock
        self.logger = logger
        imagePrecacher = policyImagePrecacher
        self.trackerPinger = trackerPinger
        self.source = source
        self.adLifetime = adLifetime
        self.urlPolicy = urlPolicy
    }

    /// Creates a context. The engine makes these; tests and the conformance kit may too.
    public init(
        delegate: any NativeCustomEventDelegate,
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none,
        clock: MediationClock = .continuous,
        logger: any MediationLogger = SilentLogger(),
        imagePrecacher: any ImagePrecaching = NoImagePrecaching(),
        trackerPinger: any TrackerPinging = DiscardingTrackerPinger(),
        source: NativeAdSource,
        adLifetime: Duration = NativeAd.defaultLifetime,
        urlPolicy: MediationURLPolicy = .default
    ) {
        self.urlPolicy = urlPolicy
        self.delegate = delegate
        self.privacy = privacy
        self.targeting = targeting.redacted(for: privacy)
        self.clock = clock
        self.logger = logger
        self.imagePrecacher =
            imagePrecacher is URLPolicyImagePrecacher
            ? imagePrecacher : URLPolicyImagePrecacher(base: imagePrecacher, logger: logger)
        self.trackerPinger = trackerPinger
        self.source = source
        self.adLifetime = adLifetime
    }

    /// Wraps a loaded adapter in a ``NativeAd`` carrying this context's source, clock, lifetime and pinger.
    public func makeNativeAd(adapter: any NativeAdAdapter) -> NativeAd {
        NativeAd(
            adapter: adapter, source: source, clock: clock, lifetime: adLifetime, trackerPinger: trackerPinger,
            urlPolicy: urlPolicy)
    }
}

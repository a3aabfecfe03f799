import Foundation

/// Everything a custom event gets besides its info: where to report, the request's privacy and targeting,
/// the run's clock, logger and image precacher, and the line the ad will come from.
///
/// Every custom event of one run receives the same privacy and targeting snapshot; targeting is already
/// redacted for privacy.
public struct NativeAdRequestContext: Sendable {
    /// Where the one outcome goes.
    ///
    /// Hold it strongly (keep the context, or the delegate itself) until you have reported: a delegate nothing
    /// holds may be gone, and an outcome sent through a weak reference to it is then lost (the line times out).
    public let delegate: any NativeCustomEventDelegate
    /// The line the ad comes from; hand it to the ``NativeAd``.
    ///
    /// A bid's billing notices (`NativeAdSource.billingURLs`) are expanded when it is read, so that a line that
    /// ends without an ad builds none.
    public var source: NativeAdSource {
        guard let billingURLs else { return lineSource }
        var source = lineSource
        source.billingURLs = billingURLs()
        return source
    }
    /// The line's source, without its billing URLs when ``billingURLs`` makes them.
    private let lineSource: NativeAdSource
    /// Makes the source's billing URLs when it is read; `nil` when ``lineSource`` has them (or has none).
    private let billingURLs: (@Sendable () -> [URL])?
    /// The run's settings, shared by every line's context.
    package let scope: NativeAdRequestRunScope

    /// The request's privacy signals.
    public var privacy: PrivacySettings { scope.privacy }
    /// The request's targeting, with personal fields withheld when privacy requires.
    public var targeting: Targeting { scope.targeting }
    /// The run's clock; use it for every delay.
    public var clock: MediationClock { scope.clock }
    /// The run's logger.
    public var logger: any MediationLogger { scope.logger }
    /// Downloads images before a load is reported; URLs that are not absolute http(s) are dropped first.
    public var imagePrecacher: any ImagePrecaching { scope.imagePrecacher }
    /// Fires the ad's trackers; hand it to the ``NativeAd``.
    package var trackerPinger: any TrackerPinging { scope.trackerPinger }
    /// How long a loaded ad stays usable.
    package var adLifetime: Duration { scope.adLifetime }
    /// Which click destinations the ad may open (http(s), plus the host's declared deep-link schemes).
    package var urlPolicy: MediationURLPolicy { scope.urlPolicy }

    /// A line's context within a run: the engine makes the run's scope once and only the delegate and the source
    /// per line. `billingURLs`, when given, makes the source's billing URLs each time ``source`` is read.
    package init(
        delegate: any NativeCustomEventDelegate, source: NativeAdSource,
        billingURLs: (@Sendable () -> [URL])? = nil, scope: NativeAdRequestRunScope
    ) {
        self.delegate = delegate
        lineSource = source
        self.billingURLs = billingURLs
        self.scope = scope
    }

    /// Creates a context. The engine makes these; tests and the conformance kit may too. `trackerPinger` has no
    /// default, so that trackers are never dropped silently (pass ``DiscardingTrackerPinger`` to drop them).
    package init(
        delegate: any NativeCustomEventDelegate,
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none,
        clock: MediationClock = .continuous,
        logger: any MediationLogger = SilentLogger(),
        imagePrecacher: any ImagePrecaching = NoImagePrecaching(),
        trackerPinger: any TrackerPinging,
        source: NativeAdSource,
        adLifetime: Duration = NativeAd.defaultLifetime,
        urlPolicy: MediationURLPolicy = .default
    ) {
        self.delegate = delegate
        lineSource = source
        billingURLs = nil
        scope = NativeAdRequestRunScope(
            privacy: privacy, targeting: targeting, clock: clock, logger: logger, imagePrecacher: imagePrecacher,
            trackerPinger: trackerPinger, adLifetime: adLifetime, urlPolicy: urlPolicy)
    }

    /// Wraps a loaded adapter in a ``NativeAd`` carrying this context's source, clock and pinger.
    ///
    /// The ad expires after the host's ad lifetime (`MediatorConfiguration.adLifetime`), or after `lifetime` when
    /// the network keeps its ad valid for less (such as an hour), whichever comes first. If the network drops the
    /// ad before that, report ``NativeAdAdapterDelegate/nativeAdAdapterDidInvalidate(_:)``.
    ///
    /// - Parameters:
    ///   - adapter: the adapter wrapping the loaded network ad.
    ///   - lifetime: how long the network keeps the ad valid after loading, or `nil` when it sets no limit; a
    ///     negative one is taken as zero (the ad is expired when made).
    public func makeNativeAd(adapter: any NativeAdAdapter, lifetime: Duration? = nil) -> NativeAd {
        let cappedLifetime = lifetime.map { max(.zero, min($0, scope.adLifetime)) } ?? scope.adLifetime
        let ad = NativeAd(
            adapter: adapter, source: source, clock: scope.clock, lifetime: cappedLifetime,
            trackerPinger: scope.trackerPinger, urlPolicy: scope.urlPolicy)
        ad.attachLogger(scope.logger)
        return ad
    }
}

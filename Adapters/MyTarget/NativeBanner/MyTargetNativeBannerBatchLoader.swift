import MediationBridge
import MediationSupport

/// Loads up to 20 myTarget native banners in one request (`MTRGNativeBannerAdLoader`) and wraps each in its
/// own ``NativeAd``, each ad with its own adapter as its SDK delegate.
///
/// - The count must be 1…20; the line's info is read as for the custom event (``MyTargetNativeBannerInfoKey``).
/// - The result holds 0…count ads in the SDK's order: banners whose media failed are skipped by the SDK, and
///   banners without title, icon or call to action are skipped here (and logged).
/// - The SDK's "no banners" fails with ``MediationError/noFill``, other SDK errors with
///   ``MediationError/networkError(_:)``; the completion runs once even if the SDK answers twice.
public final class MyTargetNativeBannerBatchLoader: Sendable {
    /// How many ads are asked for.
    public let count: Int
    /// The line's settings.
    public let options: MyTargetNativeBannerOptions

    private let factory: any MyTargetNativeBannerAdFactory
    private let viewRegistry: MyTargetViewRegistry
    private let adChoicesMenuFactory: (any MyTargetMenuFactory)?

    /// Creates a loader; no SDK object is made until ``load(source:privacy:targeting:clock:logger:trackerPinger:completion:)``.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `count` for a count outside
    ///   1…20, or naming a malformed info key; ``MediationError/missingRequiredInfo(key:)`` without `slotId`.
    public init(
        count: Int, info: CustomEventInfo, factory: any MyTargetNativeBannerAdFactory,
        viewRegistry: MyTargetViewRegistry = .shared, adChoicesMenuFactory: (any MyTargetMenuFactory)? = nil
    ) throws(MediationError) {
        try MyTargetNativeBannerAdLoaderCount.validate(count)
        self.count = count
        self.options = try MyTargetNativeBannerOptions(info: info)
        self.factory = factory
        self.viewRegistry = viewRegistry
        self.adChoicesMenuFactory = adChoicesMenuFactory
    }

    /// Loads the ads.
    ///
    /// - Parameters:
    ///   - source: the line the ads come from.
    ///   - privacy: the request's privacy; applied SDK-wide and used to redact `targeting`.
    ///   - targeting: sent as custom params as far as `privacy` allows.
    ///   - clock: the clock the ads' lifetimes run on.
    ///   - logger: where skipped banners and media events are logged.
    ///   - trackerPinger: fires the line's trackers.
    ///   - completion: called once with the ads or the error.
    public func load(
        source: NativeAdSource,
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none,
        clock: MediationClock = .continuous,
        logger: any MediationLogger = SilentLogger(),
        trackerPinger: any TrackerPinging = DiscardingTrackerPinger(),
        completion: @escaping @Sendable (Result<[NativeAd], MediationError>) -> Void
    ) {
        let loader: any MyTargetNativeBannerAdLoaderLoading
        do {
            loader = try factory.makeNativeBannerAdLoader(
                count: count, slotId: options.slotId, adChoicesMenuFactory: adChoicesMenuFactory)
        } catch {
            completion(.failure(error))
            return
        }
        factory.setPrivacy(MyTargetPrivacy(privacy))
        options.apply(
            to: loader,
            customParams: MyTargetCustomParams(targeting: targeting.redacted(for: privacy), privacy: privacy))
        let answered = Locked(false)
        let closesAutomatically = options.closesAutomatically
        let viewRegistry = viewRegistry
        loader.load { nativeBannerAds, error in
            let isFirst = answered.withLock { answered in
                defer { answered = true }
                return !answered
            }
            guard isFirst else {
                logger.log(.warning, "myTarget native banner loader: dropped a second completion")
                return
            }
            _ = loader  // The SDK loader stays alive until it answers.
            if let error {
                completion(.failure(MediationError(error)))
                return
            }
            var ads: [NativeAd] = []
            for nativeBannerAd in nativeBannerAds.prefix(self.count) {
                guard let banner = nativeBannerAd.banner else {
                    logger.log(.warning, "myTarget native banner loader: skipped an ad without a banner")
                    continue
                }
                do throws(MediationError) {
                    let adapter = try MyTargetNativeBannerAdapter(
                        nativeBannerAd: nativeBannerAd, banner: banner, closesAutomatically: closesAutomatically,
                        logger: logger, viewRegistry: viewRegistry)
                    ads.append(
                        NativeAd(adapter: adapter, source: source, clock: clock, trackerPinger: trackerPinger))
                } catch {
                    logger.log(
                        .warning, "myTarget native banner loader: skipped a banner: \(error)",
                        metadata: ["code": error.code])
                }
            }
            completion(.success(ads))
        }
    }
}

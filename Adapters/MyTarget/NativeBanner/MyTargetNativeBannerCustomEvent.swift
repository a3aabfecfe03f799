import MediationBridge
import MediationSupport

/// Loads one myTarget native banner for a waterfall line (identifier `MyTargetNativeBannerCustomEvent`).
///
/// - Reads its settings from the line's info (``MyTargetNativeBannerInfoKey``); a missing `slotId` fails at
///   once with ``MediationError/missingRequiredInfo(key:)`` and a malformed value with
///   ``MediationError/invalidConfiguration(path:reason:)``, before any SDK object is created.
/// - Applies the request's privacy SDK-wide (``MyTargetPrivacy``) and sends age, gender and language as custom
///   params only as far as privacy allows (``MyTargetCustomParams/init(targeting:privacy:)``).
/// - Loads bids (``supportsBidding``): a line with bid markup (`adm`) loads with the SDK's `loadFromBid:`, never
///   with `load`; empty or blank markup fails at once with ``MediationError/invalidBidMarkup(path:reason:)``
///   (path `adm`) before any SDK object is created. A line without markup loads with `load`.
/// - Has no bid signal provider: the myTarget SDK surface this adapter mirrors (5.46.0 headers, see
///   the project's network reference §1.2) names no bidder-token call, so the ad server must get myTarget's
///   bids without a signal from the app (Adapters/MyTarget/README.md, "Bidding").
/// - Reports exactly one outcome: the SDK's load → `didLoad` with a ``MyTargetNativeBannerAdapter``; the SDK's
///   "no banners" → ``MediationError/noFill``; any other SDK error → ``MediationError/networkError(_:)`` with
///   its domain, code and message; a banner without title, icon or call to action →
///   ``MediationError/missingRequiredAssets(_:)``. Later SDK callbacks are dropped and logged.
/// - ``stop()`` before the outcome detaches from the SDK ad and releases it; nothing is reported afterwards.
/// - A second `requestAd` is logged and ignored (``OnceOnlyRequest``).
public final class MyTargetNativeBannerCustomEvent: NativeCustomEvent, MyTargetNativeBannerAdDelegate {
    /// The identifier servers put in `x-custom-event-class-name`.
    public static let identifier = "MyTargetNativeBannerCustomEvent"

    private let factory: any MyTargetNativeBannerAdFactory
    private let viewRegistry: MyTargetViewRegistry
    private let adChoicesMenuFactory: (any MyTargetMenuFactory)?
    private let request = OnceOnlyRequest<NativeAdRequestContext, Loading>()
    /// The request's logger, kept after the outcome and stop to log the callbacks it drops.
    private let dropLogger = Locked<(any MediationLogger)?>(nil)

    /// What the request keeps while loading: the SDK ad and the line's options.
    private struct Loading: Sendable {
        var nativeBannerAd: any MyTargetNativeBannerAdLoading
        var options: MyTargetNativeBannerOptions
    }

    /// Creates the custom event.
    ///
    /// - Parameters:
    ///   - factory: makes the SDK objects (the real SDK on iOS, the sandbox elsewhere).
    ///   - viewRegistry: which ad each view is registered on; shared by default.
    ///   - adChoicesMenuFactory: the host's AdChoices menu; `nil` keeps the SDK's own.
    public init(
        factory: any MyTargetNativeBannerAdFactory, viewRegistry: MyTargetViewRegistry = .shared,
        adChoicesMenuFactory: (any MyTargetMenuFactory)? = nil
    ) {
        self.factory = factory
        self.viewRegistry = viewRegistry
        self.adChoicesMenuFactory = adChoicesMenuFactory
    }

    /// ``identifier``.
    public var identifier: String { Self.identifier }

    /// `slotId`.
    public var requiredInfoKeys: [String] { [MyTargetNativeBannerInfoKey.slotId] }

    /// `true`: child-directed requests are sent with the SDK's age-restricted flag.
    public var supportsChildDirectedTraffic: Bool { true }
    /// `true`: bid markup goes to the SDK's `loadFromBid:`.
    public var supportsBidding: Bool { true }

    /// Loads one native banner as the line's info says: with `loadFromBid:` when the line carries bid markup.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        guard request.begin(self, context: context) else { return }
        dropLogger.withLock { $0 = context.logger }
        let options: MyTargetNativeBannerOptions
        do {
            options = try MyTargetNativeBannerOptions(info: info)
            try Self.checkBidMarkup(adMarkup)
        } catch {
            context.logger.log(.error, "myTarget native banner: \(error)", metadata: ["code": error.code])
            request.finish(.failure(error), from: self)
            return
        }
        factory.setPrivacy(MyTargetPrivacy(context.privacy))
        let nativeBannerAd = factory.makeNativeBannerAd(
            slotId: options.slotId, adChoicesMenuFactory: adChoicesMenuFactory)
        options.apply(
            to: nativeBannerAd,
            customParams: MyTargetCustomParams(targeting: context.targeting, privacy: context.privacy))
        nativeBannerAd.delegate = self
        guard request.hold(Loading(nativeBannerAd: nativeBannerAd, options: options)) else {
            nativeBannerAd.delegate = nil
            return
        }
        context.logger.log(.debug, "myTarget native banner: loading", metadata: ["slotId": "\(options.slotId)"])
        if let adMarkup {
            nativeBannerAd.loadFromBid(adMarkup)
        } else {
            nativeBannerAd.load()
        }
    }

    /// Fails markup that `loadFromBid:` cannot take: empty or only white space. `nil` (a waterfall line) passes.
    ///
    /// - Throws: ``MediationError/invalidBidMarkup(path:reason:)`` with path `adm`.
    static func checkBidMarkup(_ adMarkup: String?) throws(MediationError) {
        guard let adMarkup else { return }
        guard !adMarkup.allSatisfy(\.isWhitespace) else {
            throw .invalidBidMarkup(
                path: "adm", reason: "empty bid markup: loadFromBid: needs the bid the ad server returned")
        }
    }

    /// Stops listening to the SDK ad and releases it; nothing is reported afterwards.
    public func stop() {
        request.stop()?.nativeBannerAd.delegate = nil
    }

    /// Whether the custom event still holds an SDK ad (between `requestAd` and the outcome or ``stop()``).
    public var isHoldingNativeBannerAd: Bool {
        request.resource != nil
    }

    // MARK: MyTargetNativeBannerAdDelegate

    /// The SDK loaded: wraps the ad and reports `didLoad`, or `missingRequiredAssets`.
    public func onLoad(with banner: MyTargetNativeBanner, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard let loading = ownLoading(nativeBannerAd), let context = request.claim() else {
            logDropped("onLoad")
            return
        }
        do {
            let adapter = try MyTargetNativeBannerAdapter(
                nativeBannerAd: nativeBannerAd, banner: banner,
                closesAutomatically: loading.options.closesAutomatically, logger: context.logger,
                viewRegistry: viewRegistry)
            request.finishClaimed(.success(context.makeNativeAd(adapter: adapter)), from: self)
        } catch {
            nativeBannerAd.delegate = nil
            context.logger.log(.warning, "myTarget native banner: \(error)", metadata: ["code": error.code])
            request.finishClaimed(.failure(error), from: self)
        }
    }

    /// The SDK failed: reports `noFill` for "no banners", otherwise the SDK's error unchanged.
    public func onLoadFailed(with error: MyTargetAdLoadingError, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard ownLoading(nativeBannerAd) != nil, request.finish(.failure(MediationError(error)), from: self) else {
            logDropped("onLoadFailed")
            return
        }
        nativeBannerAd.delegate = nil
    }

    /// The request's loading state when `nativeBannerAd` is its SDK ad; `nil` for a foreign callback, or one
    /// after the outcome or ``stop()``.
    private func ownLoading(_ nativeBannerAd: any MyTargetNativeBannerAdLoading) -> Loading? {
        guard let loading = request.resource, loading.nativeBannerAd === nativeBannerAd else { return nil }
        return loading
    }

    private func logDropped(_ callback: String) {
        dropLogger.current?.log(.warning, "myTarget native banner: dropped \(callback) after the outcome or stop")
    }
}

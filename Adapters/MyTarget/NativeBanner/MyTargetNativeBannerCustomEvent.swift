import MediationBridge

/// Loads one myTarget native banner for a waterfall line (identifier `MyTargetNativeBannerCustomEvent`).
///
/// - Reads its settings from the line's info (``MyTargetNativeBannerInfoKey``); a missing `slotId` fails at
///   once with ``MediationError/missingRequiredInfo(key:)`` and a malformed value with
///   ``MediationError/invalidConfiguration(path:reason:)``, before any SDK object is created.
/// - Applies the request's privacy SDK-wide (``MyTargetPrivacy``) and sends age, gender and language as custom
///   params only as far as privacy allows (``MyTargetCustomParams/init(targeting:privacy:)``).
/// - Loads with `loadFromBid` when the line has bid markup, else with `load`.
/// - Reports exactly one outcome: the SDK's load → `didLoad` with a ``MyTargetNativeBannerAdapter``; the SDK's
///   "no banners" → ``MediationError/noFill``; any other SDK error → ``MediationError/networkError(_:)`` with
///   its domain, code and message; a banner without title, icon or call to action →
///   ``MediationError/missingRequiredAssets(_:)``. Later SDK callbacks are dropped and logged.
/// - ``stop()`` before the outcome detaches from the SDK ad and releases it; nothing is reported afterwards.
public final class MyTargetNativeBannerCustomEvent: NativeCustomEvent, MyTargetNativeBannerAdDelegate {
    /// The identifier servers put in `x-custom-event-class-name`.
    public static let identifier = "MyTargetNativeBannerCustomEvent"

    private let factory: any MyTargetNativeBannerAdFactory
    private let viewRegistry: MyTargetViewRegistry
    private let adChoicesMenuFactory: (any MyTargetMenuFactory)?
    private let state = Locked(State())

    private struct State {
        var request: Request?
        var logger: (any MediationLogger)?
        var hasRequested = false
        var isFinished = false
        var isStopped = false
    }

    private struct Request {
        var nativeBannerAd: any MyTargetNativeBannerAdLoading
        var options: MyTargetNativeBannerOptions
        var context: NativeAdRequestContext
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

    /// Loads one native banner as the line's info says.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let isFirstRequest = state.withLock { state in
            defer { state.hasRequested = true }
            return !state.hasRequested && !state.isStopped
        }
        guard isFirstRequest else {
            context.logger.log(.warning, "myTarget native banner: requestAd after a request or stop; ignored")
            return
        }
        let options: MyTargetNativeBannerOptions
        do {
            options = try MyTargetNativeBannerOptions(info: info)
        } catch {
            state.withLock { $0.isFinished = true }
            context.logger.log(.error, "myTarget native banner: \(error)", metadata: ["code": error.code])
            context.delegate.nativeCustomEvent(self, didFailWith: error)
            return
        }
        factory.setPrivacy(MyTargetPrivacy(context.privacy))
        let nativeBannerAd = factory.makeNativeBannerAd(
            slotId: options.slotId, adChoicesMenuFactory: adChoicesMenuFactory)
        options.apply(
            to: nativeBannerAd,
            customParams: MyTargetCustomParams(targeting: context.targeting, privacy: context.privacy))
        nativeBannerAd.delegate = self
        let isStopped = state.withLock { state in
            if !state.isStopped {
                state.request = Request(nativeBannerAd: nativeBannerAd, options: options, context: context)
                state.logger = context.logger
            }
            return state.isStopped
        }
        guard !isStopped else {
            nativeBannerAd.delegate = nil
            return
        }
        context.logger.log(.debug, "myTarget native banner: loading", metadata: ["slotId": "\(options.slotId)"])
        if let adMarkup, !adMarkup.isEmpty {
            nativeBannerAd.loadFromBid(adMarkup)
        } else {
            nativeBannerAd.load()
        }
    }

    /// Stops listening to the SDK ad and releases it; nothing is reported afterwards.
    public func stop() {
        let request = state.withLock { state in
            state.isStopped = true
            defer { state.request = nil }
            return state.request
        }
        request?.nativeBannerAd.delegate = nil
    }

    /// Whether the custom event still holds an SDK ad (between `requestAd` and the outcome or ``stop()``).
    public var isHoldingNativeBannerAd: Bool {
        state.withLock { $0.request != nil }
    }

    // MARK: MyTargetNativeBannerAdDelegate

    /// The SDK loaded: wraps the ad and reports `didLoad`, or `missingRequiredAssets`.
    public func onLoad(with banner: MyTargetNativeBanner, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard let request = finish(with: nativeBannerAd, callback: "onLoad") else { return }
        let context = request.context
        do {
            let adapter = try MyTargetNativeBannerAdapter(
                nativeBannerAd: nativeBannerAd, banner: banner,
                closesAutomatically: request.options.closesAutomatically, logger: context.logger,
                viewRegistry: viewRegistry)
            context.delegate.nativeCustomEvent(self, didLoad: context.makeNativeAd(adapter: adapter))
        } catch {
            nativeBannerAd.delegate = nil
            context.logger.log(.warning, "myTarget native banner: \(error)", metadata: ["code": error.code])
            context.delegate.nativeCustomEvent(self, didFailWith: error)
        }
    }

    /// The SDK failed: reports `noFill` for "no banners", otherwise the SDK's error unchanged.
    public func onLoadFailed(with error: MyTargetAdLoadingError, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard let request = finish(with: nativeBannerAd, callback: "onLoadFailed") else { return }
        nativeBannerAd.delegate = nil
        request.context.delegate.nativeCustomEvent(self, didFailWith: MediationError(error))
    }

    /// Takes the request for its one outcome; `nil` (and a warning) for a late, repeated or foreign callback.
    private func finish(with nativeBannerAd: any MyTargetNativeBannerAdLoading, callback: String) -> Request? {
        let (request, logger) = state.withLock { state -> (Request?, (any MediationLogger)?) in
            guard let request = state.request, request.nativeBannerAd === nativeBannerAd, !state.isFinished,
                !state.isStopped
            else { return (nil, state.logger) }
            state.isFinished = true
            state.request = nil
            return (request, state.logger)
        }
        if request == nil {
            logger?.log(.warning, "myTarget native banner: dropped \(callback) after the outcome or stop")
        }
        return request
    }
}

import Foundation
import MediationBridge

/// Loads TAMedia native ads (custom event `TAMediaCustomNativeAdEvent`, the name TAMedia's renderer lists).
///
/// - Info: `NativeListId` (required) is the ad unit; without it the load fails at once with
///   ``MediationError/missingRequiredInfo(key:)`` for `NativeListId` — the guide's "Ad unit ID cannot be nil." —
///   and no ad object is made. `testing` (optional Boolean, default `false`) asks TAMedia for test ads.
/// - The request carries the targeting's gender where privacy allows it (redacted again here, so that no caller
///   can leak it with unredacted targeting), else `kTADGenderUnknown` as in TAMedia's guide. TAMedia's request takes
///   nothing else: no consent or privacy signal reaches it (docs/privacy.md).
/// - On load it builds TAMedia's view for the ad (with the media view's content), maps the content (see
///   ``TAMediaNativeAdAdapter/properties(for:mediaContent:)``), downloads every image through
///   `context.imagePrecacher` (MoPub's `precacheImagesWithURLs`) and only then reports the ad; a failed download
///   fails the load with ``MediationError/imageDownloadFailed(url:reason:)``. An ad without a long subject (title)
///   fails with ``MediationError/missingRequiredAssets(_:)``.
/// - TAMedia's no fill becomes ``MediationError/noFill``; other errors keep their domain, code and message.
/// - Exactly one outcome is reported, however often the SDK calls back; nothing after ``stop()``; a second
///   request is ignored (``OnceOnlyRequest``).
public final class TAMediaCustomNativeAdEvent: NativeCustomEvent, TAMediaSDKNativeAdDelegate {
    /// The custom event identifier, exactly as the renderer in TAMedia's MoPub guide lists it.
    public static let identifier = "TAMediaCustomNativeAdEvent"
    /// The network name used in sources and traces.
    public static let networkName = "TAMedia"
    /// The info key of the ad unit ID.
    public static let adUnitIDInfoKey = "NativeListId"
    /// The info key of the test-ads flag.
    public static let testingInfoKey = "testing"
    /// The message TAMedia's MoPub guide logs for a missing ad unit ID, logged with the failure.
    public static let missingAdUnitIDMessage = "Ad unit ID cannot be nil."
    /// The unified keys every TAMedia ad must have.
    public static let requiredKeys: [NativeAdPropertyKey] = [.title]

    private let factory: any TAMediaSDKFactory
    private let request = OnceOnlyRequest<NativeAdRequestContext, any TAMediaSDKNativeAd>()

    /// Creates the custom event over `factory` (the real SDK on iOS, the sandbox elsewhere).
    public init(factory: any TAMediaSDKFactory) {
        self.factory = factory
    }

    /// `TAMediaCustomNativeAdEvent`.
    public var identifier: String { Self.identifier }

    /// `NativeListId`.
    public var requiredInfoKeys: [String] { [Self.adUnitIDInfoKey] }

    /// `false`: the TAMedia SDK surface this adapter wraps has no markup load call, so a line with bid markup
    /// (`adm`) fails at once with ``bidMarkupRefused`` and nothing is loaded (the auction reports the bid lost).
    public var supportsBidding: Bool { false }

    /// The error a request with bid markup fails with: ``MediationError/invalidBidMarkup(path:reason:)`` at `adm`.
    public static let bidMarkupRefused = MediationError.invalidBidMarkup(
        path: "adm", reason: "TAMedia does not load bids (supportsBidding is false)")

    /// Loads one TAMedia native ad for the line.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        guard request.begin(self, context: context) else { return }
        if adMarkup != nil {
            let error = Self.bidMarkupRefused
            context.logger.log(.error, "TAMedia: \(error)", metadata: ["code": error.code])
            request.finish(.failure(error), from: self)
            return
        }
        guard let adUnitId = info.string(Self.adUnitIDInfoKey) else {
            context.logger.log(
                .error, "TAMedia: load failed: \(Self.missingAdUnitIDMessage)",
                metadata: ["key": Self.adUnitIDInfoKey])
            request.finish(.failure(.missingRequiredInfo(key: Self.adUnitIDInfoKey)), from: self)
            return
        }
        let testing: Bool
        switch info[Self.testingInfoKey] {
        case .none, .null?:
            testing = false
        case .some(let value):
            guard let flag = value.boolValue else {
                request.finish(
                    .failure(.invalidConfiguration(path: Self.testingInfoKey, reason: "expected a Boolean")), from: self
                )
                return
            }
            testing = flag
        }
        let nativeAd = factory.makeNativeAd(adUnitId: adUnitId, context: context)
        guard request.hold(nativeAd) else { return }
        nativeAd.delegate = self
        context.logger.log(.info, "TAMedia: loading", metadata: ["NativeListId": adUnitId])
        let targeting = context.targeting.redacted(for: context.privacy, profile: .taMedia)
        nativeAd.loadRequest(TAMediaSDKRequest(testing: testing, gender: TAMediaSDKGender(targeting.gender)))
    }

    /// Stops: later SDK callbacks are ignored and the ad is released.
    public func stop() {
        if let nativeAd = request.stop(), nativeAd.delegate === self { nativeAd.delegate = nil }
    }

    // MARK: TAMediaSDKNativeAdDelegate

    /// Builds TAMedia's view and the adapter, precaches the images, then reports the ad.
    public func nativeAdDidReceiveAd(_ nativeAd: any TAMediaSDKNativeAd) {
        guard let context = request.claim() else { return }
        guard let content = nativeAd.adContent else {
            request.finishClaimed(.failure(.missingRequiredAssets(Self.requiredKeys)), from: self)
            return
        }
        let nativeAdView = factory.makeNativeAdView()
        nativeAdView.mediaContent = content.mediaContent
        let properties: NativeAdProperties
        do {
            properties = try TAMediaNativeAdAdapter.properties(for: content, mediaContent: nativeAdView.mediaContent)
            try properties.checkRequired(Self.requiredKeys)
        } catch {
            request.finishClaimed(.failure(error), from: self)
            return
        }
        context.precacheImages(of: properties) { loaded throws(MediationError) in
            nativeAdView.nativeAd = nativeAd
            let adapter = TAMediaNativeAdAdapter(nativeAd: nativeAd, nativeAdView: nativeAdView, properties: loaded)
            return context.makeNativeAd(adapter: adapter)
        } completion: { [self] outcome in
            request.finishClaimed(outcome, from: self)
        }
    }

    /// Reports TAMedia's failure: no fill as ``MediationError/noFill``, anything else as a network error.
    public func nativeAd(_ nativeAd: any TAMediaSDKNativeAd, didFailToReceiveAdWithError error: TAMediaSDKRequestError)
    {
        let info = NetworkErrorInfo(domain: error.domain, code: error.code, message: error.localizedDescription)
        request.finish(.failure(.networkLoadFailure(info, isNoFill: error.isNoFill)), from: self)
    }
}

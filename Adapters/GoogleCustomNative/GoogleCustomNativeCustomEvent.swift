import Foundation
import MediationBridge

/// Loads Google Ad Manager custom native formats (custom event `GoogleCustomNativeCustomEvent`).
///
/// The line's info names the ad unit and the format IDs the app can show (see
/// ``GoogleCustomNativeConfiguration``); either missing fails at once with
/// ``MediationError/missingRequiredInfo(key:)`` and no loader is made. The custom event asks the SDK for custom
/// native ads with image loading disabled, maps the ad's assets onto the unified keys, downloads its images
/// through `context.imagePrecacher` (a failed download fails the load with
/// ``MediationError/imageDownloadFailed(url:reason:)``) and only then reports the ad.
///
/// - An ad whose format ID is not among the line's fails with ``MediationError/invalidConfiguration(path:reason:)``
///   naming `formatIDs`.
/// - The SDK's no fill becomes ``MediationError/noFill``; any other SDK error is kept as
///   ``MediationError/networkError(_:)`` with its domain, code and message.
/// - Exactly one outcome is reported, however often the SDK calls back; nothing after ``stop()``; a second
///   request is ignored (``OnceOnlyRequest``).
public final class GoogleCustomNativeCustomEvent: NativeCustomEvent, GoogleSDKCustomNativeAdLoaderDelegate {
    /// The custom event identifier a server names in `x-custom-event-class-name`.
    public static let identifier = "GoogleCustomNativeCustomEvent"
    /// The network name used in sources and traces.
    public static let networkName = "Google"

    private let factory: any GoogleCustomNativeSDKFactory
    private let customClickHandler: GoogleSDKCustomClickHandler?
    private let request = OnceOnlyRequest<NativeAdRequestContext, Loading>()

    /// What the request keeps while loading: the line's configuration and the SDK's loader.
    private struct Loading: Sendable {
        var configuration: GoogleCustomNativeConfiguration
        var loader: (any GoogleSDKAdLoader)?
    }

    /// Creates the custom event.
    ///
    /// - Parameters:
    ///   - factory: makes the SDK's loaders (the real SDK on iOS, the sandbox elsewhere).
    ///   - customClickHandler: the app's own click action, set on every loaded ad (see
    ///     ``GoogleCustomNativeAdAdapter/customClickHandler``).
    public init(factory: any GoogleCustomNativeSDKFactory, customClickHandler: GoogleSDKCustomClickHandler? = nil) {
        self.factory = factory
        self.customClickHandler = customClickHandler
    }

    /// `GoogleCustomNativeCustomEvent`.
    public var identifier: String { Self.identifier }

    /// `adUnitID` and `formatIDs`.
    public var requiredInfoKeys: [String] {
        [GoogleCustomNativeConfiguration.InfoKey.adUnitID, GoogleCustomNativeConfiguration.InfoKey.formatIDs]
    }

    /// `false`: the Google custom native SDK surface this adapter wraps has no markup load call, so a line with bid markup
    /// (`adm`) fails at once with ``bidMarkupRefused`` and nothing is loaded (the auction reports the bid lost).
    public var supportsBidding: Bool { false }

    /// The error a request with bid markup fails with: ``MediationError/invalidBidMarkup(path:reason:)`` at `adm`.
    public static let bidMarkupRefused = MediationError.invalidBidMarkup(
        path: "adm", reason: "Google custom native does not load bids (supportsBidding is false)")

    /// Loads one custom native ad for the line. A second request on the same custom event is ignored
    /// (``OnceOnlyRequest``).
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        guard request.begin(self, context: context) else { return }
        if adMarkup != nil {
            let error = Self.bidMarkupRefused
            context.logger.log(.error, "Google custom native: \(error)", metadata: ["code": error.code])
            request.finish(.failure(error), from: self)
            return
        }
        let configuration: GoogleCustomNativeConfiguration
        do {
            configuration = try GoogleCustomNativeConfiguration(info: info)
        } catch {
            context.logger.log(.error, "Google custom native: \(error)")
            request.finish(.failure(error), from: self)
            return
        }
        // The configuration is held before the loader exists: the SDK asks for the format IDs while loading.
        guard request.hold(Loading(configuration: configuration)) else { return }
        let loader = factory.makeAdLoader(
            adUnitID: configuration.adUnitID, adTypes: [.customNative],
            options: GoogleSDKNativeAdImageAdLoaderOptions(disableImageLoading: true), context: context)
        guard request.hold(Loading(configuration: configuration, loader: loader)) else { return }
        loader.delegate = self
        context.logger.log(
            .info, "Google custom native: loading",
            metadata: ["adUnitID": configuration.adUnitID, "formatIDs": configuration.formatIDs.joined(separator: ",")])
        loader.load(Self.request(for: configuration, privacy: context.privacy))
    }

    /// Stops: later SDK callbacks are ignored and the loader is released.
    public func stop() {
        request.stop()?.loader?.delegate = nil
    }

    /// The request for `configuration`, carrying the privacy signals the privacy matrix forwards to Google
    /// (docs/privacy.md): `npa` = `1` without consent, for a child or under-age user, when ATT forbids tracking
    /// or when the host disallows personalisation; `rdp` = `1` when the US privacy string opts out of sale;
    /// child-directed treatment and under-age-of-consent treatment.
    static func request(for configuration: GoogleCustomNativeConfiguration, privacy: PrivacySettings)
        -> GoogleSDKRequest
    {
        let forwarded = PrivacyMatrix.forwardedSignals(to: .googleCustomNative, for: privacy)
        var parameters: [String: String] = [:]
        for name in ["npa", "rdp"] where forwarded.contains(name) { parameters[name] = "1" }
        var request = GoogleSDKRequest(
            customTargeting: configuration.customTargeting, contentURL: configuration.contentURL,
            requestAgent: "MediationKit", additionalParameters: parameters,
            tagForChildDirectedTreatment: forwarded.contains("tagForChildDirectedTreatment"))
        request.tagForUnderAgeOfConsent = forwarded.contains("tagForUnderAgeOfConsent")
        return request
    }

    // MARK: GoogleSDKCustomNativeAdLoaderDelegate

    /// The line's format IDs.
    public func customNativeAdFormatIDs(for adLoader: any GoogleSDKAdLoader) -> [String] {
        request.resource?.configuration.formatIDs ?? []
    }

    /// Checks the ad's format, maps its assets, precaches its images, then reports it.
    public func adLoader(_ adLoader: any GoogleSDKAdLoader, didReceive customNativeAd: any GoogleSDKCustomNativeAd) {
        guard let configuration = request.resource?.configuration, let context = request.claim() else { return }
        guard configuration.formatIDs.contains(customNativeAd.formatID) else {
            request.finishClaimed(
                .failure(
                    .invalidConfiguration(
                        path: GoogleCustomNativeConfiguration.InfoKey.formatIDs,
                        reason:
                            "received an ad of format \(customNativeAd.formatID), which is not among the format IDs "
                            + "this line can show (\(configuration.formatIDs.joined(separator: ", ")))")),
                from: self)
            return
        }
        let built = GoogleCustomNativePropertiesBuilder(
            mapping: configuration.assetMapping(forFormatID: customNativeAd.formatID),
            adChoicesAssetKey: factory.adChoicesViewAssetKey, mediaViewAssetKey: factory.mediaViewAssetKey,
            logger: context.logger
        ).build(from: customNativeAd)
        do {
            try built.properties.checkRequired(configuration.requiredKeys)
        } catch {
            request.finishClaimed(.failure(error), from: self)
            return
        }
        context.precacheImages(of: built.properties) { [self] properties throws(MediationError) in
            let adapter = GoogleCustomNativeAdAdapter(
                customNativeAd: customNativeAd, properties: properties,
                assetKeysByProperty: built.assetKeysByProperty, clickAssetKey: configuration.clickAssetKey,
                adChoicesAssetKey: factory.adChoicesViewAssetKey, mediaViewAssetKey: factory.mediaViewAssetKey,
                bindsAssetViews: configuration.bindsAssetViews, logger: context.logger)
            if let customClickHandler { adapter.customClickHandler = customClickHandler }
            return context.makeNativeAd(adapter: adapter)
        } completion: { [self] outcome in
            request.finishClaimed(outcome, from: self)
        }
    }

    /// Reports the SDK's failure: no fill as ``MediationError/noFill``, anything else as a network error.
    public func adLoader(_ adLoader: any GoogleSDKAdLoader, didFailToReceiveAdWithError error: GoogleSDKRequestError) {
        let info = NetworkErrorInfo(domain: error.domain, code: error.code, message: error.localizedDescription)
        request.finish(.failure(.networkLoadFailure(info, isNoFill: error.isNoFill)), from: self)
    }
}

import Foundation
import MediationBridge

/// Loads TAMedia native ads (custom event `TAMediaCustomNativeAdEvent`, the name the seed's renderer lists).
///
/// - Info: `NativeListId` (required) is the ad unit; without it the load fails at once with
///   ``MediationError/missingRequiredInfo(key:)`` for `NativeListId` — the seed's "Ad unit ID cannot be nil." —
///   and no ad object is made. `testing` (optional Boolean, default `false`) asks TAMedia for test ads.
/// - The request carries the targeting's gender where privacy allows it (redacted again here, so that no caller
///   can leak it with unredacted targeting), else `kTADGenderUnknown` as in the seed. TAMedia's request takes
///   nothing else: no consent or privacy signal reaches it (docs/privacy.md).
/// - On load it builds TAMedia's view for the ad (with the media view's content), maps the content (see
///   ``TAMediaNativeAdAdapter/properties(for:mediaContent:)``), downloads every image through
///   `context.imagePrecacher` (MoPub's `precacheImagesWithURLs`) and only then reports the ad; a failed download
///   fails the load with ``MediationError/imageDownloadFailed(url:reason:)``. An ad without a long subject (title)
///   fails with ``MediationError/missingRequiredAssets(_:)``.
/// - TAMedia's no fill becomes ``MediationError/noFill``; other errors keep their domain, code and message.
/// - Exactly one outcome is reported, however often the SDK calls back; nothing after ``stop()``.
public final class TAMediaCustomNativeAdEvent: NativeCustomEvent, TAMediaSDKNativeAdDelegate {
    /// The custom event identifier, exactly as the seed's renderer lists it.
    public static let identifier = "TAMediaCustomNativeAdEvent"
    /// The network name used in sources and traces.
    public static let networkName = "TAMedia"
    /// The info key of the ad unit ID.
    public static let adUnitIDInfoKey = "NativeListId"
    /// The info key of the test-ads flag.
    public static let testingInfoKey = "testing"
    /// The seed's message for a missing ad unit ID, logged with the failure.
    public static let missingAdUnitIDMessage = "Ad unit ID cannot be nil."
    /// The unified keys every TAMedia ad must have.
    public static let requiredKeys: [NativeAdPropertyKey] = [.title]

    private let factory: any TAMediaSDKFactory
    private let state = Locked(State())

    private enum Phase {
        case idle
        case loading
        case preparingAd
        case finished
        case stopped
    }

    private struct State {
        var phase = Phase.idle
        var nativeAd: (any TAMediaSDKNativeAd)?
        var context: NativeAdRequestContext?
    }

    /// Creates the custom event over `factory` (the real SDK on iOS, the sandbox elsewhere).
    public init(factory: any TAMediaSDKFactory) {
        self.factory = factory
    }

    /// `TAMediaCustomNativeAdEvent`.
    public var identifier: String { Self.identifier }

    /// `NativeListId`.
    public var requiredInfoKeys: [String] { [Self.adUnitIDInfoKey] }

    /// Loads one TAMedia native ad for the line.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        guard let adUnitId = info.string(Self.adUnitIDInfoKey) else {
            context.logger.log(
                .error, "TAMedia: load failed: \(Self.missingAdUnitIDMessage)",
                metadata: ["key": Self.adUnitIDInfoKey])
            context.delegate.nativeCustomEvent(self, didFailWith: .missingRequiredInfo(key: Self.adUnitIDInfoKey))
            return
        }
        let testing: Bool
        switch info[Self.testingInfoKey] {
        case .none, .null?:
            testing = false
        case .some(let value):
            guard let flag = value.boolValue else {
                context.delegate.nativeCustomEvent(
                    self,
                    didFailWith: .invalidConfiguration(path: Self.testingInfoKey, reason: "expected a Boolean"))
                return
            }
            testing = flag
        }
        let started = state.withLock { state in
            guard case .idle = state.phase else { return false }
            state.phase = .loading
            state.context = context
            return true
        }
        guard started else {
            context.delegate.nativeCustomEvent(
                self,
                didFailWith: .invalidConfiguration(
                    path: "requestAd", reason: "a custom event loads one ad; make a new one per request"))
            return
        }
        let nativeAd = factory.makeNativeAd(adUnitId: adUnitId, context: context)
        let keepsAd = state.withLock { state in
            guard case .loading = state.phase else { return false }
            state.nativeAd = nativeAd
            return true
        }
        guard keepsAd else { return }
        nativeAd.delegate = self
        context.logger.log(.info, "TAMedia: loading", metadata: ["NativeListId": adUnitId])
        let targeting = context.targeting.redacted(for: context.privacy, at: .taMedia)
        nativeAd.loadRequest(TAMediaSDKRequest(testing: testing, gender: TAMediaSDKGender(targeting.gender)))
    }

    /// Stops: later SDK callbacks are ignored and the ad is released.
    public func stop() {
        let nativeAd = state.withLock { state in
            defer {
                if case .finished = state.phase {} else { state.phase = .stopped }
                state.nativeAd = nil
            }
            return state.nativeAd
        }
        if let nativeAd, nativeAd.delegate === self { nativeAd.delegate = nil }
    }

    // MARK: TAMediaSDKNativeAdDelegate

    /// Builds TAMedia's view and the adapter, precaches the images, then reports the ad.
    public func nativeAdDidReceiveAd(_ nativeAd: any TAMediaSDKNativeAd) {
        let context = state.withLock { state -> NativeAdRequestContext? in
            guard case .loading = state.phase else { return nil }
            state.phase = .preparingAd
            return state.context
        }
        guard let context else { return }
        guard let content = nativeAd.adContent else {
            finish(.failure(.missingRequiredAssets(Self.requiredKeys)), context: context)
            return
        }
        let nativeAdView = factory.makeNativeAdView()
        nativeAdView.mediaContent = content.mediaContent
        let properties: NativeAdProperties
        do {
            properties = try TAMediaNativeAdAdapter.properties(for: content, mediaContent: nativeAdView.mediaContent)
            try properties.checkRequired(Self.requiredKeys)
        } catch {
            finish(.failure(error), context: context)
            return
        }
        context.precacheImages(of: properties) { loaded throws(MediationError) in
            nativeAdView.nativeAd = nativeAd
            let adapter = TAMediaNativeAdAdapter(nativeAd: nativeAd, nativeAdView: nativeAdView, properties: loaded)
            return context.makeNativeAd(adapter: adapter)
        } completion: { [self] outcome in
            finish(outcome, context: context)
        }
    }

    /// Reports TAMedia's failure: no fill as ``MediationError/noFill``, anything else as a network error.
    public func nativeAd(_ nativeAd: any TAMediaSDKNativeAd, didFailToReceiveAdWithError error: TAMediaSDKRequestError)
    {
        let context = state.withLock { state -> NativeAdRequestContext? in
            guard case .loading = state.phase else { return nil }
            return state.context
        }
        guard let context else { return }
        let info = NetworkErrorInfo(domain: error.domain, code: error.code, message: error.localizedDescription)
        finish(.failure(.networkLoadFailure(info, isNoFill: error.isNoFill)), context: context)
    }

    private func finish(_ outcome: Result<NativeAd, MediationError>, context: NativeAdRequestContext) {
        let reports = state.withLock { state in
            switch state.phase {
            case .loading, .preparingAd:
                state.phase = .finished
                state.nativeAd = nil
                return true
            case .idle, .finished, .stopped:
                return false
            }
        }
        guard reports else { return }
        context.report(outcome, from: self)
    }
}

import Foundation
import GoogleCustomNativeAdapter
import MediationBridge
import MediationSupport

/// The sandbox's `GoogleSDKCustomNativeAd`: serves its content's assets and acts like the SDK on impressions and
/// clicks, recording everything for tests.
///
/// - `recordImpression`: counted every call; the SDK's own dedupe (on by default) can be switched off to prove
///   a caller does not rely on it. Each recorded impression tells the delegate.
/// - `performClickOnAsset(withKey:)`: on the AdChoices asset, opens the AdChoices page and records no ad click.
///   Otherwise records the click, tells the delegate, then acts in the SDK's order: the custom click handler
///   (and nothing else), else the first deep link whose scheme an installed app handles, else the click URL in
///   the in-app browser (which presents a screen).
public final class SandboxGoogleCustomNativeAd: GoogleSDKCustomNativeAd, Sendable {
    /// The content served.
    public let content: SandboxGoogleAdContent
    /// Whether the SDK "downloaded" the images (false when the loader disabled image loading).
    public let loadsImages: Bool

    private let adChoicesAssetKey: String
    private let installedAppSchemes: Set<String>
    private let dedupesImpressions: Bool
    private let measurement: SandboxDisplayAdMeasurement?
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any GoogleSDKCustomNativeAdDelegate)?
        var customClickHandler: GoogleSDKCustomClickHandler?
        var impressionCalls = 0
        var recordedImpressions = 0
        var clicks: [SandboxGoogleClick] = []
    }

    /// Creates an ad.
    ///
    /// - Parameters:
    ///   - content: what it serves.
    ///   - loadsImages: whether images come with bytes.
    ///   - adChoicesAssetKey: the network's AdChoices asset key.
    ///   - installedAppSchemes: the URL schemes installed apps handle (for deep links).
    ///   - dedupesImpressions: whether repeated `recordImpression` calls are ignored, like the real SDK.
    ///   - measurementFailsToStart: whether Open Measurement fails to start.
    public init(
        content: SandboxGoogleAdContent, loadsImages: Bool, adChoicesAssetKey: String,
        installedAppSchemes: Set<String> = [], dedupesImpressions: Bool = true, measurementFailsToStart: Bool = false
    ) {
        self.content = content
        self.loadsImages = loadsImages
        self.adChoicesAssetKey = adChoicesAssetKey
        self.installedAppSchemes = Set(installedAppSchemes.map { $0.lowercased() })
        self.dedupesImpressions = dedupesImpressions
        self.measurement =
            content.supportsDisplayMeasurement
            ? SandboxDisplayAdMeasurement(failsToStart: measurementFailsToStart) : nil
    }

    // MARK: GoogleSDKCustomNativeAd

    /// The content's format ID.
    public var formatID: String { content.formatID }

    /// The content's asset names.
    public var availableAssetKeys: [String] { content.assetKeys }

    /// The text asset named `key`.
    public func string(forKey key: String) -> String? { content.texts[key] }

    /// The image asset named `key` (the AdChoices image under the AdChoices key), with made-up bytes when the
    /// SDK loads images.
    public func image(forKey key: String) -> GoogleSDKNativeAdImage? {
        let image = key == adChoicesAssetKey ? content.adChoicesImage : content.images[key]
        return image.map(loaded)
    }

    /// The content's media, its still loaded like the other images.
    public var mediaContent: GoogleSDKMediaContent {
        var media = content.mediaContent
        media.mainImage = media.mainImage.map(loaded)
        return media
    }

    /// The app's click action.
    public var customClickHandler: GoogleSDKCustomClickHandler? {
        get { state.withLock { $0.customClickHandler } }
        set { state.withLock { $0.customClickHandler = newValue } }
    }

    /// The ad's delegate, held weakly.
    public var delegate: (any GoogleSDKCustomNativeAdDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The Open Measurement session, when the content supports it.
    public var displayAdMeasurement: (any GoogleSDKDisplayAdMeasurement)? { measurement }

    /// The content's response identifier.
    public var responseInfo: GoogleSDKResponseInfo {
        GoogleSDKResponseInfo(
            responseIdentifier: content.responseIdentifier, adNetworkClassName: "GADMAdapterGoogleAdMobAds")
    }

    /// Counts the call; records an impression (and tells the delegate) unless one was recorded and the SDK
    /// dedupes.
    public func recordImpression() {
        let records = state.withLock { state in
            state.impressionCalls += 1
            guard !(dedupesImpressions && state.recordedImpressions > 0) else { return false }
            state.recordedImpressions += 1
            return true
        }
        if records { delegate?.customNativeAdDidRecordImpression(self) }
    }

    /// Acts on a click on the asset named `assetKey` (see the type's rules).
    public func performClickOnAsset(withKey assetKey: String) {
        if assetKey == adChoicesAssetKey {
            state.withLock { $0.clicks.append(SandboxGoogleClick(assetKey: assetKey, action: .openedAdChoicesInfo)) }
            return
        }
        let handler = customClickHandler
        let action: SandboxGoogleClickAction
        if handler != nil {
            action = .customClickHandler(assetID: assetKey)
        } else if let deepLink = content.deepLinkURLs.first(where: canOpen) {
            action = .openedDeepLink(deepLink)
        } else if let clickURL = content.clickURL {
            action = .openedClickURL(clickURL)
        } else {
            action = .none
        }
        state.withLock { $0.clicks.append(SandboxGoogleClick(assetKey: assetKey, action: action)) }
        delegate?.customNativeAdDidRecordClick(self)
        switch action {
        case .customClickHandler(let assetID): handler?(assetID)
        case .openedClickURL: delegate?.customNativeAdWillPresentScreen(self)
        case .openedDeepLink, .openedAdChoicesInfo, .none: break
        }
    }

    // MARK: Records and simulated events

    /// How many times `recordImpression` was called.
    public var impressionCallCount: Int { state.withLock { $0.impressionCalls } }

    /// How many impressions the SDK recorded.
    public var recordedImpressionCount: Int { state.withLock { $0.recordedImpressions } }

    /// Every click received, in order.
    public var clicks: [SandboxGoogleClick] { state.withLock { $0.clicks } }

    /// The sandbox's measurement session, when the content supports one.
    public var sandboxMeasurement: SandboxDisplayAdMeasurement? { measurement }

    /// The SDK records an impression by itself (as for video) and tells the delegate.
    public func simulateSDKImpression() {
        state.withLock { $0.recordedImpressions += 1 }
        delegate?.customNativeAdDidRecordImpression(self)
    }

    /// The SDK presents a full-screen view.
    public func simulatePresentScreen() {
        delegate?.customNativeAdWillPresentScreen(self)
    }

    /// The user closes the SDK's full-screen view: "will dismiss", then "did dismiss".
    public func simulateDismissScreen() {
        delegate?.customNativeAdWillDismissScreen(self)
        delegate?.customNativeAdDidDismissScreen(self)
    }

    private func canOpen(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return installedAppSchemes.contains(scheme)
    }

    private func loaded(_ image: GoogleSDKNativeAdImage) -> GoogleSDKNativeAdImage {
        var image = image
        if loadsImages, image.imageData == nil, let url = image.imageURL {
            image.imageData = Data(url.absoluteString.utf8)
        }
        return image
    }
}

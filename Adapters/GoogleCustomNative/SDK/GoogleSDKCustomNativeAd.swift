/// The block a custom click handler is (`GoogleSDKCustomClickHandler`): it receives the clicked asset's ID.
public typealias GoogleSDKCustomClickHandler = @Sendable (_ assetID: String) -> Void

/// A loaded custom native ad (`GoogleSDKCustomNativeAd`, Swift `CustomNativeAd`; `GADNativeCustomTemplateAd` before
/// SDK 8): the surface of the Google Mobile Ads SDK the adapter uses.
///
/// A custom format has no named accessors: assets are read by their names in Ad Manager's format definition.
/// The app must record impressions and report clicks itself.
///
/// Rules for conformers (the iOS glue wrapping the real class, the sandbox):
/// - ``string(forKey:)`` and ``image(forKey:)`` return `nil` for an absent asset or one of the other kind.
/// - ``performClickOnAsset(withKey:)`` acts in the SDK's order: the ``customClickHandler`` when set (and
///   nothing else), else the first deep link an installed app can open, else the click URL in a browser.
/// - Hold ``delegate`` weakly; call it from any thread.
public protocol GoogleSDKCustomNativeAd: AnyObject, Sendable {
    /// The ad's format ID (`formatID`; `templateID` before SDK 8).
    var formatID: String { get }

    /// The names of the assets the ad carries (`availableAssetKeys`).
    var availableAssetKeys: [String] { get }

    /// The text asset named `key` (`stringForKey:`), or `nil`.
    func string(forKey key: String) -> String?

    /// The image asset named `key` (`imageForKey:`), or `nil`.
    func image(forKey key: String) -> GoogleSDKNativeAdImage?

    /// The ad's media (`mediaContent`).
    var mediaContent: GoogleSDKMediaContent { get }

    /// The app's own click action (`customClickHandler`); when set, the SDK runs it and does nothing else.
    var customClickHandler: GoogleSDKCustomClickHandler? { get set }

    /// Reports a click on the asset named `assetKey` and performs the click action (`performClickOnAssetWithKey:`).
    func performClickOnAsset(withKey assetKey: String)

    /// Records an impression (`recordImpression`). The SDK ignores repeats, but callers must not rely on it.
    func recordImpression()

    /// Open Measurement for the ad's view (`displayAdMeasurement`), when the ad supports it.
    var displayAdMeasurement: (any GoogleSDKDisplayAdMeasurement)? { get }

    /// Receives the ad's impression, click and screen events (`delegate`); held weakly.
    var delegate: (any GoogleSDKCustomNativeAdDelegate)? { get set }

    /// Information about the ad response (`responseInfo`).
    var responseInfo: GoogleSDKResponseInfo { get }
}

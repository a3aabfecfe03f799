import MediationBridge

/// Creates the Google Mobile Ads objects the custom event uses: the real SDK on iOS (see the README's glue),
/// the sandbox on Linux.
///
/// Rules for conformers: return a fresh loader per call; use `context.clock` for any simulated delay; give the
/// SDK's own asset identifiers for AdChoices and the media view.
public protocol GoogleCustomNativeSDKFactory: Sendable {
    /// The asset key of the AdChoices image (`GADNativeAdChoicesViewAsset`,
    /// `NativeAssetIdentifier.adChoicesViewAsset.rawValue`).
    var adChoicesViewAssetKey: String { get }

    /// The asset key of the media view, for clicks on video (`GADCustomNativeAdMediaViewKey`).
    var mediaViewAssetKey: String { get }

    /// A new loader for `adUnitID` requesting `adTypes` with `options`.
    func makeAdLoader(
        adUnitID: String, adTypes: [GoogleSDKAdLoaderAdType], options: GoogleSDKNativeAdImageAdLoaderOptions,
        context: NativeAdRequestContext
    ) -> any GoogleSDKAdLoader
}

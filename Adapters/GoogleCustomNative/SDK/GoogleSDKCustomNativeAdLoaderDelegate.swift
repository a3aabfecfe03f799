/// The delegate of an ad loader that requests custom native formats (`GoogleSDKCustomNativeAdLoaderDelegate` plus
/// `GADAdLoaderDelegate`).
public protocol GoogleSDKCustomNativeAdLoaderDelegate: AnyObject, Sendable {
    /// The format IDs the app can show (`customNativeAdFormatIDsForAdLoader:`).
    func customNativeAdFormatIDs(for adLoader: any GoogleSDKAdLoader) -> [String]

    /// A custom native ad loaded (`adLoader:didReceiveCustomNativeAd:`).
    func adLoader(_ adLoader: any GoogleSDKAdLoader, didReceive customNativeAd: any GoogleSDKCustomNativeAd)

    /// The request failed (`adLoader:didFailToReceiveAdWithError:`).
    func adLoader(_ adLoader: any GoogleSDKAdLoader, didFailToReceiveAdWithError error: GoogleSDKRequestError)

    /// The loader finished its request (`adLoaderDidFinishLoading:`). Does nothing by default.
    func adLoaderDidFinishLoading(_ adLoader: any GoogleSDKAdLoader)
}

extension GoogleSDKCustomNativeAdLoaderDelegate {
    /// Does nothing by default.
    public func adLoaderDidFinishLoading(_ adLoader: any GoogleSDKAdLoader) {}
}

/// The delegate of an ad loader that requests custom native formats (`GADCustomNativeAdLoaderDelegate` plus
/// `GADAdLoaderDelegate`).
public protocol GADCustomNativeAdLoaderDelegate: AnyObject, Sendable {
    /// The format IDs the app can show (`customNativeAdFormatIDsForAdLoader:`).
    func customNativeAdFormatIDs(for adLoader: any GADAdLoader) -> [String]

    /// A custom native ad loaded (`adLoader:didReceiveCustomNativeAd:`).
    func adLoader(_ adLoader: any GADAdLoader, didReceive customNativeAd: any GADCustomNativeAd)

    /// The request failed (`adLoader:didFailToReceiveAdWithError:`).
    func adLoader(_ adLoader: any GADAdLoader, didFailToReceiveAdWithError error: GADRequestError)

    /// The loader finished its request (`adLoaderDidFinishLoading:`). Does nothing by default.
    func adLoaderDidFinishLoading(_ adLoader: any GADAdLoader)
}

extension GADCustomNativeAdLoaderDelegate {
    /// Does nothing by default.
    public func adLoaderDidFinishLoading(_ adLoader: any GADAdLoader) {}
}

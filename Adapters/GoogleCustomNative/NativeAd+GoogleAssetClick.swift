import MediationCore

extension NativeAd {
    /// The host reports a tap on the view of the asset named `assetKey`.
    ///
    /// For a Google custom native ad the click is reported on that asset (a tap on the AdChoices asset performs
    /// the AdChoices click and counts no ad click); for any other ad, and for an expired ad (which the network
    /// must not hear from), this is ``recordClick()``.
    public func recordClick(onAsset assetKey: String) {
        guard !isExpired, let googleAdapter = adapter as? GoogleCustomNativeAdAdapter else {
            recordClick()
            return
        }
        guard assetKey != googleAdapter.adChoicesAssetKey else {
            googleAdapter.performAdChoicesClick()
            return
        }
        googleAdapter.setNextClickAsset(assetKey)
        recordClick()
    }
}

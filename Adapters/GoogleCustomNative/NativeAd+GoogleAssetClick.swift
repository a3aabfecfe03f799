import MediationBridge

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

    /// The host reports a tap on one of the asset views it gave a view-binding ad (``NativeAdAssetViews``).
    ///
    /// For a bound Google custom native ad the click is reported on the asset that view shows, as
    /// ``recordClick(onAsset:)`` does; for a view that is not bound, and for any other ad, this is
    /// ``recordClick()``.
    public func recordClick(onAssetView view: AnyObject) {
        guard let googleAdapter = adapter as? GoogleCustomNativeAdAdapter,
            let assetKey = googleAdapter.boundAssetKey(of: view)
        else {
            recordClick()
            return
        }
        recordClick(onAsset: assetKey)
    }
}

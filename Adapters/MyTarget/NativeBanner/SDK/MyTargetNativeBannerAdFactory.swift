import MediationBridge

/// Creates the SDK's objects for the custom event: the real SDK on iOS (see the module README for the glue),
/// the in-memory sandbox on Linux and in tests.
///
/// Rules for conformers: return a fresh, unloaded object per call, configured with the SDK's defaults; apply
/// privacy flags SDK-wide, as `MTRGPrivacy` does.
public protocol MyTargetNativeBannerAdFactory: Sendable {
    /// A new native banner ad for `slotId` (`nativeBannerAdWithSlotId:adChoicesMenuFactory:`); `nil`
    /// `adChoicesMenuFactory` keeps the SDK's own AdChoices menu (`nativeBannerAdWithSlotId:`).
    func makeNativeBannerAd(slotId: UInt, adChoicesMenuFactory: (any MyTargetMenuFactory)?)
        -> any MyTargetNativeBannerAdLoading

    /// A new loader of up to `count` ads for `slotId` (`loaderForCount:slotId:adChoicesMenuFactory:`); its ads
    /// use `adChoicesMenuFactory` for their AdChoices menus.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `count` when `count` is outside
    ///   1…20 (check with ``MyTargetNativeBannerAdLoaderCount/validate(_:)``).
    func makeNativeBannerAdLoader(count: Int, slotId: UInt, adChoicesMenuFactory: (any MyTargetMenuFactory)?)
        throws(MediationError) -> any MyTargetNativeBannerAdLoaderLoading

    /// Applies the SDK-wide privacy flags (`MTRGPrivacy`).
    func setPrivacy(_ privacy: MyTargetPrivacy)
}

extension MyTargetNativeBannerAdFactory {
    /// A new native banner ad for `slotId` with the SDK's own AdChoices menu (`nativeBannerAdWithSlotId:`).
    public func makeNativeBannerAd(slotId: UInt) -> any MyTargetNativeBannerAdLoading {
        makeNativeBannerAd(slotId: slotId, adChoicesMenuFactory: nil)
    }

    /// A new loader with the SDK's own AdChoices menu (`loaderForCount:slotId:`).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `count` outside 1…20.
    public func makeNativeBannerAdLoader(count: Int, slotId: UInt) throws(MediationError)
        -> any MyTargetNativeBannerAdLoaderLoading
    {
        try makeNativeBannerAdLoader(count: count, slotId: slotId, adChoicesMenuFactory: nil)
    }
}

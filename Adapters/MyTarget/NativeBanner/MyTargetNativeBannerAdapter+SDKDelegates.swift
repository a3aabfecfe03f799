import MediationBridge

extension MyTargetNativeBannerAdapter: MyTargetNativeBannerAdDelegate {
    /// Dropped and logged: the ad is already loaded (an SDK that answers twice).
    public func onLoad(with banner: MyTargetNativeBanner, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        logLateLoadCallback("onLoad")
    }

    /// Dropped and logged: the ad is already loaded.
    public func onLoadFailed(
        with error: MyTargetAdLoadingError, nativeBannerAd: any MyTargetNativeBannerAdLoading
    ) {
        logLateLoadCallback("onLoadFailed")
    }

    /// Forwards the SDK's impression as `willLogImpression`.
    public func onAdShow(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        delegate?.nativeAdWillLogImpression(self)
    }

    /// Forwards the SDK's click as `didClick`.
    public func onAdClick(withClickedView clickedView: AnyObject?, nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        delegate?.nativeAdDidClick(self)
    }

    /// Forwards `willPresentModal`.
    public func onShowModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        delegate?.nativeAdWillPresentModal(self)
    }

    /// Forwards `didDismissModal`.
    public func onDismissModal(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        delegate?.nativeAdDidDismissModal(self)
    }

    /// Forwards `willLeaveApplication`.
    public func onLeaveApplication(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        delegate?.nativeAdWillLeaveApplication(self)
    }
}

extension MyTargetNativeBannerAdapter: MyTargetNativeBannerAdMediaDelegate {
    /// Reports ``MyTargetNativeBannerEvent/iconLoaded``.
    public func onIconLoad(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        emit(.iconLoaded)
    }

    /// Reports ``MyTargetNativeBannerEvent/adChoicesIconLoaded``.
    public func onAdChoicesIconLoad(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        emit(.adChoicesIconLoaded)
    }

    /// Reports ``MyTargetNativeBannerEvent/mediaLoadFailed``.
    public func onMediaLoadFailed(with nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        emit(.mediaLoadFailed)
    }
}

extension MyTargetNativeBannerAdapter: MyTargetNativeBannerAdChoicesOptionDelegate {
    /// ``closesAutomatically``.
    public func shouldCloseAutomatically() -> Bool { closesAutomatically }

    /// Reports ``MyTargetNativeBannerEvent/closedAutomatically`` and forwards "did close": the SDK hid the ad,
    /// and the host must still take its slot away.
    public func onCloseAutomatically(_ nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        emit(.closedAutomatically)
        delegate?.nativeAdDidClose(self)
    }

    /// Reports ``MyTargetNativeBannerEvent/closeRequested`` and forwards "did close": the host must hide the ad.
    public func closeIfAutomaticallyDisabled(_ nativeBannerAd: any MyTargetNativeBannerAdLoading) {
        guard isWrapping(nativeBannerAd) else { return }
        emit(.closeRequested)
        delegate?.nativeAdDidClose(self)
    }
}

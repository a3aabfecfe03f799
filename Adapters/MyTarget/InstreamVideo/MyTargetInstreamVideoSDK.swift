import MediationBridge

/// myTarget's in-stream video SDK (`MTRGInstreamAd`), as ``MyTargetInstreamCore`` drives it.
enum MyTargetInstreamVideoSDK: MyTargetInstreamSDK {
    static func makeAd(slotId: UInt, factory: any MyTargetInstreamAdFactory) -> any MyTargetInstreamAdLoading {
        factory.makeInstreamAd(slotId: slotId)
    }

    static func makePlayer(_ player: any InstreamAdPlayer) -> MyTargetInstreamVideoPlayerBridge {
        MyTargetInstreamVideoPlayerBridge(player: player)
    }

    static func load(
        _ ad: any MyTargetInstreamAdLoading, player: MyTargetInstreamVideoPlayerBridge?, request: InstreamAdRequest,
        delegate: any MyTargetInstreamAdDelegate
    ) {
        if let player { ad.player = player } else { ad.useDefaultPlayer() }
        ad.customParams = MyTargetCustomParams(targeting: request.targeting, privacy: request.privacy)
        switch request.midpointConfiguration {
        case .server: ad.configureMidpoints(forVideoDuration: request.contentDuration)
        case .seconds(let seconds): ad.configureMidpoints(seconds, forVideoDuration: request.contentDuration)
        case .percent(let percents): ad.configureMidpointsP(percents, forVideoDuration: request.contentDuration)
        }
        ad.delegate = delegate
        ad.load()
    }

    static func release(_ ad: any MyTargetInstreamAdLoading) {
        ad.delegate = nil
        ad.stop()
    }

    static func midpoints(of ad: any MyTargetInstreamAdLoading) -> [Double] { ad.midpoints }

    static func banner(_ banner: MyTargetInstreamAdBanner) -> InstreamAdBanner {
        InstreamAdBanner(
            identifier: banner.bannerId, format: .video, duration: banner.duration, allowClose: banner.allowClose,
            allowCloseDelay: banner.allowCloseDelay, width: banner.width, height: banner.height,
            ctaText: banner.ctaText)
    }
}

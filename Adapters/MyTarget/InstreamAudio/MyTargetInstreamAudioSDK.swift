import MediationBridge

/// myTarget's in-stream audio SDK (`MTRGInstreamAudioAd`), as ``MyTargetInstreamCore`` drives it. The audio SDK
/// has no player of its own: the core always presents the session's.
enum MyTargetInstreamAudioSDK: MyTargetInstreamSDK {
    static func makeAd(slotId: UInt, factory: any MyTargetInstreamAdFactory) -> any MyTargetInstreamAudioAdLoading {
        factory.makeInstreamAudioAd(slotId: slotId)
    }

    static func makePlayer(_ player: any InstreamAdPlayer) -> MyTargetInstreamAudioPlayerBridge {
        MyTargetInstreamAudioPlayerBridge(player: player)
    }

    static func load(
        _ ad: any MyTargetInstreamAudioAdLoading, player: MyTargetInstreamAudioPlayerBridge?,
        request: InstreamAdRequest, delegate: any MyTargetInstreamAudioAdDelegate
    ) {
        ad.player = player
        ad.customParams = MyTargetCustomParams(targeting: request.targeting, privacy: request.privacy)
        switch request.midpointConfiguration {
        case .server: ad.configureMidpoints(forAudioDuration: request.contentDuration)
        case .seconds(let seconds): ad.configureMidpoints(seconds, forAudioDuration: request.contentDuration)
        case .percent(let percents): ad.configureMidpointsP(percents, forAudioDuration: request.contentDuration)
        }
        ad.delegate = delegate
        ad.load()
    }

    static func release(_ ad: any MyTargetInstreamAudioAdLoading) {
        ad.delegate = nil
        ad.stop()
    }

    static func midpoints(of ad: any MyTargetInstreamAudioAdLoading) -> [Double] { ad.midpoints }

    static func banner(_ banner: MyTargetInstreamAudioAdBanner) -> InstreamAdBanner {
        InstreamAdBanner(
            identifier: banner.bannerId, format: .audio, duration: banner.duration, allowSeek: banner.allowSeek,
            allowSkip: banner.allowSkip, allowTrackChange: banner.allowTrackChange, adText: banner.adText,
            companionBanners: banner.companionBanners.map {
                InstreamCompanionBanner(
                    identifier: $0.adSlotID, width: $0.width, height: $0.height, staticResourceURL: $0.staticResource,
                    htmlResource: $0.htmlResource)
            })
    }
}

import MediationBridge
import MediationSupport

/// Loads and plays myTarget in-stream audio (`MTRGInstreamAudioAd`) for an ``InstreamAdSession``
/// (identifier `MyTargetInstreamAudioCustomEvent`).
///
/// - `slotId` is required: missing or malformed, loading fails at once (no SDK object is made).
/// - Plays through the session's player, presented to the SDK by ``MyTargetInstreamAudioPlayerBridge`` (the audio
///   SDK has no player of its own).
/// - Companion show and click go to `handleCompanionShow:` and `handleCompanionClick:withController:`.
/// - Midpoints go to `configureMidpoints`, `configureMidpointsP` or, when none were configured, the server's
///   (`configureMidpointsForAudioDuration:`); age and gender go to `customParams` only as privacy allows.
/// - Reports one load outcome, however often the SDK calls back; a second `load` is ignored; after ``cancel()``
///   the SDK ad is stopped and detached and nothing more is reported (``OnceOnlyRequest``).
public final class MyTargetInstreamAudioCustomEvent: InstreamCustomEvent, MyTargetInstreamAudioAdDelegate {
    /// The identifier servers put in `x-custom-event-class-name`.
    public static let identifier = "MyTargetInstreamAudioCustomEvent"

    private let core: MyTargetInstreamCore<MyTargetInstreamAudioSDK>
    /// The SDK's companion banners of the banners started so far, by slot identifier.
    private let companions = Locked<[String: MyTargetInstreamAdCompanionBanner]>([:])

    /// Creates the custom event.
    public init(factory: any MyTargetInstreamAdFactory) {
        core = MyTargetInstreamCore(factory: factory)
    }

    /// The SDK ad, once loading started.
    public var instreamAd: (any MyTargetInstreamAudioAdLoading)? { core.ad }

    /// Reads `slotId`, configures the SDK ad and loads it; a second load is ignored.
    public func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        core.load(request, delegate: delegate, listener: self)
    }

    /// Stops and detaches the SDK ad.
    public func cancel() { core.cancel() }

    /// `startPreroll`, `startMidrollWithPoint:`, `startPauseroll` or `startPostroll`.
    public func start(_ section: InstreamAdSection, midpoint: Double?) {
        guard let ad = instreamAd else { return }
        switch section {
        case .preroll: ad.startPreroll()
        case .midroll: ad.startMidroll(point: midpoint ?? 0)
        case .pauseroll: ad.startPauseroll()
        case .postroll: ad.startPostroll()
        }
    }

    /// `pause`.
    public func pause() { instreamAd?.pause() }
    /// `resume`.
    public func resume() { instreamAd?.resume() }
    /// `stop`.
    public func stop() { instreamAd?.stop() }
    /// `skip`.
    public func skip() { instreamAd?.skip() }
    /// `skipBanner`.
    public func skipBanner() { instreamAd?.skipBanner() }
    /// `volume`.
    public func setVolume(_ volume: Double) { instreamAd?.volume = Float(volume) }
    /// `handleClickWithController:`.
    public func trackClick() { instreamAd?.handleClick() }
    /// `handleCompanionShow:` for the SDK companion behind `companion`.
    public func trackCompanionShow(_ companion: InstreamCompanionBanner) {
        guard let original = companions.withLock({ $0[companion.identifier] }) else { return }
        instreamAd?.handleCompanionShow(original)
    }
    /// `handleCompanionClick:withController:` for the SDK companion behind `companion`.
    public func trackCompanionClick(_ companion: InstreamCompanionBanner) {
        guard let original = companions.withLock({ $0[companion.identifier] }) else { return }
        instreamAd?.handleCompanionClick(original)
    }

    // MARK: MyTargetInstreamAudioAdDelegate

    /// Reports the loaded midpoints: the load's one outcome.
    public func onLoad() { core.didLoad() }
    /// Reports no ad: the load's one outcome.
    public func onNoAd(reason: String) { core.didFailToLoad(reason: reason) }
    /// Reports a playback error.
    public func onError(reason: String) { core.didFail(reason: reason) }
    /// Reports banner start and remembers its companions.
    public func onBannerStart(_ banner: MyTargetInstreamAudioAdBanner) {
        companions.withLock { companions in
            for companion in banner.companionBanners { companions[companion.adSlotID] = companion }
        }
        core.bannerDidStart(banner)
    }
    /// Reports banner complete.
    public func onBannerComplete(_ banner: MyTargetInstreamAudioAdBanner) { core.bannerDidComplete(banner) }
    /// Reports time left.
    public func onBannerTimeLeftChange(timeLeft: Double, duration: Double) {
        core.bannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }
    /// Reports section complete; names are compared case-insensitively.
    public func onComplete(section: String) { core.sectionDidComplete(named: section) }
    /// Reports a modal.
    public func onShowModal() { core.willPresentModal() }
    /// Reports a dismissed modal.
    public func onDismissModal() { core.didDismissModal() }
    /// Reports leaving the app.
    public func onLeaveApplication() { core.willLeaveApplication() }

    /// The core's view of an audio banner.
    public static func banner(_ banner: MyTargetInstreamAudioAdBanner) -> InstreamAdBanner {
        MyTargetInstreamAudioSDK.banner(banner)
    }
}

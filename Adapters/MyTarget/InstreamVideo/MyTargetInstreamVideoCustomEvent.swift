import MediationBridge

/// Loads and plays myTarget in-stream video (`MTRGInstreamAd`) for an ``InstreamAdSession``
/// (identifier `MyTargetInstreamVideoCustomEvent`).
///
/// - `slotId` is required: missing or malformed, loading fails at once (no SDK object is made).
/// - Plays through the session's player, presented to the SDK by ``MyTargetInstreamVideoPlayerBridge``, or
///   through the SDK's own player when created with `useDefaultPlayer`.
/// - Midpoints go to `configureMidpoints`, `configureMidpointsP` or, when none were configured, the server's
///   (`configureMidpointsForVideoDuration:`); age and gender go to `customParams` only as privacy allows.
/// - Reports one load outcome, however often the SDK calls back; a second `load` is ignored; after ``cancel()``
///   the SDK ad is stopped and detached and nothing more is reported (``OnceOnlyRequest``).
public final class MyTargetInstreamVideoCustomEvent: InstreamCustomEvent, MyTargetInstreamAdDelegate {
    /// The identifier servers put in `x-custom-event-class-name`.
    public static let identifier = "MyTargetInstreamVideoCustomEvent"

    private let core: MyTargetInstreamCore<MyTargetInstreamVideoSDK>

    /// Creates the custom event; `useDefaultPlayer` plays through the SDK's own player instead of the session's.
    public init(factory: any MyTargetInstreamAdFactory, useDefaultPlayer: Bool = false) {
        core = MyTargetInstreamCore(factory: factory, usesDefaultPlayer: useDefaultPlayer)
    }

    /// The SDK ad, once loading started.
    public var instreamAd: (any MyTargetInstreamAdLoading)? { core.ad }

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
    /// Video has no companions.
    public func trackCompanionShow(_ companion: InstreamCompanionBanner) {}
    /// Video has no companions.
    public func trackCompanionClick(_ companion: InstreamCompanionBanner) {}

    // MARK: MyTargetInstreamAdDelegate

    /// Reports the loaded midpoints: the load's one outcome.
    public func onLoad() { core.didLoad() }
    /// Reports no ad: the load's one outcome.
    public func onNoAd(reason: String) { core.didFailToLoad(reason: reason) }
    /// Reports a playback error.
    public func onError(reason: String) { core.didFail(reason: reason) }
    /// Reports banner start.
    public func onBannerStart(_ banner: MyTargetInstreamAdBanner) { core.bannerDidStart(banner) }
    /// Reports banner complete.
    public func onBannerComplete(_ banner: MyTargetInstreamAdBanner) { core.bannerDidComplete(banner) }
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

    /// The core's view of a video banner.
    public static func banner(_ banner: MyTargetInstreamAdBanner) -> InstreamAdBanner {
        MyTargetInstreamVideoSDK.banner(banner)
    }
}

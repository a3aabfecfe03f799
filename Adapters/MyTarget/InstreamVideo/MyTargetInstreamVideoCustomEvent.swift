import Foundation
import MediationBridge

/// Loads and plays myTarget in-stream video (`MTRGInstreamAd`) for an ``InstreamAdSession``
/// (identifier `MyTargetInstreamVideoCustomEvent`).
///
/// - `slotId` is required: missing or malformed, loading fails at once (no SDK object is made).
/// - Plays through the session's player, presented to the SDK by ``MyTargetInstreamVideoPlayerBridge``, or
///   through the SDK's own player when created with `useDefaultPlayer`.
/// - Midpoints go to `configureMidpoints`, `configureMidpointsP` or, when none were configured, the server's
///   (`configureMidpointsForVideoDuration:`); age and gender go to `customParams` only as privacy allows.
/// - After ``cancel()`` the SDK ad is stopped and detached; nothing more is reported.
public final class MyTargetInstreamVideoCustomEvent: InstreamCustomEvent, MyTargetInstreamAdDelegate {
    /// The identifier servers put in `x-custom-event-class-name`.
    public static let identifier = "MyTargetInstreamVideoCustomEvent"

    private struct State {
        var ad: (any MyTargetInstreamAdLoading)?
        var delegate: (any InstreamCustomEventDelegate)?
        var bridge: MyTargetInstreamVideoPlayerBridge?
    }

    private let factory: any MyTargetInstreamAdFactory
    private let usesDefaultPlayer: Bool
    private let state = Locked(State())

    /// Creates the custom event; `useDefaultPlayer` plays through the SDK's own player instead of the session's.
    public init(factory: any MyTargetInstreamAdFactory, useDefaultPlayer: Bool = false) {
        self.factory = factory
        self.usesDefaultPlayer = useDefaultPlayer
    }

    /// The SDK ad, once loading started.
    public var instreamAd: (any MyTargetInstreamAdLoading)? { state.withLock { $0.ad } }

    /// Reads `slotId`, configures the SDK ad and loads it.
    public func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        let slotId: UInt
        do {
            slotId = try MyTargetInstreamSlot.slotId(in: request.info)
        } catch {
            delegate.customEventDidFailToLoad(reason: error.description)
            return
        }
        let ad = factory.makeInstreamAd(slotId: slotId)
        let bridge = usesDefaultPlayer ? nil : MyTargetInstreamVideoPlayerBridge(player: request.player)
        state.withLock { state in
            state.ad = ad
            state.delegate = delegate
            state.bridge = bridge
        }
        ad.delegate = self
        if let bridge { ad.player = bridge } else { ad.useDefaultPlayer() }
        ad.customParams = MyTargetCustomParams(targeting: request.targeting, privacy: request.privacy)
        switch request.midpointConfiguration {
        case .server: ad.configureMidpoints(forVideoDuration: request.contentDuration)
        case .seconds(let seconds): ad.configureMidpoints(seconds, forVideoDuration: request.contentDuration)
        case .percent(let percents): ad.configureMidpointsP(percents, forVideoDuration: request.contentDuration)
        }
        ad.load()
    }

    /// Stops and detaches the SDK ad.
    public func cancel() {
        let ad = state.withLock { state in
            defer {
                state.delegate = nil
                state.ad = nil
            }
            return state.ad
        }
        ad?.delegate = nil
        ad?.stop()
    }

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

    private var delegate: (any InstreamCustomEventDelegate)? { state.withLock { $0.delegate } }

    /// Reports the loaded midpoints.
    public func onLoad() {
        delegate?.customEventDidLoad(availableMidpoints: instreamAd?.midpoints ?? [])
    }

    /// Reports no ad.
    public func onNoAd(reason: String) { delegate?.customEventDidFailToLoad(reason: reason) }
    /// Reports a playback error.
    public func onError(reason: String) { delegate?.customEventDidFail(reason: reason) }
    /// Reports banner start.
    public func onBannerStart(_ banner: MyTargetInstreamAdBanner) {
        delegate?.customEventBannerDidStart(Self.banner(banner))
    }
    /// Reports banner complete.
    public func onBannerComplete(_ banner: MyTargetInstreamAdBanner) {
        delegate?.customEventBannerDidComplete(Self.banner(banner))
    }
    /// Reports time left.
    public func onBannerTimeLeftChange(timeLeft: Double, duration: Double) {
        delegate?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }
    /// Reports section complete; names are compared case-insensitively.
    public func onComplete(section: String) {
        guard let section = InstreamAdSection(name: section) else { return }
        delegate?.customEventSectionDidComplete(section)
    }
    /// Reports a modal.
    public func onShowModal() { delegate?.customEventWillPresentModal() }
    /// Reports a dismissed modal.
    public func onDismissModal() { delegate?.customEventDidDismissModal() }
    /// Reports leaving the app.
    public func onLeaveApplication() { delegate?.customEventWillLeaveApplication() }

    /// The core's view of a video banner.
    public static func banner(_ banner: MyTargetInstreamAdBanner) -> InstreamAdBanner {
        InstreamAdBanner(
            identifier: banner.bannerId, format: .video, duration: banner.duration, allowClose: banner.allowClose,
            allowCloseDelay: banner.allowCloseDelay, width: banner.width, height: banner.height,
            ctaText: banner.ctaText)
    }
}

import Foundation
import InstreamSimulation
import MediationBridge
import MediationSupport
import MyTargetAdapters

/// An in-memory `MTRGInstreamAudioAd`: loads its script after a latency on the sandbox clock, honours the loading
/// timeout (at least 5 s), keeps the midpoints that have ads, and plays sections through its player.
public final class MyTargetSandboxInstreamAudioAd: MyTargetInstreamAudioAdLoading, MyTargetSandboxInstreamReporting {
    private struct Links {
        weak var delegate: (any MyTargetInstreamAudioAdDelegate)?
        var player: (any MyTargetInstreamAudioAdPlayer)?
    }

    let engine: MyTargetSandboxInstreamEngine
    private let links = Locked(Links())

    /// Creates an ad for `slotId` playing `script` on `clock`.
    public init(slotId: UInt, script: InstreamSimulationScript, clock: MediationClock) {
        engine = MyTargetSandboxInstreamEngine(slotId: slotId, script: script, clock: clock)
        engine.attach(self)
    }

    /// The slot.
    public var slotId: UInt { engine.slotId }
    /// Every SDK call made on the ad, in order.
    public var calls: [String] { engine.state.withLock { $0.calls } }
    /// Every call the simulated network behind the ad received (``SimulatedInstreamCustomEvent/calls``).
    public var networkCalls: [String] { engine.network.calls }
    /// The same calls, typed (``SimulatedInstreamCustomEvent/callLog``).
    public var networkCallLog: [InstreamNetworkCall] { engine.network.callLog }
    /// How many times `handleClick` was called.
    public var clickCount: Int { engine.state.withLock { $0.clicks } }

    /// The listener, held weakly.
    public var delegate: (any MyTargetInstreamAudioAdDelegate)? {
        get { links.withLock { $0.delegate } }
        set { links.withLock { $0.delegate = newValue } }
    }
    /// The player.
    public var player: (any MyTargetInstreamAudioAdPlayer)? {
        get { links.withLock { $0.player } }
        set { links.withLock { $0.player = newValue } }
    }
    /// The loading timeout in seconds; values under 5 act as 5.
    public var loadingTimeout: UInt {
        get { engine.state.withLock { $0.loadingTimeout } }
        set { engine.state.withLock { $0.loadingTimeout = newValue } }
    }
    /// The volume; passed to the player.
    public var volume: Float {
        get { engine.state.withLock { $0.volume } }
        set {
            engine.state.withLock { $0.volume = newValue }
            player?.volume = newValue
        }
    }
    /// The custom params.
    public var customParams: MyTargetCustomParams {
        get { engine.state.withLock { $0.customParams } }
        set { engine.state.withLock { $0.customParams = newValue } }
    }
    /// The midpoints with ads, after load.
    public var midpoints: [Double] { engine.state.withLock { $0.midpoints } }

    /// Midpoints in seconds.
    public func configureMidpoints(_ midpoints: [Double], forAudioDuration duration: Double) {
        engine.configure(.seconds(midpoints), duration: duration)
    }
    /// Midpoints in percent.
    public func configureMidpointsP(_ percents: [Double], forAudioDuration duration: Double) {
        engine.configure(.percent(percents), duration: duration)
    }
    /// The server's midpoints.
    public func configureMidpoints(forAudioDuration duration: Double) {
        engine.configure(.server, duration: duration)
    }
    /// Loads; without a player, reports no ad.
    public func load() { engine.load(player: player.map(MyTargetSandboxAudioPlayerAdapter.init(player:))) }
    /// Plays the preroll.
    public func startPreroll() { engine.start(.preroll) }
    /// Plays the postroll.
    public func startPostroll() { engine.start(.postroll) }
    /// Plays the pauseroll.
    public func startPauseroll() { engine.start(.pauseroll) }
    /// Plays the midroll at `point` (one of ``midpoints``; others are ignored).
    public func startMidroll(point: Double) { engine.start(.midroll, point: point) }
    /// Pauses.
    public func pause() { engine.network.pause() }
    /// Resumes.
    public func resume() { engine.network.resume() }
    /// Stops the section.
    public func stop() { engine.stop() }
    /// Skips the section.
    public func skip() { engine.skip() }
    /// Skips the banner.
    public func skipBanner() { engine.skipBanner() }
    /// Counts the click and shows a modal.
    public func handleClick() { engine.handleClick() }
    /// Counts a companion show.
    public func handleCompanionShow(_ companion: MyTargetInstreamAdCompanionBanner) {
        engine.handleCompanionShow(companion.adSlotID)
    }
    /// Counts a companion click and leaves the application.
    public func handleCompanionClick(_ companion: MyTargetInstreamAdCompanionBanner) {
        engine.handleCompanionClick(companion.adSlotID)
    }
    /// How many times each companion (by `adSlotID`) was reported shown.
    public var companionShowCounts: [String: Int] { engine.state.withLock { $0.companionShows } }
    /// How many times each companion (by `adSlotID`) was reported clicked.
    public var companionClickCounts: [String: Int] { engine.state.withLock { $0.companionClicks } }

    // MARK: MyTargetSandboxInstreamReporting

    func reportLoad() { delegate?.onLoad() }
    func reportNoAd(reason: String) { delegate?.onNoAd(reason: reason) }
    func reportError(reason: String) { delegate?.onError(reason: reason) }
    func reportBannerStart(_ banner: InstreamAdBanner) { delegate?.onBannerStart(Self.banner(banner)) }
    func reportBannerComplete(_ banner: InstreamAdBanner) { delegate?.onBannerComplete(Self.banner(banner)) }
    func reportTimeLeft(_ timeLeft: Double, duration: Double) {
        delegate?.onBannerTimeLeftChange(timeLeft: timeLeft, duration: duration)
    }
    func reportComplete(section: String) { delegate?.onComplete(section: section) }
    func reportShowModal() { delegate?.onShowModal() }
    func reportDismissModal() { delegate?.onDismissModal() }
    func reportLeaveApplication() { delegate?.onLeaveApplication() }

    static func banner(_ banner: InstreamAdBanner) -> MyTargetInstreamAudioAdBanner {
        MyTargetInstreamAudioAdBanner(
            bannerId: banner.identifier, duration: banner.duration, allowSeek: banner.allowSeek,
            allowSkip: banner.allowSkip, allowTrackChange: banner.allowTrackChange, adText: banner.adText,
            companionBanners: banner.companionBanners.map {
                MyTargetInstreamAdCompanionBanner(
                    adSlotID: $0.identifier, width: $0.width, height: $0.height, staticResource: $0.staticResourceURL,
                    htmlResource: $0.htmlResource)
            })
    }
}

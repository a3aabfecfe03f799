import MediationBridge

/// What the myTarget in-stream video and audio custom events share, written once over the SDK pair
/// (``MyTargetInstreamSDK``): the load (slot, one outcome, a second load ignored), cancelling, and every event the
/// session hears after the load, on top of ``OnceOnlyRequest``. Each custom event keeps its vendor-named public
/// surface, calls its SDK ad, and hands its SDK ad's reports here.
final class MyTargetInstreamCore<SDK: MyTargetInstreamSDK>: Sendable {
    /// What a load keeps until ``cancel()``: the SDK ad and the player presented to it (kept alive here, whatever
    /// the SDK's ownership of its player).
    private struct Held: Sendable {
        var ad: SDK.Ad
        var player: SDK.Player?
    }

    private let request = OnceOnlyRequest<any InstreamCustomEventDelegate, Held>()
    private let factory: any MyTargetInstreamAdFactory
    private let usesDefaultPlayer: Bool

    /// A core making its SDK ads with `factory`; `usesDefaultPlayer` plays through the SDK's own player instead of
    /// the session's.
    init(factory: any MyTargetInstreamAdFactory, usesDefaultPlayer: Bool = false) {
        self.factory = factory
        self.usesDefaultPlayer = usesDefaultPlayer
    }

    /// The SDK ad, from the start of loading until ``cancel()``.
    var ad: SDK.Ad? { request.resource?.ad }

    /// The session's delegate for what follows the load; `nil` before the load's outcome and after ``cancel()``.
    private var delegate: (any InstreamCustomEventDelegate)? { request.eventDelegate }

    /// Loads once: refuses bid markup at once (``bidMarkupRefused``), reads `slotId` (missing or malformed, the load
    /// fails at once and no SDK ad is made), makes the SDK ad and its player, keeps them, then loads the ad
    /// reporting to `listener`. A second load is ignored.
    func load(
        _ instreamRequest: InstreamAdRequest, delegate: any InstreamCustomEventDelegate, listener: SDK.Delegate
    ) {
        guard request.begin(delegate: delegate) else { return }
        // The SDK has no bid markup load (supportsBidding is false): a bid fails at once, before any SDK ad.
        if instreamRequest.adMarkup != nil {
            _ = request.stop()
            delegate.customEventDidFailToLoad(error: MyTargetInstreamCore.bidMarkupRefused)
            return
        }
        let slotId: UInt
        do {
            slotId = try MyTargetInstreamSlot.slotId(in: instreamRequest.info)
        } catch {
            request.failLoading(reason: error.description)
            return
        }
        let ad = SDK.makeAd(slotId: slotId, factory: factory)
        let player = usesDefaultPlayer ? nil : SDK.makePlayer(instreamRequest.player)
        guard request.hold(Held(ad: ad, player: player)) else { return }
        SDK.load(ad, player: player, request: instreamRequest, delegate: listener)
    }

    /// The error a request with bid markup fails with: `invalidBidMarkup` at `adm`.
    static var bidMarkupRefused: MediationError {
        .invalidBidMarkup(path: "adm", reason: "myTarget in-stream has no bid markup load")
    }

    /// Stops: the SDK ad is released (detached and stopped) and nothing more is reported.
    func cancel() {
        if let held = request.stop() { SDK.release(held.ad) }
    }

    /// The SDK loaded: the load's one outcome, with the SDK ad's midpoints.
    func didLoad() {
        request.finishLoading(availableMidpoints: ad.map(SDK.midpoints(of:)) ?? [])
    }

    /// The SDK has no ad: the load's one outcome.
    func didFailToLoad(reason: String) {
        request.failLoading(reason: reason)
    }

    /// The SDK started playing `banner`.
    func bannerDidStart(_ banner: SDK.Banner) {
        delegate?.customEventBannerDidStart(SDK.banner(banner))
    }

    /// The SDK finished playing `banner`.
    func bannerDidComplete(_ banner: SDK.Banner) {
        delegate?.customEventBannerDidComplete(SDK.banner(banner))
    }

    /// The SDK completed the section it names (compared case-insensitively); unknown names are dropped.
    func sectionDidComplete(named name: String) {
        guard let section = InstreamAdSection(name: name) else { return }
        delegate?.customEventSectionDidComplete(section)
    }

    /// The SDK's playback failed.
    func didFail(reason: String) { delegate?.customEventDidFail(reason: reason) }

    /// The SDK's time left in the playing banner changed.
    func bannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        delegate?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }

    /// The SDK presents a modal (after a click).
    func willPresentModal() { delegate?.customEventWillPresentModal() }

    /// The SDK dismissed its modal.
    func didDismissModal() { delegate?.customEventDidDismissModal() }

    /// The SDK leaves the app (after a click).
    func willLeaveApplication() { delegate?.customEventWillLeaveApplication() }
}

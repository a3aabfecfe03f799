import MediationBridge

/// What the myTarget in-stream video and audio custom events share: the load (slot, one outcome, a second load
/// ignored), cancelling, and the events that follow the load, on top of ``OnceOnlyRequest``. Each custom event
/// keeps its vendor-named surface and makes, configures and drives its own SDK ad (`Ad`: `MTRGInstreamAd` or
/// `MTRGInstreamAudioAd`).
final class MyTargetInstreamCore<Ad: Sendable>: Sendable {
    private let request = OnceOnlyRequest<any InstreamCustomEventDelegate, Held>()
    private let release: @Sendable (Ad) -> Void

    /// A core whose cancel hands the SDK ad to `release` (detach from it and stop it).
    init(release: @escaping @Sendable (Ad) -> Void) {
        self.release = release
    }

    /// What a load keeps until ``cancel()``: the SDK ad and the player bridge presented to it (kept alive here,
    /// whatever the SDK's ownership of its player).
    private struct Held: Sendable {
        var ad: Ad
        var player: (any AnyObject & Sendable)?
    }

    /// The SDK ad, from the start of loading until ``cancel()``.
    var ad: Ad? { request.resource?.ad }

    /// The session's delegate for what follows the load; `nil` before the load's outcome and after ``cancel()``.
    var delegate: (any InstreamCustomEventDelegate)? { request.eventDelegate }

    /// Loads once: reads `slotId` (missing or malformed, the load fails at once and no SDK ad is made), makes the
    /// SDK ad and its player bridge, if any, with `makeAd`, keeps them, then starts the ad with `start` (which
    /// attaches the delegate and calls `load`). A second load is ignored.
    func load(
        _ instreamRequest: InstreamAdRequest, delegate: any InstreamCustomEventDelegate,
        makeAd: (UInt) -> (ad: Ad, player: (any AnyObject & Sendable)?), start: (Ad) -> Void
    ) {
        guard request.begin(delegate: delegate) else { return }
        let slotId: UInt
        do {
            slotId = try MyTargetInstreamSlot.slotId(in: instreamRequest.info)
        } catch {
            request.failLoading(reason: error.description)
            return
        }
        let made = makeAd(slotId)
        guard request.hold(Held(ad: made.ad, player: made.player)) else { return }
        start(made.ad)
    }

    /// Stops: the SDK ad is released (detached and stopped) and nothing more is reported.
    func cancel() {
        if let held = request.stop() { release(held.ad) }
    }

    /// The SDK loaded, with ads at `midpoints`: the load's one outcome.
    func didLoad(midpoints: [Double]) {
        request.finishLoading(availableMidpoints: midpoints)
    }

    /// The SDK has no ad: the load's one outcome.
    func didFailToLoad(reason: String) {
        request.failLoading(reason: reason)
    }

    /// The SDK completed the section it names (compared case-insensitively); unknown names are dropped.
    func sectionDidComplete(named name: String) {
        guard let section = InstreamAdSection(name: name) else { return }
        delegate?.customEventSectionDidComplete(section)
    }
}

import Foundation
import MediationCore
import MediationSupport

/// Records what a custom event reports, as short strings (`load`, `start:ID`, `left`, `complete:ID`, `error`,
/// `section:NAME`, …), with the loaded midpoints and the banners as reported, for the in-stream checks.
final class InstreamEventRecorder: InstreamCustomEventDelegate {
    private struct Record {
        var events: [String] = []
        var midpoints: [[Double]] = []
        var banners: [InstreamAdBanner] = []
        var failureReasons: [String] = []
        var failureErrors: [MediationError?] = []
        var outcomesOnMainThread = 0
        /// Per banner start: whether the player had been asked to play that banner's media last.
        var startsWhilePlaying: [Bool] = []
    }

    private let recorded = Locked(Record())
    /// The player's calls so far, read at each banner start (``startsWhilePlaying``).
    let playerCalls: @Sendable () -> [String]

    init(playerCalls: @escaping @Sendable () -> [String] = { [] }) {
        self.playerCalls = playerCalls
        Self.markMainQueue
    }

    /// Set on the main queue, so that a block it runs on another thread (as `dispatchMain()` has it) is recognised.
    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(
        key: mainQueueKey, value: true)

    /// Whether the caller runs on the main thread or the main queue.
    static var onMainQueue: Bool {
        _ = markMainQueue
        return Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    var events: [String] { recorded.current.events }
    /// The midpoints of every `load`, in order.
    var loadedMidpoints: [[Double]] { recorded.current.midpoints }
    /// Every banner reported started, as reported.
    var startedBanners: [InstreamAdBanner] { recorded.current.banners }
    /// The reasons of every `noAd`, in order.
    var failureReasons: [String] { recorded.current.failureReasons }
    /// The typed error of every `noAd` (`nil` for one reported by reason only), in order.
    var failureErrors: [MediationError?] { recorded.current.failureErrors }
    /// How many load outcomes arrived on the main thread.
    var outcomesOnMainThread: Int { recorded.current.outcomesOnMainThread }
    /// Per banner start, whether the player's last `play` was that banner's media (``InstreamConformanceKit``'s
    /// media URLs end with the banner's identifier).
    var startsWhilePlaying: [Bool] { recorded.current.startsWhilePlaying }
    /// Whether a load outcome (`load` or `noAd`) arrived.
    var hasOutcome: Bool { recorded.current.events.contains { $0 == "load" || $0 == "noAd" } }

    private func add(_ event: String) { recorded.withLock { $0.events.append(event) } }

    func customEventDidLoad(availableMidpoints: [Double]) {
        let main = Self.onMainQueue
        recorded.withLock {
            $0.events.append("load")
            $0.midpoints.append(availableMidpoints)
            if main { $0.outcomesOnMainThread += 1 }
        }
    }
    func customEventDidFailToLoad(reason: String) { failToLoad(reason: reason, error: nil) }
    func customEventDidFailToLoad(error: MediationError) {
        failToLoad(reason: error.localizedDescription, error: error)
    }
    private func failToLoad(reason: String, error: MediationError?) {
        let main = Self.onMainQueue
        recorded.withLock {
            $0.events.append("noAd")
            $0.failureReasons.append(reason)
            $0.failureErrors.append(error)
            if main { $0.outcomesOnMainThread += 1 }
        }
    }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) {
        let lastPlay = playerCalls().last { $0.hasPrefix("play(") }
        let playing = lastPlay?.hasSuffix("/\(banner.identifier))") == true
        recorded.withLock {
            $0.events.append("start:\(banner.identifier)")
            $0.banners.append(banner)
            $0.startsWhilePlaying.append(playing)
        }
    }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) { add("left") }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { add("complete:\(banner.identifier)") }
    func customEventDidFail(reason: String) { add("error") }
    func customEventSectionDidComplete(_ section: InstreamAdSection) { add("section:\(section.rawValue)") }
    func customEventWillPresentModal() { add("modal") }
    func customEventDidDismissModal() { add("dismiss") }
    func customEventWillLeaveApplication() { add("leave") }
}

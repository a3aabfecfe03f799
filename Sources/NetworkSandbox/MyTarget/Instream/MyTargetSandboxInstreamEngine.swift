import Foundation
import InstreamSimulation
import MediationBridge
import MediationSupport
import MyTargetAdapters

/// What the engine reports to the video or audio stand-in, which turns it into its delegate's calls.
protocol MyTargetSandboxInstreamReporting: AnyObject, Sendable {
    func reportLoad()
    func reportNoAd(reason: String)
    func reportError(reason: String)
    func reportBannerStart(_ banner: InstreamAdBanner)
    func reportBannerComplete(_ banner: InstreamAdBanner)
    func reportTimeLeft(_ timeLeft: Double, duration: Double)
    func reportComplete(section: String)
    func reportShowModal()
    func reportDismissModal()
    func reportLeaveApplication()
}

/// The shared machinery of the in-stream stand-ins: the SDK's loading timeout, midpoint configuration and
/// filtering, and playback through ``SimulatedInstreamCustomEvent`` on the sandbox clock.
final class MyTargetSandboxInstreamEngine: InstreamCustomEventDelegate {
    struct State {
        weak var reporter: (any MyTargetSandboxInstreamReporting)?
        var loadingTimeout: UInt = 10
        var volume: Float = 1
        var customParams = MyTargetCustomParams()
        var midpointConfiguration: InstreamMidpoints = .server
        var contentDuration: Double = 0
        var midpoints: [Double] = []
        var loadStarted = false
        var loaded = false
        var timedOut = false
        var timer: ScheduledAction?
        var clicks = 0
        var companionShows: [String: Int] = [:]
        var companionClicks: [String: Int] = [:]
        var calls: [String] = []
    }

    let slotId: UInt
    let clock: MediationClock
    let network: SimulatedInstreamCustomEvent
    let state = Locked(State())

    init(slotId: UInt, script: InstreamSimulationScript, clock: MediationClock) {
        self.slotId = slotId
        self.clock = clock
        self.network = SimulatedInstreamCustomEvent(script: script)
    }

    func attach(_ reporter: any MyTargetSandboxInstreamReporting) {
        state.withLock { $0.reporter = reporter }
    }

    private var reporter: (any MyTargetSandboxInstreamReporting)? { state.withLock { $0.reporter } }

    func record(_ call: String) {
        state.withLock { $0.calls.append(call) }
    }

    func configure(_ midpoints: InstreamMidpoints, duration: Double) {
        state.withLock { state in
            state.midpointConfiguration = midpoints
            state.contentDuration = duration
        }
    }

    /// `load` on a stand-in, recorded; `player` is the SDK player it was given, as a core player. Without one, the
    /// stand-in reports no ad; with one, the script loads once, within the loading timeout (at least 5 s).
    func load(player: (any InstreamAdPlayer)?) {
        guard let player else {
            record("load")
            reporter?.reportNoAd(reason: "no player: set player or call useDefaultPlayer")
            return
        }
        let settings = state.withLock { state -> (UInt, InstreamMidpoints, Double, MyTargetCustomParams)? in
            state.calls.append("load")
            guard !state.loadStarted else { return nil }
            state.loadStarted = true
            return (state.loadingTimeout, state.midpointConfiguration, state.contentDuration, state.customParams)
        }
        guard let (timeout, configuration, duration, params) = settings else { return }
        let timer = clock.schedule(after: .seconds(max(timeout, 5))) { [weak self] in self?.timeOut() }
        state.withLock { $0.timer = timer }
        let seconds = (try? configuration.positions(contentDuration: duration)) ?? nil
        let targeting =
            (try? Targeting(age: params.age, gender: nil, language: params.language)) ?? Targeting.none
        network.load(
            InstreamAdRequest(
                info: ["slotId": .string(String(slotId))], midpoints: seconds, midpointConfiguration: configuration,
                contentDuration: duration, targeting: targeting, privacy: .unrestricted, player: player, clock: clock),
            delegate: MyTargetSandboxInstreamEngineRelay(self))
    }

    private func timeOut() {
        let fire = state.withLock { state -> Bool in
            guard !state.loaded else { return false }
            state.timedOut = true
            return true
        }
        guard fire else { return }
        network.cancel()
        reporter?.reportNoAd(reason: "timeout")
    }

    /// `stop` on a stand-in, recorded: ends the playing section.
    func stop() {
        record("stop")
        network.stop()
    }

    /// `skip` on a stand-in, recorded: the user ends the playing section.
    func skip() {
        record("skip")
        network.skip()
    }

    /// `skipBanner` on a stand-in, recorded: the user moves on to the next banner.
    func skipBanner() {
        record("skipBanner")
        network.skipBanner()
    }

    func start(_ section: InstreamAdSection, point: Double? = nil) {
        let allowed = state.withLock { state -> Bool in
            state.calls.append(point.map { "start(\(section.rawValue), \($0))" } ?? "start(\(section.rawValue))")
            guard state.loaded else { return false }
            return section != .midroll || state.midpoints.contains(point ?? -1)
        }
        guard allowed else { return }
        network.start(section, midpoint: point)
    }

    func handleClick() {
        state.withLock { state in
            state.calls.append("handleClick")
            state.clicks += 1
        }
        network.trackClick()
        reporter?.reportShowModal()
        reporter?.reportDismissModal()
    }

    func handleCompanionShow(_ id: String) {
        state.withLock { $0.companionShows[id, default: 0] += 1 }
        network.trackCompanionShow(InstreamCompanionBanner(identifier: id, width: 0, height: 0))
    }

    func handleCompanionClick(_ id: String) {
        state.withLock { $0.companionClicks[id, default: 0] += 1 }
        network.trackCompanionClick(InstreamCompanionBanner(identifier: id, width: 0, height: 0))
        reporter?.reportLeaveApplication()
    }

    // MARK: InstreamCustomEventDelegate

    func customEventDidLoad(availableMidpoints: [Double]) {
        let fire = state.withLock { state -> Bool in
            guard !state.timedOut else { return false }
            state.loaded = true
            state.timer?.cancel()
            state.midpoints = availableMidpoints
            return true
        }
        if fire { reporter?.reportLoad() }
    }

    func customEventDidFailToLoad(reason: String) {
        let fire = state.withLock { state -> Bool in
            guard !state.timedOut else { return false }
            state.timer?.cancel()
            return true
        }
        if fire { reporter?.reportNoAd(reason: reason) }
    }

    func customEventBannerDidStart(_ banner: InstreamAdBanner) { reporter?.reportBannerStart(banner) }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        reporter?.reportTimeLeft(timeLeft, duration: duration)
    }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { reporter?.reportBannerComplete(banner) }
    func customEventDidFail(reason: String) { reporter?.reportError(reason: reason) }
    func customEventSectionDidComplete(_ section: InstreamAdSection) {
        reporter?.reportComplete(section: section.rawValue)
    }
    func customEventWillPresentModal() { reporter?.reportShowModal() }
    func customEventDidDismissModal() { reporter?.reportDismissModal() }
    func customEventWillLeaveApplication() { reporter?.reportLeaveApplication() }
}

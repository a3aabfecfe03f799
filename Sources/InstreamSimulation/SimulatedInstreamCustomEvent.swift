import Foundation
import MediationBridge
import MediationSupport

/// An in-stream network simulated on the request's clock: loads after a latency, plays each section's ads
/// through the request's player and reports what a real network reports, as its script says.
public final class SimulatedInstreamCustomEvent: InstreamCustomEvent, InstreamAdPlayerDelegate {
    struct State {
        var request: InstreamAdRequest?
        var delegate: (any InstreamCustomEventDelegate)?
        var silenced = false
        var section: InstreamAdSection?
        var queue: [SimulatedInstreamBanner] = []
        var playing: SimulatedInstreamBanner?
        var ticker: ScheduledAction?
        var calls: [InstreamNetworkCall] = []
        var playedMidpoints: Set<Double> = []
    }

    /// The script.
    public let script: InstreamSimulationScript
    private let state = Locked(State())

    /// Creates a simulated network.
    public init(script: InstreamSimulationScript) {
        self.script = script
    }

    /// Every call the session made, in order, such as `load`, `start(preroll)`, `trackClick` (``callLog`` by name).
    public var calls: [String] { callLog.map(\.name) }

    /// Every call the session made, in order, typed.
    public var callLog: [InstreamNetworkCall] { state.withLock { $0.calls } }

    /// The last request the session sent.
    public var lastRequest: InstreamAdRequest? { state.withLock { $0.request } }

    /// Loads after the script's latency.
    public func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        state.withLock { state in
            state.calls.append(.load)
            state.request = request
            state.delegate = delegate
        }
        let available: [Double]
        if let configured = request.midpoints {
            available = configured.filter { script.midrolls[$0] != nil }
        } else {
            available = script.midrolls.keys.sorted()
        }
        let outcome = script.outcome
        guard outcome != .neverAnswers else { return }
        request.clock.schedule(after: script.loadLatency) { [self] in
            switch outcome {
            case .fill: send { $0.customEventDidLoad(availableMidpoints: available) }
            case .noAd(let reason): send { $0.customEventDidFailToLoad(reason: reason) }
            case .neverAnswers: break
            }
        }
    }

    /// Stops answering.
    public func cancel() {
        silence(.cancel)
    }

    /// Plays the section's ads in order; a midroll without its midpoint plays the next midroll not yet played.
    public func start(_ section: InstreamAdSection, midpoint: Double?) {
        state.withLock { state in
            let banners: [SimulatedInstreamBanner]
            if section == .midroll {
                // Without its midpoint, the next midroll not yet played, as an SDK that keeps its own position does
                // (its content playhead then unknown).
                let position = midpoint ?? script.midrolls.keys.sorted().first { !state.playedMidpoints.contains($0) }
                if let position { state.playedMidpoints.insert(position) }
                banners = position.flatMap { script.midrolls[$0] } ?? []
            } else {
                banners = script.sections[section] ?? []
            }
            state.calls.append(.start(section, midpoint: section == .midroll ? midpoint : nil))
            state.section = section
            state.queue = banners
        }
        playNext()
    }

    /// Pauses the player.
    public func pause() {
        record(.pause)
        player?.pause()
    }

    /// Resumes the player.
    public func resume() {
        record(.resume)
        player?.resume()
    }

    /// Stops the player and reports nothing more.
    public func stop() {
        endSection(.stop)
    }

    /// Stops the player and reports nothing more.
    public func skip() {
        endSection(.skip)
    }

    /// Completes the playing banner and plays the next.
    public func skipBanner() {
        let banner = state.withLock { state -> SimulatedInstreamBanner? in
            state.calls.append(.skipBanner)
            state.ticker?.cancel()
            state.ticker = nil
            defer { state.playing = nil }
            return state.playing
        }
        guard let banner else { return }
        player?.playerDelegate = nil
        player?.stop()
        send { $0.customEventBannerDidComplete(banner.banner) }
        playNext()
    }

    /// Sets the player's volume.
    public func setVolume(_ volume: Double) {
        record(.setVolume(volume))
        player?.volume = volume
    }

    /// Counts a click.
    public func trackClick() { record(.trackClick) }

    /// Counts a companion show.
    public func trackCompanionShow(_ companion: InstreamCompanionBanner) {
        record(.trackCompanionShow(identifier: companion.identifier))
    }

    /// Counts a companion click.
    public func trackCompanionClick(_ companion: InstreamCompanionBanner) {
        record(.trackCompanionClick(identifier: companion.identifier))
    }

    // MARK: InstreamAdPlayerDelegate

    /// Reports banner start and starts the time-left updates.
    public func playerDidStart() {
        let current = state.withLock { ($0.playing, $0.request) }
        guard let banner = current.0, let request = current.1 else { return }
        send { $0.customEventBannerDidStart(banner.banner) }
        reportTimeLeft(of: banner.banner)
        scheduleTick(banner: banner.banner, clock: request.clock)
    }

    /// Nothing to report.
    public func playerDidPause() {}

    /// Nothing to report.
    public func playerDidResume() {}

    /// Nothing to report: stops are asked for.
    public func playerDidStop() {}

    /// Reports the error, then section complete (unless scripted to forget it).
    public func playerDidFail(reason: String) {
        let section = state.withLock { state -> InstreamAdSection? in
            state.ticker?.cancel()
            state.ticker = nil
            state.playing = nil
            state.queue = []
            defer { state.section = nil }
            return state.section
        }
        guard let section else { return }
        send { $0.customEventDidFail(reason: reason) }
        if !script.misbehaviors.contains(.missingSectionCompleteAfterError) {
            send { $0.customEventSectionDidComplete(section) }
        }
    }

    /// Reports banner complete and plays the next banner.
    public func playerDidComplete() {
        let banner = state.withLock { state -> SimulatedInstreamBanner? in
            state.ticker?.cancel()
            state.ticker = nil
            defer { state.playing = nil }
            return state.playing
        }
        guard let banner else { return }
        send { $0.customEventBannerDidComplete(banner.banner) }
        playNext()
    }

    // MARK: Private

    private var player: (any InstreamAdPlayer)? { state.withLock { $0.request?.player } }

    private func record(_ call: InstreamNetworkCall) {
        state.withLock { $0.calls.append(call) }
    }

    private func playNext() {
        let next = state.withLock { state -> (SimulatedInstreamBanner?, InstreamAdSection?) in
            guard let section = state.section else { return (nil, nil) }
            guard !state.queue.isEmpty else {
                state.section = nil
                return (nil, section)
            }
            let banner = state.queue.removeFirst()
            state.playing = banner
            return (banner, nil)
        }
        if let banner = next.0, let player {
            player.playerDelegate = self
            player.play(url: banner.mediaURL)
        } else if let finished = next.1 {
            send { $0.customEventSectionDidComplete(finished) }
        }
    }

    private func reportTimeLeft(of banner: InstreamAdBanner) {
        guard let player else { return }
        let left = max(banner.duration - player.adTimeElapsed, 0)
        send { $0.customEventBannerTimeLeftDidChange(timeLeft: left, duration: banner.duration) }
    }

    private func scheduleTick(banner: InstreamAdBanner, clock: MediationClock) {
        let ticker = clock.schedule(after: script.timeLeftInterval) { [weak self] in
            guard let self else { return }
            let stillPlaying = self.state.withLock { $0.playing?.banner == banner }
            guard stillPlaying else { return }
            self.reportTimeLeft(of: banner)
            self.scheduleTick(banner: banner, clock: clock)
        }
        state.withLock { $0.ticker = ticker }
    }

    private func endSection(_ call: InstreamNetworkCall) {
        let section = state.withLock { state -> InstreamAdSection? in
            state.calls.append(call)
            state.ticker?.cancel()
            state.ticker = nil
            state.playing = nil
            state.queue = []
            defer { state.section = nil }
            return state.section
        }
        player?.playerDelegate = nil
        player?.stop()
        if let section, script.misbehaviors.contains(.reportsAfterStop) {
            send { $0.customEventSectionDidComplete(section) }
        }
    }

    private func silence(_ call: InstreamNetworkCall) {
        state.withLock { state in
            state.calls.append(call)
            if !script.misbehaviors.contains(.reportsAfterStop) { state.silenced = true }
        }
    }

    private func send(_ report: (any InstreamCustomEventDelegate) -> Void) {
        let delegate = state.withLock { $0.silenced ? nil : $0.delegate }
        guard let delegate else { return }
        report(delegate)
        if script.misbehaviors.contains(.doubleCallbacks) { report(delegate) }
    }
}

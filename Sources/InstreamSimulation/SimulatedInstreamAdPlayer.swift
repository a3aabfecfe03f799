import Foundation
import MediationBridge
import MediationSupport

/// A player that "plays" ad media on a clock: it starts at once and completes when the media's duration has
/// passed on the clock; pause and resume keep the position. For tests, the sandbox and `mediation demo instream`.
public final class SimulatedInstreamAdPlayer: InstreamAdPlayer {
    struct State {
        weak var delegate: (any InstreamAdPlayerDelegate)?
        var volume: Double = 1
        var duration: TimeInterval = 0
        var elapsedBeforeRun: Duration = .zero
        var runStartedAt: MediationInstant?
        var completion: ScheduledAction?
        var calls: [String] = []
    }

    private let clock: MediationClock
    private let durationOf: @Sendable (URL) -> Duration?
    private let defaultDuration: Duration
    private let failures: [URL: String]
    private let state = Locked(State())

    /// Creates a player on `clock`; media lasts `durations[url]`, else `defaultDuration`; playing a URL in
    /// `failures` reports an error with that reason instead of starting.
    public init(
        clock: MediationClock, durations: [URL: Duration] = [:], defaultDuration: Duration = .seconds(15),
        failures: [URL: String] = [:]
    ) {
        self.clock = clock
        self.durationOf = { durations[$0] }
        self.defaultDuration = defaultDuration
        self.failures = failures
    }

    /// Creates a player on `clock` whose media lasts `durationOf(url)`, asked when the URL plays (for media whose
    /// length is learnt after the player is made, such as a VAST ad's `Duration`), else `defaultDuration`.
    public init(
        clock: MediationClock, durationOf: @escaping @Sendable (URL) -> Duration?,
        defaultDuration: Duration = .seconds(15)
    ) {
        self.clock = clock
        self.durationOf = durationOf
        self.defaultDuration = defaultDuration
        self.failures = [:]
    }

    /// Every call the player received, in order, such as `play(https://…)`, `pause`, `volume(0.5)`.
    public var calls: [String] { state.withLock { $0.calls } }

    /// The media duration in seconds.
    public var adDuration: TimeInterval { state.withLock { $0.duration } }

    /// The playback position in seconds.
    public var adTimeElapsed: TimeInterval {
        let now = clock.now
        return state.withLock { state in
            var elapsed = state.elapsedBeforeRun
            if let start = state.runStartedAt { elapsed += start.duration(to: now) }
            return elapsed.seconds
        }
    }

    /// The volume, 0…1.
    public var volume: Double {
        get { state.withLock { $0.volume } }
        set {
            state.withLock {
                $0.volume = newValue
                $0.calls.append("volume(\(newValue))")
            }
        }
    }

    /// The listener, held weakly.
    public var playerDelegate: (any InstreamAdPlayerDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Starts the media at once, or reports the scripted failure.
    public func play(url: URL) {
        let duration = durationOf(url) ?? defaultDuration
        let failure = failures[url]
        let delegate = state.withLock { state in
            state.calls.append("play(\(url.absoluteString))")
            state.completion?.cancel()
            state.completion = nil
            state.duration = failure == nil ? duration.seconds : 0
            state.elapsedBeforeRun = .zero
            state.runStartedAt = failure == nil ? clock.now : nil
            return state.delegate
        }
        if let failure {
            delegate?.playerDidFail(reason: failure)
            return
        }
        schedule(after: duration)
        delegate?.playerDidStart()
    }

    /// Pauses, keeping the position.
    public func pause() {
        let now = clock.now
        let delegate = state.withLock { state -> (any InstreamAdPlayerDelegate)? in
            state.calls.append("pause")
            guard let start = state.runStartedAt else { return nil }
            state.elapsedBeforeRun += start.duration(to: now)
            state.runStartedAt = nil
            state.completion?.cancel()
            state.completion = nil
            return state.delegate
        }
        delegate?.playerDidPause()
    }

    /// Resumes from the paused position.
    public func resume() {
        let now = clock.now
        let (delegate, remaining) = state.withLock { state -> ((any InstreamAdPlayerDelegate)?, Duration) in
            state.calls.append("resume")
            guard state.runStartedAt == nil, state.duration > 0 else { return (nil, .zero) }
            state.runStartedAt = now
            return (state.delegate, .seconds(state.duration) - state.elapsedBeforeRun)
        }
        guard let delegate else { return }
        schedule(after: remaining)
        delegate.playerDidResume()
    }

    /// Stops playback.
    public func stop() {
        let delegate = state.withLock { state in
            state.calls.append("stop")
            state.completion?.cancel()
            state.completion = nil
            state.runStartedAt = nil
            return state.delegate
        }
        delegate?.playerDidStop()
    }

    private func schedule(after delay: Duration) {
        let action = clock.schedule(after: delay) { [weak self] in self?.complete() }
        state.withLock { $0.completion = action }
    }

    private func complete() {
        let now = clock.now
        let delegate = state.withLock { state -> (any InstreamAdPlayerDelegate)? in
            guard let start = state.runStartedAt else { return nil }
            state.elapsedBeforeRun += start.duration(to: now)
            state.runStartedAt = nil
            state.completion = nil
            return state.delegate
        }
        delegate?.playerDidComplete()
    }
}

import Foundation
import MediationSupport

/// An in-stream custom event that is a whole waterfall: loading runs
/// ``Mediator/mediateInstream(_:request:delivery:completion:)`` over an ad response, and once a line wins,
/// every control call goes to the winner and the winner's callbacks come back to the session. This is how an
/// ``InstreamAdSession`` plays the winner of a waterfall (see
/// ``InstreamAdSession/init(mediator:response:player:configuration:urlOpener:trackerPinger:)``).
///
/// A run that ends without a winner is reported as no ad, with the run's failure summary as the reason. The
/// session's loading timeout cancels the run.
package final class MediatedInstreamCustomEvent: InstreamCustomEvent {
    private struct State {
        var run: MediationRun?
        var winner: InstreamLoadedSource?
        var trace: MediationTrace?
        var result: InstreamMediationResult?
    }

    private let mediator: Mediator
    private let response: AdResponse
    private let state = Locked(State())

    /// A custom event that loads by running `response` through `mediator`.
    package init(mediator: Mediator, response: AdResponse) {
        self.mediator = mediator
        self.response = response
    }

    /// The run's trace: so far while loading, then final, with the callbacks the engine dropped after the
    /// outcome still added; `nil` before ``load(_:delegate:)``.
    package var trace: MediationTrace? {
        let (run, trace) = state.withLock { ($0.run, $0.trace) }
        return run?.trace ?? trace
    }

    /// The run's result once it ended (its trace with the auction's record, for
    /// ``MediationInspection/init(instream:mediator:title:trackers:decidedAt:)``); `nil` before.
    package var result: InstreamMediationResult? { state.withLock { $0.result } }

    /// The winning line's source, once one won.
    package var winner: InstreamLoadedSource? { state.withLock { $0.winner } }

    /// Runs the waterfall; the winner's load (or the run's failure) goes to `delegate`.
    package func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        // On the engine's thread: the session serialises its own callbacks, and the winner must be adopted before
        // the network's next event.
        let run = mediator.mediateInstream(response, request: request, delivery: .immediate) { [weak self] result in
            self?.state.withLock { state in
                state.trace = result.trace
                state.result = result
            }
            switch result.outcome {
            case .success(let source):
                self?.state.withLock { $0.winner = source }
                source.adopt(delegate)
                delegate.customEventDidLoad(availableMidpoints: source.availableMidpoints)
            case .failure(let error):
                delegate.customEventDidFailToLoad(reason: MediationFailure(error: error, trace: result.trace).summary)
            }
        }
        state.withLock { $0.run = run }
    }

    /// Cancels the run (the session's loading timeout passed).
    package func cancel() {
        state.withLock { $0.run }?.cancel()
    }

    /// Plays `section` on the winner.
    package func start(_ section: InstreamAdSection, midpoint: Double?) {
        winnerEvent?.start(section, midpoint: midpoint)
    }

    /// Pauses the winner.
    package func pause() { winnerEvent?.pause() }

    /// Resumes the winner.
    package func resume() { winnerEvent?.resume() }

    /// Stops the winner's section.
    package func stop() { winnerEvent?.stop() }

    /// Skips the winner's section.
    package func skip() { winnerEvent?.skip() }

    /// Skips the winner's banner.
    package func skipBanner() { winnerEvent?.skipBanner() }

    /// Sets the winner's volume.
    package func setVolume(_ volume: Double) { winnerEvent?.setVolume(volume) }

    /// Counts a click on the winner.
    package func trackClick() { winnerEvent?.trackClick() }

    /// Reports a companion shown to the winner.
    package func trackCompanionShow(_ companion: InstreamCompanionBanner) {
        winnerEvent?.trackCompanionShow(companion)
    }

    /// Reports a companion clicked to the winner.
    package func trackCompanionClick(_ companion: InstreamCompanionBanner) {
        winnerEvent?.trackCompanionClick(companion)
    }

    /// The winner's URL for `url` (its macros expanded, for a VAST winner); `url` before a winner is known.
    package func companionTrackerURL(_ url: URL, of companion: InstreamCompanionBanner) -> URL {
        winnerEvent?.companionTrackerURL(url, of: companion) ?? url
    }

    private var winnerEvent: (any InstreamCustomEvent)? { state.withLock { $0.winner?.customEvent } }
}

import Dispatch
import MediationCore
import MediationSupport

/// What a bid signal provider answered in the `bid-signal-in-time` check, with the clock instant of each answer,
/// and a bounded real-time wait for an answer delivered from another thread.
final class BidSignalLog: Sendable {
    struct Answer: Sendable {
        var result: Result<String, MediationError>
        var at: MediationInstant
    }

    private struct State {
        var answers: [Answer] = []
        var waiter: CheckedContinuation<Bool, Never>?
    }

    private let clock: MediationClock
    private let state = Locked(State())

    init(clock: MediationClock) {
        self.clock = clock
    }

    /// The answers so far, in order.
    var answers: [Answer] { state.withLock { $0.answers } }

    /// Records one answer (the provider's completion).
    func record(_ result: Result<String, MediationError>) {
        let now = clock.now
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.answers.append(Answer(result: result, at: now))
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Waits until an answer arrived, or `limit` of real time passed; whether one arrived.
    func waitForAnswer(limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiting = state.withLock { state -> Bool in
                guard state.answers.isEmpty else { return false }
                state.waiter = continuation
                return true
            }
            guard waiting else {
                continuation.resume(returning: true)
                return
            }
            let nanoseconds = Int(clamping: limit.wholeMilliseconds * 1_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [state] in
                let expired = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                    defer { state.waiter = nil }
                    return state.waiter
                }
                expired?.resume(returning: false)
            }
        }
    }
}

import Dispatch
import MediationCore
import MediationSupport
import MediationTesting

/// The kit's custom-event delegate: records every outcome with the clock instant it arrived at, marks when
/// the custom event was stopped, and lets a check wait (in real time, bounded) for outcomes delivered on
/// other threads.
final class OutcomeLog: NativeCustomEventDelegate, Sendable {
    typealias Outcome = RecordingCustomEventDelegate.Outcome

    struct Entry: Sendable {
        var outcome: Outcome
        var at: MediationInstant
        /// The custom event the outcome named (the delegate methods' first argument): it must be the custom event
        /// that was asked.
        var namedCustomEvent: ObjectIdentifier
    }

    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var entries: [Entry] = []
        var stopMark: Int?
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private let clock: MediationClock
    private let state = Locked(State())

    init(clock: MediationClock) {
        self.clock = clock
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        record(.loaded(ad), naming: ObjectIdentifier(customEvent))
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        record(.failed(error), naming: ObjectIdentifier(customEvent))
    }

    /// Every outcome so far.
    var entries: [Entry] { state.withLock { $0.entries } }

    /// Every outcome so far, without instants.
    var outcomes: [Outcome] { entries.map(\.outcome) }

    /// The outcomes that arrived after ``markStopped()``.
    var outcomesAfterStop: [Entry] {
        state.withLock { state in
            guard let mark = state.stopMark else { return [] }
            return Array(state.entries[mark...])
        }
    }

    /// The first loaded ad, if any.
    var loadedAd: NativeAd? { outcomes.lazy.compactMap(\.ad).first }

    /// Notes that the custom event is being stopped now; later outcomes are "after stop".
    func markStopped() {
        state.withLock { $0.stopMark = $0.entries.count }
    }

    /// Waits until at least `count` outcomes arrived, or `limit` of real time passed.
    ///
    /// - Returns: whether the outcomes arrived.
    func waitForOutcomes(_ count: Int, limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let waiterID = state.withLock { state -> Int? in
                guard state.entries.count < count else { return nil }
                state.nextWaiterID += 1
                state.waiters[state.nextWaiterID] = Waiter(count: count, continuation: continuation)
                return state.nextWaiterID
            }
            guard let waiterID else {
                continuation.resume(returning: true)
                return
            }
            let nanoseconds = Int(clamping: limit.wholeMilliseconds * 1_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [state] in
                let expired = state.withLock { $0.waiters.removeValue(forKey: waiterID) }
                expired?.continuation.resume(returning: false)
            }
        }
    }

    private func record(_ outcome: Outcome, naming customEvent: ObjectIdentifier) {
        let now = clock.now
        let satisfied = state.withLock { state -> [Waiter] in
            state.entries.append(Entry(outcome: outcome, at: now, namedCustomEvent: customEvent))
            let ready = state.waiters.filter { $0.value.count <= state.entries.count }
            for id in ready.keys { state.waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in satisfied { waiter.continuation.resume(returning: true) }
    }
}

extension RecordingCustomEventDelegate.Outcome {
    /// `didLoad` or `didFail(<code>)`, for reasons.
    var summary: String {
        switch self {
        case .loaded: "didLoad"
        case .failed(let error): "didFail(\(error.code))"
        }
    }
}

extension [RecordingCustomEventDelegate.Outcome] {
    /// The outcomes' summaries, comma-separated.
    var summary: String { isEmpty ? "no outcome" : map(\.summary).joined(separator: ", ") }
}

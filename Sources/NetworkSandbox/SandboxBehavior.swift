import Dispatch
import Foundation
import MediationBridge

/// How a sandbox network delivers its answer: the misbehaviour knobs every stand-in shares.
///
/// Latency runs on the request context's clock, so tests and the benchmark stay deterministic.
public struct SandboxBehavior: Sendable, Hashable {
    /// How long the network takes to answer.
    public var latency: Duration
    /// How many times the network calls its delegate with the answer (more than 1 simulates a double callback).
    public var callbackCount: Int
    /// Whether callbacks arrive on a background dispatch queue instead of the clock's thread.
    public var callsBackOnBackgroundThread: Bool
    /// The time between repeated callbacks on the clock; zero repeats them back to back.
    public var repeatInterval: Duration
    /// Whether the callbacks all arrive at once, each from its own background thread (a racing SDK).
    public var callsBackConcurrently: Bool

    /// Creates a behaviour; by default one prompt callback on the clock's thread.
    public init(
        latency: Duration = .zero, callbackCount: Int = 1, callsBackOnBackgroundThread: Bool = false,
        repeatInterval: Duration = .zero, callsBackConcurrently: Bool = false
    ) {
        self.latency = latency
        self.callbackCount = callbackCount
        self.callsBackOnBackgroundThread = callsBackOnBackgroundThread
        self.repeatInterval = repeatInterval
        self.callsBackConcurrently = callsBackConcurrently
    }

    /// A prompt, well-behaved network.
    public static let prompt = SandboxBehavior()

    /// Runs `deliver` `callbackCount` times after `latency` on `clock`, on the chosen thread; synchronously when
    /// the latency is zero and no background thread is asked for. With a repeat interval, the repeated callbacks
    /// follow one interval apart on the clock; with concurrent callbacks, they all run at once, each on a thread
    /// of its own.
    ///
    /// - Returns: the first scheduled action, so that a stopped request can cancel it; `nil` when delivered at
    ///   once.
    @discardableResult
    public func deliver(on clock: MediationClock, _ deliver: @escaping @Sendable () -> Void) -> ScheduledAction? {
        let count = max(callbackCount, 1)
        let background = callsBackOnBackgroundThread || callsBackConcurrently
        let concurrent = callsBackConcurrently
        let together = repeatInterval == .zero
        let run: @Sendable (Int) -> Void = { times in
            if concurrent {
                // One thread of its own per callback, so that they really overlap even when the pool is busy.
                for _ in 0..<times { Thread { deliver() }.start() }
            } else if background {
                DispatchQueue.global().async {
                    for _ in 0..<times { deliver() }
                }
            } else {
                for _ in 0..<times { deliver() }
            }
        }
        let first = together ? count : 1
        if !together && count > 1 {
            for repeatIndex in 1..<count {
                clock.schedule(after: latency + repeatInterval * repeatIndex) { run(1) }
            }
        }
        if latency == .zero && !background {
            run(first)
            return nil
        }
        return clock.schedule(after: latency) { run(first) }
    }
}

import Dispatch
import MediationCore

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

    /// Creates a behaviour; by default one prompt callback on the clock's thread.
    public init(latency: Duration = .zero, callbackCount: Int = 1, callsBackOnBackgroundThread: Bool = false) {
        self.latency = latency
        self.callbackCount = callbackCount
        self.callsBackOnBackgroundThread = callsBackOnBackgroundThread
    }

    /// A prompt, well-behaved network.
    public static let prompt = SandboxBehavior()

    /// Runs `deliver` `callbackCount` times after `latency` on `clock`, on the chosen thread; synchronously when
    /// the latency is zero and no background thread is asked for.
    ///
    /// - Returns: the scheduled action, so that a stopped request can cancel it; `nil` when delivered at once.
    @discardableResult
    public func deliver(on clock: MediationClock, _ deliver: @escaping @Sendable () -> Void) -> ScheduledAction? {
        let count = max(callbackCount, 1)
        let background = callsBackOnBackgroundThread
        let run: @Sendable () -> Void = {
            if background {
                DispatchQueue.global().async {
                    for _ in 0..<count { deliver() }
                }
            } else {
                for _ in 0..<count { deliver() }
            }
        }
        if latency == .zero && !background {
            run()
            return nil
        }
        return clock.schedule(after: latency, run)
    }
}

import Dispatch
import MediationCore

/// An in-memory stand-in for the reference network's SDK: answers loads as the arranged
/// ``ConformanceScenario`` says, on the given clock, and counts the loads it was asked for.
public final class ReferenceSandboxNetwork: ReferenceNativeAdLoading, Sendable {
    /// The SDK version the stand-in plays.
    public static let sdkVersion = "1.0.0"

    private struct State {
        var scenario = ConformanceScenario.sampleFill()
        var loadCount = 0
    }

    /// The clock every delay runs on.
    public let clock: MediationClock
    private let state = Locked(State())

    /// Creates a network that fills at once with sample content until told otherwise.
    public init(clock: MediationClock = .continuous) {
        self.clock = clock
    }

    /// Makes the next loads behave as `scenario` says.
    public func arrange(_ scenario: ConformanceScenario) {
        state.withLock { $0.scenario = scenario }
    }

    /// How many loads were asked for.
    public var loadCount: Int { state.withLock { $0.loadCount } }

    /// Answers per the arranged scenario; a cancelled load is not answered.
    public func loadNativeAd(
        placementID: String, completion: @escaping @Sendable (ReferenceLoadResult) -> Void
    ) -> ReferenceLoadHandle {
        let (scenario, serial) = state.withLock { state in
            state.loadCount += 1
            return (state.scenario, state.loadCount)
        }
        let result: ReferenceLoadResult
        switch scenario.answer {
        case .never: return ReferenceLoadHandle()
        case .noFill: result = .noFill
        case .error(let code, let message): result = .failed(code: code, message: message)
        case .fill(let content):
            result = .loaded(content.map(ReferenceSandboxNativeAd.init(content:)) ?? .sample(serial: serial))
        }
        let cancelled = Locked(false)
        let deliver: @Sendable () -> Void = {
            guard !cancelled.current else { return }
            completion(result)
        }
        let scheduled: ScheduledAction?
        switch scenario.delivery {
        case .clockThread where scenario.latency == .zero:
            deliver()
            scheduled = nil
        case .clockThread:
            scheduled = clock.schedule(after: scenario.latency, deliver)
        case .backgroundThread:
            scheduled = clock.schedule(after: scenario.latency) { DispatchQueue.global().async(execute: deliver) }
        }
        return ReferenceLoadHandle {
            cancelled.withLock { $0 = true }
            scheduled?.cancel()
        }
    }

    /// Makes the network report `event` on the sandbox ad behind `ad`, when the reference adapter wraps one.
    ///
    /// - Returns: `false` when `ad` is not a reference sandbox ad.
    public static func report(_ event: ConformanceNetworkEvent, on ad: NativeAd) -> Bool {
        guard let adapter = ad.adapter as? ReferenceNativeAdAdapter,
            let networkAd = adapter.networkAd as? ReferenceSandboxNativeAd
        else { return false }
        networkAd.simulate(event)
        return true
    }
}

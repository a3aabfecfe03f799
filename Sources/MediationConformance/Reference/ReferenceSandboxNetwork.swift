import Dispatch
import Foundation
import MediationCore

/// An in-memory stand-in for the reference network's SDK: answers loads as the arranged
/// ``ConformanceScenario`` says, on the given clock, and records the loads it was asked for.
public final class ReferenceSandboxNetwork: ReferenceNativeAdLoading, Sendable {
    /// The SDK version the stand-in plays.
    public static let sdkVersion = "1.0.0"

    private struct State {
        var scenario = ConformanceScenario.sampleFill()
        var loadCount = 0
        var lastOptions: ReferenceLoadOptions?
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

    /// The options of the latest load, `nil` before any.
    public var lastOptions: ReferenceLoadOptions? { state.withLock { $0.lastOptions } }

    /// Answers per the arranged scenario, without options.
    public func loadNativeAd(
        placementID: String, completion: @escaping @Sendable (ReferenceLoadResult) -> Void
    ) -> ReferenceLoadHandle {
        loadNativeAd(placementID: placementID, options: ReferenceLoadOptions(), completion: completion)
    }

    /// Answers per the arranged scenario: its latency on the clock, its thread, its number of callbacks; a
    /// cancelled load is not answered unless the scenario says the network ignores cancels.
    public func loadNativeAd(
        placementID: String, options: ReferenceLoadOptions,
        completion: @escaping @Sendable (ReferenceLoadResult) -> Void
    ) -> ReferenceLoadHandle {
        let (scenario, serial) = state.withLock { state in
            state.loadCount += 1
            state.lastOptions = options
            return (state.scenario, state.loadCount)
        }
        let result: ReferenceLoadResult
        switch scenario.answer {
        case .never: return ReferenceLoadHandle()
        case .noFill: result = .noFill
        case .error(let code, let message): result = .failed(code: code, message: message)
        case .fill(let content):
            result = .loaded(content.map(ReferenceSandboxNativeAd.init(content:)) ?? .sample(serial: serial))
        case .generated(let generated):
            result = .loaded(ReferenceSandboxNativeAd(generated: generated))
        }
        let cancelled = Locked(false)
        let honoursCancel = scenario.honoursCancel
        let answer: @Sendable () -> Void = {
            guard !(honoursCancel && cancelled.current) else { return }
            completion(result)
        }
        let scheduled = Self.deliver(scenario, on: clock, answer)
        return ReferenceLoadHandle {
            cancelled.withLock { $0 = true }
            guard honoursCancel else { return }
            for action in scheduled { action.cancel() }
        }
    }

    /// Runs `answer` as `scenario` says: `callbackCount` times, the first after the latency, later ones after
    /// each repeat interval; on the clock's thread (at once, inside the load call, when the latency is zero),
    /// on a background queue, or all at once, each from a thread of its own.
    static func deliver(
        _ scenario: ConformanceScenario, on clock: MediationClock, _ answer: @escaping @Sendable () -> Void
    ) -> [ScheduledAction] {
        let count = scenario.callbackCount
        let run: @Sendable (Int) -> Void
        switch scenario.delivery {
        case .clockThread: run = { times in for _ in 0..<times { answer() } }
        case .backgroundThread:
            run = { times in DispatchQueue.global().async { for _ in 0..<times { answer() } } }
        case .concurrentThreads:
            // One thread of its own per callback, so that they really overlap even when the dispatch pool is busy.
            run = { times in for _ in 0..<times { Thread { answer() }.start() } }
        }
        let together = scenario.repeatInterval == .zero
        var scheduled: [ScheduledAction] = []
        if scenario.latency == .zero && scenario.delivery == .clockThread {
            run(together ? count : 1)
        } else {
            scheduled.append(clock.schedule(after: scenario.latency) { run(together ? count : 1) })
        }
        if !together && count > 1 {
            for repeatIndex in 1..<count {
                let delay = scenario.latency + scenario.repeatInterval * repeatIndex
                scheduled.append(clock.schedule(after: delay) { run(1) })
            }
        }
        return scheduled
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

    /// Makes the network drop `ad`'s network ad before its lifetime, as an SDK drops a stale ad; `false` when
    /// `ad` is not a reference sandbox ad.
    public static func invalidate(_ ad: NativeAd) -> Bool {
        guard let adapter = ad.adapter as? ReferenceNativeAdAdapter,
            let networkAd = adapter.networkAd as? ReferenceSandboxNativeAd
        else { return false }
        networkAd.simulateInvalidation()
        return true
    }

    /// What the network saw: the latest load's options and, for `ad`, whether its network ad is registered.
    public func observation(of networkAd: ReferenceSandboxNativeAd?) -> ConformanceObservation {
        ConformanceObservation(
            isRegisteredForInteraction: networkAd?.isRegistered, lastRequest: lastOptions?.fields,
            hostReportedImpressions: networkAd?.trackedImpressionCount, hostReportedClicks: networkAd?.trackedClickCount
        )
    }
}

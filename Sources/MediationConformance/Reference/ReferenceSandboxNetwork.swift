import Dispatch
import Foundation
import MediationCore
import MediationSupport

/// An in-memory stand-in for the reference network's SDK: answers loads as the arranged
/// ``ConformanceScenario`` says, on the given clock, and records the loads it was asked for. A load whose options
/// carry a bid token is the network's markup load; one without, its ordinary load. It gives bidder tokens after
/// ``bidderTokenLatency`` on the clock.
public final class ReferenceSandboxNetwork: ReferenceNativeAdLoading, ReferenceBidderTokenLoading, Sendable {
    /// The error code the network answers a bid token it rejects with.
    public static let rejectedBidErrorCode = 410
    /// The SDK version the stand-in plays.
    public static let sdkVersion = "1.0.0"

    private struct State {
        var scenario = ConformanceScenario.sampleFill()
        var loadCount = 0
        var lastOptions: ReferenceLoadOptions?
        var markupLoads: [String] = []
        var ordinaryLoads = 0
        var rejectedBidTokens: Set<String> = []
        var bidderTokenLatency: Duration = .milliseconds(20)
        var bidderTokenCount = 0
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

    /// The bid tokens of the markup loads so far, in order.
    public var markupLoads: [String] { state.withLock { $0.markupLoads } }

    /// How many ordinary loads (without a bid token) were asked for.
    public var ordinaryLoads: Int { state.withLock { $0.ordinaryLoads } }

    /// How long a bidder token takes, on the clock: 20 ms by default.
    public var bidderTokenLatency: Duration {
        get { state.withLock { $0.bidderTokenLatency } }
        set { state.withLock { $0.bidderTokenLatency = newValue } }
    }

    /// Makes later markup loads of `bidToken` fail with ``rejectedBidErrorCode`` ("unknown bid"), whatever the
    /// arranged scenario, as the network rejects a bid it cannot load.
    public func rejectBidToken(_ bidToken: String) {
        state.withLock { _ = $0.rejectedBidTokens.insert(bidToken) }
    }

    /// Answers `reference-bidder-token-<n>` after ``bidderTokenLatency`` on the clock (at once, inside the call,
    /// when it is zero).
    public func loadBidderToken(childDirected: Bool, completion: @escaping @Sendable (String?) -> Void) {
        let (latency, serial) = state.withLock { state in
            state.bidderTokenCount += 1
            return (state.bidderTokenLatency, state.bidderTokenCount)
        }
        let token = "reference-bidder-token-\(serial)"
        guard latency > .zero else {
            completion(token)
            return
        }
        _ = clock.schedule(after: latency) { completion(token) }
    }

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
        let (arranged, serial, rejected) = state.withLock { state in
            state.loadCount += 1
            state.lastOptions = options
            if let bidToken = options.bidToken {
                state.markupLoads.append(bidToken)
            } else {
                state.ordinaryLoads += 1
            }
            return (state.scenario, state.loadCount, options.bidToken.map(state.rejectedBidTokens.contains) ?? false)
        }
        var scenario = arranged
        if rejected { scenario.answer = .error(code: Self.rejectedBidErrorCode, message: "unknown bid") }
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

    /// What the network saw: the latest load's options, its markup and ordinary loads and, for `ad`, whether its
    /// network ad is registered.
    public func observation(of networkAd: ReferenceSandboxNativeAd?) -> ConformanceObservation {
        var observation = ConformanceObservation(
            isRegisteredForInteraction: networkAd?.isRegistered, lastRequest: lastOptions?.fields,
            hostReportedImpressions: networkAd?.trackedImpressionCount, hostReportedClicks: networkAd?.trackedClickCount
        )
        observation.markupLoads = markupLoads
        observation.ordinaryLoads = ordinaryLoads
        return observation
    }
}

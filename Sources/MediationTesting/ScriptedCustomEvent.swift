import Dispatch
import MediationCore
import MediationSupport

/// What a ``ScriptedCustomEvent`` does when asked for an ad.
public struct CustomEventScript: Sendable {
    /// The outcome to report.
    public enum Outcome: Sendable {
        /// Load an ad with these properties.
        case fill(NativeAdProperties)
        /// Fail with this error.
        case fail(MediationError)
        /// Never answer.
        case never
    }

    /// Where the outcome is reported from.
    public enum Delivery: Sendable {
        /// On the clock: synchronously inside `requestAd` when the latency is zero, else from the clock's
        /// scheduled action.
        case onClock
        /// From a background dispatch queue, after the latency has passed on the clock.
        case backgroundThread
    }

    /// The outcome.
    public var outcome: Outcome
    /// How long the simulated network takes, on the context's clock.
    public var latency: Duration
    /// How many times the outcome is reported; more than 1 simulates a misbehaving SDK.
    public var repeatCount: Int
    /// Where the outcome is reported from.
    public var delivery: Delivery
    /// Whether the event keeps reporting after `stop()` (a misbehaving SDK).
    public var ignoresStop: Bool
    /// Info keys the event requires; a request without one fails at once with `missingRequiredInfo`.
    public var requiredInfoKeys: [String]
    /// Whether the event serves child-directed requests.
    public var supportsChildDirectedTraffic: Bool
    /// Whether the loaded ad's network counts impressions itself.
    public var handlesImpressions: Bool
    /// Whether the event loads bid markup (``NativeCustomEvent/supportsBidding``); `true` by default, so that
    /// scripted lines can stand for bids. When `false`, a request with markup fails at once with
    /// ``MediationError/invalidBidMarkup(path:reason:)`` at `adm`, as the contract asks.
    public var supportsBidding = true
    /// Whether the loaded ad's network reports clicks itself.
    public var handlesClicks: Bool

    /// Creates a script.
    public init(
        _ outcome: Outcome,
        latency: Duration = .zero,
        repeatCount: Int = 1,
        delivery: Delivery = .onClock,
        ignoresStop: Bool = false,
        requiredInfoKeys: [String] = [],
        supportsChildDirectedTraffic: Bool = true,
        handlesImpressions: Bool = false,
        handlesClicks: Bool = false
    ) {
        self.outcome = outcome
        self.latency = latency
        self.repeatCount = repeatCount
        self.delivery = delivery
        self.ignoresStop = ignoresStop
        self.requiredInfoKeys = requiredInfoKeys
        self.supportsChildDirectedTraffic = supportsChildDirectedTraffic
        self.handlesImpressions = handlesImpressions
        self.handlesClicks = handlesClicks
    }

    /// Fill with `properties` after `latency`.
    public static func fill(_ properties: NativeAdProperties, after latency: Duration = .zero) -> Self {
        Self(.fill(properties), latency: latency)
    }

    /// Fail with `error` after `latency`.
    public static func fail(_ error: MediationError, after latency: Duration = .zero) -> Self {
        Self(.fail(error), latency: latency)
    }

    /// Never answer.
    public static let never = Self(.never)
}

/// A custom event that follows a ``CustomEventScript``: the test double for engine and host tests.
public final class ScriptedCustomEvent: NativeCustomEvent, Sendable {
    /// The identifier it was registered under.
    public let identifier: String
    /// The script it follows.
    public let script: CustomEventScript

    private let state = Locked(State())

    private struct State {
        var requests: [Request] = []
        var stopCount = 0
        var pending: [ScheduledAction] = []
    }

    /// One `requestAd` call as received.
    public struct Request: Sendable {
        /// The info received.
        public var info: CustomEventInfo
        /// The markup received.
        public var adMarkup: String?
        /// The privacy received.
        public var privacy: PrivacySettings
        /// The targeting received.
        public var targeting: Targeting
        /// The source received.
        public var source: NativeAdSource
    }

    /// Creates the event.
    public init(identifier: String, script: CustomEventScript) {
        self.identifier = identifier
        self.script = script
    }

    /// The script's required keys.
    public var requiredInfoKeys: [String] { script.requiredInfoKeys }
    /// The script's child-directed support.
    public var supportsChildDirectedTraffic: Bool { script.supportsChildDirectedTraffic }
    /// The script's bidding support.
    public var supportsBidding: Bool { script.supportsBidding }

    /// The request received (a second one is ignored and not recorded).
    public var requests: [Request] { state.withLock { $0.requests } }
    /// How many times `stop()` was called.
    public var stopCount: Int { state.withLock { $0.stopCount } }

    /// Follows the script. A second request on the same event is ignored and not recorded, as the contract asks.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let isFirst = state.withLock { state in
            guard state.requests.isEmpty else { return false }
            state.requests.append(
                Request(
                    info: info, adMarkup: adMarkup, privacy: context.privacy, targeting: context.targeting,
                    source: context.source))
            return true
        }
        guard isFirst else { return }
        if let missing = script.requiredInfoKeys.first(where: { info.string($0) == nil }) {
            context.delegate.nativeCustomEvent(self, didFailWith: .missingRequiredInfo(key: missing))
            return
        }
        if adMarkup != nil && !script.supportsBidding {
            let reason = "custom event '\(identifier)' declares no bidding support"
            context.delegate.nativeCustomEvent(self, didFailWith: .invalidBidMarkup(path: "adm", reason: reason))
            return
        }
        if case .never = script.outcome { return }
        switch script.delivery {
        case .onClock where script.latency == .zero:
            report(context)
        case .onClock:
            let action = context.clock.schedule(after: script.latency) { [self] in report(context) }
            state.withLock { $0.pending.append(action) }
        case .backgroundThread:
            let action = context.clock.schedule(after: script.latency) { [self] in
                DispatchQueue.global().async { self.report(context) }
            }
            state.withLock { $0.pending.append(action) }
        }
    }

    /// Stops: cancels the scheduled outcome unless the script ignores stops.
    public func stop() {
        let pending = state.withLock { state in
            state.stopCount += 1
            defer { state.pending = [] }
            return script.ignoresStop ? [] : state.pending
        }
        for action in pending { action.cancel() }
    }

    private func report(_ context: NativeAdRequestContext) {
        for _ in 0..<max(script.repeatCount, 1) {
            switch script.outcome {
            case .fill(let properties):
                let adapter = ScriptedNativeAdAdapter(
                    properties: properties, handlesImpressions: script.handlesImpressions,
                    handlesClicks: script.handlesClicks)
                context.delegate.nativeCustomEvent(self, didLoad: context.makeNativeAd(adapter: adapter))
            case .fail(let error):
                context.delegate.nativeCustomEvent(self, didFailWith: error)
            case .never:
                return
            }
        }
    }
}

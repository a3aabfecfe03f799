import Foundation
import MediationSupport

/// What every run of one ``Mediator`` shares: made once with the mediator and referenced by each run, so a
/// load in flight carries one reference instead of its own copy of the clock, the pinger, the registry and the
/// limits.
///
/// It also keeps the mediator's back-off windows (`backoff_ms`), which runs apply when a page asks for one.
final class WaterfallRunServices: Sendable {
    let registry: MediationRegistry
    let clock: MediationClock
    let trackerPinger: any TrackerPinging
    let responseSource: (any AdResponseSource)?
    let adLifetime: Duration
    let limits: MediationRunLimits
    let urlPolicy: MediationURLPolicy
    let statistics: NetworkStatisticsStore
    /// The rules of the mediator's runs, for the log levels its logger had when the mediator was made.
    let rules: WaterfallRunRules
    /// The start-up of the registry's networks; `nil` when the registry has no network configuration, so that a
    /// run then looks nothing up.
    let networkStartup: NetworkStartup?
    /// The frequency caps native runs obey, and where their winners' impressions are counted; `nil`: none.
    let frequencyCaps: FrequencyCapStore?
    /// Until when each ad unit's loads are refused, by ``rateLimitKey(_:)``; expired windows are pruned
    /// whenever one is set.
    private let rateLimits = Locked<[String: MediationInstant]>([:])
    /// The bid signal timeouts the last response set (`x-bid-signal-timeout-ms`), by custom event identifier.
    private let serverBidSignalTimeouts = Locked<[String: Duration]>([:])
    /// The network start-up timeouts the last response set (`x-network-start-timeout-ms`), by network name.
    private let serverNetworkStartTimeouts = Locked<[String: Duration]>([:])

    init(
        registry: MediationRegistry, clock: MediationClock, trackerPinger: any TrackerPinging,
        responseSource: (any AdResponseSource)?, adLifetime: Duration, limits: MediationRunLimits,
        urlPolicy: MediationURLPolicy, statistics: NetworkStatisticsStore, strategy: MediationStrategy,
        enabledLogLevels: MediationLogLevelMask, networkStartup: NetworkStartup? = nil,
        frequencyCaps: FrequencyCapStore? = nil
    ) {
        self.networkStartup = networkStartup
        self.frequencyCaps = frequencyCaps
        self.registry = registry
        self.clock = clock
        self.trackerPinger = trackerPinger
        self.responseSource = responseSource
        self.adLifetime = adLifetime
        self.limits = limits
        self.urlPolicy = urlPolicy
        self.statistics = statistics
        rules = WaterfallRunRules(
            strategy: strategy, followsNextURL: responseSource != nil,
            pageTimeout: WaterfallRunMachine<NativeAd>.defaultPageTimeout, limits: limits, recordsOutcomes: true,
            enabledLogLevels: enabledLogLevels, defersLaunchDecisions: true)
    }

    /// The rules for a run whose logger records `enabledLogLevels`: the shared ones, unless the logger's levels
    /// changed since the mediator was made.
    func rules(enabledLogLevels: MediationLogLevelMask) -> WaterfallRunRules {
        enabledLogLevels == rules.enabledLogLevels ? rules : rules.with(enabledLogLevels: enabledLogLevels)
    }

    /// How many back-off windows are stored (live ones, and expired ones not yet pruned).
    var storedRateLimitCount: Int { rateLimits.withLock { $0.count } }

    /// Until when loads for `adUnitID` are refused, or `nil` when they are not.
    func rateLimit(forAdUnit adUnitID: String?) -> MediationInstant? {
        // Every load asks: with no window stored (the common case), neither the key is hashed nor the clock read.
        let window = rateLimits.withLock { limits in limits.isEmpty ? nil : limits[Self.rateLimitKey(adUnitID)] }
        guard let until = window, clock.now < until else { return nil }
        return until
    }

    /// Applies a response's `backoff_ms` to `adUnitID` (the unit that was requested, whatever the page says): a
    /// positive value (re)starts the window now, cut to ``MediationRunLimits/maximumBackoff``; zero lifts it;
    /// absence changes nothing. Expired windows are pruned so that the table only holds live ones.
    func applyBackoff(of response: AdResponse, adUnitID: String?, logger: any MediationLogger) {
        guard let requested = response.backoff else { return }
        let backoff = min(requested, limits.maximumBackoff)
        let now = clock.now
        let key = Self.rateLimitKey(adUnitID)
        rateLimits.withLock { limits in
            limits = limits.filter { now < $0.value }
            limits[key] = backoff > .zero ? now.advanced(by: backoff) : nil
        }
        if backoff < requested {
            logger.log(
                .warning,
                "backoff_ms \(requested.wholeMilliseconds) cut to the limit of \(backoff.wholeMilliseconds)ms",
                metadata: ["adUnit": adUnitID ?? ""])
        }
        if backoff > .zero {
            let reason = response.backoffReason.map { " (\($0))" } ?? ""
            logger.log(.info, "backing off for \(backoff.wholeMilliseconds)ms\(reason)")
        }
    }

    /// Keeps a response's `x-bid-signal-timeout-ms` for the next bid signal collections.
    func learnBidSignalTimeouts(from response: AdResponse) {
        guard !response.bidSignalTimeouts.isEmpty else { return }
        serverBidSignalTimeouts.withLock { $0.merge(response.bidSignalTimeouts) { _, new in new } }
    }

    /// Keeps a response's `x-network-start-timeout-ms` for the starts that follow (a start under way keeps its own).
    func learnNetworkStartTimeouts(from response: AdResponse) {
        guard !response.networkStartTimeouts.isEmpty else { return }
        serverNetworkStartTimeouts.withLock { $0.merge(response.networkStartTimeouts) { _, new in new } }
    }

    /// The start-up timeout the ad server set for `network`, or `nil` (the host's then applies).
    func networkStartTimeout(for network: String) -> Duration? {
        serverNetworkStartTimeouts.withLock { $0.isEmpty ? nil : $0[network] }
    }

    /// For a custom event whose network needs a start-up: starts the network if nothing has (with the ad server's
    /// timeout when it set one) or joins its start, and calls `ended` with the network and its final status.
    ///
    /// - Returns: `false`, calling nothing, when the custom event's network needs no start-up.
    func awaitNetwork(
        forCustomEvent identifier: String, _ ended: @escaping @Sendable (String, NetworkStartStatus) -> Void
    ) -> Bool {
        guard let startup = networkStartup, let network = startup.network(forCustomEvent: identifier) else {
            return false
        }
        startup.launch(network, timeout: networkStartTimeout(for: network))
        startup.whenFinished(network) { ended(network, $0.status) }
        return true
    }

    /// How long to wait for `registration`'s signal: the server's timeout for its custom event, else the host's.
    func bidSignalTimeout(for registration: BidSignalRegistration) -> Duration {
        let identifier = registration.provider.customEventIdentifier
        return serverBidSignalTimeouts.withLock { $0[identifier] } ?? registration.timeout
    }

    /// The back-off table's key for `adUnitID`.
    private static func rateLimitKey(_ adUnitID: String?) -> String {
        adUnitID ?? ""
    }
}

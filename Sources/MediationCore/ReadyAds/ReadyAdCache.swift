import Foundation
import MediationSupport

/// Keeps loaded ads ready per ad unit, so that a feed's ad slot gets one at once: GMA's preloading, over the
/// ordinary mediator.
///
/// The host declares a ``ReadyAdDemand`` per ad unit (how many ready ads, for which targeting). The cache loads
/// that many in the background, each load an ordinary run of the mediator (the same auction, strategy, notices,
/// privacy and statistics as a load on demand), hands a ready ad out at once (``take(forAdUnit:)``) and loads
/// another in its place. Rules (docs/ready-ads.md):
/// - **Cap**: the demands together ask for at most the cache's capacity (10 ads by default, 50 at most); ads held plus
///   loads in flight never exceed a demand's count, and at most 2 loads per ad unit run at once.
/// - **Expiry**: an ad is dropped its expiry margin (1 s by default) before the earliest of its own ``NativeAd/expiresAt``, its
///   storage plus its maximum age and, for a won bid, the bid's `x-bid-expiry-ms` counted from its run's start. An ad
///   dropped unshown fires nothing billable (no impression tracker, no billing URL); a won bid's loss notices
///   (`x-lurl`, reason 2, impression opportunity expired) fire once. An ad the network invalidated is dropped the
///   same way when it would be handed out.
/// - **Pauses**: no load starts while the host paused the cache (``pause()``) or the app is in the background
///   (``setInBackground(_:)``); loads in flight finish and their ads are kept. Expiry goes on.
/// - **Back-off**: each failed load (no fill, an error, a failed fetch) in a row doubles the wait before the next,
///   from the failure back-off (2 s by default) up to the mediator's ``MediationRunLimits/maximumBackoff``, and the wait is set as the
///   ad unit's back-off window in the mediator's rate limiter (``Mediator/rateLimit(forAdUnit:)``), as a
///   response's `backoff_ms` is; a window the server set is waited out the same way. A fill resets the count.
/// - **Release**: loads in flight do not keep the cache; a cache the host lets go of cancels them and drops its ads
///   unshown, as ``removeDemand(forAdUnit:)`` does.
/// - **Frequency caps** (the mediator's ``Mediator/frequencyCaps``): loads are not refused by the ad unit's caps
///   (a load is not an impression); ``take(forAdUnit:)`` hands out only an ad every cap allows now, counting the
///   ads handed out that wait for their impression (docs/ready-ads.md, "Capping and pacing").
///
/// The ads are held in a ``NativeAdCache``: the cache adds the loading, the deadlines and the notices.
/// An ad handed out is the host's: its impression, click, revenue and billing fire at most once, as for any
/// ``NativeAd``; its trace says when it loaded and how long it waited (the trace JSON's `readyAd`).
public final class ReadyAdCache: Sendable {
    /// The largest ``capacity``: 50 ads.
    package static let maximumCapacity = 50
    /// How many loads of one ad unit may run at once: 2.
    package static let maximumConcurrentLoads = 2

    /// The mediator every load runs on; its clock measures every deadline.
    package let mediator: Mediator
    /// Where each load's ad response comes from.
    package let source: any ReadyAdResponseSource
    /// How many ads the demands together may ask for (ads held plus loads in flight never exceed it).
    package let capacity: Int
    /// How long before its deadline an ad is dropped, so that an ad handed out has at least this long to show.
    package let expiryMargin: Duration
    /// The wait after the first failed load in a row; it doubles with each further failure.
    package let failureBackoff: Duration
    /// The ads held, oldest first per ad unit, each until its deadline.
    package let store: NativeAdCache

    private let state = Locked(State())

    /// Creates an empty cache that loads through `mediator` from `source`.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `capacity` outside
    ///   1…50, `maxAge` (4 hours by default) when it is not positive, `expiryMargin` when it is negative or not
    ///   below `maxAge`, or `failureBackoff` when it is not positive.
    public init(
        mediator: Mediator, source: any ReadyAdResponseSource, capacity: Int = 10,
        maxAge: Duration = NativeAdCache.defaultMaxAge, expiryMargin: Duration = .seconds(1),
        failureBackoff: Duration = .seconds(2)
    ) throws(MediationError) {
        guard (1...Self.maximumCapacity).contains(capacity) else {
            throw .invalidConfiguration(
                path: "capacity", reason: "expected 1...\(Self.maximumCapacity) ads, got \(capacity)")
        }
        guard expiryMargin >= .zero, expiryMargin < maxAge else {
            throw .invalidConfiguration(
                path: "expiryMargin", reason: "expected zero or more and below maxAge, got \(expiryMargin)")
        }
        guard failureBackoff > .zero else {
            throw .invalidConfiguration(
                path: "failureBackoff", reason: "expected a positive duration, got \(failureBackoff)")
        }
        self.mediator = mediator
        self.source = source
        self.capacity = capacity
        self.expiryMargin = expiryMargin
        self.failureBackoff = failureBackoff
        store = try NativeAdCache(mediator: mediator, maxAge: maxAge, capacityPerAdUnit: capacity)
    }

    /// A released cache stops: its loads in flight are cancelled and its ads dropped unshown (a won bid's loss
    /// notices fire once), as ``removeDemand(forAdUnit:)`` does for every ad unit.
    deinit {
        let retired = state.withLock { state in
            let adUnitIDs = Array(state.units.keys)
            return adUnitIDs.map { state.retire($0) }
        }
        for replaced in retired { finish(replaced, reason: "the cache was released") }
    }

    // MARK: Demands

    /// Keeps `demand.count` ads of `demand.adUnitID` ready from now on, replacing the ad unit's earlier demand.
    ///
    /// A new targeting drops the ad unit's ads loaded for the old one (unshown, with their bids' loss notices) and
    /// cancels its loads in flight; a lower count lets the surplus be handed out or expire.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `count` when it is below 1 or the
    ///   demands together would ask for more than the cache's capacity.
    public func setDemand(_ demand: ReadyAdDemand) throws(MediationError) {
        guard demand.count >= 1 else {
            throw .invalidConfiguration(path: "count", reason: "expected at least 1 ad, got \(demand.count)")
        }
        let outcome = state.withLock { state -> Result<Replaced, MediationError> in
            let others = state.units.filter { $0.key != demand.adUnitID }.values.reduce(0) { $0 + $1.demand.count }
            guard others + demand.count <= capacity else {
                return .failure(
                    .invalidConfiguration(
                        path: "count",
                        reason: "the demands would ask for \(others + demand.count) ads; the cache's capacity is "
                            + "\(capacity)"))
            }
            var replaced = Replaced()
            if let unit = state.units[demand.adUnitID], unit.demand.targeting != demand.targeting {
                replaced = state.retire(demand.adUnitID)
            }
            var unit = state.units[demand.adUnitID] ?? Unit(demand: demand, generation: state.nextGeneration())
            unit.demand = demand
            state.units[demand.adUnitID] = unit
            return .success(replaced)
        }
        switch outcome {
        case .failure(let error): throw error
        case .success(let replaced): finish(replaced, reason: "its demand's targeting changed")
        }
        refill(demand.adUnitID)
    }

    /// Stops keeping ads for `adUnitID`: its loads in flight are cancelled and its ads dropped unshown (a won bid's
    /// loss notices fire once).
    public func removeDemand(forAdUnit adUnitID: String) {
        let replaced = state.withLock { $0.retire(adUnitID) }
        finish(replaced, reason: "its demand was removed")
    }

    /// The demand of `adUnitID`, if any.
    package func demand(forAdUnit adUnitID: String) -> ReadyAdDemand? {
        state.withLock { $0.units[adUnitID]?.demand }
    }

    // MARK: Handing out

    /// Hands out the oldest ready ad of `adUnitID` at once, or `nil` when none is ready; a load starts in its place.
    /// With frequency caps, the oldest ready ad they allow now, or `nil` when they allow none (``Mediator/frequencyCaps``
    /// says why: `FrequencyCapStore.refusal(forAdUnit:)`).
    public func take(forAdUnit adUnitID: String) -> ReadyAd? {
        sweep()
        var taken: ReadyAd?
        while taken == nil, let ad = takeWithinFrequencyCaps(forAdUnit: adUnitID) {
            let now = mediator.clock.now
            guard let held = state.withLock({ $0.held.removeValue(forKey: ad.identifier) }) else { continue }
            held.timer?.cancel()
            if ad.isExpired(at: now) {
                drop([held], expired: true, reason: "its network invalidated it")
                continue
            }
            state.withLock { $0.statistics.handedOut += 1 }
            var trace = held.result.trace
            let loadedAt = held.result.runStartedAt.map { $0.duration(to: ad.loadedAt) } ?? .zero
            trace.readyAd = ReadyAdRecord(loadedAt: loadedAt, waited: ad.loadedAt.duration(to: now))
            taken = ReadyAd(
                ad: ad, result: held.result.replacingTrace(trace), loadedAt: ad.loadedAt, handedOutAt: now)
        }
        refill(adUnitID)
        return taken
    }

    /// How many ads of `adUnitID` are ready now.
    public func readyCount(forAdUnit adUnitID: String) -> Int {
        sweep()
        return state.withLock { state in state.held.values.count { $0.adUnitID == adUnitID } }
    }

    /// How many ads the cache holds now, over every ad unit (never more than ``capacity``).
    package var heldCount: Int {
        sweep()
        return state.withLock { $0.held.count }
    }

    /// How many loads are in flight for `adUnitID`.
    package func loadsInFlight(forAdUnit adUnitID: String) -> Int {
        state.withLock { $0.units[adUnitID]?.loading ?? 0 }
    }

    /// What the cache has done since it was made.
    public var statistics: ReadyAdCacheStatistics { state.withLock { $0.statistics } }

    // MARK: Pauses

    /// Starts no load until ``resume()``; loads in flight finish, and expiry goes on.
    public func pause() {
        state.withLock { $0.isPausedByHost = true }
    }

    /// Lifts ``pause()`` and refills.
    public func resume() {
        state.withLock { $0.isPausedByHost = false }
        refillAll()
    }

    /// Tells the cache that the app went to the background (`true`: no load starts) or came back (`false`:
    /// it refills). Call it from the scene's or the app's lifecycle callbacks.
    public func setInBackground(_ isInBackground: Bool) {
        state.withLock { $0.isInBackground = isInBackground }
        if !isInBackground { refillAll() }
    }

    /// Whether the cache was told that the app is in the background.
    package var isInBackground: Bool { state.withLock { $0.isInBackground } }

    // MARK: Loading

    private func refillAll() {
        for adUnitID in state.withLock({ Array($0.units.keys) }) { refill(adUnitID) }
    }

    /// Starts as many loads of `adUnitID` as its demand lacks, unless paused, backing off, or rate limited.
    private func refill(_ adUnitID: String) {
        let now = mediator.clock.now
        let window = mediator.rateLimit(forAdUnit: adUnitID)
        let plan = state.withLock {
            state -> (starts: [Int], generation: Int, targeting: Targeting, retryAt: Instant?)? in
            guard !state.isPausedByHost, !state.isInBackground, var unit = state.units[adUnitID] else { return nil }
            let ready = state.held.values.count { $0.adUnitID == adUnitID }
            let wanted = min(unit.demand.count - ready - unit.loading, Self.maximumConcurrentLoads - unit.loading)
            guard wanted > 0 else { return nil }
            if let window, now < window {
                // Backing off: one timer wakes the ad unit at the window's end.
                guard unit.retryTimer == nil else { return nil }
                unit.retryTimer = .pending
                state.units[adUnitID] = unit
                return ([], unit.generation, unit.demand.targeting, window)
            }
            let starts = (0..<wanted).map { _ in state.nextToken() }
            unit.loading += wanted
            state.units[adUnitID] = unit
            state.statistics.loadsStarted += wanted
            return (starts, unit.generation, unit.demand.targeting, nil)
        }
        guard let plan else { return }
        if let retryAt = plan.retryAt {
            let timer = mediator.clock.schedule(after: now.duration(to: retryAt)) { [weak self] in
                self?.retryTimerFired(adUnitID, generation: plan.generation)
            }
            let keeps = state.withLock { state -> Bool in
                guard state.units[adUnitID]?.generation == plan.generation else { return false }
                state.units[adUnitID]?.retryTimer = .scheduled(timer)
                return true
            }
            if !keeps { timer.cancel() }
            return
        }
        for token in plan.starts {
            load(adUnitID, token: token, generation: plan.generation, targeting: plan.targeting)
        }
    }

    private func retryTimerFired(_ adUnitID: String, generation: Int) {
        state.withLock { state in
            if state.units[adUnitID]?.generation == generation { state.units[adUnitID]?.retryTimer = nil }
        }
        refill(adUnitID)
    }

    /// One load: fetches the response, runs it on the mediator with the demand's targeting.
    ///
    /// Its callbacks hold the cache weakly: the cache holds the load's run (`adopt`),
    /// and a run whose completion held the cache kept both alive while it ran, for ever on a clock released with
    /// its timers pending; a released cache cancels its loads (`deinit`).
    private func load(_ adUnitID: String, token: Int, generation: Int, targeting: Targeting) {
        source.fetchAdResponse(forAdUnit: adUnitID, privacy: mediator.privacy, targeting: targeting) {
            [weak self] fetched in
            guard let self else { return }
            switch fetched {
            case .failure(let error):
                finished(
                    adUnitID, token: token, generation: generation,
                    result: MediationRunResult(
                        outcome: .failure(error), trace: MediationTrace(outcome: error.code)),
                    response: nil)
            case .success(let response):
                guard state.withLock({ $0.units[adUnitID]?.generation == generation }) else {
                    finished(
                        adUnitID, token: token, generation: generation,
                        result: MediationRunResult(
                            outcome: .failure(.cancelled), trace: MediationTrace(outcome: "cancelled")),
                        response: nil)
                    return
                }
                _ = mediator.mediate(
                    response, delivery: .immediate, runID: .next(), targeting: targeting, checksAdUnitCaps: false,
                    willStart: { [weak self] run in
                        guard let self else {
                            run.cancel()
                            return
                        }
                        adopt(run, adUnitID: adUnitID, token: token, generation: generation)
                    }
                ) { [weak self] result in
                    self?.finished(adUnitID, token: token, generation: generation, result: result, response: response)
                }
            }
        }
    }

    /// Keeps a load's run so that removing the demand cancels it; cancels it at once when the demand went.
    private func adopt(_ run: MediationRun, adUnitID: String, token: Int, generation: Int) {
        let keeps = state.withLock { state -> Bool in
            guard state.units[adUnitID]?.generation == generation else { return false }
            state.units[adUnitID]?.runs[token] = run
            return true
        }
        if !keeps { run.cancel() }
    }

    private func finished(
        _ adUnitID: String, token: Int, generation: Int, result: MediationRunResult, response: AdResponse?
    ) {
        let now = mediator.clock.now
        let held = result.ad.map { ad in
            Held(
                ad: ad, result: result, adUnitID: adUnitID,
                deadline: deadline(of: ad, result: result, response: response, now: now),
                lossURLs: response.map { Self.lossURLs(of: result, response: $0, mediator: mediator) } ?? [])
        }
        enum Next {
            case keep(Held)
            case drop(Held, expired: Bool, reason: String)
            case backOff(Duration)
            case none
        }
        let next = state.withLock { state -> Next in
            guard var unit = state.units[adUnitID], unit.generation == generation else {
                return held.map { .drop($0, expired: false, reason: "its demand was removed or changed") } ?? .none
            }
            unit.loading -= 1
            unit.runs[token] = nil
            defer { state.units[adUnitID] = unit }
            if let held {
                unit.failures = 0
                state.statistics.fills += 1
                guard now < held.deadline else { return .drop(held, expired: true, reason: "it expired on arrival") }
                state.held[held.ad.identifier] = held
                return .keep(held)
            }
            switch result.error {
            case .cancelled?, .rateLimited?, nil:
                // A window the server set is waited out by the next refill; a cancel ends the load.
                return .none
            default:
                state.statistics.failures += 1
                unit.failures += 1
                let doublings = min(unit.failures - 1, 30)
                return .backOff(min(failureBackoff * (1 << doublings), mediator.limits.maximumBackoff))
            }
        }
        switch next {
        case .keep(let held):
            store.store(held.ad, forAdUnit: adUnitID, until: held.deadline)
            let timer = mediator.clock.schedule(after: now.duration(to: held.deadline)) { [weak self] in
                self?.sweep()
                self?.refill(adUnitID)
            }
            let kept = state.withLock { state -> Bool in
                guard state.held[held.ad.identifier] != nil else { return false }
                state.held[held.ad.identifier]?.timer = timer
                return true
            }
            if !kept { timer.cancel() }
        case .drop(let held, let expired, let reason):
            drop([held], expired: expired, reason: reason)
        case .backOff(let wait):
            let reason = "ready-ad cache: \(state.withLock { $0.units[adUnitID]?.failures ?? 0 }) failed loads in a row"
            mediator.services.applyBackoff(
                of: AdResponse(lines: [], backoff: wait, backoffReason: reason), adUnitID: adUnitID,
                logger: mediator.logger)
        case .none:
            break
        }
        refill(adUnitID)
    }

    // MARK: Expiry and drops

    /// The instant the cache drops `ad`: the margin before the earliest of its expiry, its storage plus the
    /// maximum age, and a won bid's `x-bid-expiry-ms` from its run's start.
    private func deadline(
        of ad: NativeAd, result: MediationRunResult, response: AdResponse?, now: MediationInstant
    ) -> MediationInstant {
        var deadline = min(ad.expiresAt, now.advanced(by: store.maxAge))
        if let response, let bid = Self.winningLine(of: result, response: response, mediator: mediator)?.bid,
            let expiry = bid.expiry, let startedAt = result.runStartedAt
        {
            deadline = min(deadline, startedAt.advanced(by: expiry))
        }
        return deadline.advanced(by: .zero - expiryMargin)
    }

    /// The line of `response` that won `result`'s run, in the order the run went (an auction's).
    private static func winningLine(
        of result: MediationRunResult, response: AdResponse, mediator: Mediator
    ) -> WaterfallLine? {
        guard response.hasBids, result.ad != nil, let winner = result.trace.winner else { return nil }
        let lines =
            (AuctionPlan(response: response, rule: mediator.auctionOrder, pricing: mediator.auctionPricing)?.response
            ?? response).lines
        return lines.indices.contains(winner) ? lines[winner] : nil
    }

    /// The loss notices of the bid that won `result`'s run, expanded for reason 2 (impression opportunity
    /// expired); empty for a waterfall line.
    private static func lossURLs(of result: MediationRunResult, response: AdResponse, mediator: Mediator) -> [URL] {
        guard let line = winningLine(of: result, response: response, mediator: mediator), let bid = line.bid else {
            return []
        }
        let values = bid.lossValues(
            reason: .impressionOpportunityExpired, winningPrice: nil,
            currency: line.currencyCode ?? NativeAdSource.defaultCurrencyCode)
        return bid.lossURLs.compactMap { $0.url(expanding: values) }
    }

    /// Drops every held ad whose deadline has passed.
    private func sweep() {
        let now = mediator.clock.now
        let expired = state.withLock { state -> [Held] in
            let due = state.held.values.filter { $0.deadline <= now }
            for held in due { state.held[held.ad.identifier] = nil }
            return due
        }
        guard !expired.isEmpty else { return }
        store.removeExpired()
        drop(expired, expired: true, reason: "it reached its deadline unshown")
    }

    /// Lets go of ads that were never handed out: nothing billable fires; a won bid's loss notices fire once.
    private func drop(_ dropped: [Held], expired: Bool, reason: String) {
        guard !dropped.isEmpty else { return }
        let pinger = mediator.services.trackerPinger
        var notices = 0
        for held in dropped {
            held.timer?.cancel()
            for url in held.lossURLs {
                let owner = pinger.discardsPings ? nil : "\(held.ad.identifier)/ready-ad-loss"
                pinger.ping(TrackerPing(url: url, event: .loss, owner: owner))
                notices += 1
            }
            mediator.logger.log(
                .info,
                "ready-ad cache: dropped ad \(held.ad.identifier) of ad unit \(held.adUnitID) unshown: \(reason)"
                    + (held.lossURLs.isEmpty ? "" : "; its bid's loss notice fired"),
                metadata: ["adUnit": held.adUnitID, "ad": held.ad.identifier])
        }
        state.withLock { state in
            if expired {
                state.statistics.expiredUnshown += dropped.count
            } else {
                state.statistics.discardedUnshown += dropped.count
            }
            state.statistics.bidLossNotices += notices
        }
    }

    /// Cancels a retired ad unit's loads and timer and drops its ads.
    private func finish(_ replaced: Replaced, reason: String) {
        for run in replaced.runs { run.cancel() }
        replaced.retryTimer?.cancel()
        if let adUnitID = replaced.adUnitID { store.removeAll(forAdUnit: adUnitID) }
        drop(replaced.held, expired: false, reason: reason)
    }
}

extension ReadyAdCache {
    typealias Instant = MediationInstant

    /// A loaded ad the cache holds, with what its drop needs.
    struct Held: Sendable {
        let ad: NativeAd
        let result: MediationRunResult
        let adUnitID: String
        let deadline: MediationInstant
        /// The won bid's loss notices, expanded; empty for a waterfall line.
        let lossURLs: [URL]
        var timer: ScheduledAction?
    }

    /// The back-off timer of an ad unit: being scheduled, or scheduled.
    enum RetryTimer: Sendable {
        case pending
        case scheduled(ScheduledAction)

        var action: ScheduledAction? {
            if case .scheduled(let action) = self { return action }
            return nil
        }
    }

    /// One ad unit's demand and loads.
    struct Unit: Sendable {
        var demand: ReadyAdDemand
        /// Changes when the demand is retired: loads of an older generation are discarded when they end.
        var generation: Int
        var loading = 0
        var failures = 0
        var retryTimer: RetryTimer?
        var runs: [Int: MediationRun] = [:]
    }

    /// What retiring an ad unit left to do outside the lock.
    struct Replaced: Sendable {
        var adUnitID: String?
        var runs: [MediationRun] = []
        var retryTimer: ScheduledAction?
        var held: [Held] = []
    }

    struct State: Sendable {
        var units: [String: Unit] = [:]
        var held: [String: Held] = [:]
        var isPausedByHost = false
        var isInBackground = false
        var statistics = ReadyAdCacheStatistics()
        private var counter = 0

        mutating func nextGeneration() -> Int {
            counter += 1
            return counter
        }

        mutating func nextToken() -> Int { nextGeneration() }

        /// Removes `adUnitID`'s demand and held ads.
        mutating func retire(_ adUnitID: String) -> Replaced {
            guard let unit = units.removeValue(forKey: adUnitID) else { return Replaced() }
            let held = held.values.filter { $0.adUnitID == adUnitID }
            for entry in held { self.held[entry.ad.identifier] = nil }
            return Replaced(
                adUnitID: adUnitID, runs: Array(unit.runs.values), retryTimer: unit.retryTimer?.action, held: held)
        }
    }
}

import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// `mediation bench --feed`: simulated users scroll a feed, and each ad slot that comes into view gets its ad either
/// loaded on demand or taken from a ``ReadyAdCache`` filled from the session's start.
///
/// Each session is drawn from the seed: a scroll speed (log-normal, median 1.5 rows a second, clamped to
/// 0.3…6), a length (60…300 s), and the slots of ``positioning`` (an ad at row 2, then every 6 rows) in a
/// viewport of ``viewportRows`` rows. A slot comes into view when its row reaches the viewport's bottom and stays
/// in view for `viewportRows / speed`; an ad that comes later is not shown (on demand, that load is wasted; with the
/// cache, the ad stays for the next slot). Every load, in both modes, fetches the world's next request (in load
/// order, after its bid signal time) and runs it through the real ``Mediator`` on a ``ManualClock``, one clock per
/// session; one statistics store per mode spans the sessions.
public struct BenchFeed: Sendable {
    /// Rows on screen at once.
    public static let viewportRows = 6

    /// The world the loads meet.
    public let world: BenchWorld
    /// The workload's name, for the report.
    public let workloadName: String
    /// The strategy of every load.
    public let strategy: BenchStrategy
    /// Sessions to simulate.
    public let sessions: Int
    /// The seed the sessions are drawn from.
    public let seed: UInt64
    /// The ready ads the cache keeps.
    public let readyAds: Int
    /// Where the ads go.
    public let positioning: FeedAdPositioning

    /// Creates a feed bench over `workload`'s world.
    ///
    /// - Throws: ``BenchRunError`` when the positioning cannot be made (it always can).
    public init(
        workload: BenchWorkload, strategy: BenchStrategy = BenchStrategy(.default), sessions: Int = 100,
        readyAds: Int = 2
    ) throws(BenchRunError) {
        world = BenchWorld(workload: workload)
        workloadName = workload.name
        self.strategy = strategy
        self.sessions = max(1, sessions)
        seed = workload.seed
        self.readyAds = min(max(1, readyAds), ReadyAdCache.maximumCapacity)
        do {
            positioning = try FeedAdPositioning(fixedPositions: [2], repeatingInterval: 6)
        } catch {
            throw BenchRunError(strategy: strategy.name, request: 0, reason: "\(error)")
        }
    }

    /// Runs every session on demand, then with the cache.
    ///
    /// - Throws: ``BenchRunError`` when a session does not end.
    public func run(progress: (@Sendable (String) -> Void)? = nil) throws(BenchRunError) -> BenchFeedReport {
        let plans = (0..<sessions).map(plan)
        progress?("bench \(workloadName) --feed: \(sessions) sessions on demand")
        let onDemand = try mode(plans, withCache: false)
        progress?("bench \(workloadName) --feed: \(sessions) sessions with \(readyAds) ready ads")
        let withCache = try mode(plans, withCache: true)
        return BenchFeedReport(
            workload: workloadName, strategy: strategy.name, sessions: sessions,
            slots: plans.reduce(0) { $0 + $1.slots.count }, readyAds: readyAds, onDemand: onDemand,
            withCache: withCache)
    }

    // MARK: Sessions

    /// One session's slots: when each comes into view and how long it stays.
    struct Plan {
        var slots: [Duration]
        var dwell: Duration
    }

    private func plan(_ session: Int) -> Plan {
        var random = BenchRandom(seed: seed, request: session, line: 20_000)
        let speed = min(max(1.5 * exp(0.5 * random.normal()), 0.3), 6)
        let length = 60 + 240 * random.unit()
        var slots: [Duration] = []
        var number = 0
        while let row = positioning.position(ofAd: number) {
            let seconds = Double(max(0, row - Self.viewportRows + 1)) / speed
            guard seconds < length else { break }
            slots.append(.milliseconds(Int64((seconds * 1000).rounded())))
            number += 1
        }
        return Plan(slots: slots, dwell: .milliseconds(Int64((Double(Self.viewportRows) / speed * 1000).rounded())))
    }

    /// What one mode's sessions gave.
    private struct Tally {
        var later: [Double] = []
        var firsts: [Double] = []
        var shown = 0
        var missed = 0
        var fills = 0
        var expiredUnshown = 0
        var shownAfterExpiry = 0
        var cacheBytes: [Int] = []
    }

    private func mode(_ plans: [Plan], withCache: Bool) throws(BenchRunError) -> BenchFeedReport.Mode {
        let requests = Locked(0)
        let registry = BenchCustomEvent.registry(counting: requests)
        let statistics = NetworkStatisticsStore()
        let cursor = Locked(0)
        var tally = Tally()
        for (index, plan) in plans.enumerated() {
            let clock = ManualClock()
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: strategy.strategy, clock: MediationClock(clock),
                    trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching(),
                    limits: MediationRunLimits(runDeadline: nil), statistics: statistics))
            let source = BenchFeedSource(world: world, clock: clock, cursor: cursor)
            var times: [Double] = []
            if withCache {
                try cacheSession(plan, index, mediator, clock, source, &times, &tally)
            } else {
                try onDemandSession(plan, index, mediator, clock, source, &times, &tally)
            }
            if let first = times.first { tally.firsts.append(first) }
            tally.later += times.dropFirst()
        }
        let later = tally.later.sorted()
        let percentile = { (percent: Double) in BenchPercentile.nearestRank(percent, of: later) ?? 0 }
        let shown = Double(max(tally.shown, 1))
        return BenchFeedReport.Mode(
            timeToShowMs: .init(p50: percentile(50), p95: percentile(95), p99: percentile(99)),
            firstAdMs: BenchPercentile.nearestRank(50, of: tally.firsts.sorted()) ?? 0, shownAds: tally.shown,
            missedSlots: tally.missed, requestsPerShownAd: Double(requests.current) / shown,
            fillsPerShownAd: Double(tally.fills) / shown, expiredUnshown: tally.expiredUnshown,
            shownAfterExpiry: tally.shownAfterExpiry,
            cacheBytes: tally.cacheBytes.sorted().dropFirst(tally.cacheBytes.count / 2).first ?? 0)
    }

    /// Each slot starts its own load as it comes into view and shows that load's ad if it comes while in view.
    private func onDemandSession(
        _ plan: Plan, _ session: Int, _ mediator: Mediator, _ clock: ManualClock, _ source: BenchFeedSource,
        _ times: inout [Double], _ tally: inout Tally
    ) throws(BenchRunError) {
        let finished = Locked<[Int: (ad: NativeAd?, at: Duration)]>([:])
        for (slot, appears) in plan.slots.enumerated() {
            clock.advance(to: .init(offset: appears))
            source.fetchAdResponse(forAdUnit: "feed", privacy: .unrestricted, targeting: .none) { fetched in
                guard case .success(let response) = fetched else {
                    finished.withLock { $0[slot] = (nil, clock.elapsedSinceStart) }
                    return
                }
                mediator.mediate(response, delivery: .immediate) { result in
                    finished.withLock { $0[slot] = (result.ad, clock.elapsedSinceStart) }
                }
            }
        }
        var steps = 0
        while finished.current.count < plan.slots.count, clock.advanceToNextDeadline() {
            steps += 1
            if steps > 10_000_000 { break }
        }
        let outcomes = finished.current
        guard outcomes.count == plan.slots.count else {
            throw BenchRunError(strategy: strategy.name, request: session, reason: "a feed load never finished")
        }
        for (slot, appears) in plan.slots.enumerated() {
            guard let outcome = outcomes[slot], let ad = outcome.ad else {
                tally.missed += 1
                continue
            }
            tally.fills += 1
            let waited = outcome.at - appears
            guard waited <= plan.dwell else {
                tally.missed += 1
                continue
            }
            if ad.isExpired(at: MediationInstant(sinceOrigin: outcome.at)) { tally.shownAfterExpiry += 1 }
            tally.shown += 1
            times.append(Double(waited.wholeMilliseconds))
        }
    }

    /// A cache keeps ``readyAds`` ads from the session's start; each slot takes one as it comes into view, or
    /// waits in view for the next one the cache loads.
    private func cacheSession(
        _ plan: Plan, _ session: Int, _ mediator: Mediator, _ clock: ManualClock, _ source: BenchFeedSource,
        _ times: inout [Double], _ tally: inout Tally
    ) throws(BenchRunError) {
        let cache: ReadyAdCache
        do {
            cache = try ReadyAdCache(mediator: mediator, source: source, capacity: readyAds)
            try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: readyAds))
        } catch {
            throw BenchRunError(strategy: strategy.name, request: session, reason: "\(error)")
        }
        var waiting: [Duration] = []
        var next = 0
        var steps = 0
        while next < plan.slots.count || !waiting.isEmpty {
            steps += 1
            if steps > 10_000_000 {
                throw BenchRunError(strategy: strategy.name, request: session, reason: "the feed session never ended")
            }
            let now = clock.elapsedSinceStart
            while let appears = waiting.first {
                if let ready = cache.take(forAdUnit: "feed") {
                    if ready.ad.isExpired(at: MediationInstant(sinceOrigin: now)) { tally.shownAfterExpiry += 1 }
                    tally.shown += 1
                    times.append(Double((now - appears).wholeMilliseconds))
                    waiting.removeFirst()
                } else if now >= appears + plan.dwell {
                    tally.missed += 1
                    waiting.removeFirst()
                } else {
                    break
                }
            }
            let candidates = [
                next < plan.slots.count ? plan.slots[next] : nil, clock.nextDeadline?.offset,
                waiting.first.map { $0 + plan.dwell },
            ].compactMap { $0 }
            guard let soonest = candidates.min() else { break }
            if next < plan.slots.count, plan.slots[next] <= soonest {
                clock.advance(to: .init(offset: plan.slots[next]))
                waiting.append(plan.slots[next])
                next += 1
            } else if waiting.isEmpty, next >= plan.slots.count {
                break
            } else {
                clock.advance(to: .init(offset: max(soonest, now)))
            }
        }
        let statistics = cache.statistics
        tally.fills += statistics.fills
        tally.expiredUnshown += statistics.expiredUnshown
        if let before = ProcessMemory.heapBytesInUse {
            cache.removeDemand(forAdUnit: "feed")
            if let after = ProcessMemory.heapBytesInUse { tally.cacheBytes.append(max(0, before - after)) }
        }
    }
}

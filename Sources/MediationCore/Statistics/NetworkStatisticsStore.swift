import Foundation
import MediationSupport

/// Per-network statistics learned from the lines a ``Mediator`` runs, shared by all its runs and safe to use
/// from any thread.
///
/// The engine records every line outcome as the line ends: a real answer (fill, no fill, error or timeout, with
/// its latency), or, for a line the engine stops itself, that it was silent that long
/// (a stopped line, a censored observation). ``MediationStrategy/adaptive(requestBudget:)`` reads the
/// figures to decide when to start the next line. Memory is bounded: at most 256 networks of fixed size
/// (three 33-bucket sketches each); when a new network arrives at capacity, the least recently used one is
/// forgotten and its storage reused, in constant time whatever the capacity. Lines of one network at many floors
/// (one custom event and network name, different prices) share one entry. Hand several mediators the same store
/// to pool what they learn; persist ``snapshot()`` and ``restore(_:)`` it to keep it across launches.
public final class NetworkStatisticsStore: Sendable {
    /// The most networks kept.
    package let capacity: Int
    /// After this many newer observations of a network, an observation counts half as much.
    package let halfLife: Int
    /// Whether each ad unit has statistics of its own (`false`: shared across ad units).
    package let keysByAdUnit: Bool
    /// The factor every earlier weight is multiplied by when an observation arrives.
    let decay: Double

    private struct Entry: Sendable {
        var statistics = NetworkStatistics()
        /// The profile runs read, once made; refreshed (in place when no run still holds it) when it is stale.
        var profile: NetworkProfile?
        /// Whether ``profile`` reflects ``statistics``.
        var profileIsCurrent = false

        /// Forgets the statistics, keeping their storage and the profile's for the network that takes this entry
        /// over.
        mutating func reset() {
            statistics.reset()
            profileIsCurrent = false
        }
    }

    private let state: Locked<RecencyTable<NetworkStatisticsKey, Entry>>
    /// The request-budget controllers of the adaptive runs that use this store, by budget
    /// (``RequestBudgetController``).
    let requestBudgetControllers = Locked<[Double: RequestBudgetController]>([:])

    /// A store of up to 256 networks, a half-life of 100 observations, shared across ad units.
    public convenience init() {
        self.init(validCapacity: 256, halfLife: 100, keysByAdUnit: false)
    }

    /// A store of up to `capacity` networks whose observations halve in weight after `halfLife` newer ones.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `statistics.capacity` when
    ///   `capacity` is outside 1…100,000, or `statistics.halfLife` when `halfLife` is outside 1…1,000,000.
    package convenience init(capacity: Int, halfLife: Int = 100, keysByAdUnit: Bool = false) throws(MediationError) {
        guard (1...100_000).contains(capacity) else {
            throw .invalidConfiguration(
                path: "statistics.capacity", reason: "expected 1...100000 networks, got \(capacity)")
        }
        guard (1...1_000_000).contains(halfLife) else {
            throw .invalidConfiguration(
                path: "statistics.halfLife", reason: "expected 1...1000000 observations, got \(halfLife)")
        }
        self.init(validCapacity: capacity, halfLife: halfLife, keysByAdUnit: keysByAdUnit)
    }

    private init(validCapacity: Int, halfLife: Int, keysByAdUnit: Bool) {
        capacity = validCapacity
        self.halfLife = halfLife
        self.keysByAdUnit = keysByAdUnit
        decay = pow(0.5, 1 / Double(halfLife))
        state = Locked(RecencyTable(capacity: validCapacity))
    }

    /// How many networks the store holds.
    package var count: Int { state.withLock { $0.count } }

    /// The key the store files `line` under, in ad unit `adUnit`.
    package func key(for line: WaterfallLine, adUnit: String?) -> NetworkStatisticsKey {
        NetworkStatisticsKey(line: line, adUnit: keysByAdUnit ? adUnit : nil)
    }

    /// The key the store files a line of `customEvent` and `network` under, in ad unit `adUnit`.
    func key(customEvent: String, network: String, adUnit: String?) -> NetworkStatisticsKey {
        NetworkStatisticsKey(customEvent: customEvent, network: network, adUnit: keysByAdUnit ? adUnit : nil)
    }

    /// Records that the network `key` answered `outcome` after `latency`.
    package func record(_ outcome: NetworkOutcome, latency: Duration, for key: NetworkStatisticsKey) {
        let decay = decay
        state.withLock { table in
            table.upsert(
                key, make: { Entry() }, reuse: { $0.reset() },
                update: { entry in
                    entry.statistics.record(outcome, latency: latency, decay: decay)
                    entry.profileIsCurrent = false
                })
        }
    }

    /// What the store knows about `key`, or `nil` when nothing.
    package func statistics(for key: NetworkStatisticsKey) -> NetworkStatistics? {
        state.withLock { $0.peek(key)?.statistics }
    }

    /// The profile the adaptive strategy reads for `key` (marks the network as used).
    ///
    /// The profile is made once per network and kept with its statistics; a recorded outcome makes it stale, and
    /// the next read refreshes it, in place when no run still holds the old one. Runs in flight share one
    /// profile per network instead of each holding a copy.
    package func profile(for key: NetworkStatisticsKey) -> NetworkProfile? {
        state.withLock { table -> NetworkProfile? in table.use(key, Self.currentProfile(of:)) }
    }

    /// ``profile(for:)`` of `key(0)` to `key(count - 1)`, in that order, under one taking of the lock.
    func profiles(count: Int, key: (Int) -> NetworkStatisticsKey) -> [NetworkProfile?] {
        state.withLock { table -> [NetworkProfile?] in (0..<count).map { table.use(key($0), Self.currentProfile(of:)) }
        }
    }

    /// `entry`'s profile, refreshed if stale.
    private static func currentProfile(of entry: inout Entry) -> NetworkProfile {
        if !entry.profileIsCurrent || entry.profile == nil {
            if entry.profile == nil {
                entry.profile = NetworkProfile(entry.statistics)
            } else {
                entry.profile?.refresh(from: entry.statistics)
            }
            entry.profileIsCurrent = true
        }
        return entry.profile ?? NetworkProfile(entry.statistics)
    }

    /// A copy of everything the store knows, least recently used first.
    public func snapshot() -> NetworkStatisticsSnapshot {
        let entries = state.withLock { $0.keysAndValuesByRecency }
        return NetworkStatisticsSnapshot(
            entries: entries.map { NetworkStatisticsSnapshot.Entry(key: $0.key, statistics: $0.value.statistics) })
    }

    /// Replaces what the store knows with `snapshot` (keeping as many of its most recently used networks as
    /// the store holds: 256).
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `snapshot.version` for a version
    ///   other than 1.
    public func restore(_ snapshot: NetworkStatisticsSnapshot) throws(MediationError) {
        guard snapshot.version == 1 else {
            throw .invalidConfiguration(path: "snapshot.version", reason: "expected 1, got \(snapshot.version)")
        }
        let kept = snapshot.entries.suffix(capacity)
        state.withLock { table in
            table.removeAll()
            for entry in kept {
                table.upsert(
                    entry.key, make: { Entry() }, reuse: { $0.reset() }, update: { $0.statistics = entry.statistics })
            }
        }
    }

    /// Forgets everything, the adaptive strategy's request-budget controllers included.
    public func removeAll() {
        state.withLock { $0.removeAll() }
        requestBudgetControllers.withLock { $0 = [:] }
    }
}

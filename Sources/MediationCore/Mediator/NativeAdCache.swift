import MediationSupport

/// Loaded ads waiting to be shown, per ad unit, until they expire or are taken.
///
/// An ad expires at the earlier of its own ``NativeAd/expiresAt`` and the moment it was stored plus
/// its maximum age (MoPub's 4 hours by default). Expired ads are dropped, never handed out. Ads are handed out
/// oldest first. The cache is made from the mediator that loads the ads and measures expiry on its clock
/// (``MediatorConfiguration/clock``), since instants of different clocks do not compare.
public final class NativeAdCache: Sendable {
    /// MoPub's ad expiry: 4 hours.
    @usableFromInline package static let defaultMaxAge: Duration = NativeAd.defaultLifetime

    /// The clock expiry is measured on: the mediator's.
    package let clock: MediationClock
    /// How long an ad may stay in the cache.
    package let maxAge: Duration
    /// How many ads one ad unit keeps; storing beyond it drops the oldest.
    package let capacityPerAdUnit: Int

    private struct Entry {
        let ad: NativeAd
        let expiresAt: MediationInstant
    }

    private let storage = Locked<[String: [Entry]]>([:])

    /// Creates an empty cache for the ads `mediator` loads, on its clock.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `maxAge` when it is not positive,
    ///   or `capacityPerAdUnit` when it is below 1.
    public init(
        mediator: Mediator, maxAge: Duration = defaultMaxAge, capacityPerAdUnit: Int = 20
    ) throws(MediationError) {
        guard maxAge > .zero else {
            throw .invalidConfiguration(path: "maxAge", reason: "expected a positive duration, got \(maxAge)")
        }
        guard capacityPerAdUnit >= 1 else {
            throw .invalidConfiguration(
                path: "capacityPerAdUnit", reason: "expected at least 1, got \(capacityPerAdUnit)")
        }
        self.clock = mediator.clock
        self.maxAge = maxAge
        self.capacityPerAdUnit = capacityPerAdUnit
    }

    /// Keeps `ad` for `adUnitID` until the earliest of its own ``NativeAd/expiresAt``, now plus the cache's maximum age and
    /// `deadline`, when given (a ``ReadyAdCache`` passes the earlier of a bid's expiry and the ad's, less its
    /// margin).
    ///
    /// - Returns: `false` when the ad has already expired and was not stored.
    @discardableResult
    public func store(_ ad: NativeAd, forAdUnit adUnitID: String, until deadline: MediationInstant? = nil) -> Bool {
        let now = clock.now
        let expiresAt = min(ad.expiresAt, now.advanced(by: maxAge), deadline ?? ad.expiresAt)
        guard now < expiresAt else { return false }
        storage.withLock { storage in
            var entries = storage[adUnitID, default: []].filter { now < $0.expiresAt }
            entries.append(Entry(ad: ad, expiresAt: expiresAt))
            if entries.count > capacityPerAdUnit { entries.removeFirst(entries.count - capacityPerAdUnit) }
            storage[adUnitID] = entries
        }
        return true
    }

    /// Takes the oldest unexpired ad of `adUnitID`, dropping expired ones; `nil` when there is none.
    public func take(forAdUnit adUnitID: String) -> NativeAd? {
        let now = clock.now
        return storage.withLock { storage in
            var entries = storage[adUnitID, default: []].filter { now < $0.expiresAt }
            let ad = entries.isEmpty ? nil : entries.removeFirst().ad
            storage[adUnitID] = entries.isEmpty ? nil : entries
            return ad
        }
    }

    /// The unexpired ads of `adUnitID`, oldest first, left in the cache.
    package func ads(forAdUnit adUnitID: String) -> [NativeAd] {
        let now = clock.now
        return storage.withLock { $0[adUnitID, default: []].filter { now < $0.expiresAt }.map(\.ad) }
    }

    /// Takes `ad` out of `adUnitID`'s ads; `false` when it is not there (taken meanwhile, or dropped).
    package func take(_ ad: NativeAd, forAdUnit adUnitID: String) -> Bool {
        storage.withLock { storage in
            guard var entries = storage[adUnitID], let index = entries.firstIndex(where: { $0.ad === ad }) else {
                return false
            }
            entries.remove(at: index)
            storage[adUnitID] = entries.isEmpty ? nil : entries
            return true
        }
    }

    /// How many unexpired ads `adUnitID` holds.
    public func count(forAdUnit adUnitID: String) -> Int {
        let now = clock.now
        return storage.withLock { $0[adUnitID, default: []].count { now < $0.expiresAt } }
    }

    /// Drops every expired ad.
    ///
    /// - Returns: how many were dropped.
    @discardableResult
    package func removeExpired() -> Int {
        let now = clock.now
        return storage.withLock { storage in
            var removed = 0
            for (adUnitID, entries) in storage {
                let kept = entries.filter { now < $0.expiresAt }
                removed += entries.count - kept.count
                storage[adUnitID] = kept.isEmpty ? nil : kept
            }
            return removed
        }
    }

    /// Drops every ad of `adUnitID`.
    public func removeAll(forAdUnit adUnitID: String) {
        storage.withLock { $0[adUnitID] = nil }
    }
}

import Foundation
import MediationSupport

/// Counts impressions and decides frequency caps and pacing: the host's (``rules``: per ad unit, per network, per
/// creative) and the ad server's (per line, `x-frequency-cap` in the ad response). Kept in a file under a directory
/// the host gives, so that the counts survive relaunches (docs/ready-ads.md, "Capping and pacing").
///
/// Pass it to the mediator (``MediatorConfiguration/frequencyCaps``; one store may serve several mediators). Then:
/// - **Counting.** Each ad a run delivers counts one impression when it records its first one
///   (``NativeAd/recordImpression()`` or the network's report: loads never count), under its ad unit, its line's
///   network, its creative (``NativeAd/creativeIdentifier``) and its line's cap key.
/// - **Loads.** A load of an ad unit whose cap is reached or which is paced is refused at once, before any ad
///   request (``MediationError/frequencyCapped(cap:freesIn:)``, ``MediationError/paced(cap:freesIn:)``). In a run,
///   a line whose network, creative or own cap refuses is skipped with the reason `frequency_capped` or `paced`,
///   and the waterfall goes on; a loaded ad whose network names a capped creative is released unshown.
/// - **Hand-outs.** A ``ReadyAdCache`` checks every cap when it hands an ad out, not when it loads it (LevelPlay
///   checks its caps at show time); an ad it handed out counts as an impression now until it records its
///   impression, expires or is released, so that ads handed out ahead cannot break a cap together.
/// - **Time.** Impressions are kept in milliseconds since 1970: the date the store is made with (now, by default),
///   moved on by its clock. An impression dated in the future when the file is read (the device's clock was set
///   back) counts as made at that moment; impressions older than 7 days (the longest window a cap may have) are forgotten.
/// - **File.** `frequency-caps.json`, written atomically after each impression, at most 256 KiB and at most
///   2,000 impressions by default (the oldest are left out). A file that cannot be read or is not the
///   store's shape is reported in ``loadError`` and the store starts empty; it never crashes.
///
/// ```swift
/// func makeCappedMediator(
///     registry: MediationRegistry, pinger: any TrackerPinging, precacher: any ImagePrecaching, directory: URL
/// ) throws -> Mediator {
///     let caps = FrequencyCapStore(
///         directory: directory,
///         rules: FrequencyCapRules(adUnits: ["feed": try FrequencyCap(maxImpressions: 6, per: .seconds(3_600))]))
///     var configuration = MediatorConfiguration(trackerPinger: pinger, imagePrecacher: precacher)
///     configuration.frequencyCaps = caps
///     return Mediator(registry: registry, configuration: configuration)
/// }
/// ```
public final class FrequencyCapStore: Sendable {
    /// The file's name inside ``directory``: `frequency-caps.json`.
    package static var fileName: String { FrequencyCapFile.fileName }
    /// The largest file the store writes or reads: 256 KiB.
    package static var maximumFileBytes: Int { FrequencyCapFile.maximumBytes }
    /// The default of ``maximumImpressions``: 2,000.
    @usableFromInline package static let defaultMaximumImpressions = 2_000
    /// The longest identifier kept as it is (ad unit, network, creative, cap key): 64 characters. A longer one is
    /// kept as its first 48 characters, `#` and a 64-bit hash of the whole, in the file and in every count alike.
    package static let maximumIdentifierLength = 64

    /// Where the file is kept; `nil` keeps the counts in memory for this launch only.
    package let directory: URL?
    /// The clock that moves the store's time on from the date it was made with.
    package let clock: MediationClock
    /// The most impressions kept (10…100,000); beyond it the oldest are forgotten.
    package let maximumImpressions: Int
    /// Where a failed save is logged.
    private let logger: any MediationLogger
    /// The store's time at its clock's origin, in milliseconds since 1970.
    private let millisecondsAtOrigin: Int64
    private let file: FrequencyCapFile?
    private let state: Locked<State>
    /// Serializes the file's writes; the newest state wins.
    private let writer = Locked(Writer())

    private struct State: Sendable {
        var rules: FrequencyCapRules
        /// Oldest first.
        var impressions: [FrequencyCapImpression] = []
        /// The ads runs delivered that have not recorded their impression, by ``NativeAd/identifier``.
        var tracked: [String: Tracked] = [:]
        /// Changes with every hand-out marked: a decision made on the hand-outs seen before is made again.
        var handOutVersion = 0
        /// Changes with every change to ``impressions``: a write of an older state never replaces a newer one.
        var version = 0
        var loadError: FrequencyCapStoreError?
    }

    private struct Writer: Sendable {
        var writtenVersion = 0
        var lastSaveError: FrequencyCapStoreError?
    }

    /// A delivered ad, held weakly: what its impression will count under, and whether a cache handed it out.
    private struct Tracked: Sendable {
        weak var ad: NativeAd?
        var identity: FrequencyCapIdentity
        var isHandedOut = false
    }

    /// Creates a store and reads the file in `directory`, if there is one.
    ///
    /// - Parameters:
    ///   - directory: where the file is kept (created on the first save); `nil` keeps the counts in memory.
    ///   - rules: the host's caps; ``rules`` changes them later.
    ///   - clock: moves the store's time on; the continuous clock by default (pass the mediator's manual clock in
    ///     tests).
    ///   - date: the date now: impressions are dated from it as `clock` moves on (tests pass a fixed one; a
    ///     relaunch is simulated by a new store on the same directory with a later date).
    ///   - maximumImpressions: the most impressions kept (2,000 by default), clamped to 10…100,000.
    ///   - logger: where a file that cannot be read or written is logged, at warning.
    public init(
        directory: URL?, rules: FrequencyCapRules = FrequencyCapRules(), clock: MediationClock = .continuous,
        date: Date = Date(), maximumImpressions: Int = FrequencyCapStore.defaultMaximumImpressions,
        logger: any MediationLogger = SilentLogger()
    ) {
        self.directory = directory
        self.clock = clock
        self.maximumImpressions = min(max(maximumImpressions, 10), 100_000)
        self.logger = logger
        let dateMilliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
        millisecondsAtOrigin = dateMilliseconds - clock.now.sinceOrigin.wholeMilliseconds
        file = directory.map(FrequencyCapFile.init(directory:))
        var state = State(rules: rules)
        if let file {
            do {
                state.impressions = Self.kept(
                    try file.load(), now: dateMilliseconds, maximum: self.maximumImpressions)
            } catch {
                state.loadError = error
                logger.log(.warning, "\(error); the store starts empty and the next impression replaces the file")
            }
        }
        self.state = Locked(state)
    }

    /// The host's caps. Changing them applies to the next decisions; the impressions counted so far stay.
    public var rules: FrequencyCapRules {
        get { state.withLock { $0.rules } }
        set { state.withLock { $0.rules = newValue } }
    }

    /// Why the file could not be read when the store was made (it then started empty), or `nil`.
    public var loadError: FrequencyCapStoreError? { state.withLock { $0.loadError } }

    /// Why the last save failed, or `nil` when it succeeded (or nothing was saved yet).
    public var lastSaveError: FrequencyCapStoreError? { writer.withLock { $0.lastSaveError } }

    /// The file the store reads and writes, when it has a directory.
    package var fileURL: URL? { file?.fileURL }

    /// The store's time now, in milliseconds since 1970.
    private var nowMilliseconds: Int64 { millisecondsAtOrigin + clock.now.sinceOrigin.wholeMilliseconds }

    // MARK: Queries

    /// Whether the host's cap for `adUnitID` refuses an ad now (LevelPlay's "is the placement capped"): a load of
    /// the ad unit would be refused, and a ``ReadyAdCache`` hands none of its ads out. `nil` when it does not, or
    /// when the ad unit has no cap.
    public func refusal(forAdUnit adUnitID: String) -> FrequencyCapRefusal? {
        guard state.withLock({ $0.rules.adUnits[adUnitID] != nil }) else { return nil }
        let (waiting, _) = waitingHandOuts(excluding: nil)
        let now = nowMilliseconds
        return state.withLock { state in
            guard let cap = state.rules.adUnits[adUnitID] else { return nil }
            return Self.evaluate(
                cap, .adUnit(Self.identifier(adUnitID)), scope: .adUnit, key: adUnitID, origin: .host, state: state,
                waiting: waiting, now: now)
        }
    }

    /// Whether showing `ad` now would break a cap: its ad unit's, its network's, its creative's or its line's (the
    /// one the ad server set, for an ad a run of a mediator with this store delivered). Check it before showing an ad
    /// that was loaded on demand and held for a while: the caps count impressions, so ads loaded before a cap was
    /// reached may still be shown unless the host asks.
    public func refusal(for ad: NativeAd) -> FrequencyCapRefusal? {
        refusal(for: ad, adUnitID: nil, handingOut: false)
    }

    /// How many impressions `scope` counted for `key` (an ad unit ID, a network name, a creative identifier or a
    /// line cap key) in the last `window` (at most ``FrequencyCap/maximumWindow``).
    package func impressionCount(_ scope: FrequencyCapScope, key: String, within window: Duration) -> Int {
        let now = nowMilliseconds
        let since = now - min(window, FrequencyCap.maximumWindow).wholeMilliseconds
        let selector: Selector =
            switch scope {
            case .adUnit: .adUnit(Self.identifier(key))
            case .network: .network(Self.identifier(key))
            case .creative: .creative(Self.identifier(key))
            case .line: .key(Self.identifier(key))
            }
        return state.withLock { state in state.impressions.count { $0.at > since && selector.matches($0) } }
    }

    /// How many impressions the store keeps now.
    package var storedImpressionCount: Int { state.withLock { $0.impressions.count } }

    /// Forgets every impression counted (a debug menu's "reset caps"), and saves the empty file.
    public func removeAllImpressions() {
        let snapshot = state.withLock { state -> (Int, [FrequencyCapImpression]) in
            state.impressions = []
            state.version += 1
            return (state.version, [])
        }
        save(snapshot)
    }

    // MARK: The engine

    /// The refusal of `line` before its request, in a run for `adUnitID`: its network's cap, its creative's (when
    /// the line names one) and its own (the ad server's); the one that frees last. `nil` when every cap allows it.
    package func refusal(before line: borrowing WaterfallLine, adUnitID: String?) -> FrequencyCapRefusal? {
        let identity = FrequencyCapIdentity(
            adUnit: adUnitID, network: line.displayNetworkName, creative: line.creativeIdentifier,
            lineKey: line.frequencyCapKey, lineCap: line.frequencyCap)
        // A line no cap can apply to costs one look at the rules.
        guard
            identity.lineCap != nil
                || state.withLock({ $0.rules.networks[identity.network] != nil || $0.rules.perCreative != nil })
        else { return nil }
        let (waiting, _) = waitingHandOuts(excluding: nil)
        let now = nowMilliseconds
        return state.withLock { state in
            Self.refusal(of: identity, adUnitCap: nil, state: state, waiting: waiting, now: now)
        }
    }

    /// The refusal of a loaded ad whose network named its creative (`creative`) only once it loaded: the host's cap
    /// per creative, or `nil`.
    package func refusal(afterLoadingCreative creative: String) -> FrequencyCapRefusal? {
        guard state.withLock({ $0.rules.perCreative != nil }) else { return nil }
        let (waiting, _) = waitingHandOuts(excluding: nil)
        let now = nowMilliseconds
        return state.withLock { state in
            guard let cap = state.rules.perCreative else { return nil }
            return Self.evaluate(
                cap, .creative(Self.identifier(creative)), scope: .creative, key: creative, origin: .host,
                state: state, waiting: waiting, now: now)
        }
    }

    /// Starts counting `ad`, which a run delivered for `identity`: its first impression is recorded under it, and a
    /// cache's hand-out of it is counted until then (``reserveHandOut(of:adUnitID:)``).
    package func track(_ ad: NativeAd, as identity: FrequencyCapIdentity) {
        var identity = identity
        if identity.creative == nil { identity.creative = ad.creativeIdentifier }
        let adIdentifier = ad.identifier
        state.withLock { state in
            // Ads the host let go of leave the table whenever one joins it (reading a weak reference takes no lock of
            // the ad's); shown ones leave it at their impression.
            state.tracked = state.tracked.filter { $0.value.ad != nil }
            state.tracked[adIdentifier] = Tracked(ad: ad, identity: identity)
        }
        let counted = identity
        ad.whenImpressionRecorded { [weak self] in
            self?.recordImpression(of: counted, adIdentifier: adIdentifier)
        }
    }

    /// For a ``ReadyAdCache`` handing `ad` out for `adUnitID`: the refusal of a cap the hand-out would break (the ad
    /// unit's, the ad's network's, creative's or line's, counting the ads handed out before that still wait for their
    /// impression; the one that frees last), or `nil`, in which case the ad now counts as handed out until its
    /// impression.
    package func reserveHandOut(of ad: NativeAd, adUnitID: String) -> FrequencyCapRefusal? {
        refusal(for: ad, adUnitID: adUnitID, handingOut: true)
    }

    private func refusal(for ad: NativeAd, adUnitID: String?, handingOut: Bool) -> FrequencyCapRefusal? {
        let fallback = FrequencyCapIdentity(
            adUnit: ad.source.adUnitID, network: ad.source.networkName, creative: ad.creativeIdentifier)
        while true {
            // The hand-outs waiting are read, and their ads asked, outside the store's lock; a hand-out marked
            // meanwhile makes the decision again, so that two caches handing out at once cannot both take the
            // last place.
            let (waiting, version) = waitingHandOuts(excluding: ad.identifier)
            let now = nowMilliseconds
            let decision = state.withLock { state -> FrequencyCapRefusal?? in
                guard !handingOut || state.handOutVersion == version else { return .none }
                var tracked = state.tracked[ad.identifier] ?? Tracked(ad: ad, identity: fallback)
                let unit = adUnitID ?? tracked.identity.adUnit
                let adUnitCap = unit.flatMap { unit in state.rules.adUnits[unit].map { (unit, $0) } }
                if let refusal = Self.refusal(
                    of: tracked.identity, adUnitCap: adUnitCap, state: state, waiting: waiting, now: now)
                {
                    return .some(refusal)
                }
                if handingOut {
                    tracked.isHandedOut = true
                    state.tracked[ad.identifier] = tracked
                    state.handOutVersion += 1
                }
                return .some(nil)
            }
            if let decision { return decision }
        }
    }

    /// The identities of the ads a cache handed out that still wait for their impression (alive, not expired), but
    /// the ad `excluding`, with the hand-out version they were read at. The ads are asked outside the store's lock.
    private func waitingHandOuts(excluding: String?) -> ([FrequencyCapIdentity], Int) {
        let (handedOut, version) = state.withLock { state -> ([Tracked], Int) in
            (state.tracked.values.filter(\.isHandedOut), state.handOutVersion)
        }
        let waiting = handedOut.compactMap { tracked -> FrequencyCapIdentity? in
            guard let ad = tracked.ad, ad.identifier != excluding, !ad.hasRecordedImpression, !ad.isExpired else {
                return nil
            }
            return tracked.identity
        }
        return (waiting, version)
    }

    // MARK: Recording

    /// Records one impression of `identity` now, and saves.
    private func recordImpression(of identity: FrequencyCapIdentity, adIdentifier: String) {
        let now = nowMilliseconds
        let impression = FrequencyCapImpression(
            at: now, adUnit: identity.adUnit.map(Self.identifier), network: Self.identifier(identity.network),
            creative: identity.creative.map(Self.identifier), key: identity.lineKey.map(Self.identifier))
        let snapshot = state.withLock { state -> (Int, [FrequencyCapImpression]) in
            state.tracked[adIdentifier] = nil
            if let last = state.impressions.last, last.at > now {
                // Oldest first, whatever the order the threads came in.
                let index = state.impressions.firstIndex { $0.at > now } ?? state.impressions.endIndex
                state.impressions.insert(impression, at: index)
            } else {
                state.impressions.append(impression)
            }
            state.impressions = Self.kept(state.impressions[...], now: now, maximum: maximumImpressions)
            state.version += 1
            return (state.version, state.impressions)
        }
        save(snapshot)
    }

    /// Writes the state of `snapshot`'s version unless a newer one was written: outside the state's lock, one
    /// writer at a time (the writer's lock guards nothing but the file).
    private func save(_ snapshot: (version: Int, impressions: [FrequencyCapImpression])) {
        guard let file else { return }
        let failure = writer.withLock { writer -> FrequencyCapStoreError? in
            guard snapshot.version > writer.writtenVersion else { return nil }
            writer.writtenVersion = snapshot.version
            do throws(FrequencyCapStoreError) {
                _ = try file.save(snapshot.impressions)
                writer.lastSaveError = nil
                return nil
            } catch {
                writer.lastSaveError = error
                return error
            }
        }
        if let failure { logger.log(.warning, "\(failure); the counts stay in memory") }
    }

    /// The impressions of `impressions` kept at `now`: none dated after `now` (a clock set back) or older than the
    /// longest window, at most `maximum` of them (the newest), oldest first.
    private static func kept<C: Collection<FrequencyCapImpression>>(
        _ impressions: C, now: Int64, maximum: Int
    ) -> [FrequencyCapImpression] {
        let oldest = now - FrequencyCap.maximumWindow.wholeMilliseconds
        var kept = impressions.compactMap { impression -> FrequencyCapImpression? in
            var impression = impression
            impression.at = min(impression.at, now)
            return impression.at > oldest ? impression : nil
        }
        if zip(kept, kept.dropFirst()).contains(where: { $0.at > $1.at }) { kept.sort { $0.at < $1.at } }
        return kept.count > maximum ? Array(kept.suffix(maximum)) : kept
    }

    // MARK: Decisions

    /// What one cap counts.
    private enum Selector {
        case adUnit(String)
        case network(String)
        case creative(String)
        case key(String)
        /// A line cap without a key: the line's network in its ad unit.
        case networkInAdUnit(String, String?)

        func matches(_ impression: FrequencyCapImpression) -> Bool {
            matches(
                adUnit: impression.adUnit, network: impression.network, creative: impression.creative,
                key: impression.key)
        }

        func matches(_ identity: FrequencyCapIdentity) -> Bool {
            matches(
                adUnit: identity.adUnit.map(FrequencyCapStore.identifier),
                network: FrequencyCapStore.identifier(identity.network),
                creative: identity.creative.map(FrequencyCapStore.identifier),
                key: identity.lineKey.map(FrequencyCapStore.identifier))
        }

        private func matches(adUnit: String?, network: String, creative: String?, key: String?) -> Bool {
            switch self {
            case .adUnit(let unit): adUnit == unit
            case .network(let name): network == name
            case .creative(let identifier): creative == identifier
            case .key(let lineKey): key == lineKey
            case .networkInAdUnit(let name, let unit): network == name && adUnit == unit
            }
        }
    }

    /// The refusal that frees last among the caps that apply to `identity` (and `adUnitCap`), or `nil`.
    private static func refusal(
        of identity: FrequencyCapIdentity, adUnitCap: (String, FrequencyCap)?, state: State,
        waiting: [FrequencyCapIdentity], now: Int64
    ) -> FrequencyCapRefusal? {
        var refusals: [FrequencyCapRefusal] = []
        func check(
            _ cap: FrequencyCap, _ selector: Selector, _ scope: FrequencyCapScope, _ key: String,
            _ origin: FrequencyCapOrigin
        ) {
            if let refusal = evaluate(
                cap, selector, scope: scope, key: key, origin: origin, state: state, waiting: waiting, now: now)
            {
                refusals.append(refusal)
            }
        }
        if let (unit, cap) = adUnitCap { check(cap, .adUnit(identifier(unit)), .adUnit, unit, .host) }
        if let cap = state.rules.networks[identity.network] {
            check(cap, .network(identifier(identity.network)), .network, identity.network, .host)
        }
        if let cap = state.rules.perCreative, let creative = identity.creative {
            check(cap, .creative(identifier(creative)), .creative, creative, .host)
        }
        if let cap = identity.lineCap {
            if let key = identity.lineKey {
                check(cap, .key(identifier(key)), .line, key, .adServer)
            } else {
                let selector = Selector.networkInAdUnit(identifier(identity.network), identity.adUnit.map(identifier))
                let name = identity.network + " in " + (identity.adUnit ?? "an unnamed ad unit")
                check(cap, selector, .line, name, .adServer)
            }
        }
        // The first that frees last: the line cannot run before every cap allows it.
        return refusals.reduce(nil) { latest, refusal in
            guard let latest, latest.freesIn >= refusal.freesIn else { return refusal }
            return latest
        }
    }

    /// Whether `cap` refuses an ad now, counting the impressions `selector` matches and the hand-outs `waiting` for
    /// their impression that it matches (as impressions now).
    private static func evaluate(
        _ cap: FrequencyCap, _ selector: Selector, scope: FrequencyCapScope, key: String, origin: FrequencyCapOrigin,
        state: State, waiting: [FrequencyCapIdentity], now: Int64
    ) -> FrequencyCapRefusal? {
        let windowMilliseconds = cap.window?.wholeMilliseconds ?? 0
        let intervalMilliseconds = cap.minimumInterval?.wholeMilliseconds ?? 0
        let horizon = now - max(windowMilliseconds, intervalMilliseconds)
        // Newest first: the impressions lie oldest first, so the scan stops at the first one past the horizon.
        var times: [Int64] = []
        for impression in state.impressions.reversed() {
            guard impression.at > horizon else { break }
            if selector.matches(impression) { times.append(impression.at) }
        }
        let waitingCount = waiting.count { selector.matches($0) }
        times.insert(contentsOf: repeatElement(now, count: waitingCount), at: 0)
        var refusals: [FrequencyCapRefusal] = []
        if let maxImpressions = cap.maxImpressions, windowMilliseconds > 0 {
            // Newest first: the one that must leave the window for another to fit is the maxImpressions-th.
            let inWindow = times.filter { $0 > now - windowMilliseconds }
            if inWindow.count >= maxImpressions {
                let freesAt = inWindow[maxImpressions - 1] + windowMilliseconds
                refusals.append(
                    FrequencyCapRefusal(
                        reason: .frequencyCapped, scope: scope, key: key, cap: cap, origin: origin,
                        impressions: inWindow.count, freesIn: .milliseconds(freesAt - now)))
            }
        }
        if intervalMilliseconds > 0, let last = times.first, now < last + intervalMilliseconds {
            refusals.append(
                FrequencyCapRefusal(
                    reason: .paced, scope: scope, key: key, cap: cap, origin: origin,
                    impressions: times.count { $0 > now - intervalMilliseconds },
                    freesIn: .milliseconds(last + intervalMilliseconds - now)))
        }
        return refusals.max { $0.freesIn < $1.freesIn }
    }

    // MARK: Identifiers

    /// `text`, or for one longer than ``maximumIdentifierLength`` its first 48 characters, `#` and the 64-bit
    /// FNV-1a hash of its UTF-8 bytes in hex: stable across launches, so that the file and the counts agree.
    static func identifier(_ text: String) -> String {
        guard text.count > maximumIdentifierLength else { return text }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(text.prefix(48)) + "#" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What a delivered ad's impression counts under: its ad unit, its line's network, its creative, and its line's cap
/// (the ad server's) with the cap's key.
package struct FrequencyCapIdentity: Sendable, Hashable {
    package var adUnit: String?
    package var network: String
    package var creative: String?
    package var lineKey: String?
    package var lineCap: FrequencyCap?

    package init(
        adUnit: String?, network: String, creative: String? = nil, lineKey: String? = nil,
        lineCap: FrequencyCap? = nil
    ) {
        self.adUnit = adUnit
        self.network = network
        self.creative = creative
        self.lineKey = lineKey
        self.lineCap = lineCap
    }
}

import Foundation
import MediationCore
import MediationSupport

/// Fires tracker URLs (before-load, after-load, impression, click) over HTTP, never losing an impression or a
/// click it was given, and giving a server what it needs to drop the repeats that at-least-once delivery allows.
///
/// - Only http and https URLs are fired; others are logged and dropped.
/// - A ping whose owner is known fires at most once per (owner, event, URL): repeats are ignored (the last
///   ``dedupeMemory`` keys are remembered, the journal's included).
/// - Every ping has a stable identifier, the same in every attempt and across restarts: it replaces the
///   `%%PING_ID%%` macro in the URL and is sent as the `X-Ping-ID` header.
/// - At most ``maxConcurrentDeliveries`` requests are on the wire at once; the others wait, and a request's
///   ``timeout`` starts when it is sent. Only the status is read, never the body.
/// - A network error or a 5xx status is retried with exponential backoff (``TrackerRetryPolicy``) on the
///   injected clock; a 4xx status is final (logged, dropped); 2xx and 3xx are delivered. A retry never goes
///   out while the same ping is in flight.
/// - With a journal directory, every notice about an ad (an impression, a click, an auction notice, a playback
///   tracking event or an error: `TrackerPingEvent.isJournaled`) is appended to the journal before
///   ``ping(_:)-(TrackerPing)`` returns (see ``TrackerJournalDurability``), marked done once delivered or refused, and replayed when a new
///   pinger starts on the directory. One pinger per directory: the journal holds a file lock, and a second
///   pinger (in this process or another) fails to start with an error saying so.
/// - Bounds: a ping not yet attempted is never dropped. Of the journaled pings whose delivery has failed, at
///   most ``maxJournalEntries`` are kept (the oldest failed ones are dropped first, counted in ``droppedCount``
///   and logged); pings queued more than ``maxJournalAge`` ago are dropped at start. Pings that are not
///   journaled (no directory, or before-load, after-load and unspecified pings) wait in memory up to ``maxQueuedPings``; past that they are
///   dropped and counted.
public final class URLSessionTrackerPinger: TrackerPingStatusReporting {
    /// The default request timeout: 10 seconds from the moment a request is sent.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default bound on journaled pings whose delivery has failed: 20,000.
    public static let defaultMaxJournalEntries = 20_000
    /// The default age bound: 7 days.
    public static let defaultMaxJournalAge: Duration = .seconds(7 * 24 * 3600)
    /// The default number of requests on the wire at once: 6.
    public static let defaultMaxConcurrentDeliveries = 6
    /// The default bound on pings waiting in memory that are not journaled: 10,000.
    public static let defaultMaxQueuedPings = 10_000
    /// How many (owner, event, URL) keys are remembered for deduplication.
    public static let dedupeMemory = 10_000
    /// The macro replaced by the ping's stable identifier in a tracker URL.
    public static let pingIDMacro = "%%PING_ID%%"
    /// The header that carries the ping's stable identifier.
    public static let pingIDHeader = "X-Ping-ID"

    /// The request timeout of each attempt, from the moment it is sent.
    public let timeout: Duration
    /// How failures are retried.
    public let retryPolicy: TrackerRetryPolicy
    /// The most journaled pings kept after a failed delivery.
    public let maxJournalEntries: Int
    /// The age after which a journaled ping is dropped at start.
    public let maxJournalAge: Duration
    /// The most requests on the wire at once.
    public let maxConcurrentDeliveries: Int
    /// The most pings that are not journaled waiting in memory.
    public let maxQueuedPings: Int
    /// How far a journaled ping is made durable before ``ping(_:)-(TrackerPing)`` returns.
    public let durability: TrackerJournalDurability
    /// The journal's directory, when the pinger has one.
    public var journalDirectory: URL? { journal?.directory }

    struct Pending {
        var entry: TrackerPingJournalEntry
        var isJournaled: Bool
        /// The order in which the pinger took the ping.
        var order: Int
        var attempts = 0
        var hasFailed = false
        var isInFlight = false
        var retry: ScheduledAction?
    }

    struct State {
        var pending: [String: Pending] = [:]
        var seen: Set<String> = []
        var seenOrder: [String] = []
        /// Requests queued or in flight; idle at zero.
        var outstanding = 0
        /// Retries scheduled on the clock.
        var awaitingRetry = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var deliveryWaiters: [(threshold: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var deliveredCount = 0
        var droppedCount = 0
        var unjournaledCount = 0
        var nextOrder = 0
        /// Journaled pings whose delivery failed, oldest first (may hold identifiers no longer pending).
        var failedOrder: [String] = []
        var failedCount = 0
        /// How the remembered pings (``seen``'s keys) ended so far; a key without one is still sending.
        var statuses: [String: TrackerPingDeliveryStatus] = [:]
    }

    private static let launchToken = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    private static let pingCounter = Locked<UInt64>(0)

    let journal: TrackerPingJournal?
    let clock: MediationClock
    let logger: any MediationLogger
    /// The URL rule of the pings: cleartext `http` only to loopback hosts unless it allows cleartext.
    public let urlPolicy: MediationURLPolicy
    /// The hosts whose cleartext refusal was already logged, so that each is logged once, not once per ping.
    let loggedCleartextHosts = Locked(Set<String>())
    let now: @Sendable () -> Date
    let fetcher: HTTPFetcher
    let state = Locked(State())

    /// Creates a pinger and, with a journal directory, replays the pings left in its journal.
    ///
    /// - Parameters:
    ///   - journalDirectory: where the journal lives (created when missing); `nil` keeps pending pings in memory
    ///     only.
    ///   - clock: schedules retries; the continuous clock in production, a manual clock in tests.
    ///   - logger: reports dropped pings, exhausted retries and unreadable journal lines.
    ///   - timeout: the request timeout of each attempt, from the moment it is sent.
    ///   - retryPolicy: how failures are retried.
    ///   - maxJournalEntries: the most journaled pings kept after a failed delivery.
    ///   - maxJournalAge: pings queued longer ago are dropped when a pinger starts.
    ///   - maxConcurrentDeliveries: the most requests on the wire at once.
    ///   - maxQueuedPings: the most pings that are not journaled waiting in memory.
    ///   - durability: how far a journaled ping is made durable before `ping` returns.
    ///   - urlPolicy: the pings' URL rule: a cleartext `http` tracker to a host that is not loopback is not fired
    ///     unless the policy allows cleartext (`MediationURLPolicy.allowsCleartextHTTP`); each refused host is
    ///     logged once.
    ///   - now: the wall clock that stamps journal entries (journals outlive processes, so not `clock`).
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` when a bound is not positive, or (path
    ///   `journalDirectory`) when the directory cannot be created or written, is locked by another pinger, or
    ///   holds something other than regular files under the journal's names; nothing is replayed then.
    public init(
        journalDirectory: URL?,
        clock: any Clock<Duration> = ContinuousClock(),
        logger: any MediationLogger = SilentLogger(),
        timeout: Duration = URLSessionTrackerPinger.defaultTimeout,
        retryPolicy: TrackerRetryPolicy = .default,
        maxJournalEntries: Int = URLSessionTrackerPinger.defaultMaxJournalEntries,
        maxJournalAge: Duration = URLSessionTrackerPinger.defaultMaxJournalAge,
        maxConcurrentDeliveries: Int = URLSessionTrackerPinger.defaultMaxConcurrentDeliveries,
        maxQueuedPings: Int = URLSessionTrackerPinger.defaultMaxQueuedPings,
        durability: TrackerJournalDurability = .processCrash,
        urlPolicy: MediationURLPolicy = .default,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(MediationError) {
        guard timeout > .zero else {
            throw .invalidConfiguration(path: "timeout", reason: "expected a positive timeout, got \(timeout)")
        }
        guard maxJournalEntries > 0 else {
            throw .invalidConfiguration(
                path: "maxJournalEntries", reason: "expected at least 1, got \(maxJournalEntries)")
        }
        guard maxJournalAge > .zero else {
            throw .invalidConfiguration(path: "maxJournalAge", reason: "expected a positive age, got \(maxJournalAge)")
        }
        guard maxConcurrentDeliveries > 0 else {
            throw .invalidConfiguration(
                path: "maxConcurrentDeliveries", reason: "expected at least 1, got \(maxConcurrentDeliveries)")
        }
        guard maxQueuedPings > 0 else {
            throw .invalidConfiguration(path: "maxQueuedPings", reason: "expected at least 1, got \(maxQueuedPings)")
        }
        journal = try journalDirectory.map { directory throws(MediationError) in
            try TrackerPingJournal(directory: directory, durability: durability)
        }
        self.clock = MediationClock(clock)
        self.logger = logger
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.maxJournalEntries = maxJournalEntries
        self.maxJournalAge = maxJournalAge
        self.maxConcurrentDeliveries = maxConcurrentDeliveries
        self.maxQueuedPings = maxQueuedPings
        self.durability = durability
        self.urlPolicy = urlPolicy
        self.now = now
        fetcher = HTTPFetcher(maxConcurrentRequests: maxConcurrentDeliveries)
        replayJournal()
    }

    deinit {
        journal?.close()
    }

    /// Stops journaling and releases the journal's directory, so that another pinger can start on it at once;
    /// the pinger itself keeps delivering what it holds (a ping delivered after this is replayed, with its
    /// stable identifier, by the next pinger on the directory). Called by `deinit` too.
    public func close() {
        journal?.close()
    }

    // MARK: TrackerPinging

    /// Fires `url` as a ping of no known event or owner (never deduplicated, never journaled).
    public func ping(_ url: URL) {
        ping(TrackerPing(url: url, event: .unspecified, owner: nil))
    }

    /// Fires `ping` unless its (owner, event, URL) was already given. A journaled kind (`TrackerPingEvent.isJournaled`)
    /// is in the journal (when there is one) before this returns; the request itself runs later.
    public func ping(_ ping: TrackerPing) {
        self.ping(contentsOf: [ping])
    }

    /// Fires each of `pings` as ``ping(_:)-(TrackerPing)`` does, the journaled ones written to the journal together
    /// in one write (and one `fsync` under ``TrackerJournalDurability/powerLoss``) before this returns.
    public func ping(contentsOf pings: [TrackerPing]) {
        let admitted = pings.compactMap(admit)
        let journaled = admitted.filter(\.isJournaled).map(\.entry)
        if let journal, !journaled.isEmpty {
            do {
                try journal.append(contentsOf: journaled)
            } catch {
                for entry in journaled {
                    logger.log(
                        .error, "tracker journal: could not write the ping (\(error)); it is sent, but not durable",
                        metadata: ["event": entry.ping.event.rawValue, "url": entry.ping.url.absoluteString])
                }
            }
        }
        for admission in admitted { send(admission.entry.id) }
    }

    /// `ping` as an entry to journal (when `isJournaled`) and send, or `nil` when it is not to be sent: not an
    /// http(s) URL, cleartext the policy refuses, a repeat of a ping already given, or over the in-memory bound.
    private func admit(_ ping: TrackerPing) -> (entry: TrackerPingJournalEntry, isJournaled: Bool)? {
        guard MediationURLPolicy.isAllowedContentURL(ping.url) else {
            logger.log(
                .warning, "tracker not fired: only http and https URLs are, not \(ping.url.absoluteString)",
                metadata: ["event": ping.event.rawValue])
            return nil
        }
        if let reason = urlPolicy.cleartextRefusal(of: ping.url) {
            let host = ping.url.host ?? ""
            if loggedCleartextHosts.withLock({ $0.insert(host).inserted }) {
                logger.log(
                    .warning, "tracker not fired: \(reason) (further pings to \(host) are refused silently)",
                    metadata: ["event": ping.event.rawValue, "host": host])
            }
            return nil
        }
        let entry = TrackerPingJournalEntry(
            id: Self.nextPingID(), ping: ping, queuedAt: now().timeIntervalSince1970)
        let isJournaled = journal != nil && ping.event.isJournaled
        enum Admission {
            case new
            case repeated
            case overQueueBound
        }
        let admission = state.withLock { state -> Admission in
            if !isJournaled, state.unjournaledCount >= maxQueuedPings {
                state.droppedCount += 1
                return .overQueueBound
            }
            if let key = Self.key(of: ping) {
                guard Self.remember(key, in: &state) else { return .repeated }
            }
            state.pending[entry.id] = Pending(entry: entry, isJournaled: isJournaled, order: state.nextOrder)
            state.nextOrder += 1
            if !isJournaled { state.unjournaledCount += 1 }
            return .new
        }
        switch admission {
        case .repeated:
            logger.log(
                .debug, "tracker already fired for this owner: \(ping.url.absoluteString)",
                metadata: ["event": ping.event.rawValue])
            return nil
        case .overQueueBound:
            logger.log(
                .warning, "tracker dropped: \(maxQueuedPings) pings already wait in memory",
                metadata: ["event": ping.event.rawValue, "url": ping.url.absoluteString])
            return nil
        case .new:
            return (entry, isJournaled)
        }
    }

    // MARK: Observing

    /// How `ping` is doing: `sending` until its first answer, then `delivered`, `pendingRetry` (an attempt failed;
    /// it waits for the next, in the journal when journaled), or `failed` (refused with a 4xx, out of attempts
    /// unjournaled, or dropped over a bound); `nil` for a ping without an owner, one this pinger did not take, or
    /// one it has forgotten (it remembers the last ``dedupeMemory`` or so).
    public func deliveryStatus(of ping: TrackerPing) -> TrackerPingDeliveryStatus? {
        guard let key = Self.key(of: ping) else { return nil }
        return state.withLock { state in
            guard state.seen.contains(key) else { return nil }
            return state.statuses[key] ?? .sending
        }
    }

    /// Suspends until no request is queued or in flight (retries scheduled on the clock for later do not count).
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state -> Bool in
                guard state.outstanding > 0 else { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    /// Suspends until no ping is on its way (queued, in flight, or waiting on the clock for a retry), then tells
    /// whether every ping taken before the call has been delivered (or refused with a 4xx, or dropped). `false`
    /// means some are kept for the next start, having used up their attempts in this process.
    ///
    /// While the tracker server is down this waits for the whole retry schedule on the pinger's clock.
    @discardableResult
    public func waitUntilDelivered() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answer = state.withLock { state -> Bool? in
                let threshold = state.nextOrder
                guard state.outstanding == 0, state.awaitingRetry == 0 else {
                    state.deliveryWaiters.append((threshold, continuation))
                    return nil
                }
                return !state.pending.values.contains { $0.order < threshold }
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    /// Flushes the journal to storage (`fsync`), so that every ping already recorded survives power loss too:
    /// for hosts on ``TrackerJournalDurability/processCrash`` at moments that matter, such as the app moving to
    /// the background. Without a journal it does nothing.
    public func makeDurable() {
        journal?.sync()
    }

    /// Pings not yet delivered (queued, in flight, waiting for a retry, or given up for this process but
    /// journaled).
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Pings delivered by this pinger.
    public var deliveredCount: Int { state.withLock { $0.deliveredCount } }

    /// Pings dropped unsent or undelivered by a bound: failed journaled pings past ``maxJournalEntries``, and
    /// pings past ``maxQueuedPings`` (pings refused by their server with a 4xx are not counted).
    public var droppedCount: Int { state.withLock { $0.droppedCount } }

    /// Fires every pending ping that is not in flight now, with a fresh retry budget (for example when the
    /// device comes back online).
    public func retryPendingNow() {
        let identifiers = state.withLock { state -> [String] in
            var identifiers: [String] = []
            for (identifier, pending) in state.pending.sorted(by: { $0.value.order < $1.value.order })
            where !pending.isInFlight {
                if let retry = pending.retry {
                    retry.cancel()
                    state.awaitingRetry -= 1
                }
                state.pending[identifier]?.retry = nil
                state.pending[identifier]?.attempts = 0
                identifiers.append(identifier)
            }
            return identifiers
        }
        for identifier in identifiers { send(identifier) }
        resolveWaiters()
    }

    /// The next stable ping identifier: this launch's token and a counter.
    private static func nextPingID() -> String {
        let number = pingCounter.withLock { count in
            count += 1
            return count
        }
        return "\(launchToken)-\(number)"
    }
}

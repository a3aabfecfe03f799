import Foundation
import MediationCore

/// Fires tracker URLs (before-load, after-load, impression, click) over HTTP, never losing an impression or a
/// click it was given.
///
/// - Only http and https URLs are fired; others are logged and dropped.
/// - ``ping(_:)-(TrackerPing)`` returns at once; requests run on URLSession, journal writes on a private queue.
/// - A ping whose owner is known fires at most once per (owner, event, URL): repeats are ignored (the last
///   ``dedupeMemory`` keys are remembered, the journal's included).
/// - A network error or a 5xx status is retried with exponential backoff (``TrackerRetryPolicy``) on the
///   injected clock; a 4xx status is final (logged, dropped); 2xx and 3xx are delivered.
/// - With a journal directory, impression and click pings are written to a journal file before they are
///   fired, removed once delivered (or refused with a 4xx), and replayed when a new pinger starts on the same
///   directory. The journal keeps at most ``maxJournalEntries`` pings (the oldest are dropped first, with a
///   warning) and drops, at start, pings queued more than ``maxJournalAge`` ago. An unreadable journal line is
///   reported through the logger and skipped; the readable ones are kept.
///
/// One pinger per directory at a time: two live pingers on one journal would overwrite each other's file.
public final class URLSessionTrackerPinger: TrackerPinging {
    /// The default request timeout: 10 seconds.
    public static let defaultTimeout: Duration = .seconds(10)
    /// The default journal bound: 500 pings.
    public static let defaultMaxJournalEntries = 500
    /// The default age bound: 7 days.
    public static let defaultMaxJournalAge: Duration = .seconds(7 * 24 * 3600)
    /// How many (owner, event, URL) keys are remembered for deduplication.
    public static let dedupeMemory = 10_000
    /// The most body bytes read from a tracker's answer; the rest is ignored.
    static let maxBodyBytes = 64 << 10

    /// The request timeout of each attempt.
    public let timeout: Duration
    /// How failures are retried.
    public let retryPolicy: TrackerRetryPolicy
    /// The most pings the journal keeps.
    public let maxJournalEntries: Int
    /// The age after which a journaled ping is dropped at start.
    public let maxJournalAge: Duration
    /// The journal file, when the pinger has a directory.
    public var journalFileURL: URL? { journal?.fileURL }

    private struct Pending {
        var entry: TrackerPingJournalEntry
        var isJournaled: Bool
        /// The order in which the pinger took the ping (ties between equal `queuedAt` stamps).
        var order: Int
        var attempts = 0
        var isInFlight = false
        var retry: ScheduledAction?
    }

    private struct State {
        var pending: [String: Pending] = [:]
        var seen: Set<String> = []
        var seenOrder: [String] = []
        /// Queued work and requests in flight; idle at zero.
        var outstanding = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var deliveredCount = 0
        var nextOrder = 0

        /// The journaled pings, oldest first.
        var journaledEntries: [TrackerPingJournalEntry] {
            pending.values.filter(\.isJournaled).sorted {
                ($0.entry.queuedAt, $0.order) < ($1.entry.queuedAt, $1.order)
            }
            .map(\.entry)
        }
    }

    private let journal: TrackerPingJournal?
    private let clock: MediationClock
    private let logger: any MediationLogger
    private let now: @Sendable () -> Date
    private let fetcher = HTTPFetcher()
    private let journalQueue = DispatchQueue(label: "MediationNetworking.TrackerPingJournal")
    private let state = Locked(State())

    /// Creates a pinger and, with a journal directory, replays the pings left in its journal.
    ///
    /// - Parameters:
    ///   - journalDirectory: where the journal lives (created when missing); `nil` keeps pending pings in memory
    ///     only.
    ///   - clock: schedules retries; the continuous clock in production, a manual clock in tests.
    ///   - logger: reports dropped pings, exhausted retries and unreadable journal lines.
    ///   - timeout: the request timeout of each attempt.
    ///   - retryPolicy: how failures are retried.
    ///   - maxJournalEntries: the most pings the journal keeps.
    ///   - maxJournalAge: pings queued longer ago are dropped when a pinger starts.
    ///   - now: the wall clock that stamps journal entries (journals outlive processes, so not `clock`).
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` when the directory cannot be created or a
    ///   bound is not positive.
    public init(
        journalDirectory: URL?,
        clock: any Clock<Duration> = ContinuousClock(),
        logger: any MediationLogger = SilentLogger(),
        timeout: Duration = URLSessionTrackerPinger.defaultTimeout,
        retryPolicy: TrackerRetryPolicy = .default,
        maxJournalEntries: Int = URLSessionTrackerPinger.defaultMaxJournalEntries,
        maxJournalAge: Duration = URLSessionTrackerPinger.defaultMaxJournalAge,
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
        journal = try journalDirectory.map { directory throws(MediationError) in
            try TrackerPingJournal(directory: directory)
        }
        self.clock = MediationClock(clock)
        self.logger = logger
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.maxJournalEntries = maxJournalEntries
        self.maxJournalAge = maxJournalAge
        self.now = now
        if journal != nil {
            state.withLock { $0.outstanding += 1 }
            journalQueue.async { [self] in
                replayJournal()
                finishWork()
            }
        }
    }

    deinit {
        fetcher.invalidate()
    }

    // MARK: TrackerPinging

    /// Fires `url` as a ping of no known event or owner (never deduplicated, never journaled).
    public func ping(_ url: URL) {
        ping(TrackerPing(url: url, event: .unspecified, owner: nil))
    }

    /// Fires `ping` unless its (owner, event, URL) was already given; returns at once.
    public func ping(_ ping: TrackerPing) {
        guard MediationURLPolicy.isAllowedContentURL(ping.url) else {
            logger.log(
                .warning, "tracker not fired: only http and https URLs are, not \(ping.url.absoluteString)",
                metadata: ["event": ping.event.rawValue])
            return
        }
        let entry = TrackerPingJournalEntry(
            id: UUID().uuidString, ping: ping, queuedAt: now().timeIntervalSince1970)
        let isJournaled = journal != nil && ping.event.isBillable
        let isNew = state.withLock { state -> Bool in
            if let key = Self.key(of: ping) {
                guard Self.remember(key, in: &state) else { return false }
            }
            state.pending[entry.id] = Pending(entry: entry, isJournaled: isJournaled, order: state.nextOrder)
            state.nextOrder += 1
            state.outstanding += 1
            return true
        }
        guard isNew else {
            logger.log(
                .debug, "tracker already fired for this owner: \(ping.url.absoluteString)",
                metadata: ["event": ping.event.rawValue])
            return
        }
        journalQueue.async { [self] in
            if isJournaled {
                enforceJournalBound()
                writeJournal()
            }
            send(entry.id)
            finishWork()
        }
    }

    // MARK: Observing

    /// Suspends until no work is queued and no request is in flight (retries scheduled on the clock for later
    /// do not count).
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

    /// Pings not yet delivered (in flight, waiting for a retry, or given up for this process but journaled).
    public var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Pings delivered by this pinger.
    public var deliveredCount: Int { state.withLock { $0.deliveredCount } }

    /// Fires every pending ping that is not in flight now, with a fresh retry budget (for example when the
    /// device comes back online).
    public func retryPendingNow() {
        let identifiers = state.withLock { state -> [String] in
            var identifiers: [String] = []
            for (identifier, pending) in state.pending where !pending.isInFlight {
                state.pending[identifier]?.attempts = 0
                identifiers.append(identifier)
            }
            return identifiers
        }
        for identifier in identifiers {
            state.withLock { $0.pending[identifier]?.retry }?.cancel()
            send(identifier)
        }
    }
}

extension URLSessionTrackerPinger {
    // MARK: Delivery

    private func send(_ identifier: String) {
        let url = state.withLock { state -> URL? in
            guard var pending = state.pending[identifier], !pending.isInFlight else { return nil }
            pending.isInFlight = true
            pending.attempts += 1
            pending.retry = nil
            state.pending[identifier] = pending
            state.outstanding += 1
            return pending.entry.ping.url
        }
        guard let url else { return }
        fetcher.get(url, timeout: timeout, maxBytes: Self.maxBodyBytes) { [self] result in
            handle(result, of: identifier)
            finishWork()
        }
    }

    private enum Outcome {
        case delivered
        case refused(String)
        case failed(String)
    }

    private func handle(_ result: Result<HTTPFetchResponse, HTTPFetchFailure>, of identifier: String) {
        let outcome: Outcome
        switch result {
        case .success(let response):
            outcome = Self.outcome(ofStatus: response.status)
        case .failure(.tooLarge(_, let status?)):
            outcome = Self.outcome(ofStatus: status)
        case .failure(.timedOut(let after)):
            outcome = .failed("no answer within \(after.wholeMilliseconds)ms")
        case .failure(.tooLarge(let limit, nil)):
            outcome = .failed("answer larger than \(limit) bytes")
        case .failure(.unsupportedScheme(let scheme)):
            outcome = .refused("unsupported scheme \(scheme ?? "none")")
        case .failure(.transport(let reason)):
            outcome = .failed(reason)
        }
        apply(outcome, to: identifier)
    }

    private static func outcome(ofStatus status: Int) -> Outcome {
        switch status {
        case 200..<400: .delivered
        case 500..<600: .failed("HTTP status \(status)")
        default: .refused("HTTP status \(status)")
        }
    }

    private func apply(_ outcome: Outcome, to identifier: String) {
        enum Next {
            case none
            case retry(after: Duration)
            case keep
            case drop
        }
        let (pending, next) = state.withLock { state -> (Pending?, Next) in
            guard var pending = state.pending[identifier] else { return (nil, .none) }
            pending.isInFlight = false
            switch outcome {
            case .delivered:
                state.pending[identifier] = nil
                state.deliveredCount += 1
                return (pending, .none)
            case .refused:
                state.pending[identifier] = nil
                return (pending, .drop)
            case .failed:
                state.pending[identifier] = pending
                if pending.attempts < retryPolicy.maxAttempts {
                    return (pending, .retry(after: retryPolicy.delay(afterAttempt: pending.attempts)))
                }
                guard pending.isJournaled else {
                    state.pending[identifier] = nil
                    return (pending, .drop)
                }
                return (pending, .keep)
            }
        }
        guard let pending else { return }
        let ping = pending.entry.ping
        let metadata = ["event": ping.event.rawValue, "url": ping.url.absoluteString]
        switch (next, outcome) {
        case (.retry(let delay), .failed(let reason)):
            logger.log(
                .info, "tracker attempt \(pending.attempts) failed (\(reason)); retrying in \(delay)",
                metadata: metadata)
            let action = clock.schedule(after: delay) { [weak self] in self?.send(identifier) }
            let isStale = state.withLock { state -> Bool in
                guard state.pending[identifier] != nil else { return true }
                state.pending[identifier]?.retry = action
                return false
            }
            if isStale { action.cancel() }
        case (.keep, .failed(let reason)):
            logger.log(
                .warning,
                "tracker not delivered after \(pending.attempts) attempts (\(reason)); kept in the journal for the next start",
                metadata: metadata)
        case (.drop, .refused(let reason)), (.drop, .failed(let reason)):
            logger.log(.warning, "tracker dropped: \(reason)", metadata: metadata)
        default:
            break
        }
        if pending.isJournaled, case .delivered = outcome {
            scheduleJournalWrite()
        } else if pending.isJournaled, case .drop = next {
            scheduleJournalWrite()
        }
    }

    // MARK: Journal

    private func scheduleJournalWrite() {
        state.withLock { $0.outstanding += 1 }
        journalQueue.async { [self] in
            writeJournal()
            finishWork()
        }
    }

    /// Writes the journaled pings still pending; runs on `journalQueue`.
    private func writeJournal() {
        guard let journal else { return }
        let entries = state.withLock { $0.journaledEntries }
        do {
            try journal.write(entries)
        } catch {
            logger.log(
                .error, "tracker journal \(journal.fileURL.path) could not be written: \(error.localizedDescription)",
                metadata: [:])
        }
    }

    /// Drops the oldest journaled pings beyond ``maxJournalEntries``; runs on `journalQueue`.
    private func enforceJournalBound() {
        let dropped = state.withLock { state -> [TrackerPingJournalEntry] in
            let journaled = state.journaledEntries
            let excess = journaled.prefix(max(journaled.count - maxJournalEntries, 0))
            for entry in excess {
                state.pending[entry.id]?.retry?.cancel()
                state.pending[entry.id] = nil
            }
            return Array(excess)
        }
        if !dropped.isEmpty {
            logger.log(
                .warning,
                "tracker journal full (\(maxJournalEntries) pings): dropped the \(dropped.count) oldest, first \(dropped[0].ping.url.absoluteString)",
                metadata: [:])
        }
    }

    /// Loads the journal left by an earlier pinger, reports what it could not read, applies the bounds and fires
    /// what is left; runs on `journalQueue`.
    private func replayJournal() {
        guard let journal else { return }
        let contents = journal.read()
        if !contents.unreadableLines.isEmpty {
            logger.log(
                .warning,
                "tracker journal \(journal.fileURL.path): skipped unreadable line(s) \(contents.unreadableLines.map(String.init).joined(separator: ", ")); kept \(contents.entries.count) readable ping(s)",
                metadata: [:])
        }
        let oldestAllowed = now().timeIntervalSince1970 - maxJournalAge.seconds
        let fresh = contents.entries.filter { $0.queuedAt >= oldestAllowed }
        if fresh.count < contents.entries.count {
            logger.log(
                .warning,
                "tracker journal: dropped \(contents.entries.count - fresh.count) ping(s) older than \(maxJournalAge)",
                metadata: [:])
        }
        let replayed = state.withLock { state -> [String] in
            var identifiers: [String] = []
            for entry in fresh where state.pending[entry.id] == nil {
                if let key = Self.key(of: entry.ping) {
                    guard Self.remember(key, in: &state) else { continue }
                }
                state.pending[entry.id] = Pending(entry: entry, isJournaled: true, order: state.nextOrder)
                state.nextOrder += 1
                identifiers.append(entry.id)
            }
            return identifiers
        }
        enforceJournalBound()
        writeJournal()
        if !replayed.isEmpty {
            logger.log(.info, "tracker journal: replaying \(replayed.count) ping(s)", metadata: [:])
        }
        for identifier in replayed { send(identifier) }
    }

    // MARK: Bookkeeping

    private func finishWork() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.outstanding -= 1
            guard state.outstanding == 0 else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private static func key(of ping: TrackerPing) -> String? {
        ping.owner.map { "\($0)|\(ping.event.rawValue)|\(ping.url.absoluteString)" }
    }

    /// Remembers `key`; `false` when it was already known.
    private static func remember(_ key: String, in state: inout State) -> Bool {
        guard state.seen.insert(key).inserted else { return false }
        state.seenOrder.append(key)
        if state.seenOrder.count > dedupeMemory {
            let forgotten = state.seenOrder.prefix(dedupeMemory / 2)
            state.seen.subtract(forgotten)
            state.seenOrder.removeFirst(forgotten.count)
        }
        return true
    }
}

import Foundation
import MediationCore
import MediationSupport

extension URLSessionTrackerPinger {
    // MARK: Delivery

    /// Sends ping `identifier` unless it is in flight or gone.
    func send(_ identifier: String) {
        let entry = state.withLock { state -> TrackerPingJournalEntry? in
            guard var pending = state.pending[identifier], !pending.isInFlight else { return nil }
            pending.isInFlight = true
            pending.attempts += 1
            pending.retry = nil
            state.pending[identifier] = pending
            state.outstanding += 1
            return pending.entry
        }
        guard let entry else { return }
        let url = Self.expandingMacros(in: entry.ping.url, pingID: entry.id)
        let request = HTTPFetchRequest(
            url: url, headers: [Self.pingIDHeader: entry.id], timeout: timeout, maxBytes: 0, readsBody: false)
        fetcher.fetch(request) { [self] result in
            handle(result, of: identifier)
            finishWork()
        }
    }

    /// `%%PING_ID%%` percent-encoded, as `URL` may spell it: `%25%25PING_ID%25%25`.
    private static let encodedPingIDMacro = pingIDMacro.replacingOccurrences(of: "%", with: "%25")

    /// `url` with `%%PING_ID%%` (as written, or percent-encoded as `%25%25PING_ID%25%25`) replaced by `pingID`.
    static func expandingMacros(in url: URL, pingID: String) -> URL {
        let text = url.absoluteString
        // Both spellings hold a `%`; most tracker URLs have none, and are sent as they are without a search.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return url }
        guard text.contains(pingIDMacro) || text.contains(encodedPingIDMacro) else { return url }
        let expanded = text.replacingOccurrences(of: encodedPingIDMacro, with: pingID)
            .replacingOccurrences(of: pingIDMacro, with: pingID)
        return URL(string: expanded) ?? url
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
        case .failure(.tooLarge(_, let status?)), .failure(.encodingRefused(_, let status?)):
            outcome = Self.outcome(ofStatus: status)
        case .failure(.unsupportedScheme), .failure(.redirectRefused):
            outcome = .refused(result.failureReason)
        case .failure:
            outcome = .failed(result.failureReason)
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
        var firstFailure = false
        var overBound: [TrackerPingJournalEntry] = []
        let (pending, next) = state.withLock { state -> (Pending?, Next) in
            guard var pending = state.pending[identifier] else { return (nil, .none) }
            pending.isInFlight = false
            let key = Self.key(of: pending.entry.ping)
            func status(_ status: TrackerPingDeliveryStatus) {
                if let key, state.seen.contains(key) { state.statuses[key] = status }
            }
            switch outcome {
            case .delivered:
                state.pending[identifier] = nil
                state.deliveredCount += 1
                forget(pending, in: &state)
                status(.delivered)
                return (pending, .none)
            case .refused:
                state.pending[identifier] = nil
                forget(pending, in: &state)
                status(.failed)
                return (pending, .drop)
            case .failed:
                if pending.isJournaled, !pending.hasFailed {
                    pending.hasFailed = true
                    firstFailure = true
                    state.failedOrder.append(identifier)
                    state.failedCount += 1
                    overBound = dropFailedOverBound(&state, keeping: identifier)
                }
                state.pending[identifier] = pending
                if pending.attempts < retryPolicy.maxAttempts {
                    status(.pendingRetry)
                    return (pending, .retry(after: retryPolicy.delay(afterAttempt: pending.attempts)))
                }
                guard pending.isJournaled else {
                    state.pending[identifier] = nil
                    forget(pending, in: &state)
                    status(.failed)
                    return (pending, .drop)
                }
                status(.pendingRetry)
                return (pending, .keep)
            }
        }
        guard let pending else { return }
        let ping = pending.entry.ping
        let metadata = ["event": ping.event.rawValue, "url": ping.url.absoluteString, "ping": pending.entry.id]
        if pending.isJournaled, let journal {
            switch (outcome, next) {
            case (.delivered, _), (.refused, _), (_, .drop): try? journal.markDone(identifier)
            case (.failed, _) where firstFailure: try? journal.markFailed(identifier)
            default: break
            }
            for dropped in overBound { try? journal.markDone(dropped.id) }
        }
        if !overBound.isEmpty {
            logger.log(
                .warning,
                "tracker journal: \(maxJournalEntries) failed pings kept; dropped the \(overBound.count) oldest, first \(overBound[0].ping.url.absoluteString)",
                metadata: [:])
        }
        switch (next, outcome) {
        case (.retry(let delay), .failed(let reason)):
            logger.log(
                .info, "tracker attempt \(pending.attempts) failed (\(reason)); retrying in \(delay)",
                metadata: metadata)
            scheduleRetry(of: identifier, after: delay)
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
    }

    private func scheduleRetry(of identifier: String, after delay: Duration) {
        state.withLock { $0.awaitingRetry += 1 }
        let action = clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            let isDue = state.withLock { state -> Bool in
                guard state.pending[identifier]?.retry != nil else { return false }
                state.pending[identifier]?.retry = nil
                state.awaitingRetry -= 1
                return true
            }
            if isDue { send(identifier) }
            resolveWaiters()
        }
        let isStale = state.withLock { state -> Bool in
            guard let pending = state.pending[identifier], !pending.isInFlight, pending.retry == nil else {
                state.awaitingRetry -= 1
                return true
            }
            state.pending[identifier]?.retry = action
            return false
        }
        if isStale {
            action.cancel()
            resolveWaiters()
        }
    }

    /// Keeps the failed journaled pings within ``maxJournalEntries`` by dropping the oldest (never `keeping`).
    private func dropFailedOverBound(_ state: inout State, keeping: String) -> [TrackerPingJournalEntry] {
        var dropped: [TrackerPingJournalEntry] = []
        guard state.failedCount > maxJournalEntries else { return [] }
        // Oldest first: in the order the pinger took the pings, not the order their failures arrived.
        let candidates = state.failedOrder.sorted {
            (state.pending[$0]?.order ?? Int.max) < (state.pending[$1]?.order ?? Int.max)
        }
        var index = 0
        while state.failedCount > maxJournalEntries, index < candidates.count {
            let identifier = candidates[index]
            index += 1
            guard identifier != keeping, let pending = state.pending[identifier], pending.hasFailed,
                !pending.isInFlight
            else { continue }
            if let retry = pending.retry {
                retry.cancel()
                state.awaitingRetry -= 1
            }
            state.pending[identifier] = nil
            forget(pending, in: &state)
            state.droppedCount += 1
            if let key = Self.key(of: pending.entry.ping), state.seen.contains(key) { state.statuses[key] = .failed }
            dropped.append(pending.entry)
        }
        state.failedOrder.removeAll { state.pending[$0]?.hasFailed != true }
        return dropped
    }

    /// Updates the counters for a ping that leaves the pending set.
    private func forget(_ pending: Pending, in state: inout State) {
        if pending.hasFailed { state.failedCount -= 1 }
        if !pending.isJournaled { state.unjournaledCount -= 1 }
    }

    // MARK: Journal

    /// Loads the journal left by an earlier pinger, reports what it could not read, applies the age bound and
    /// fires what is left.
    func replayJournal() {
        guard let journal else { return }
        let contents = journal.contentsAtStart
        if !contents.problems.isEmpty {
            logger.log(
                .warning,
                "tracker journal \(journal.directory.path): \(contents.problems.prefix(10).joined(separator: "; "))\(contents.problems.count > 10 ? "; and \(contents.problems.count - 10) more" : ""); kept \(contents.entries.count) readable ping(s)",
                metadata: [:])
        }
        let oldestAllowed = now().timeIntervalSince1970 - maxJournalAge.seconds
        let stale = contents.entries.filter { $0.queuedAt < oldestAllowed }
        for entry in stale { try? journal.markDone(entry.id) }
        if !stale.isEmpty {
            logger.log(
                .warning, "tracker journal: dropped \(stale.count) ping(s) older than \(maxJournalAge)", metadata: [:])
        }
        let replayed = state.withLock { state -> [String] in
            var identifiers: [String] = []
            for entry in contents.entries where entry.queuedAt >= oldestAllowed && state.pending[entry.id] == nil {
                if let key = Self.key(of: entry.ping) { _ = Self.remember(key, in: &state) }
                var pending = Pending(entry: entry, isJournaled: true, order: state.nextOrder)
                if contents.failedIDs.contains(entry.id) {
                    pending.hasFailed = true
                    state.failedOrder.append(entry.id)
                    state.failedCount += 1
                }
                state.pending[entry.id] = pending
                state.nextOrder += 1
                identifiers.append(entry.id)
            }
            return identifiers
        }
        if !replayed.isEmpty {
            logger.log(.info, "tracker journal: replaying \(replayed.count) ping(s)", metadata: [:])
        }
        for identifier in replayed { send(identifier) }
    }

    // MARK: Bookkeeping

    /// Counts a request as ended and resumes the waiters it was the last for, in one lock round trip.
    private func finishWork() {
        resolveWaiters(endingRequest: true)
    }

    /// Resumes the idle waiters when nothing is queued or in flight, and the delivery waiters when nothing is on
    /// its way at all.
    func resolveWaiters(endingRequest: Bool = false) {
        let (idle, delivery) = state.withLock {
            state -> ([CheckedContinuation<Void, Never>], [(CheckedContinuation<Bool, Never>, Bool)]) in
            if endingRequest { state.outstanding -= 1 }
            guard state.outstanding == 0 else { return ([], []) }
            let idle = state.idleWaiters
            state.idleWaiters = []
            guard state.awaitingRetry == 0, !state.deliveryWaiters.isEmpty else { return (idle, []) }
            let oldestPending = state.pending.values.map(\.order).min() ?? Int.max
            let delivery = state.deliveryWaiters.map { ($0.continuation, oldestPending >= $0.threshold) }
            state.deliveryWaiters = []
            return (idle, delivery)
        }
        for waiter in idle { waiter.resume() }
        for (waiter, delivered) in delivery { waiter.resume(returning: delivered) }
    }

    static func key(of ping: TrackerPing) -> String? {
        ping.owner.map { "\($0)|\(ping.event.rawValue)|\(ping.url.absoluteString)" }
    }

    /// Remembers `key`; `false` when it was already known.
    static func remember(_ key: String, in state: inout State) -> Bool {
        guard state.seen.insert(key).inserted else { return false }
        state.seenOrder.append(key)
        if state.seenOrder.count > dedupeMemory {
            let forgotten = state.seenOrder.prefix(dedupeMemory / 2)
            state.seen.subtract(forgotten)
            for key in forgotten { state.statuses[key] = nil }
            state.seenOrder.removeFirst(forgotten.count)
        }
        return true
    }
}

extension Result where Failure == HTTPFetchFailure {
    /// The failure's cause, or an empty string on success.
    fileprivate var failureReason: String {
        if case .failure(let failure) = self { return failure.reason }
        return ""
    }
}

import Foundation

/// Collects the bid signals of every registered provider in parallel for one ad request, each within its own
/// timeout on the mediator's clock, and completes once: when every provider has answered or timed out, so never
/// later than the largest timeout.
///
/// A provider that answers late, fails, or answers twice before the collection ends is left out, and its record
/// says why. A second answer after the collection ended is logged and ignored (the first one was sent).
final class BidSignalCollector: Sendable {
    private struct Pending {
        var registration: BidSignalRegistration
        var startedAt: MediationInstant
        var timer: ScheduledAction?
    }

    private struct State {
        var pending: [String: Pending] = [:]
        var signals: [String: CollectedBidSignal] = [:]
        var records: [String: BidSignalRecord] = [:]
        var answers: [String: Int] = [:]
        var completion: (@Sendable (BidSignalCollection) -> Void)?
    }

    private let clock: MediationClock
    private let logger: any MediationLogger
    private let state = Locked(State())

    init(clock: MediationClock, logger: any MediationLogger) {
        self.clock = clock
        self.logger = logger
    }

    /// Starts the collection over `registrations` (with their effective `timeouts`) for `request`.
    func start(
        _ registrations: [(BidSignalRegistration, timeout: Duration)], request: BidSignalRequest,
        completion: @escaping @Sendable (BidSignalCollection) -> Void
    ) {
        let now = clock.now
        var toAsk: [(BidSignalRegistration, Duration)] = []
        state.withLock { state in
            state.completion = completion
            for (registration, timeout) in registrations {
                let provider = registration.provider
                let identifier = provider.customEventIdentifier
                if let reason = PrivacyMatrix.bidSignalBar(
                    for: request.privacy, supportsChildDirectedTraffic: provider.supportsChildDirectedTraffic)
                {
                    state.records[identifier] = BidSignalRecord(
                        customEvent: identifier, network: provider.networkName, result: .barredByPrivacy, took: nil,
                        detail: reason)
                    continue
                }
                state.pending[identifier] = Pending(registration: registration, startedAt: now)
                toAsk.append((registration, timeout))
            }
        }
        for (registration, timeout) in toAsk {
            let identifier = registration.provider.customEventIdentifier
            let timer = clock.schedule(after: timeout) { [self] in timedOut(identifier, after: timeout) }
            let cancelNow = state.withLock { state -> Bool in
                guard state.pending[identifier] != nil else { return true }
                state.pending[identifier]?.timer = timer
                return false
            }
            if cancelNow { timer.cancel() }
        }
        for (registration, _) in toAsk {
            let provider = registration.provider
            let identifier = provider.customEventIdentifier
            let ask: @Sendable () -> Void = { [self] in
                provider.collectSignal(for: request) { [self] result in answered(identifier, result) }
            }
            if provider.requiresMainThread { DispatchQueue.main.async(execute: ask) } else { ask() }
        }
        completeIfDone()
    }

    private func answered(_ identifier: String, _ result: Result<String, MediationError>) {
        let now = clock.now
        let (timer, isAfterEnd) = state.withLock { state -> (ScheduledAction?, Bool) in
            state.answers[identifier, default: 0] += 1
            let answers = state.answers[identifier] ?? 0
            guard state.completion != nil else { return (nil, true) }
            if answers > 1 {
                // A second answer while the collection runs: the network is left out.
                if state.records[identifier]?.result == .collected {
                    state.signals[identifier] = nil
                    state.records[identifier]?.result = .answeredTwice
                    state.records[identifier]?.detail = "the provider answered \(answers) times; left out"
                }
                return (nil, false)
            }
            // A first answer after the provider's timeout finds nothing pending: its record says it timed out.
            guard let pending = state.pending.removeValue(forKey: identifier) else { return (nil, false) }
            let provider = pending.registration.provider
            let took = pending.startedAt.duration(to: now)
            switch result {
            case .success(let signal):
                state.signals[identifier] = CollectedBidSignal(
                    customEventIdentifier: identifier, networkName: provider.networkName, signal: signal)
                state.records[identifier] = BidSignalRecord(
                    customEvent: identifier, network: provider.networkName, result: .collected, took: took)
            case .failure(let error):
                state.records[identifier] = BidSignalRecord(
                    customEvent: identifier, network: provider.networkName, result: .failed, took: took,
                    detail: error.description)
            }
            return (pending.timer, false)
        }
        timer?.cancel()
        if isAfterEnd {
            logger.log(.warning, "bid signal provider \(identifier) answered after the collection ended; ignored")
        }
        completeIfDone()
    }

    private func timedOut(_ identifier: String, after timeout: Duration) {
        state.withLock { state in
            guard let pending = state.pending.removeValue(forKey: identifier) else { return }
            let provider = pending.registration.provider
            state.records[identifier] = BidSignalRecord(
                customEvent: identifier, network: provider.networkName, result: .timedOut, took: timeout,
                detail: "no signal within \(timeout.wholeMilliseconds)ms")
        }
        logger.log(.warning, "bid signal of \(identifier) timed out; the request goes without it")
        completeIfDone()
    }

    private func completeIfDone() {
        let delivery = state.withLock { state -> ((@Sendable (BidSignalCollection) -> Void), BidSignalCollection)? in
            guard state.pending.isEmpty, let completion = state.completion else { return nil }
            state.completion = nil
            let signals = state.signals.keys.sorted().compactMap { state.signals[$0] }
            let records = state.records.keys.sorted().compactMap { state.records[$0] }
            return (completion, BidSignalCollection(signals: signals, records: records))
        }
        if let (completion, collection) = delivery { completion(collection) }
    }
}

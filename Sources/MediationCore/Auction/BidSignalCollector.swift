import Foundation
import MediationSupport

/// Collects the bid signals of every registered provider in parallel for one ad request, each within its own
/// timeout on the mediator's clock, and completes once: when every provider has answered or timed out, so never
/// later than the largest timeout, or at once when it is cancelled.
///
/// A provider that answers late, fails, or answers twice before the collection ends is left out, and its record
/// says why. A second answer after the collection ended is logged and ignored (the first one was sent).
///
/// ``cancel()`` ends the collection at once, whatever the providers' timeouts: the providers that have not answered
/// are left out (`cancelled`), their timers are cancelled, and their answers, whenever they come, are ignored. A
/// collection cancelled before ``start(_:request:completion:)`` asks no provider and completes as it starts.
package final class BidSignalCollector: Sendable {
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
        /// Whether ``cancel()`` was called, before the collection started or while it ran.
        var isCancelled = false
    }

    private let clock: MediationClock
    private let logger: any MediationLogger
    private let state = Locked(State())

    /// A collection on `clock` that logs to `logger`; nothing is asked until ``start(_:request:completion:)``.
    package init(clock: MediationClock, logger: any MediationLogger) {
        self.clock = clock
        self.logger = logger
    }

    /// Starts the collection over `registrations` (with their effective `timeouts`) for `request`. A provider
    /// whose network needs a start-up (`services`' ``WaterfallRunServices/networkStartup``) is asked once its
    /// network has started, within its own timeout, and fails with `network_not_started` if it does not start.
    func start(
        _ registrations: [(BidSignalRegistration, timeout: Duration)], request: BidSignalRequest,
        services: WaterfallRunServices? = nil, completion: @escaping @Sendable (BidSignalCollection) -> Void
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
                if state.isCancelled {
                    state.records[identifier] = BidSignalRecord(
                        customEvent: identifier, network: provider.networkName, result: .cancelled, took: nil,
                        detail: "not asked: the load was cancelled before the collection began")
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
                // A provider is asked only while it is still awaited: a cancel that came first asks nobody more.
                guard isAwaiting(identifier) else { return }
                provider.collectSignal(for: request) { [self] result in answered(identifier, result) }
            }
            let askOnItsThread: @Sendable () -> Void = {
                if provider.requiresMainThread { DispatchQueue.main.async(execute: ask) } else { ask() }
            }
            let waits =
                services?.awaitNetwork(forCustomEvent: identifier) { [self] network, status in
                    guard status.isReady else {
                        let error = MediationError.networkNotStarted(network: network, reason: status.error ?? .timeout)
                        answered(identifier, .failure(error))
                        return
                    }
                    askOnItsThread()
                } ?? false
            if !waits { askOnItsThread() }
        }
        completeIfDone()
    }

    /// Ends the collection at once: the providers that have not answered are left out with the result
    /// `cancelled`, their timers are cancelled, and the completion runs now, on this thread, with the signals that
    /// arrived before. Before ``start(_:request:completion:)``, the collection then asks no provider and completes
    /// as it starts. After the collection ended, or called again, it does nothing.
    package func cancel() {
        let now = clock.now
        var timers: [ScheduledAction] = []
        let delivery = state.withLock { state -> Delivery? in
            guard !state.isCancelled else { return nil }
            state.isCancelled = true
            for (identifier, pending) in state.pending {
                if let timer = pending.timer { timers.append(timer) }
                state.records[identifier] = BidSignalRecord(
                    customEvent: identifier, network: pending.registration.provider.networkName, result: .cancelled,
                    took: pending.startedAt.duration(to: now), detail: "the load was cancelled before it answered")
            }
            let leftOut = state.pending.count
            state.pending = [:]
            // Not started yet (no completion): `start` sees the flag. Already ended: nothing to deliver.
            guard leftOut > 0 else { return nil }
            return Self.takeDelivery(&state)
        }
        for timer in timers { timer.cancel() }
        guard let delivery else { return }
        let leftOut = delivery.collection.records.filter { $0.result == .cancelled }.count
        logger.log(.info, "bid signal collection cancelled: \(leftOut) provider(s) left out")
        delivery.completion(delivery.collection)
    }

    /// Whether `identifier`'s provider is still awaited (neither answered, timed out nor cancelled).
    private func isAwaiting(_ identifier: String) -> Bool {
        state.withLock { $0.pending[identifier] != nil }
    }

    private func answered(_ identifier: String, _ result: Result<String, MediationError>) {
        let now = clock.now
        let (timer, isAfterEnd, isAfterCancel) = state.withLock { state -> (ScheduledAction?, Bool, Bool) in
            state.answers[identifier, default: 0] += 1
            let answers = state.answers[identifier] ?? 0
            guard state.completion != nil else { return (nil, true, state.isCancelled) }
            if answers > 1 {
                // A second answer while the collection runs: the network is left out.
                if state.records[identifier]?.result == .collected {
                    state.signals[identifier] = nil
                    state.records[identifier]?.result = .answeredTwice
                    state.records[identifier]?.detail = "the provider answered \(answers) times; left out"
                }
                return (nil, false, false)
            }
            // A first answer after the provider's timeout finds nothing pending: its record says it timed out.
            guard let pending = state.pending.removeValue(forKey: identifier) else { return (nil, false, false) }
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
            return (pending.timer, false, false)
        }
        timer?.cancel()
        if isAfterCancel {
            // The load went on without it, as the host asked: not a provider's fault.
            logger.log(.debug, "bid signal provider \(identifier) answered after the collection was cancelled; ignored")
        } else if isAfterEnd {
            logger.log(.warning, "bid signal provider \(identifier) answered after the collection ended; ignored")
        }
        completeIfDone()
    }

    private func timedOut(_ identifier: String, after timeout: Duration) {
        let didTimeOut = state.withLock { state -> Bool in
            // A timer that fired as its provider answered, or as the collection was cancelled, finds nothing.
            guard let pending = state.pending.removeValue(forKey: identifier) else { return false }
            let provider = pending.registration.provider
            state.records[identifier] = BidSignalRecord(
                customEvent: identifier, network: provider.networkName, result: .timedOut, took: timeout,
                detail: "no signal within \(timeout.wholeMilliseconds)ms")
            return true
        }
        guard didTimeOut else { return }
        logger.log(.warning, "bid signal of \(identifier) timed out; the request goes without it")
        completeIfDone()
    }

    /// The completion and what it receives, taken once.
    private struct Delivery {
        var completion: @Sendable (BidSignalCollection) -> Void
        var collection: BidSignalCollection
    }

    private func completeIfDone() {
        let delivery = state.withLock { state -> Delivery? in
            guard state.pending.isEmpty else { return nil }
            return Self.takeDelivery(&state)
        }
        if let delivery { delivery.completion(delivery.collection) }
    }

    /// Takes the completion (so that it runs once) with the collection as it stands; `nil` when there is none (not
    /// started, or already delivered).
    private static func takeDelivery(_ state: inout State) -> Delivery? {
        guard let completion = state.completion else { return nil }
        state.completion = nil
        let signals = state.signals.keys.sorted().compactMap { state.signals[$0] }
        let records = state.records.keys.sorted().compactMap { state.records[$0] }
        return Delivery(completion: completion, collection: BidSignalCollection(signals: signals, records: records))
    }
}

import MediationCore
import MediationSupport

extension ConformanceRun {
    /// Whether the subject's custom event loads bids (``NativeCustomEvent/supportsBidding``), asked of a fresh one.
    private func customEventSupportsBidding() -> Bool {
        makeSession().harness.makeCustomEvent().supportsBidding
    }

    /// The adapter's bid signal provider answers exactly once, with a non-empty signal, within its timeout, for
    /// its own custom event.
    func checkBidSignalInTime() async -> ConformanceCheckResult {
        let check = ConformanceCheck.bidSignalInTime
        let session = makeSession()
        let declared = subject.expectations.providesBidSignal
        guard let makeProvider = session.harness.makeBidSignalProvider else {
            switch declared {
            case true?:
                return .failed(
                    check,
                    "the subject declares expectations.providesBidSignal, but the driver has no bidSignalProvider")
            case false?:
                return .passed(check, "the adapter has no bid signal provider (its network has no bidder token call)")
            case nil:
                return .skipped(
                    check, "the subject does not declare expectations.providesBidSignal and the driver has no provider")
            }
        }
        if declared == false {
            return .failed(
                check,
                "the driver gives a bidSignalProvider, but the subject declares expectations.providesBidSignal"
                    + " false")
        }
        let provider = makeProvider()
        guard provider.customEventIdentifier == subject.customEventIdentifier else {
            return .failed(
                check,
                "the provider's customEventIdentifier is '\(provider.customEventIdentifier)'; expected the custom"
                    + " event's '\(subject.customEventIdentifier)'")
        }
        guard !provider.networkName.isEmpty else {
            return .failed(check, "the provider's networkName is empty")
        }
        let timeout = subject.expectations.bidSignalTimeout
        let request = BidSignalRequest(
            adUnitID: "conformance-ad-unit", format: .native,
            privacy: ConformanceRequestInputs.probes[0].privacy)
        let log = BidSignalLog(clock: session.clock)
        let start = session.clock.now
        if provider.requiresMainThread {
            MainActorDelivery.runSynchronously {
                provider.collectSignal(for: request) { result in log.record(result) }
            }
        } else {
            provider.collectSignal(for: request) { result in log.record(result) }
        }
        session.manualClock.advance(by: timeout)
        if log.answers.isEmpty {
            _ = await log.waitForAnswer(limit: options.backgroundWaitLimit)
        }
        let inTime = log.answers
        session.settle()
        let all = log.answers
        guard let first = inTime.first else {
            let late = all.first.map { " (it answered at t+\(start.duration(to: $0.at).wholeMilliseconds)ms)" } ?? ""
            return .failed(
                check,
                "no signal within the \(timeout.wholeMilliseconds)ms timeout\(late); the mediator would leave the"
                    + " network out of the auction")
        }
        guard all.count == 1 else {
            return .failed(check, "the provider answered \(all.count) times for one request; expected once")
        }
        let took = start.duration(to: first.at)
        guard took <= timeout else {
            return .failed(
                check,
                "the signal came at t+\(took.wholeMilliseconds)ms, after the \(timeout.wholeMilliseconds)ms"
                    + " timeout")
        }
        switch first.result {
        case .failure(let error):
            return .failed(check, "the provider failed (\(error.code): \(error)); expected a signal")
        case .success(let signal) where signal.isEmpty:
            return .failed(check, "the provider answered an empty signal")
        case .success:
            return .passed(
                check,
                "one non-empty signal at t+\(took.wholeMilliseconds)ms, within the"
                    + " \(timeout.wholeMilliseconds)ms timeout")
        }
    }

    /// A bid's markup goes to the network's markup load call, exactly as given, never to its ordinary load, and
    /// the bid fills once.
    func checkBidMarkupLoad() -> ConformanceCheckResult {
        let check = ConformanceCheck.bidMarkupLoad
        guard customEventSupportsBidding() else {
            return .passed(check, "the custom event declares no bidding support (see bid-markup-refused)")
        }
        let session = makeSession()
        let load = session.startLoad(
            .sampleFill(after: options.networkLatency),
            request: ConformanceSession.Request(adMarkup: ConformanceBidMarkup.valid))
        let observation = withExtendedLifetime(load.customEvent) { () -> ConformanceObservation in
            session.manualClock.advance(by: options.networkLatency)
            session.settle()
            return session.harness.observe(nil)
        }
        guard let markupLoads = observation.markupLoads, let ordinaryLoads = observation.ordinaryLoads else {
            return .skipped(
                check, "the network stand-in cannot tell its load calls apart (observe.markupLoads, ordinaryLoads)")
        }
        if ordinaryLoads > 0 {
            return .failed(
                check,
                "a bid went to the network's ordinary load (\(ordinaryLoads) ordinary load(s)); markup must go"
                    + " to the markup load call only")
        }
        guard markupLoads == [ConformanceBidMarkup.valid] else {
            let seen = markupLoads.map { "\"\($0)\"" }.joined(separator: ", ")
            return .failed(
                check,
                "the markup load call got [\(seen)]; expected the line's markup \"\(ConformanceBidMarkup.valid)\""
                    + " once")
        }
        let outcomes = load.log.outcomes
        guard outcomes.count == 1, case .loaded = outcomes[0] else {
            return .failed(check, "a bid the network filled gave \(outcomes.summary); expected one didLoad")
        }
        return .passed(check, "the markup reached the markup load call once, unchanged; no ordinary load; one didLoad")
    }

    /// Markup the custom event or the network cannot load fails once with a clear error, is never reported as a
    /// fill, and never falls back to the network's ordinary load.
    func checkInvalidBidMarkup() -> ConformanceCheckResult {
        let check = ConformanceCheck.invalidBidMarkup
        guard customEventSupportsBidding() else {
            return .passed(check, "the custom event declares no bidding support (see bid-markup-refused)")
        }
        var probes = ConformanceBidMarkup.refusedByAdapter.map { (markup: $0, byNetwork: false) }
        if makeSession().harness.rejectBidMarkup != nil {
            probes.append((ConformanceBidMarkup.rejected, true))
        }
        for probe in probes {
            let session = makeSession()
            if probe.byNetwork { session.harness.rejectBidMarkup?(probe.markup) }
            let load = session.startLoad(
                .sampleFill(after: options.networkLatency), request: ConformanceSession.Request(adMarkup: probe.markup))
            let immediate = load.log.outcomes
            let observation = withExtendedLifetime(load.customEvent) { () -> ConformanceObservation in
                session.manualClock.advance(by: options.networkLatency)
                session.settle()
                return session.harness.observe(nil)
            }
            let outcomes = load.log.outcomes
            let name = probe.byNetwork ? "markup the network rejects" : "markup \(probe.markup.debugDescription)"
            if let ordinary = observation.ordinaryLoads, ordinary > 0 {
                return .failed(check, "\(name) fell back to the network's ordinary load; it must fail instead")
            }
            guard outcomes.count == 1, case .failed(let error) = outcomes[0] else {
                return .failed(check, "\(name) gave \(outcomes.summary); expected one didFail, never a fill")
            }
            if probe.byNetwork {
                guard error.code == "invalid_bid_markup" || error.code == "network_error" else {
                    return .failed(
                        check,
                        "\(name) failed with \(error.code) (\(error)); expected invalid_bid_markup or the"
                            + " network's own error")
                }
                continue
            }
            guard case .invalidBidMarkup(let path, _) = error else {
                return .failed(
                    check, "\(name) failed with \(error.code) (\(error)); expected invalid_bid_markup at 'adm'")
            }
            guard path == "adm" else {
                return .failed(check, "\(name) failed with invalid_bid_markup at '\(path)'; expected path 'adm'")
            }
            guard !immediate.isEmpty, session.harness.loadAttempts() == 0 else {
                return .failed(
                    check,
                    "\(name) reached the network (\(session.harness.loadAttempts()) load(s)); it must fail at"
                        + " once, before any network call")
            }
        }
        let rejected =
            probes.contains { $0.byNetwork }
            ? "; markup the network rejects fails with the network's error"
            : " (the driver has no rejectBidMarkup: network-rejected markup not tried)"
        return .passed(check, "empty and blank markup fail at once with invalid_bid_markup at 'adm'\(rejected)")
    }

    /// A custom event that declares no bidding support fails a request with markup with `invalid_bid_markup`, at
    /// once, without loading.
    func checkBidMarkupRefused() -> ConformanceCheckResult {
        let check = ConformanceCheck.bidMarkupRefused
        guard !customEventSupportsBidding() else {
            return .passed(check, "the custom event supports bidding (see bid-markup-load)")
        }
        let session = makeSession()
        let load = session.startLoad(
            .sampleFill(), request: ConformanceSession.Request(adMarkup: ConformanceBidMarkup.valid))
        let immediate = load.log.outcomes
        withExtendedLifetime(load.customEvent) { session.settle() }
        let outcomes = load.log.outcomes
        let attempts = session.harness.loadAttempts()
        guard outcomes.count == 1, case .failed(let error) = outcomes[0] else {
            return .failed(
                check,
                "a request with markup on a custom event without bidding support gave \(outcomes.summary);"
                    + " expected one didFail(invalid_bid_markup), never an ad from the ordinary load")
        }
        guard case .invalidBidMarkup(let path, _) = error, path == "adm" else {
            return .failed(check, "it failed with \(error.code) (\(error)); expected invalid_bid_markup at 'adm'")
        }
        guard !immediate.isEmpty, attempts == 0 else {
            return .failed(
                check, "it reached the network (\(attempts) load(s)) before failing; expected no network call")
        }
        return .passed(check, "markup without bidding support: didFail(invalid_bid_markup) at 'adm' at once, no load")
    }
}

import Foundation

/// Runs one ``WaterfallRunMachine``: feeds it events, performs its actions.
///
/// The machine sits in a ``Locked`` box with a queue of pending actions. Whoever hands in an event (a custom
/// event's callback on any thread, a timer on the clock, the host cancelling) takes the lock, lets the machine
/// decide, appends the actions and releases the lock. If no other thread is performing actions at that
/// moment, it then performs the queue until empty, **never holding the lock** while it calls a custom event, a
/// tracker pinger, a response source or the host. A callback made synchronously from inside `requestAd`
/// therefore only queues its actions; they run right after `requestAd` returns, so there is neither deadlock
/// nor unbounded recursion, and actions always run in the order the machine produced them.
///
/// The performer takes the whole queue in one lock round trip (swapping it with an empty buffer, so neither
/// is reallocated), together with the run's lines, and performs the batch; actions queued meanwhile form the
/// next batch.
///
/// Generic over the kind of thing a line loads (``WaterfallLoadKind``): native ads and in-stream sources run
/// through the same driver and machine.
final class WaterfallRunDriver<Kind: WaterfallLoadKind>: Sendable {
    typealias Loaded = Kind.Loaded

    /// What a run needs from its mediator, whatever it loads: the run's own settings, and one reference to what
    /// every run of the mediator shares.
    struct Environment: Sendable {
        var kind: Kind
        /// What every run of the mediator shares (clock, pinger, page source, limits, statistics, back-off).
        var services: WaterfallRunServices
        /// Whether the run's traffic is child-directed (its privacy snapshot's flag).
        var isChildDirected: Bool
        var logger: any MediationLogger
        var adUnitID: String?
        /// The run's identifier, which names its tracker pings.
        var runID = MediationRunID.next()
    }

    /// The timers a run holds, one of each at most.
    private enum TimerSlot {
        case line, hedge, page, runDeadline, latencyBudget
    }

    /// The run's timers, inline (no array to allocate).
    private struct Timers {
        var line: ScheduledAction?
        var hedge: ScheduledAction?
        var page: ScheduledAction?
        var runDeadline: ScheduledAction?
        var latencyBudget: ScheduledAction?

        subscript(slot: TimerSlot) -> ScheduledAction? {
            get {
                switch slot {
                case .line: line
                case .hedge: hedge
                case .page: page
                case .runDeadline: runDeadline
                case .latencyBudget: latencyBudget
                }
            }
            set {
                switch slot {
                case .line: line = newValue
                case .hedge: hedge = newValue
                case .page: page = newValue
                case .runDeadline: runDeadline = newValue
                case .latencyBudget: latencyBudget = newValue
                }
            }
        }

        /// Every timer held.
        var all: [ScheduledAction] { [line, hedge, page, runDeadline, latencyBudget].compactMap { $0 } }
    }

    private struct State {
        var machine: WaterfallRunMachine<Loaded>
        /// Actions not yet performed, in order.
        var queue: [WaterfallRunAction<Loaded>] = []
        var isPerforming = false
        /// Each line's custom event, indexed by line; `nil` for a line not resolved (or already let go).
        var resolvedLines: [Kind.ResolvedLine?] = []
        var timers = Timers()
        var completion: (@Sendable (Result<Loaded, MediationError>, MediationTrace) -> Void)?
        /// What every line's reporter calls: made once per run. It holds the run `unowned`, since only a reporter
        /// calls it and every reporter holds the run strongly: no weak reference, so the run's reference counts
        /// stay inline (a weak reference would move them to a side table and slow every retain and release).
        var report: WaterfallLineReporter<Loaded>.Report?
    }

    private let environment: Environment
    private let state: Locked<State>

    /// The owner of `line`'s tracker pings: this run and the line, unique across launches, so that a pinger can
    /// tell lines apart.
    private func pingOwner(_ line: Int) -> String {
        "\(MediationRunID.launchToken)-\(environment.runID.number)/\(line)"
    }

    /// Creates a run over `response` under `rules`; nothing happens until ``start()``. `completion` runs exactly
    /// once.
    init(
        response: AdResponse, rules: WaterfallRunRules, environment: Environment,
        completion: @escaping @Sendable (Result<Loaded, MediationError>, MediationTrace) -> Void
    ) {
        self.environment = environment
        let machine = WaterfallRunMachine<Loaded>(response: response, rules: rules, adUnitID: environment.adUnitID)
        state = Locked(State(machine: machine, completion: completion))
        state.withLock { state in
            state.report = { [unowned self] line, outcome in
                switch outcome {
                case .success(let loaded): report(line: line, loaded: loaded)
                case .failure(let error): report(line: line, failedWith: error)
                }
            }
        }
    }

    /// Starts the run.
    func start() {
        handle(.start(at: environment.services.clock.now))
    }

    /// Cancels the run: lines in flight are stopped and the host gets ``MediationError/cancelled`` once.
    func cancel() {
        handle(.cancel(at: environment.services.clock.now))
    }

    /// The trace so far (final once the run has finished; later dropped callbacks are still added).
    var trace: MediationTrace { state.withLock { $0.machine.trace } }

    /// Whether the outcome has been delivered (or is being delivered).
    var isFinished: Bool { state.withLock { $0.machine.isFinished } }

    /// Hands `event` to the machine and performs what it asks, unless another thread is already doing so.
    func handle(_ event: WaterfallRunEvent<Loaded>) {
        let performsQueue = state.withLock { state -> Bool in
            Self.enqueue(event, in: &state)
            return Self.claimPerforming(&state)
        }
        if performsQueue { performQueue() }
    }

    /// Lets the machine handle `event`, its actions going straight into the queue.
    private static func enqueue(_ event: WaterfallRunEvent<Loaded>, in state: inout State) {
        // An idle run holds no queue buffer (memory per load in flight); room for a typical batch at once.
        if state.queue.capacity == 0 { state.queue.reserveCapacity(8) }
        state.machine.handle(event, into: &state.queue)
    }

    /// Makes the caller the performer when there is something to perform and nobody else is performing.
    private static func claimPerforming(_ state: inout State) -> Bool {
        guard !state.isPerforming, !state.queue.isEmpty else { return false }
        state.isPerforming = true
        return true
    }

    /// A custom event's outcome for `line`, from its one-shot delegate.
    func report(line: Int, loaded ad: Loaded) {
        handle(.lineLoaded(line: line, ad: ad, at: environment.services.clock.now))
    }

    /// A custom event's failure for `line`, from its one-shot delegate.
    func report(line: Int, failedWith error: MediationError) {
        handle(.lineFailed(line: line, error: error, at: environment.services.clock.now))
    }

    /// Performs batches until the queue is empty; only the performer calls it.
    private func performQueue() {
        var batch: [WaterfallRunAction<Loaded>] = []
        while true {
            let lines = state.withLock { state -> [WaterfallLine]? in
                guard !state.queue.isEmpty else {
                    // Idle until the next event: keep no buffer.
                    state.queue = []
                    state.isPerforming = false
                    return nil
                }
                swap(&batch, &state.queue)
                return state.machine.waterfallLines
            }
            guard let lines else { return }
            // Lines are borrowed through the buffer, never copied (a line is a large value with many references).
            lines.withUnsafeBufferPointer { lines in
                for index in batch.indices {
                    perform(batch[index], lines: lines)
                }
            }
            // Drops what the batch carried (a released ad) now, and keeps the buffer for the next swap.
            batch.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Actions

    /// Performs `action`; `lines` are the run's lines as the machine had them when the batch was taken (every
    /// line an action names is among them).
    private func perform(_ action: WaterfallRunAction<Loaded>, lines: UnsafeBufferPointer<WaterfallLine>) {
        switch action {
        case .resolveLine(let line):
            resolve(line, identifier: lines[line].customEventIdentifier)
        case .requestAd(let line):
            requestAd(line, lines[line])
        case .stopLine(let line):
            if let resolved = state.withLock({ $0.resolvedLines.element(line) }) {
                environment.kind.stop(resolved)
            }
        case .fireURLs(let urls, let event, let line):
            // A pinger that drops every ping still sees the URLs (it warns once), but needs no owner's name.
            let owner = environment.services.trackerPinger.discardsPings ? nil : pingOwner(line)
            for url in urls {
                environment.services.trackerPinger.ping(TrackerPing(url: url, event: event, owner: owner))
            }
        case .fireAfterLoad(let templates, let duration, let result, let line):
            guard !environment.services.trackerPinger.discardsPings else { break }
            let owner = pingOwner(line)
            for template in templates {
                guard let url = template.url(loadDuration: duration, result: result) else { continue }
                environment.services.trackerPinger.ping(TrackerPing(url: url, event: .afterLoad, owner: owner))
            }
        case .scheduleLineTimeouts(let delay):
            let timer = environment.services.clock.schedule(after: delay) { [self] in
                handle(.lineTimeoutsDue(at: environment.services.clock.now))
            }
            replaceTimer(.line, with: timer)
        case .scheduleHedgeTimer(let generation, let delay):
            let timer = environment.services.clock.schedule(after: delay) { [self] in
                handle(.hedgeTimerFired(generation: generation, at: environment.services.clock.now))
            }
            replaceTimer(.hedge, with: timer)
        case .cancelHedgeTimer:
            replaceTimer(.hedge, with: nil)
        case .fetchPage(let url):
            fetchPage(url)
        case .schedulePageTimeout(let url, let delay):
            let timer = environment.services.clock.schedule(after: delay) { [self] in
                handle(.pageTimedOut(url: url, at: environment.services.clock.now))
            }
            replaceTimer(.page, with: timer)
        case .cancelPageTimeout:
            replaceTimer(.page, with: nil)
        case .scheduleRunDeadline(let delay):
            let timer = environment.services.clock.schedule(after: delay) { [self] in
                handle(.runDeadlineReached(at: environment.services.clock.now))
            }
            replaceTimer(.runDeadline, with: timer)
        case .scheduleLatencyBudget(let delay):
            let timer = environment.services.clock.schedule(after: delay) { [self] in
                handle(.latencyBudgetReached(at: environment.services.clock.now))
            }
            replaceTimer(.latencyBudget, with: timer)
        case .recordOutcome(let line, let outcome, let latency):
            let statistics = environment.services.statistics
            let key = statistics.key(
                customEvent: lines[line].customEventIdentifier,
                network: lines[line].networkName ?? lines[line].customEventIdentifier,
                adUnit: environment.adUnitID)
            statistics.record(outcome, latency: latency, for: key)
        case .applyBackoff(let response):
            environment.services.applyBackoff(
                of: response, adUnitID: environment.adUnitID, logger: environment.logger)
        case .releaseAd(let line, let loaded):
            environment.kind.release(loaded)
            environment.logger.log(.debug, "released the ad of line \(line)", metadata: ["line": "\(line)"])
        case .log(let level, let message, let line):
            environment.logger.log(level, message(), metadata: line.map { ["line": "\($0)"] } ?? [:])
        case .finish(let outcome, let trace):
            finish(outcome, trace)
        }
    }

    /// Puts `timer` in `slot` and cancels the timer it replaces; a timer armed once the run is over is cancelled
    /// at once.
    private func replaceTimer(_ slot: TimerSlot, with timer: ScheduledAction?) {
        let replaced = state.withLock { state -> ScheduledAction? in
            if state.machine.isFinished { return timer }
            defer { state.timers[slot] = timer }
            return state.timers[slot]
        }
        replaced?.cancel()
    }

    private func resolve(_ line: Int, identifier: String) {
        let at = environment.services.clock.now
        let resolved: Kind.ResolvedLine
        do {
            resolved = try environment.kind.resolve(identifier)
        } catch {
            handle(.lineResolved(line: line, .missingAdapter(error), at: at))
            return
        }
        if environment.isChildDirected && !environment.kind.supportsChildDirectedTraffic(resolved) {
            let reason = "\(identifier) does not support child-directed traffic"
            handle(.lineResolved(line: line, .skipped(reason: reason), at: at))
            return
        }
        let performsQueue = state.withLock { state -> Bool in
            if !state.machine.isFinished {
                // Grown only as far as the lines started: memory per load follows them, not the waterfall.
                while state.resolvedLines.count <= line { state.resolvedLines.append(nil) }
                state.resolvedLines[line] = resolved
            }
            Self.enqueue(.lineResolved(line: line, .ready, at: at), in: &state)
            return Self.claimPerforming(&state)
        }
        if performsQueue { performQueue() }
    }

    private func requestAd(_ line: Int, _ waterfallLine: WaterfallLine) {
        let found = state.withLock { state -> (Kind.ResolvedLine, WaterfallLineReporter<Loaded>.Report)? in
            guard let resolved = state.resolvedLines.element(line), let report = state.report else { return nil }
            return (resolved, report)
        }
        guard let (resolved, report) = found else { return }
        let reporter = WaterfallLineReporter(line: line, owner: self, report)
        environment.kind.request(resolved, for: waterfallLine, reporter: reporter)
    }

    private func fetchPage(_ url: URL) {
        guard let source = environment.services.responseSource else {
            handle(
                .pageFailed(
                    url: url, error: .invalidConfiguration(path: "responseSource", reason: "no ad response source"),
                    at: environment.services.clock.now))
            return
        }
        source.fetchAdResponse(from: url) { [self] result in
            switch result {
            case .success(let response):
                var response = response
                if response.url == nil { response.url = url }
                handle(.pageLoaded(url: url, response: response, at: environment.services.clock.now))
            case .failure(let error):
                handle(.pageFailed(url: url, error: error, at: environment.services.clock.now))
            }
        }
    }

    private func finish(_ outcome: WaterfallRunOutcome<Loaded>, _ trace: MediationTrace) {
        let result: Result<Loaded, MediationError>
        switch outcome {
        case .loaded(let line, let loaded):
            if let resolved = state.withLock({ $0.resolvedLines.element(line) }) {
                environment.kind.prepareWinner(loaded, from: resolved)
            }
            result = .success(loaded)
        case .failed(let error):
            result = .failure(error)
        }
        let (completion, timers) = state.withLock { state in
            let completion = state.completion
            let timers = state.timers.all
            state.timers = Timers()
            state.completion = nil
            state.resolvedLines = []
            return (completion, timers)
        }
        for timer in timers { timer.cancel() }
        completion?(result, trace)
    }
}

extension Array {
    /// The element at `index`, or `nil` when the array has none there.
    fileprivate func element<Wrapped>(_ index: Int) -> Wrapped? where Element == Wrapped? {
        indices.contains(index) ? self[index] : nil
    }
}

import Foundation

/// Runs one ``WaterfallRunMachine``: feeds it events, performs its actions.
///
/// The machine sits in a ``Locked`` box with a queue of pending actions. Whoever hands in an event (a custom
/// event's callback on any thread, a timer on the clock, the host cancelling) takes the lock, lets the machine
/// decide, appends the actions and releases the lock. If no other thread is performing actions at that
/// moment, it then performs the queue until empty, one action at a time, **never holding the lock** while it
/// calls a custom event, a tracker pinger, a response source or the host. A callback made synchronously from
/// inside `requestAd` therefore only queues its actions; they run right after `requestAd` returns, so there
/// is neither deadlock nor unbounded recursion, and actions always run in the order the machine produced
/// them.
///
/// Generic over the kind of thing a line loads (``WaterfallLoadKind``): native ads and in-stream sources run
/// through the same driver and machine.
final class WaterfallRunDriver<Kind: WaterfallLoadKind>: Sendable {
    typealias Loaded = Kind.Loaded

    /// What a run needs from its mediator, whatever it loads.
    struct Environment: Sendable {
        var kind: Kind
        var clock: MediationClock
        var privacy: PrivacySettings
        var logger: any MediationLogger
        var trackerPinger: any TrackerPinging
        var responseSource: (any AdResponseSource)?
        var adUnitID: String?
        var limits: MediationRunLimits = .default
        var statistics: NetworkStatisticsStore?
        var applyBackoff: @Sendable (AdResponse) -> Void
    }

    private struct LineResources {
        var resolved: Kind.ResolvedLine
        var timeout: ScheduledAction?
    }

    private struct State {
        var machine: WaterfallRunMachine<Loaded>
        /// Actions not yet performed start at `head`; performed slots are cleared so that nothing they carry
        /// (a released ad) is kept.
        var queue: [WaterfallRunAction<Loaded>?] = []
        var head = 0
        var isPerforming = false
        var resources: [Int: LineResources] = [:]
        var hedgeTimer: ScheduledAction?
        var pageTimer: ScheduledAction?
        var runDeadlineTimer: ScheduledAction?
        var latencyBudgetTimer: ScheduledAction?
        var completion: (@Sendable (Result<Loaded, MediationError>, MediationTrace) -> Void)?
    }

    private let environment: Environment
    private let state: Locked<State>
    /// Names this run in the tracker pings it fires, so that a pinger can tell its lines apart.
    private let runIdentifier = UUID().uuidString

    /// The owner of `line`'s tracker pings: this run and the line.
    private func pingOwner(_ line: Int) -> String { "\(runIdentifier)/\(line)" }

    /// Creates a run over `response`; nothing happens until ``start()``. `completion` runs exactly once.
    init(
        response: AdResponse, strategy: MediationStrategy, environment: Environment,
        completion: @escaping @Sendable (Result<Loaded, MediationError>, MediationTrace) -> Void
    ) {
        self.environment = environment
        let machine = WaterfallRunMachine<Loaded>(
            response: response, strategy: strategy, followsNextURL: environment.responseSource != nil,
            limits: environment.limits, statistics: environment.statistics, adUnitID: environment.adUnitID,
            enabledLogLevels: Set(MediationLogLevel.allCases.filter { environment.logger.isEnabled($0) }))
        state = Locked(State(machine: machine, completion: completion))
    }

    /// Starts the run.
    func start() {
        handle(.start(at: environment.clock.now))
    }

    /// Cancels the run: lines in flight are stopped and the host gets ``MediationError/cancelled`` once.
    func cancel() {
        handle(.cancel(at: environment.clock.now))
    }

    /// The trace so far (final once the run has finished; later dropped callbacks are still added).
    var trace: MediationTrace { state.withLock { $0.machine.trace } }

    /// Whether the outcome has been delivered (or is being delivered).
    var isFinished: Bool { state.withLock { $0.machine.isFinished } }

    /// Hands `event` to the machine and performs what it asks, unless another thread is already doing so.
    func handle(_ event: WaterfallRunEvent<Loaded>) {
        let performsQueue = state.withLock { state -> Bool in
            state.queue += state.machine.handle(event).map(Optional.some)
            guard !state.isPerforming, state.head < state.queue.count else { return false }
            state.isPerforming = true
            return true
        }
        if performsQueue { performQueue() }
    }

    /// A custom event's outcome for `line`, from its one-shot delegate.
    func report(line: Int, loaded ad: Loaded) {
        handle(.lineLoaded(line: line, ad: ad, at: environment.clock.now))
    }

    /// A custom event's failure for `line`, from its one-shot delegate.
    func report(line: Int, failedWith error: MediationError) {
        handle(.lineFailed(line: line, error: error, at: environment.clock.now))
    }

    private func performQueue() {
        while let action = nextAction() {
            perform(action)
        }
    }

    private func nextAction() -> WaterfallRunAction<Loaded>? {
        state.withLock { state in
            guard state.head < state.queue.count else {
                state.queue.removeAll(keepingCapacity: true)
                state.head = 0
                state.isPerforming = false
                return nil
            }
            defer {
                state.queue[state.head] = nil
                state.head += 1
            }
            return state.queue[state.head]
        }
    }

    // MARK: Actions

    private func perform(_ action: WaterfallRunAction<Loaded>) {
        switch action {
        case .resolveLine(let line, let waterfallLine):
            resolve(line, waterfallLine)
        case .requestAd(let line, let waterfallLine):
            requestAd(line, waterfallLine)
        case .stopLine(let line):
            if let resolved = state.withLock({ $0.resources[line]?.resolved }) {
                environment.kind.stop(resolved)
            }
        case .fireURLs(let urls, let event, let line):
            for url in urls {
                environment.trackerPinger.ping(TrackerPing(url: url, event: event, owner: pingOwner(line)))
            }
        case .fireAfterLoad(let templates, let duration, let result, let line):
            guard !environment.trackerPinger.discardsPings else { break }
            for template in templates {
                guard let url = template.url(loadDuration: duration, result: result) else { continue }
                environment.trackerPinger.ping(
                    TrackerPing(url: url, event: .afterLoad, owner: pingOwner(line)))
            }
        case .scheduleLineTimeout(let line, let delay):
            let timer = environment.clock.schedule(after: delay) { [self] in
                handle(.lineTimedOut(line: line, at: environment.clock.now))
            }
            let stale = state.withLock { state -> ScheduledAction? in
                guard state.resources[line] != nil else { return timer }
                state.resources[line]?.timeout = timer
                return nil
            }
            stale?.cancel()
        case .cancelLineTimeout(let line):
            let timer = state.withLock { state in
                defer { state.resources[line]?.timeout = nil }
                return state.resources[line]?.timeout
            }
            timer?.cancel()
        case .scheduleHedgeTimer(let generation, let delay):
            let timer = environment.clock.schedule(after: delay) { [self] in
                handle(.hedgeTimerFired(generation: generation, at: environment.clock.now))
            }
            let previous = state.withLock { state in
                defer { state.hedgeTimer = timer }
                return state.hedgeTimer
            }
            previous?.cancel()
        case .cancelHedgeTimer:
            let timer = state.withLock { state in
                defer { state.hedgeTimer = nil }
                return state.hedgeTimer
            }
            timer?.cancel()
        case .fetchPage(let url):
            fetchPage(url)
        case .schedulePageTimeout(let url, let delay):
            let timer = environment.clock.schedule(after: delay) { [self] in
                handle(.pageTimedOut(url: url, at: environment.clock.now))
            }
            let previous = state.withLock { state in
                defer { state.pageTimer = timer }
                return state.pageTimer
            }
            previous?.cancel()
        case .cancelPageTimeout:
            let timer = state.withLock { state in
                defer { state.pageTimer = nil }
                return state.pageTimer
            }
            timer?.cancel()
        case .scheduleRunDeadline(let delay):
            let timer = environment.clock.schedule(after: delay) { [self] in
                handle(.runDeadlineReached(at: environment.clock.now))
            }
            let previous = state.withLock { state in
                defer { state.runDeadlineTimer = timer }
                return state.runDeadlineTimer
            }
            previous?.cancel()
        case .scheduleLatencyBudget(let delay):
            let timer = environment.clock.schedule(after: delay) { [self] in
                handle(.latencyBudgetReached(at: environment.clock.now))
            }
            let previous = state.withLock { state in
                defer { state.latencyBudgetTimer = timer }
                return state.latencyBudgetTimer
            }
            previous?.cancel()
        case .recordOutcome(let key, let outcome, let latency):
            environment.statistics?.record(outcome, latency: latency, for: key)
        case .applyBackoff(let response):
            environment.applyBackoff(response)
        case .releaseAd(let line, let loaded):
            environment.kind.release(loaded)
            environment.logger.log(.debug, "released the ad of line \(line)", metadata: ["line": "\(line)"])
        case .log(let level, let message, let line):
            environment.logger.log(level, message(), metadata: line.map { ["line": "\($0)"] } ?? [:])
        case .finish(let outcome, let trace):
            finish(outcome, trace)
        }
    }

    private func resolve(_ line: Int, _ waterfallLine: WaterfallLine) {
        let at = environment.clock.now
        let identifier = waterfallLine.customEventIdentifier
        let resolved: Kind.ResolvedLine
        do {
            resolved = try environment.kind.resolve(identifier)
        } catch {
            handle(.lineResolved(line: line, .missingAdapter(error), at: at))
            return
        }
        if environment.privacy.isChildDirected && !environment.kind.supportsChildDirectedTraffic(resolved) {
            let reason = "\(identifier) does not support child-directed traffic"
            handle(.lineResolved(line: line, .skipped(reason: reason), at: at))
            return
        }
        let performsQueue = state.withLock { state -> Bool in
            if !state.machine.isFinished {
                state.resources[line] = LineResources(resolved: resolved)
            }
            state.queue += state.machine.handle(.lineResolved(line: line, .ready, at: at)).map(Optional.some)
            guard !state.isPerforming, state.head < state.queue.count else { return false }
            state.isPerforming = true
            return true
        }
        if performsQueue { performQueue() }
    }

    private func requestAd(_ line: Int, _ waterfallLine: WaterfallLine) {
        guard let resolved = state.withLock({ $0.resources[line]?.resolved }) else { return }
        let reporter = WaterfallLineReporter<Loaded>(
            onLoad: { [self] loaded in report(line: line, loaded: loaded) },
            onFailure: { [self] error in report(line: line, failedWith: error) })
        environment.kind.request(resolved, for: waterfallLine, reporter: reporter)
    }

    private func fetchPage(_ url: URL) {
        guard let source = environment.responseSource else {
            handle(
                .pageFailed(
                    url: url, error: .invalidConfiguration(path: "responseSource", reason: "no ad response source"),
                    at: environment.clock.now))
            return
        }
        source.fetchAdResponse(from: url) { [self] result in
            switch result {
            case .success(let response):
                var response = response
                if response.url == nil { response.url = url }
                handle(.pageLoaded(url: url, response: response, at: environment.clock.now))
            case .failure(let error):
                handle(.pageFailed(url: url, error: error, at: environment.clock.now))
            }
        }
    }

    private func finish(_ outcome: WaterfallRunOutcome<Loaded>, _ trace: MediationTrace) {
        let result: Result<Loaded, MediationError>
        switch outcome {
        case .loaded(let line, let loaded):
            if let resolved = state.withLock({ $0.resources[line]?.resolved }) {
                environment.kind.prepareWinner(loaded, from: resolved)
            }
            result = .success(loaded)
        case .failed(let error):
            result = .failure(error)
        }
        let (completion, timers) = state.withLock { state in
            let completion = state.completion
            let timers =
                state.resources.values.compactMap(\.timeout)
                + [state.hedgeTimer, state.pageTimer, state.runDeadlineTimer, state.latencyBudgetTimer].compactMap(
                    \.self)
            state.completion = nil
            state.resources = [:]
            state.hedgeTimer = nil
            state.pageTimer = nil
            state.runDeadlineTimer = nil
            state.latencyBudgetTimer = nil
            return (completion, timers)
        }
        for timer in timers { timer.cancel() }
        completion?(result, trace)
    }
}

import Foundation
import MediationSupport

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
/// The performer takes the whole queue in one lock round trip, together with the run's lines, and performs the
/// batch; actions queued meanwhile form the next batch. Each line reports through a ``WaterfallLineReporter`` of
/// its own, which names the line.
///
/// Generic over the kind of thing a line loads (``WaterfallLoadKind``): native ads and in-stream sources run
/// through the same driver and machine.
final class WaterfallRunDriver<Kind: WaterfallLoadKind>: MediationRunControl {
    typealias Loaded = Kind.Loaded

    private struct State {
        var machine: WaterfallRunMachine<Loaded>
        /// Actions not yet performed, in order.
        var queue: [WaterfallRunAction<Loaded>] = []
        /// The run's timers: logical deadlines over one timer on the clock.
        var timers = WaterfallRunTimers()
        /// Whether a thread is performing actions (only one does at a time).
        var isPerforming = false
        /// The generation of the hedge timer set last (its event carries it).
        var hedgeGeneration = 0
        /// The page whose timeout was set last (its event carries it).
        var pageTimeoutURL: URL?
        /// Each started line's custom event, by line; `nil` for a line not resolved. Grown only as far as the lines
        /// started, and emptied when the outcome is delivered.
        var resolvedLines: [Kind.ResolvedLine?] = []
        /// The networks whose server parameters a line of this run handed to the start-up (the first line of each
        /// that carried some); empty in a run whose networks need no start-up.
        var networksWithServerParameters: Set<String> = []
        var completion: (@Sendable (Result<Loaded, MediationError>, WaterfallTraceSnapshot) -> Void)?

        /// Line `line`'s custom event, if it was resolved and the outcome has not been delivered.
        func resolved(_ line: Int) -> Kind.ResolvedLine? {
            resolvedLines.indices.contains(line) ? resolvedLines[line] : nil
        }
    }

    /// What the run shares: the mediator's services, the rules, the run's id, ad unit, logger and privacy flag.
    private let environment: WaterfallRunEnvironment
    /// How the run's lines are resolved, requested, stopped and released.
    private let kind: Kind
    private let state: Locked<State>

    /// The mediator's frequency caps, when the kind's runs obey them.
    private var frequencyCaps: FrequencyCapStore? {
        Kind.obeysFrequencyCaps ? environment.services.frequencyCaps : nil
    }

    /// What the run's ``MediationRun`` handle reads: this driver from the moment it is made (so that a cancel before
    /// ``start()`` ends the run before any line starts), the trace once it has ended.
    let handleState = Locked(MediationRunHandleState.unstarted)

    /// The owner of `line`'s tracker pings: this run and the line, unique across launches, so that a pinger can
    /// tell lines apart.
    private func pingOwner(_ line: Int) -> String {
        "\(MediationRunID.launchToken)-\(environment.runID.number)/\(line)"
    }

    /// Creates a run over `response` of lines of `kind`, in `environment` (under its rules); no line starts until
    /// ``start()``. `completion` runs exactly once: a ``cancel()`` before ``start()`` delivers `cancelled` at once,
    /// and the run then starts nothing.
    init(
        response: AdResponse, kind: Kind, environment: WaterfallRunEnvironment,
        completion: @escaping @Sendable (Result<Loaded, MediationError>, WaterfallTraceSnapshot) -> Void
    ) {
        self.environment = environment
        self.kind = kind
        let rules = environment.rules
        // The learned strategies read the statistics, looked up outside the run's lock so that the machine never
        // reads the store: here, for a run that decides at once; for one that puts its decisions off (every run of
        // a mediator), when a decision first needs them (``performQueue()``).
        let profiles =
            rules.defersLaunchDecisions ? nil : environment.profiles(of: response.lines)
        let machine = WaterfallRunMachine<Loaded>(
            response: response, rules: rules, isChildDirected: environment.isChildDirected, profiles: profiles,
            allowanceScale: environment.allowanceScale)
        state = Locked(State(machine: machine, completion: completion))
        // The handle reaches this driver from now on: a cancel that comes before `start()` ends the run unstarted.
        handleState.withLock { $0 = .running(self) }
    }

    /// Starts the run; does nothing when it was cancelled before (the machine has finished).
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

    /// An outcome for `line`, from its reporter.
    func report(line: Int, _ outcome: Result<Loaded, MediationError>) {
        let now = environment.services.clock.now
        switch outcome {
        case .success(let loaded):
            // A network that names a capped creative only once it loaded: the machine releases the ad and moves on.
            if let caps = frequencyCaps, let refusal = kind.capRefusal(ofLoaded: loaded, caps: caps) {
                let record = FrequencyCapRecord(line: line, afterLoad: true, refusal: refusal)
                handle(.lineLoadRefused(line: line, ad: loaded, record: record, at: now))
            } else {
                handle(.lineLoaded(line: line, ad: loaded, at: now))
            }
        case .failure(let error): handle(.lineFailed(line: line, error: error, at: now))
        }
    }

    /// Hands `event` to the machine and performs what it asks, unless another thread is already doing so.
    func handle(_ event: WaterfallRunEvent<Loaded>) {
        let performsQueue = state.withLock { state -> Bool in
            state.machine.handle(event, into: &state.queue)
            publishTraceIfFinished(state)
            return Self.claimPerforming(&state)
        }
        if performsQueue { performQueue() }
    }

    /// Once the outcome is delivered and the run has let go of its lines, puts the trace in ``handleState`` as it
    /// now stands: at the outcome, then after every event (after the outcome, an event only adds to the trace: a
    /// late or duplicate callback's entry, a note). Called under the run's lock, so that each trace put there is
    /// newer than the last.
    private func publishTraceIfFinished(_ state: State) {
        guard let recorder = state.machine.finishedRecorder else { return }
        handleState.withLock { $0 = .finished(recorder) }
    }

    /// Makes the caller the performer when there is something to perform (actions, a launch decision put off, or a
    /// clock timer to arm again) and nobody else is performing.
    private static func claimPerforming(_ state: inout State) -> Bool {
        guard !state.isPerforming,
            !state.queue.isEmpty || state.machine.hasDeferredLaunchDecision || state.timers.needsClockTimer
        else { return false }
        state.isPerforming = true
        return true
    }

    /// Performs batches until the queue is empty; only the performer calls it. Each batch is the whole queue,
    /// taken in one taking of the lock with the run's lines; actions queued meanwhile form the next batch.
    private func performQueue() {
        var batch: [WaterfallRunAction<Loaded>] = []
        while true {
            let step = state.withLock { state -> PerformStep in
                if state.queue.isEmpty, state.machine.hasDeferredLaunchDecision {
                    // The profiles are looked up outside the lock, as for a page, the first time a decision needs
                    // them.
                    if state.machine.needsProfiles { return .lookUpProfiles(state.machine.waterfallLines) }
                    // The run is about to wait: the launch decision put off is made now (its actions, if any, form
                    // the next batch), unless an answer made it anew meanwhile.
                    state.machine.decideDeferredLaunches(into: &state.queue)
                }
                guard !state.queue.isEmpty else {
                    // The run waits now: its clock timer is armed for the earliest deadline, if that moved.
                    if state.timers.needsClockTimer, !state.machine.isFinished,
                        let due = state.timers.claimClockTimer()
                    {
                        return .armClockTimer(due)
                    }
                    // Idle until the next event: keep no buffer.
                    state.queue = []
                    state.isPerforming = false
                    return .idle
                }
                swap(&batch, &state.queue)
                return .perform(state.machine.waterfallLines)
            }
            switch step {
            case .idle:
                return
            case .armClockTimer(let due):
                armClockTimer(for: due)
            case .lookUpProfiles(let lines):
                let profiles = environment.profiles(of: lines)
                state.withLock { $0.machine.supplyProfiles(profiles) }
            case .perform(let lines):
                for action in batch {
                    perform(action, lines: lines)
                }
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// What the performer does next.
    private enum PerformStep {
        /// Nothing: it stops performing.
        case idle
        /// Arms the clock timer again, for this deadline.
        case armClockTimer(MediationInstant)
        /// Looks up the learned strategy's profiles of these lines (the first page's) and hands them in.
        case lookUpProfiles([WaterfallLine])
        /// Performs the batch taken, with the run's lines.
        case perform([WaterfallLine])
    }

    // MARK: Actions

    /// Performs `action`; `lines` are the run's lines as the machine had them when the batch was taken (every
    /// line an action names is among them).
    private func perform(_ action: WaterfallRunAction<Loaded>, lines: [WaterfallLine]) {
        switch action {
        case .resolveLine(let line, let at):
            resolve(line, lines[line], at: at)
        case .recordServerParameters(let line, let network):
            recordServerParameters(of: lines[line], network: network)
        case .requestAd(let line):
            guard let resolved = state.withLock({ $0.resolved(line) }) else { return }
            // A reporter of the line's own, never handed on to another line: a custom event that keeps its delegate
            // weakly (MoPub's own convention) and answers late then reports for its own line or for none.
            kind.request(
                resolved, for: lines[line], reporter: WaterfallLineReporter(line: line, run: self), in: environment)
        case .awaitNetwork(let line, let network):
            awaitNetwork(network, for: line)
        case .stopLine(let line):
            if let resolved = state.withLock({ $0.resolved(line) }) { kind.stop(resolved) }
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
            setTimer(.line, after: delay)
        case .scheduleHedgeTimer(let generation, let delay):
            setTimer(.hedge, after: delay) { $0.hedgeGeneration = generation }
        case .cancelHedgeTimer:
            state.withLock { $0.timers.clear(.hedge) }
        case .fetchPage(let url):
            fetchPage(url)
        case .schedulePageTimeout(let url, let delay):
            setTimer(.page, after: delay) { $0.pageTimeoutURL = url }
        case .cancelPageTimeout:
            state.withLock { $0.timers.clear(.page) }
        case .scheduleRunDeadline(let delay):
            setTimer(.runDeadline, after: delay)
        case .scheduleLatencyBudget(let delay):
            setTimer(.latencyBudget, after: delay)
        case .recordOutcome(let line, let outcome, let latency):
            let statistics = environment.services.statistics
            let key = statistics.key(
                customEvent: lines[line].customEventIdentifier, network: lines[line].displayNetworkName,
                adUnit: environment.adUnitID)
            statistics.record(outcome, latency: latency, for: key)
        case .recordRequests(let requests, let sequential, let requestBudget):
            environment.services.statistics.recordRequests(
                requests, sequentialRequests: sequential, requestBudget: requestBudget)
        case .applyBackoff(let response):
            environment.services.applyBackoff(
                of: response, adUnitID: environment.adUnitID, logger: environment.logger)
        case .releaseAd(let line, let loaded):
            kind.release(loaded)
            environment.logger.log(.debug, "released the ad of line \(line)", metadata: ["line": "\(line)"])
        case .log(let level, let message, let line):
            environment.logger.log(level, message(), metadata: line.map { ["line": "\($0)"] } ?? [:])
        case .finish(let outcome, let trace):
            finish(outcome, trace, lines: lines)
        }
    }

    /// Sets the run's `slot` timer to fire `delay` from now (with `payload` updating what its event carries). The
    /// clock timer is armed, if this deadline needs it, when the performer next goes idle.
    private func setTimer(
        _ slot: WaterfallRunTimers.Slot, after delay: Duration, payload: ((inout State) -> Void)? = nil
    ) {
        let due = environment.services.clock.now.advanced(by: delay)
        state.withLock { state in
            guard !state.machine.isFinished else { return }
            payload?(&state)
            state.timers.set(slot, due: due)
        }
    }

    /// Arms the run's one clock timer for `due` (claimed in ``WaterfallRunTimers``) as the performer goes idle,
    /// cancelling the one it replaces. Only the performer calls it.
    private func armClockTimer(for due: MediationInstant) {
        let clock = environment.services.clock
        let timer = clock.schedule(after: max(clock.now.duration(to: due), .zero)) { [self] in
            clockTimerFired(armedFor: due)
        }
        let toCancel = state.withLock { state -> ScheduledAction? in
            state.machine.isFinished ? timer : state.timers.store(timer, for: due)
        }
        toCancel?.cancel()
    }

    /// The clock timer armed for `due` fired: every run timer due by now becomes its event, in deadline order,
    /// and the performer arms the clock timer again for the earliest deadline left.
    private func clockTimerFired(armedFor due: MediationInstant) {
        let now = environment.services.clock.now
        let performsQueue = state.withLock { state -> Bool in
            guard !state.machine.isFinished else { return false }
            for slot in state.timers.fire(armedFor: due, at: now) {
                let event: WaterfallRunEvent<Loaded>
                switch slot {
                case .line: event = .lineTimeoutsDue(at: now)
                case .hedge: event = .hedgeTimerFired(generation: state.hedgeGeneration, at: now)
                case .runDeadline: event = .runDeadlineReached(at: now)
                case .latencyBudget: event = .latencyBudgetReached(at: now)
                case .page:
                    guard let url = state.pageTimeoutURL else { continue }
                    event = .pageTimedOut(url: url, at: now)
                }
                state.machine.handle(event, into: &state.queue)
            }
            return Self.claimPerforming(&state)
        }
        if performsQueue { performQueue() }
    }

    /// Resolves `line` (`waterfallLine`), which the run decided to start at `at`, and hands the machine what it
    /// found: the frequency caps' refusal, the custom event's capabilities, its network's start-up status. The
    /// machine decides what follows; a line it skips before anything is looked up (a bid that expired) is not
    /// resolved at all.
    private func resolve(_ line: Int, _ waterfallLine: borrowing WaterfallLine, at: MediationInstant) {
        let skipped = state.withLock { state -> Bool? in
            guard !state.machine.beginResolving(line, at: at, into: &state.queue) else { return nil }
            publishTraceIfFinished(state)
            return Self.claimPerforming(&state)
        }
        if let performsQueue = skipped {
            if performsQueue { performQueue() }
            return
        }
        // A line a frequency cap refuses (its network's, its creative's or its own) is skipped before its custom event
        // is made: nothing fires, nothing is requested.
        if let caps = frequencyCaps,
            let refusal = caps.refusal(before: waterfallLine, adUnitID: environment.adUnitID)
        {
            handle(.lineResolved(line: line, .capped(FrequencyCapRecord(line: line, refusal: refusal)), at: at))
            return
        }
        let identifier = waterfallLine.customEventIdentifier
        let resolved: Kind.ResolvedLine
        do {
            resolved = try kind.resolve(identifier, in: environment)
        } catch {
            handle(.lineResolved(line: line, .failedBeforeRequest(error), at: at))
            return
        }
        let capabilities = kind.capabilities(of: resolved)
        // A line of a network that needs a start-up: the machine decides, from the network's status now, whether
        // it is requested, waits or fails.
        var resolution = WaterfallLineResolution.ready(capabilities)
        if let startup = environment.services.networkStartup, let network = startup.network(forCustomEvent: identifier)
        {
            resolution = .needsNetwork(network, status: startup.record(for: network).status, capabilities)
        }
        let performsQueue = state.withLock { state -> Bool in
            // Kept until the outcome (to be stopped, or to prepare the winner); once the run has finished, the line
            // will never be requested.
            if !state.machine.isFinished {
                while state.resolvedLines.count <= line { state.resolvedLines.append(nil) }
                state.resolvedLines[line] = resolved
            }
            state.machine.handle(.lineResolved(line: line, resolution, at: at), into: &state.queue)
            publishTraceIfFinished(state)
            return Self.claimPerforming(&state)
        }
        if performsQueue { performQueue() }
    }

    /// Hands the start-up the server parameters `waterfallLine` carries for `network` (its custom-event info), once
    /// per network per run: kept for the next launch and, if the network has not started, for its start. A network
    /// that started is not restarted.
    private func recordServerParameters(of waterfallLine: borrowing WaterfallLine, network: String) {
        guard let startup = environment.services.networkStartup, !waterfallLine.info.values.isEmpty else { return }
        let parameters = NetworkStartup.serverParameters(in: waterfallLine.info)
        guard !parameters.isEmpty,
            state.withLock({ $0.networksWithServerParameters.insert(network).inserted })
        else { return }
        startup.recordServerParameters(parameters, for: network)
    }

    /// Starts `network` if nothing has (a network first met in an ad response; with the ad server's timeout when
    /// it set one), or joins its start, and hands the machine its end for `line`.
    private func awaitNetwork(_ network: String, for line: Int) {
        guard let startup = environment.services.networkStartup else { return }
        startup.launch(network, timeout: environment.services.networkStartTimeout(for: network))
        startup.whenFinished(network) { [self] record in
            let now = environment.services.clock.now
            handle(.networkStartEnded(line: line, network: network, status: record.status, at: now))
        }
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
                // Looked up before the run's lock is taken, as for the first page.
                let profiles = environment.profiles(of: response.lines)
                handle(
                    .pageLoaded(
                        url: url, response: response, profiles: profiles, at: environment.services.clock.now))
            case .failure(let error):
                handle(.pageFailed(url: url, error: error, at: environment.services.clock.now))
            }
        }
    }

    private func finish(
        _ outcome: WaterfallRunOutcome<Loaded>, _ trace: WaterfallTraceSnapshot, lines: [WaterfallLine]
    ) {
        // The run has ended: the driver lets go of the lines' custom events and its timer, and, while something
        // else keeps it (a custom event that may still call back), keeps the trace and each line's small record,
        // not the waterfall. Any action still queued behind this one was made after the outcome and names no line
        // of the waterfall.
        let (completion, timer, resolvedLines) = state.withLock { state in
            defer {
                state.completion = nil
                state.resolvedLines = []
            }
            return (state.completion, state.timers.removeAll(), state.resolvedLines)
        }
        timer?.cancel()
        let result: Result<Loaded, MediationError>
        switch outcome {
        case .loaded(let line, let loaded):
            if resolvedLines.indices.contains(line), let resolved = resolvedLines[line] {
                kind.prepareWinner(loaded, from: resolved, in: environment)
            }
            if let caps = frequencyCaps, lines.indices.contains(line) {
                kind.countImpression(of: loaded, line: lines[line], caps: caps, adUnitID: environment.adUnitID)
            }
            result = .success(loaded)
        case .failed(let error):
            result = .failure(error)
        }
        completion?(result, trace)
        // The handle gets the trace and lets go of this driver.
        state.withLock { state in
            state.machine.compactAfterFinish()
            publishTraceIfFinished(state)
        }
    }
}

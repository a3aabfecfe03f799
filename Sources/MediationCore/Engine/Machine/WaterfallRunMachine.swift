import Foundation
import MediationSupport

/// The rules of one waterfall run, as a value: events in, actions out. No threads, no clock, no I/O, no locks:
/// what the learned strategies know about the networks is handed in (the driver looks the profiles up outside the
/// run's lock, when a decision first needs them: ``needsProfiles``), and outcomes to learn from go out as actions.
///
/// The driver (``WaterfallRunDriver``) keeps it behind a lock, feeds it events with the time they happened,
/// and performs the actions it returns after unlocking, in order. Everything the engine decides lives here:
/// which line starts when, whether a line may run at all (a bid that expired since the run started, a bid on a
/// custom event that does not bid, a child-directed run on one that refuses such traffic, a network not started:
/// the driver only looks up the facts, ``WaterfallLineResolution``), which outcome counts, which is dropped as
/// duplicate or late, who wins, which URLs fire, when to follow `x-next-url`, and what the trace says. The line
/// lifecycle is the machine's own; the hedge timer (``WaterfallHedgeTimer``), the pages (``WaterfallPageCursor``),
/// the learned strategies' state (``WaterfallLearnedLaunches``) and the trace (``WaterfallTraceRecorder``) are
/// values it holds.
struct WaterfallRunMachine<Loaded: WaterfallLoadable>: Sendable {
    /// Where the run is.
    enum Phase: Sendable, Equatable {
        /// Not started.
        case idle
        /// Lines are loading.
        case running
        /// Every line failed and the `x-next-url` page is loading.
        case fetchingPage(URL)
        /// The outcome was delivered.
        case finished
    }

    /// The settings shared by every run of the mediator.
    let rules: WaterfallRunRules
    /// Whether the run's traffic is child-directed (its privacy snapshot's flag): a custom event that does not
    /// serve child-directed traffic is then skipped.
    let isChildDirected: Bool
    /// The strategy.
    var strategy: MediationStrategy { rules.strategy }
    /// The run's deadline and page cap.
    var limits: MediationRunLimits { rules.limits }
    /// The levels the run's logger records; no log action is made for the others, so a silent logger costs
    /// nothing (not even the message's closure).
    var enabledLogLevels: MediationLogLevelMask { rules.enabledLogLevels }

    private(set) var phase: Phase = .idle
    private(set) var lines: LineRecords
    /// The lines of every page loaded so far, in run order.
    private(set) var waterfallLines: [WaterfallLine]
    /// The trace so far.
    var trace: MediationTrace { recorder.trace(lines: waterfallLines) }
    /// The trace so far, not yet made (``WaterfallTraceSnapshot``).
    var traceSnapshot: WaterfallTraceSnapshot { WaterfallTraceSnapshot(recorder: recorder, lines: waterfallLines) }
    private var recorder: WaterfallTraceRecorder
    private var hedge: WaterfallHedgeTimer
    private var pages: WaterfallPageCursor
    private var learned: WaterfallLearnedLaunches
    /// When the run's one line-timeout timer fires, if armed. Lines do not cancel it when they answer: it fires,
    /// times out the lines whose deadline has passed (none, often) and is re-armed for the earliest deadline left,
    /// so a line costs no timer of its own.
    private var lineTimerDue: MediationInstant?
    /// When the learned strategies put off a launch decision that needs the planner: the instant of the event that
    /// called for it, at which the driver has it made once it goes idle (``decideDeferredLaunches(into:)``), unless
    /// another event first moves the waterfall on (and makes or puts off the decision anew).
    private var deferredLaunchDecision: MediationInstant?
    /// Every line before this index has ended.
    private var firstUnended = 0
    /// Every line before this index has started.
    private var firstPending = 0
    /// How many lines are resolving or in flight.
    private var loadingCount = 0
    /// How many lines hold a loaded ad.
    private var heldCount = 0
    /// How many lines were started (for the adaptive strategy's request-budget controller).
    private var startedCount = 0
    /// The network each line waiting for its network's start-up waits for, by line; empty (no storage) in a run
    /// whose networks need no start-up or have started.
    private var awaitedNetworks: [Int: String] = [:]

    /// MoPub's HTTP timeout, used for `x-next-url` pages: 10 seconds.
    static var defaultPageTimeout: Duration { .seconds(10) }

    /// A machine for `response` under the mediator's shared `rules`. `profiles` (`nil`: not looked up yet, see
    /// ``needsProfiles``) are what the statistics say about
    /// each line's network, by line, for the learned strategies (the driver looks them up; empty for the others);
    /// `allowanceScale` is what the request-budget controller says for the adaptive strategy's allowance.
    init(
        response: AdResponse, rules: WaterfallRunRules, isChildDirected: Bool = false,
        profiles: [NetworkProfile?]? = [], allowanceScale: Double = 1
    ) {
        self.rules = rules
        self.isChildDirected = isChildDirected
        lines = LineRecords(count: response.lines.count)
        waterfallLines = response.lines
        recorder = WaterfallTraceRecorder(droppedEntries: response.droppedEntries)
        hedge = WaterfallHedgeTimer(strategy: rules.strategy)
        pages = WaterfallPageCursor(response: response)
        learned = WaterfallLearnedLaunches(profiles: profiles, allowanceScale: allowanceScale)
    }

    /// Whether the outcome has been delivered.
    var isFinished: Bool { phase == .finished }

    /// Whether a launch decision waits for the driver to go idle (never once the run has stopped running).
    var hasDeferredLaunchDecision: Bool { deferredLaunchDecision != nil && phase == .running }

    /// Whether the learned strategy's profiles of the first page's lines are to be looked up before the decision
    /// put off is made (the driver looks them up only then: a run whose lines all answer within their requests
    /// never needs them).
    var needsProfiles: Bool { strategy.isLearned && !learned.hasProfiles }

    /// Hands in the profiles of the first page's lines, by line, as the statistics say now.
    mutating func supplyProfiles(_ profiles: [NetworkProfile?]) {
        learned.supplyFirstPageProfiles(profiles)
    }

    /// The driver has performed every action and is about to wait: makes the launch decision put off, as it would
    /// have been made at the instant of the event that called for it (which lines start now, when the hedge timer
    /// fires). Nothing has happened to the run since that event: any event would have made or put off the decision
    /// anew.
    mutating func decideDeferredLaunches(into actions: inout [WaterfallRunAction<Loaded>]) {
        guard let at = deferredLaunchDecision else { return }
        deferredLaunchDecision = nil
        guard phase == .running else { return }
        advance(at: at, mayDeferLaunches: false, &actions)
    }

    /// The trace's recorder, once the run has let go of its lines (``compactAfterFinish()``), whose names the
    /// recorder then keeps: what a kept handle holds, making the trace when it is read.
    var finishedRecorder: WaterfallTraceRecorder? {
        guard phase == .finished, waterfallLines.isEmpty else { return nil }
        return recorder
    }

    /// Once the outcome has been delivered, lets go of what only a running waterfall needs: the lines themselves
    /// (a late callback's trace entry takes the line's names and price from the line's first entry), the learned
    /// strategies' state and the trace's spare room. What remains is the trace and each line's small record, which
    /// is all a late or duplicate callback needs.
    mutating func compactAfterFinish() {
        guard phase == .finished else { return }
        recorder.compact(keepingNamesOf: waterfallLines)
        waterfallLines = []
        learned.releaseAfterRun()
        pages.dropNext()
    }

    /// Handles `event` and returns what the driver must do, in order.
    mutating func handle(_ event: WaterfallRunEvent<Loaded>) -> [WaterfallRunAction<Loaded>] {
        var actions: [WaterfallRunAction<Loaded>] = []
        handle(event, into: &actions)
        return actions
    }

    /// Handles `event` and appends what the driver must do, in order, to `actions` (the driver's queue: no array
    /// is made per event).
    mutating func handle(_ event: WaterfallRunEvent<Loaded>, into actions: inout [WaterfallRunAction<Loaded>]) {
        switch event {
        case .start(let at):
            guard phase == .idle else { return }
            phase = .running
            recorder.start(at: at)
            if let deadline = limits.runDeadline { actions.append(.scheduleRunDeadline(after: deadline)) }
            if case .latencyBudget(let budget, _, _) = strategy.mode {
                actions.append(.scheduleLatencyBudget(after: budget))
            }
            advance(at: at, &actions)
        case .lineResolved(let index, let resolution, let at):
            resolved(index, resolution, at: at, &actions)
        case .networkStartEnded(let index, let network, let status, let at):
            networkStartEnded(index, network: network, status: status, at: at, &actions)
        case .lineLoaded(let index, let ad, let at):
            loaded(index, ad, at: at, &actions)
        case .lineLoadRefused(let index, let ad, let record, let at):
            loadRefused(index, ad, record: record, at: at, &actions)
        case .lineFailed(let index, let error, let at):
            failed(index, error, at: at, &actions)
        case .lineTimeoutsDue(let at):
            lineTimeoutsDue(at: at, &actions)
        case .hedgeTimerFired(let generation, let at):
            guard phase == .running, hedge.fire(generation: generation, strategy: strategy) else { return }
            advance(at: at, &actions)
        case .latencyBudgetReached(let at):
            guard phase != .idle, phase != .finished, learned.passLatencyBudget() else { return }
            recorder.note("latency budget reached at \(recorder.milliseconds(at))ms")
            if phase == .running { advance(at: at, &actions) }
        case .pageLoaded(let url, let response, let profiles, let at):
            pageLoaded(url, response, profiles: profiles, at: at, &actions)
        case .pageFailed(let url, let error, let at):
            guard phase == .fetchingPage(url) else { return }
            actions.append(.cancelPageTimeout)
            recorder.note("x-next-url \(url.absoluteString) failed at \(recorder.milliseconds(at))ms: \(error)")
            finish(.noFill, &actions)
        case .pageTimedOut(let url, let at):
            guard phase == .fetchingPage(url) else { return }
            recorder.note("x-next-url \(url.absoluteString) timed out at \(recorder.milliseconds(at))ms")
            finish(.noFill, &actions)
        case .cancel(let at):
            cancel(at: at, &actions)
        case .runDeadlineReached(let at):
            deadlineReached(at: at, &actions)
        }
    }

    // MARK: Lines

    private mutating func resolved(
        _ index: Int, _ resolution: WaterfallLineResolution, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard phase == .running, lines.indices.contains(index), case .resolving = lines[index].state else { return }
        switch resolution {
        case .ready(let capabilities):
            guard admits(index, capabilities, at: at, &actions) else { return }
            start(index, at: at, &actions)
        case .needsNetwork(let network, let status, let capabilities):
            guard admits(index, capabilities, at: at, &actions) else { return }
            if !waterfallLines[index].info.values.isEmpty {
                actions.append(.recordServerParameters(line: index, network: network))
            }
            if status.isReady {
                start(index, at: at, &actions)
            } else if status.isFinal {
                let error = MediationError.networkNotStarted(network: network, reason: status.error ?? .timeout)
                failBeforeRequest(index, error, at: at, &actions)
            } else {
                // The machine decides that the line waits, within its own timeout; the driver does the waiting.
                setState(index, .awaitingNetwork)
                awaitedNetworks[index] = network
                lines[index].startedAt = at
                lines[index].entry = addEntry(
                    index, start: at, duration: nil, result: .loading, detail: "waiting for \(network) to start")
                armLineTimeout(index, at: at, &actions)
                log(&actions, .info, "line \(index) waits for network \(network) to start", line: index)
                actions.append(.awaitNetwork(line: index, network: network))
            }
        case .failedBeforeRequest(let error):
            failBeforeRequest(index, error, at: at, &actions)
        case .capped(let record):
            // Nothing fires and nothing is requested or learned: the line never ran.
            end(index, .answered)
            let refusal = record.refusal
            lines[index].entry = addEntry(
                index, start: at, duration: nil, result: .skipped, errorCode: refusal.reason.rawValue,
                detail: refusal.description)
            recorder.addFrequencyCap(record)
            log(&actions, .info, "line \(index) skipped: \(refusal)", line: index)
            advance(at: at, &actions)
        }
    }

    /// The driver is about to resolve line `index`, which the run decided to start at `at`: a bid line whose
    /// `x-bid-expiry-ms` has passed since the run started is skipped, and nothing is looked up for it.
    ///
    /// - Returns: whether the line is to be resolved (`false`: its bid expired; the line is skipped if it still
    ///   waits for its resolution).
    mutating func beginResolving(
        _ index: Int, at: MediationInstant, into actions: inout [WaterfallRunAction<Loaded>]
    ) -> Bool {
        guard lines.indices.contains(index), index < waterfallLines.count,
            let expiry = waterfallLines[index].bid?.expiry,
            phase != .idle, recorder.runStart.duration(to: at) >= expiry
        else { return true }
        let reason = "bid expired: its x-bid-expiry-ms of \(expiry.wholeMilliseconds)ms passed before its turn"
        if phase == .running, case .resolving = lines[index].state { skip(index, reason: reason, at: at, &actions) }
        return false
    }

    /// Whether line `index`'s custom event, which supports `capabilities`, may run: a bid line needs a custom event
    /// that bids (else it fails before its request with ``MediationError/invalidBidMarkup(path:reason:)``), and a
    /// child-directed run one that serves child-directed traffic (else the line is skipped). A line refused here has
    /// ended and the waterfall has moved on.
    private mutating func admits(
        _ index: Int, _ capabilities: WaterfallLineCapabilities, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) -> Bool {
        let identifier = waterfallLines[index].customEventIdentifier
        if waterfallLines[index].isBid && !capabilities.supportsBidding {
            let error = MediationError.invalidBidMarkup(
                path: "adm", reason: "custom event '\(identifier)' declares no bidding support (supportsBidding)")
            failBeforeRequest(index, error, at: at, &actions)
            return false
        }
        if isChildDirected && !capabilities.supportsChildDirectedTraffic {
            skip(index, reason: "\(identifier) does not support child-directed traffic", at: at, &actions)
            return false
        }
        return true
    }

    /// Line `index` is requested now: its entry, before-load URLs, timeout and request.
    private mutating func start(_ index: Int, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        setState(index, .inFlight)
        lines[index].startedAt = at
        lines[index].entry = addEntry(index, start: at, duration: nil, result: .loading)
        fireBeforeLoad(index, &actions)
        armLineTimeout(index, at: at, &actions)
        request(index, &actions)
    }

    /// Line `index` fails before its request with `error`: its before- and after-load URLs fire, and the waterfall
    /// moves on.
    private mutating func failBeforeRequest(
        _ index: Int, _ error: MediationError, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        fireBeforeLoad(index, &actions)
        end(index, .answered)
        let result: MediationLineResult = error.code == "missing_adapter" ? .missingAdapter : .error
        lines[index].entry = addEntry(
            index, start: at, duration: .zero, result: result, errorCode: error.code, detail: error.description)
        fireAfterLoad(index, duration: .zero, result: error.loadResult, &actions)
        log(&actions, .warning, "line \(index): \(error)", line: index)
        advance(at: at, &actions)
    }

    /// Line `index` must not run (`reason`): nothing fires, and the waterfall moves on.
    private mutating func skip(
        _ index: Int, reason: String, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        end(index, .answered)
        lines[index].entry = addEntry(index, start: at, duration: nil, result: .skipped, detail: reason)
        log(&actions, .info, "line \(index) skipped: \(reason)", line: index)
        advance(at: at, &actions)
    }

    /// Line `index` loaded `ad`, which a frequency cap refuses (`record`): the line's outcome counts as for a load
    /// (duplicate and late ones are recorded as such), the network's fill is learned, the ad is released unshown and
    /// the line ends as an error with the cap's reason, its after-load URLs fired as for a failure.
    private mutating func loadRefused(
        _ index: Int, _ ad: Loaded, record capRecord: FrequencyCapRecord, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard lines.indices.contains(index) else { return }
        timeOutIfDue(index, at: at, &actions)
        actions.append(.releaseAd(line: index, ad))
        guard acceptOutcome(index, description: "loaded", at: at, &actions) else { return }
        let duration = elapsed(index, at)
        let error = capRecord.refusal.error
        updateEntry(
            index, duration: duration, result: .error, errorCode: error.code,
            detail: "\(capRecord.refusal.detail); the loaded ad was released unshown")
        recorder.addFrequencyCap(capRecord)
        record(index, .fill, after: duration, &actions)
        fireAfterLoad(index, duration: duration, result: error.loadResult, &actions)
        end(index, .answered)
        log(&actions, .info, "line \(index): loaded ad refused: \(capRecord.refusal)", line: index)
        advance(at: at, &actions)
    }

    /// Asks the driver to request line `index`'s ad (its before-load URLs have been fired).
    private func request(_ index: Int, _ actions: inout [WaterfallRunAction<Loaded>]) {
        if enabledLogLevels.contains(.debug) {
            let identifier = waterfallLines[index].customEventIdentifier
            log(&actions, .debug, "line \(index) \(identifier) requesting an ad", line: index)
        }
        actions.append(.requestAd(line: index))
    }

    /// Arms the line timer for line `index`, started at `at`, if its deadline is the earliest.
    private mutating func armLineTimeout(
        _ index: Int, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard let timeout = waterfallLines[index].timeout else { return }
        let deadline = at.advanced(by: timeout)
        if lineTimerDue.map({ deadline < $0 }) ?? true {
            lineTimerDue = deadline
            actions.append(.scheduleLineTimeouts(after: timeout))
        }
    }

    /// The start-up of the network line `index` waits for ended: the line is requested if the network is ready
    /// (its time still counts from its start), and fails with `network_not_started` otherwise.
    private mutating func networkStartEnded(
        _ index: Int, network: String, status: NetworkStartStatus, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard phase == .running, lines.indices.contains(index), case .awaitingNetwork = lines[index].state else {
            return
        }
        timeOutIfDue(index, at: at, &actions)
        guard case .awaitingNetwork = lines[index].state else { return }
        awaitedNetworks[index] = nil
        guard status.isReady else {
            let reason = status.error ?? .timeout
            endWaitingLine(index, .networkNotStarted(network: network, reason: reason), at: at, &actions)
            return
        }
        setState(index, .inFlight)
        recorder.note("line \(index) waited \(elapsed(index, at).wholeMilliseconds)ms for \(network) to start")
        fireBeforeLoad(index, &actions)
        request(index, &actions)
    }

    /// Ends line `index`, which waits for its network, with `error` (the network did not start in time): its
    /// before- and after-load URLs fire as for a line that failed before its request, and the waterfall moves on.
    private mutating func endWaitingLine(
        _ index: Int, _ error: MediationError, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        awaitedNetworks[index] = nil
        let duration = elapsed(index, at)
        fireBeforeLoad(index, &actions)
        updateEntry(index, duration: duration, result: .error, errorCode: error.code, detail: error.description)
        fireAfterLoad(index, duration: duration, result: error.loadResult, &actions)
        end(index, .answered)
        log(&actions, .warning, "line \(index): \(error)", line: index)
        advance(at: at, &actions)
    }

    /// Ends line `index`, which waits for its network, from the engine's side (another line won, the run was
    /// cancelled or hit its deadline): no request was made, so nothing is stopped or recorded.
    private mutating func stopWaitingLine(
        _ index: Int, at: MediationInstant, result: MediationLineResult, errorCode: String? = nil, detail: String,
        reason: EndReason
    ) {
        awaitedNetworks[index] = nil
        updateEntry(index, duration: elapsed(index, at), result: result, errorCode: errorCode, detail: detail)
        end(index, reason)
    }

    private mutating func loaded(
        _ index: Int, _ ad: Loaded, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard lines.indices.contains(index) else { return }
        timeOutIfDue(index, at: at, &actions)
        guard acceptOutcome(index, description: "loaded", at: at, &actions) else {
            actions.append(.releaseAd(line: index, ad))
            return
        }
        if let unusable = ad.unusableReason {
            // An ad with no asset at all cannot be shown: the line failed, whatever the network said.
            actions.append(.releaseAd(line: index, ad))
            recordFailure(index, unusable, at: at, &actions)
            return
        }
        let duration = elapsed(index, at)
        updateEntry(index, duration: duration, result: .loaded)
        let refused = ad.refusedContentURLs
        if !refused.isEmpty {
            let list = refused.keys.sorted().map { "\($0.rawValue) (\(refused[$0]?.prefix(60) ?? ""))" }
            let note = "line \(index): dropped URLs that are not http(s): \(list.joined(separator: ", "))"
            recorder.note(note)
            log(&actions, .warning, note, line: index)
        }
        let droppedValues = ad.droppedContentValues
        if !droppedValues.isEmpty {
            let list = droppedValues.keys.sorted().map { "\($0.terminalSafe) (\(droppedValues[$0] ?? ""))" }
            let note = "line \(index): dropped values out of range: \(list.joined(separator: ", "))"
            recorder.note(note)
            log(&actions, .warning, note, line: index)
        }
        record(index, .fill, after: duration, &actions)
        fireAfterLoad(index, duration: duration, result: MediationError.adLoadedResult, &actions)
        setState(index, .held(ad))
        lines[index].endReason = .answered
        log(&actions, .debug, "line \(index) loaded", line: index)
        advance(at: at, &actions)
    }

    private mutating func failed(
        _ index: Int, _ error: MediationError, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard lines.indices.contains(index) else { return }
        timeOutIfDue(index, at: at, &actions)
        guard acceptOutcome(index, description: "failed (\(error.code))", at: at, &actions) else { return }
        recordFailure(index, error, at: at, &actions)
    }

    /// Ends line `index` with `error`, its first outcome, and moves the waterfall on.
    private mutating func recordFailure(
        _ index: Int, _ error: MediationError, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        let duration = elapsed(index, at)
        let result = MediationLineResult.failure(error)
        updateEntry(
            index, duration: duration, result: result, errorCode: error.code,
            detail: result == .noFill ? nil : error.description)
        record(index, result == .noFill ? .noFill : .error, after: duration, &actions)
        fireAfterLoad(index, duration: duration, result: error.loadResult, &actions)
        end(index, .answered)
        log(&actions, .debug, "line \(index) failed: \(error)", line: index)
        advance(at: at, &actions)
    }

    /// Notes a callback; `true` when it is the line's first and the line still listens. Otherwise records it
    /// as duplicate or late; `description` is built only then.
    private mutating func acceptOutcome(
        _ index: Int, description: @autoclosure () -> String, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) -> Bool {
        let isDuplicate = lines[index].hasCalledBack
        lines[index].hasCalledBack = true
        if isDuplicate {
            let description = description()
            addEntry(
                index, start: at, duration: nil, result: .duplicateCallback,
                detail: "second outcome (\(description)) dropped")
            log(&actions, .warning, "line \(index): duplicate callback (\(description)) dropped", line: index)
            return false
        }
        guard case .inFlight = lines[index].state else {
            let reason = lines[index].endReason.rawValue
            let description = description()
            addEntry(index, start: at, duration: nil, result: .lateCallback, detail: "\(description) \(reason)")
            log(&actions, .warning, "line \(index): late callback (\(description)) \(reason)", line: index)
            return false
        }
        return true
    }

    /// Times out every line in flight whose deadline has passed, in priority order, then re-arms the line timer
    /// for the earliest deadline left.
    private mutating func lineTimeoutsDue(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        lineTimerDue = nil
        // Lines start in priority order: the lines in flight lie between the first unended and the first pending.
        var end = nextPendingLine() ?? lines.count
        var index = firstUnended
        while index < end, phase == .running {
            if lines[index].isRequestedOrAwaiting, let deadline = deadline(of: index), deadline <= at {
                timedOut(index, at: at, &actions)
            }
            index += 1
        }
        guard phase == .running else { return }
        end = nextPendingLine() ?? lines.count
        var earliest: MediationInstant?
        for index in firstUnended..<end {
            guard lines[index].isRequestedOrAwaiting, let deadline = deadline(of: index) else { continue }
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        guard let earliest, lineTimerDue.map({ earliest < $0 }) ?? true else { return }
        lineTimerDue = earliest
        actions.append(.scheduleLineTimeouts(after: max(at.duration(to: earliest), .zero)))
    }

    /// An outcome that arrives at or after its line's deadline comes after the timeout, whichever timer the clock
    /// happened to run first: the line times out now and the outcome is late. (With a timer per line, the
    /// timeout, scheduled before the custom event's own timers, always ran first on a tie; the shared line timer
    /// may be re-armed later, so the rule is kept here, by time, not by timer order.)
    private mutating func timeOutIfDue(
        _ index: Int, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard lines[index].isRequestedOrAwaiting, let deadline = deadline(of: index), deadline <= at else { return }
        timedOut(index, at: at, &actions)
    }

    private mutating func timedOut(_ index: Int, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard lines.indices.contains(index) else { return }
        if case .awaitingNetwork = lines[index].state {
            // Its network was still starting when the line's timeout passed: the line never ran.
            let network = awaitedNetworks[index] ?? ""
            endWaitingLine(index, .networkNotStarted(network: network, reason: .timeout), at: at, &actions)
            return
        }
        guard case .inFlight = lines[index].state else { return }
        let duration = elapsed(index, at)
        updateEntry(index, duration: duration, result: .timeout, errorCode: MediationError.timeout.code)
        end(index, .timedOut)
        actions.append(.stopLine(line: index))
        record(index, .timeout, after: duration, &actions)
        fireAfterLoad(index, duration: duration, result: MediationError.timeout.loadResult, &actions)
        log(&actions, .info, "line \(index) timed out", line: index)
        advance(at: at, &actions)
    }

    // MARK: Progress

    /// Decides the winner if there is one, starts lines when there is room, follows the next page or finishes.
    /// Under a learned strategy, a decision that needs the planner is put off until the driver goes idle when
    /// `mayDeferLaunches` and the rules say so (``WaterfallRunRules/defersLaunchDecisions``): a line that answers
    /// within its request (a network that answers at once) makes it anew, so it is never made in vain.
    private mutating func advance(
        at: MediationInstant, mayDeferLaunches: Bool = true, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        deferredLaunchDecision = nil
        guard phase == .running else { return }
        while firstUnended < lines.count, lines[firstUnended].isEnded { firstUnended += 1 }
        if firstUnended < lines.count, case .held(let ad) = lines[firstUnended].state {
            win(firstUnended, ad, at: at, &actions)
            return
        }
        switch strategy.mode {
        case .sequential:
            launchFixed(hedge: nil, at: at, &actions)
        case .hedged(let delay, let maxInFlight):
            launchFixed(hedge: (delay, maxInFlight), at: at, &actions)
        case .adaptive(let requestBudget):
            launchLearned(requestBudget: requestBudget, at: at, mayDefer: mayDeferLaunches, &actions)
        case .earlyWin(let revenueTolerance, let requestBudget),
            .latencyBudget(_, let requestBudget, let revenueTolerance):
            guard let held = lines.indices.first(where: { lines[$0].isHeld }), case .held(let ad) = lines[held].state
            else {
                launchLearned(requestBudget: requestBudget, at: at, mayDefer: mayDeferLaunches, &actions)
                break
            }
            if learned.latencyBudgetPassed {
                recorder.note("line \(held) won at the latency budget")
                win(held, ad, at: at, &actions)
            } else if mayDeferLaunches, !learned.hasProfiles, rules.defersLaunchDecisions {
                // Whether the held ad may win early is the statistics' to say: decided once they are looked up.
                deferredLaunchDecision = at
            } else if let wait = earlyWinWait(for: held, tolerance: revenueTolerance, at: at) {
                guard wait > .zero else {
                    recorder.note("line \(held) won early: the lines above it were unlikely to add revenue")
                    win(held, ad, at: at, &actions)
                    return
                }
                hedge.armLearned(after: wait, at: at, &actions)
            } else {
                hedge.disarm(&actions)
            }
            return
        }
        if firstUnended == lines.count {
            hedge.disarm(&actions)
            followNextPageOrFinish(at: at, &actions)
        }
    }

    /// Under sequential (no `hedge`) or a fixed hedge: starts lines while fewer than the hedge's target load
    /// and no ad is held, and (re)arms the hedge timer.
    private mutating func launchFixed(
        hedge fixedHedge: (delay: Duration, maxInFlight: Int)?, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard heldCount == 0 else {
            hedge.disarm(&actions)
            return
        }
        var launched = false
        while loadingCount < hedge.targetInFlight, let next = nextPendingLine() {
            setState(next, .resolving)
            startedCount += 1
            actions.append(.resolveLine(line: next, at: at))
            launched = true
        }
        guard let fixedHedge, fixedHedge.delay > .zero else { return }
        let useful = hedge.targetInFlight < fixedHedge.maxInFlight && nextPendingLine() != nil
        hedge.armFixed(delay: fixedHedge.delay, useful: useful, restart: launched, at: at, &actions)
    }

    // MARK: Learned strategies

    /// Starts every line the learned rule says to start now, in priority order, and arms the timer for the
    /// moment the next one should start (or none when only an answer can change the decision). When `mayDefer`
    /// (and the rules defer), the first decision that needs the planner is put off until the driver goes idle,
    /// the hedge timer left as it is until then.
    private mutating func launchLearned(
        requestBudget: Double, at: MediationInstant, mayDefer: Bool, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard heldCount == 0 else {
            hedge.disarm(&actions)
            return
        }
        while loadingCount < MediationStrategy.learnedMaxInFlight, let next = nextPendingLine() {
            // The first unended line starts at once, as under sequential; any later one needs the planner.
            if mayDefer, next != firstUnended, rules.defersLaunchDecisions {
                deferredLaunchDecision = at
                return
            }
            guard let wait = learnedWait(for: next, requestBudget: requestBudget, at: at) else {
                hedge.disarm(&actions)
                return
            }
            guard wait <= .zero else {
                hedge.armLearned(after: wait, at: at, &actions)
                return
            }
            setState(next, .resolving)
            startedCount += 1
            actions.append(.resolveLine(line: next, at: at))
        }
        hedge.disarm(&actions)
    }

    /// For the strategies that may let a lower line win before its budget (if any): how long until the ad held by
    /// line `held` may win over the unended lines above it (zero: now), or `nil` to wait for an answer (a line
    /// above is unknown to the statistics or has no price, or no moment qualifies).
    private func earlyWinWait(for held: Int, tolerance: Double, at now: MediationInstant) -> Duration? {
        guard let heldPrice = waterfallLines[held].price else { return nil }
        var valuation = EarlyWinValuation(heldPrice: heldPrice, tolerance: tolerance)
        for index in firstUnended..<held where !lines[index].isEnded {
            guard let profile = learned.knownProfile(index), let price = waterfallLines[index].price else { return nil }
            let elapsed = lines[index].startedAt.map { $0.duration(to: now) } ?? .zero
            valuation.add(profile, elapsed: elapsed, timeout: waterfallLines[index].timeout, price: price)
        }
        return valuation.wait()
    }

    /// How long to wait before starting `candidate` (zero: now), or `nil` to wait for an answer.
    private mutating func learnedWait(
        for candidate: Int, requestBudget: Double, at now: MediationInstant
    ) -> Duration? {
        // Every line above has ended: sequential would start it now, so it starts now.
        if candidate == firstUnended { return .zero }
        // The adaptive strategy's controller scales the allowance (`requestBudget − 1`) to keep its budget; at the
        // page's start (every line above the candidate started with the page, now) it may spend at least its burst
        // share whatever that scale.
        var allowanceScale = learned.allowanceScale
        if case .adaptive = strategy.mode, firstUnended == pages.pageStart,
            (firstUnended..<candidate).allSatisfy({ lines[$0].isEnded || elapsed($0, now) == .zero })
        {
            allowanceScale = max(allowanceScale, MediationStrategy.learnedBurstShare)
        }
        var planner = LearnedLaunchPlanner(
            requestBudget: 1 + (requestBudget - 1) * allowanceScale,
            expectedSequentialRequests: learned.expectedSequential(pageStart: pages.pageStart, lineCount: lines.count),
            profiles: learned.lineProfiles)
        for index in firstUnended...candidate where !lines[index].isEnded {
            guard learned.hasKnownProfile(index) else {
                return WaterfallLearnedLaunches.coldStartWait(
                    candidate: candidate, pageStart: pages.pageStart, firstUnended: firstUnended)
            }
            let elapsed = index == candidate ? nil : elapsed(index, now).seconds
            planner.add(profileAt: index, elapsed: elapsed, timeout: waterfallLines[index].timeout)
        }
        return planner.wait()
    }

    /// Records an outcome of line `index` in the statistics.
    private func record(
        _ index: Int, _ outcome: NetworkOutcome, after duration: Duration, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard rules.recordsOutcomes else { return }
        actions.append(.recordOutcome(line: index, outcome, latency: duration))
    }

    /// For the adaptive strategy, when it records outcomes: hands the run's line requests and sequential's
    /// (`sequential`) to its request-budget controller.
    private func recordRequests(sequential: Int, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard rules.recordsOutcomes, case .adaptive(let requestBudget) = strategy.mode else { return }
        actions.append(.recordRequests(startedCount, sequential: sequential, requestBudget: requestBudget))
    }

    private mutating func win(
        _ index: Int, _ ad: Loaded, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        recorder.recordWinner(index, entry: lines[index].entry)
        setState(index, .ended)
        stopLines(winner: index, at: at, result: .stopped, detail: "line \(index) won", reason: .stopped, &actions)
        hedge.disarm(&actions)
        phase = .finished
        learned.releaseAfterRun()
        recorder.recordOutcome(MediationLineResult.loaded.rawValue)
        if enabledLogLevels.contains(.info) {
            let identifier = waterfallLines[index].customEventIdentifier
            log(&actions, .info, "line \(index) \(identifier) won", line: index)
        }
        recordRequests(sequential: index + 1, &actions)
        actions.append(.finish(.loaded(line: index, ad: ad), traceSnapshot))
    }

    private mutating func followNextPageOrFinish(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        switch pages.takeNext(followsNextURL: rules.followsNextURL, maximumPages: limits.maximumPages) {
        case .none:
            break
        case .notFollowed(let note, let pageLimit):
            recorder.note(note)
            if let pageLimit {
                log(&actions, .warning, "x-next-url not followed: page limit of \(pageLimit) reached", line: nil)
            }
        case .follow(let url):
            phase = .fetchingPage(url)
            recorder.note("following x-next-url \(url.absoluteString) at \(recorder.milliseconds(at))ms")
            actions.append(.fetchPage(url))
            actions.append(.schedulePageTimeout(url, after: rules.pageTimeout))
            return
        }
        finish(.noFill, &actions)
    }

    private mutating func pageLoaded(
        _ url: URL, _ response: AdResponse, profiles: [NetworkProfile?], at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard phase == .fetchingPage(url) else { return }
        actions.append(.cancelPageTimeout)
        phase = .running
        let firstLine = lines.count
        let page = pages.pageLoaded(response, from: url, firstLine: firstLine)
        lines.appendPage(lineCount: response.lines.count)
        waterfallLines += response.lines
        recorder.addDroppedEntries(response.droppedEntries, page: page)
        recorder.note("page \(page) from \(url.absoluteString): \(response.lines.count) lines")
        hedge.startPage(strategy: strategy)
        learned.pageLoaded(firstLine: firstLine, profiles: profiles)
        if response.backoff != nil { actions.append(.applyBackoff(response)) }
        advance(at: at, &actions)
    }

    /// The run's deadline passed: lines still loading end as timed out, lines not started are skipped, and the
    /// highest-priority held ad wins if there is one; otherwise the run ends with ``MediationError/timeout``.
    private mutating func deadlineReached(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard phase != .finished, phase != .idle, let deadline = limits.runDeadline else { return }
        recorder.note("run deadline of \(deadline.wholeMilliseconds)ms reached")
        log(&actions, .warning, "run deadline of \(deadline.wholeMilliseconds)ms reached", line: nil)
        if case .fetchingPage = phase { actions.append(.cancelPageTimeout) }
        phase = .running
        pages.dropNext()
        for index in lines.indices {
            switch lines[index].state {
            case .inFlight:
                let duration = stopInFlight(
                    index, at: at, result: .timeout, errorCode: MediationError.timeout.code,
                    detail: "run deadline reached", reason: .timedOut, &actions)
                fireAfterLoad(index, duration: duration, result: MediationError.timeout.loadResult, &actions)
            case .awaitingNetwork:
                stopWaitingLine(
                    index, at: at, result: .timeout, errorCode: MediationError.timeout.code,
                    detail: "run deadline reached while waiting for its network", reason: .timedOut)
            case .resolving:
                end(index, .timedOut)
            case .pending:
                end(index, .unstarted)
                addEntry(index, start: at, duration: nil, result: .skipped, detail: "run deadline reached")
            case .held, .ended:
                break
            }
        }
        if let held = lines.indices.first(where: { lines[$0].isHeld }), case .held(let ad) = lines[held].state {
            win(held, ad, at: at, &actions)
        } else {
            finish(.timeout, &actions)
        }
    }

    /// Stops every line but the `winner` (`nil` when the run is cancelled) that is under way: a line in flight or
    /// waiting for its network ends with `result` and `detail`, a resolving line ends, and a held ad is released
    /// (its entry says why: won by the winner, else `released: <detail>`).
    private mutating func stopLines(
        winner: Int?, at: MediationInstant, result: MediationLineResult, detail: String, reason: EndReason,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        for index in lines.indices where index != winner {
            switch lines[index].state {
            case .inFlight:
                stopInFlight(index, at: at, result: result, detail: detail, reason: reason, &actions)
            case .awaitingNetwork:
                stopWaitingLine(index, at: at, result: result, detail: detail, reason: reason)
            case .resolving:
                end(index, reason)
            case .held(let ad):
                if let entry = lines[index].entry {
                    if let winner {
                        recorder.setReleased(wonBy: winner, ofEntry: entry)
                    } else {
                        recorder.setDetail("released: \(detail)", ofEntry: entry)
                    }
                }
                setState(index, .ended)
                actions.append(.releaseAd(line: index, ad))
            case .pending, .ended:
                break
            }
        }
    }

    private mutating func cancel(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        switch phase {
        case .finished:
            return
        case .fetchingPage:
            actions.append(.cancelPageTimeout)
        case .idle, .running:
            break
        }
        stopLines(winner: nil, at: at, result: .cancelled, detail: "run cancelled", reason: .cancelled, &actions)
        if phase == .idle {
            // Cancelled before it started (a load cancelled as its run was made): no line ran, nothing was fired.
            recorder.start(at: at)
            recorder.note("cancelled before the run started: no line ran")
        }
        finish(.cancelled, &actions)
    }

    private mutating func finish(_ error: MediationError, _ actions: inout [WaterfallRunAction<Loaded>]) {
        let error = error == .noFill ? allEntriesInvalidError ?? error : error
        hedge.disarm(&actions)
        phase = .finished
        learned.releaseAfterRun()
        recorder.recordOutcome(error.code)
        // Sequential would have requested every line too only when every line ran and failed.
        if error == .noFill, firstUnended == lines.count { recordRequests(sequential: lines.count, &actions) }
        log(&actions, error == .cancelled ? .info : .warning, "run ended: \(error)", line: nil)
        actions.append(.finish(.failed(error), traceSnapshot))
    }

    // MARK: Helpers

    /// The error of a run that had no line because every entry it was given was invalid (a server bug, not a
    /// no-fill): ``MediationError/invalidConfiguration(path:reason:)`` naming the first invalid entry and the
    /// count. `nil` when a line ran, when nothing was dropped (a real no-fill) or when an entry was dropped by
    /// MoPub's rules (`clear`, `x-warmup`, no metadata).
    private var allEntriesInvalidError: MediationError? {
        let droppedEntries = recorder.droppedEntries
        guard lines.count == 0, let first = droppedEntries.first, droppedEntries.allSatisfy(\.isInvalid)
        else { return nil }
        let count = droppedEntries.count
        let cause = first.errors.first.map { "; the first: \($0)" } ?? ""
        return .invalidConfiguration(
            path: first.path,
            reason: "every ad-response entry is invalid (\(count) invalid \(count == 1 ? "entry" : "entries")), "
                + "so no line could run\(cause)")
    }

    /// Moves line `index` to `state`, keeping the counts of loading and held lines.
    private mutating func setState(_ index: Int, _ state: LineState) {
        if lines[index].isLoading { loadingCount -= 1 }
        if lines[index].isHeld { heldCount -= 1 }
        lines[index].state = state
        if lines[index].isLoading { loadingCount += 1 }
        if lines[index].isHeld { heldCount += 1 }
    }

    /// The first line that has not started, if any.
    private mutating func nextPendingLine() -> Int? {
        while firstPending < lines.count, !lines[firstPending].isPending { firstPending += 1 }
        return firstPending < lines.count ? firstPending : nil
    }

    /// Ends an in-flight line from the engine's side (another line won, the run was cancelled or hit its
    /// deadline): records the result, stops listening, cancels its timeout and tells its custom event to stop.
    /// The statistics learn that the network was silent that long (``NetworkOutcome/stopped``).
    @discardableResult
    private mutating func stopInFlight(
        _ index: Int, at: MediationInstant, result: MediationLineResult, errorCode: String? = nil, detail: String,
        reason: EndReason, _ actions: inout [WaterfallRunAction<Loaded>]
    ) -> Duration {
        let duration = elapsed(index, at)
        record(index, .stopped, after: duration, &actions)
        updateEntry(index, duration: duration, result: result, errorCode: errorCode, detail: detail)
        end(index, reason)
        actions.append(.stopLine(line: index))
        return duration
    }

    private mutating func end(_ index: Int, _ reason: EndReason) {
        setState(index, .ended)
        lines[index].endReason = reason
    }

    /// When line `index` times out: its start plus its timeout (`nil` before it starts, or without a timeout).
    private func deadline(of index: Int) -> MediationInstant? {
        guard let start = lines[index].startedAt, let timeout = waterfallLines[index].timeout else { return nil }
        return start.advanced(by: timeout)
    }

    private func elapsed(_ index: Int, _ at: MediationInstant) -> Duration {
        guard let start = lines[index].startedAt else { return .zero }
        return max(start.duration(to: at), .zero)
    }

    /// Queues a log action, unless the logger drops `level`. The message is built only for a level the logger
    /// records, and its closure is not escaping: a silent logger costs no allocation per call.
    private func log(
        _ actions: inout [WaterfallRunAction<Loaded>], _ level: MediationLogLevel,
        _ message: @autoclosure () -> String, line: Int?
    ) {
        guard enabledLogLevels.contains(level) else { return }
        let text = message()
        actions.append(.log(level, text, line: line))
    }

    private func fireBeforeLoad(_ index: Int, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard !waterfallLines[index].beforeLoadURLs.isEmpty else { return }
        actions.append(.fireURLs(waterfallLines[index].beforeLoadURLs, event: .beforeLoad, line: index))
    }

    private func fireAfterLoad(
        _ index: Int, duration: Duration, result: String, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        let templates = waterfallLines[index].afterLoadTemplates(result: result)
        if !templates.isEmpty {
            actions.append(.fireAfterLoad(templates, loadDuration: duration, result: result, line: index))
        }
    }

    /// Adds a trace entry for line `index`; its names and price are the line's, read when the trace is.
    @discardableResult
    private mutating func addEntry(
        _ index: Int, start: MediationInstant, duration: Duration?, result: MediationLineResult,
        errorCode: String? = nil, detail: String? = nil
    ) -> Int {
        recorder.addEntry(
            line: index, page: lines.page(of: index), start: recorder.offset(start), duration: duration, result: result,
            errorCode: errorCode, detail: detail, expectedCount: lines.count)
    }

    private mutating func updateEntry(
        _ index: Int, duration: Duration, result: MediationLineResult, errorCode: String? = nil, detail: String? = nil
    ) {
        guard let entry = lines[index].entry else { return }
        recorder.updateEntry(entry, duration: duration, result: result, errorCode: errorCode, detail: detail)
    }
}

import Foundation

/// The rules of one waterfall run, as a value: events in, actions out. No threads, no clock, no I/O.
///
/// The driver (``WaterfallRunDriver``) keeps it behind a lock, feeds it events with the time they happened,
/// and performs the actions it returns after unlocking, in order. Everything the engine decides lives here:
/// which line starts when, which outcome counts, which is dropped as duplicate or late, who wins, which
/// URLs fire, when to follow `x-next-url`, and what the trace says.
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

    /// Where a line is.
    enum LineState: Sendable {
        /// Not started.
        case pending
        /// Asked the driver to resolve it.
        case resolving
        /// Its custom event is loading.
        case inFlight
        /// It loaded; the ad waits until every line above has failed.
        case held(Loaded)
        /// It is over, one way or another.
        case ended
    }

    /// Why a line stopped listening before its custom event answered.
    enum EndReason: String, Sendable {
        case answered = "after its outcome"
        case timedOut = "after the line timed out"
        case stopped = "after another line won"
        case cancelled = "after the run was cancelled"
        case unstarted = "before it started"
    }

    /// What became of one line (the line itself is in ``waterfallLines``, at the same index).
    struct LineRecord: Sendable {
        var page: Int
        var state: LineState = .pending
        var startedAt: MediationInstant?
        /// When the line times out, while it is in flight with a timeout.
        var deadline: MediationInstant?
        var callbacks = 0
        var entry: Int?
        var endReason: EndReason = .unstarted
    }

    /// The settings shared by every run of the mediator.
    let rules: WaterfallRunRules
    /// The strategy.
    var strategy: MediationStrategy { rules.strategy }
    /// Whether `x-next-url` can be followed (a response source exists).
    var followsNextURL: Bool { rules.followsNextURL }
    /// How long a page load may take.
    var pageTimeout: Duration { rules.pageTimeout }
    /// The run's deadline and page cap.
    var limits: MediationRunLimits { rules.limits }
    /// The levels the run's logger records; no log action is made for the others, so a silent logger costs
    /// nothing (not even the message's closure).
    var enabledLogLevels: MediationLogLevelMask { rules.enabledLogLevels }
    /// Where line outcomes are recorded and the learned strategies read; `nil` for none.
    var statistics: NetworkStatisticsStore? { rules.statistics }
    /// The ad unit, for the statistics' keys.
    let adUnitID: String?

    private(set) var phase: Phase = .idle
    private(set) var lines: LineRecords
    /// The lines of every page loaded so far, in run order.
    private(set) var waterfallLines: [WaterfallLine]
    private(set) var trace: MediationTrace
    private var runStart: MediationInstant = .origin
    private var targetInFlight = 1
    private var hedgeGeneration = 0
    private var hedgeArmed = false
    private var nextURL: URL?
    /// When the hedge should fire, if armed. A fixed hedge restarted at a line start only moves this: the timer
    /// already armed fires early and is re-armed for the rest (``hedgeTimerDue``), so restarting costs no timer.
    private var hedgeDue: MediationInstant?
    /// When the hedge timer armed through the driver fires, if one is.
    private var hedgeTimerDue: MediationInstant?
    /// When the run's one line-timeout timer fires, if armed. Lines do not cancel it when they answer: it fires,
    /// times out the lines whose deadline has passed (none, often) and is re-armed for the earliest deadline left,
    /// so a line costs no timer of its own.
    private var lineTimerDue: MediationInstant?
    /// When the last line started (for the learning fallback's delay).
    private var lastLaunch: MediationInstant?
    /// The first line of the current page.
    private var pageStart = 0
    /// The expected line requests of sequential over the current page (learned strategies), once computed.
    private var expectedSequentialRequests: Double?
    /// Whether the latency budget has passed.
    private var latencyBudgetPassed = false
    private var currentPageURL: URL?
    private var visitedURLs: Set<URL> = []
    private var pageCount = 1
    /// What the statistics say about each line's network (learned strategies only), by line; lines at and past
    /// its end are not looked up yet. Kept apart from the line records, so that a run that never asks keeps none.
    private var profiles: [NetworkProfile?] = []
    /// How many lines are resolving or in flight.
    private var loadingCount = 0
    /// How many lines hold a loaded ad.
    private var heldCount = 0
    /// Every line before this index has ended.
    private var firstUnended = 0
    /// Every line before this index has started.
    private var firstPending = 0

    /// MoPub's HTTP timeout, used for `x-next-url` pages: 10 seconds.
    static var defaultPageTimeout: Duration { .seconds(10) }

    /// A machine for `response` under `strategy`.
    init(
        response: AdResponse, strategy: MediationStrategy, followsNextURL: Bool,
        pageTimeout: Duration = .seconds(10), limits: MediationRunLimits = .default,
        statistics: NetworkStatisticsStore? = nil, adUnitID: String? = nil,
        enabledLogLevels: MediationLogLevelMask = .all
    ) {
        self.init(
            response: response,
            rules: WaterfallRunRules(
                strategy: strategy, followsNextURL: followsNextURL, pageTimeout: pageTimeout, limits: limits,
                statistics: statistics, enabledLogLevels: enabledLogLevels),
            adUnitID: adUnitID)
    }

    /// A machine for `response` under the mediator's shared `rules`.
    init(response: AdResponse, rules: WaterfallRunRules, adUnitID: String?) {
        self.rules = rules
        self.adUnitID = adUnitID
        lines = LineRecords(count: response.lines.count)
        waterfallLines = response.lines
        trace = MediationTrace(droppedEntries: response.droppedEntries)
        nextURL = response.nextURL
        currentPageURL = response.url
        if let url = response.url { visitedURLs = [url] }
        if rules.strategy.hedgeDelay == .zero { targetInFlight = rules.strategy.maxInFlight }
    }

    /// Whether the outcome has been delivered.
    var isFinished: Bool { phase == .finished }

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
            runStart = at
            if let deadline = limits.runDeadline { actions.append(.scheduleRunDeadline(after: deadline)) }
            if let budget = strategy.latencyBudget { actions.append(.scheduleLatencyBudget(after: budget)) }
            advance(at: at, &actions)
        case .lineResolved(let index, let resolution, let at):
            resolved(index, resolution, at: at, &actions)
        case .lineLoaded(let index, let ad, let at):
            loaded(index, ad, at: at, &actions)
        case .lineFailed(let index, let error, let at):
            failed(index, error, at: at, &actions)
        case .lineTimeoutsDue(let at):
            lineTimeoutsDue(at: at, &actions)
        case .hedgeTimerFired(let generation, let at):
            guard phase == .running, hedgeArmed, generation == hedgeGeneration else { return }
            let timerDue = hedgeTimerDue
            hedgeTimerDue = nil
            if let due = hedgeDue, let timerDue, timerDue < due, at < due {
                // Restarted since this timer was armed: wait for the rest.
                hedgeTimerDue = due
                actions.append(.scheduleHedgeTimer(generation: generation, after: at.duration(to: due)))
                return
            }
            hedgeArmed = false
            hedgeDue = nil
            if !strategy.isLearned { targetInFlight = min(targetInFlight + 1, strategy.maxInFlight) }
            advance(at: at, &actions)
        case .latencyBudgetReached(let at):
            guard phase != .idle, phase != .finished, !latencyBudgetPassed else { return }
            latencyBudgetPassed = true
            trace.notes.append("latency budget reached at \(offset(at).wholeMilliseconds)ms")
            if phase == .running { advance(at: at, &actions) }
        case .pageLoaded(let url, let response, let at):
            pageLoaded(url, response, at: at, &actions)
        case .pageFailed(let url, let error, let at):
            guard phase == .fetchingPage(url) else { return }
            actions.append(.cancelPageTimeout)
            trace.notes.append(
                "x-next-url \(url.absoluteString) failed at \(offset(at).wholeMilliseconds)ms: \(error)")
            finish(.noFill, &actions)
        case .pageTimedOut(let url, let at):
            guard phase == .fetchingPage(url) else { return }
            trace.notes.append("x-next-url \(url.absoluteString) timed out at \(offset(at).wholeMilliseconds)ms")
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
        case .ready:
            setState(index, .inFlight)
            lines[index].startedAt = at
            lines[index].entry = addEntry(index, start: at, duration: nil, result: .loading)
            fireBeforeLoad(index, &actions)
            if let timeout = waterfallLines[index].timeout {
                let deadline = at.advanced(by: timeout)
                lines[index].deadline = deadline
                if lineTimerDue.map({ deadline < $0 }) ?? true {
                    lineTimerDue = deadline
                    actions.append(.scheduleLineTimeouts(after: timeout))
                }
            }
            if enabledLogLevels.contains(.debug) {
                let identifier = waterfallLines[index].customEventIdentifier
                log(&actions, .debug, "line \(index) \(identifier) requesting an ad", line: index)
            }
            actions.append(.requestAd(line: index))
        case .missingAdapter(let error):
            fireBeforeLoad(index, &actions)
            end(index, .answered)
            lines[index].entry = addEntry(
                index, start: at, duration: .zero, result: .missingAdapter, errorCode: error.code,
                detail: error.description)
            fireAfterLoad(index, duration: .zero, result: error.loadResult, &actions)
            log(&actions, .warning, "line \(index): \(error)", line: index)
            advance(at: at, &actions)
        case .skipped(let reason):
            end(index, .answered)
            lines[index].entry = addEntry(index, start: at, duration: nil, result: .skipped, detail: reason)
            log(&actions, .info, "line \(index) skipped: \(reason)", line: index)
            advance(at: at, &actions)
        }
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
            trace.notes.append(note)
            log(&actions, .warning, note, line: index)
        }
        let droppedValues = ad.droppedContentValues
        if !droppedValues.isEmpty {
            let list = droppedValues.keys.sorted().map { "\($0.terminalSafe) (\(droppedValues[$0] ?? ""))" }
            let note = "line \(index): dropped values out of range: \(list.joined(separator: ", "))"
            trace.notes.append(note)
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

    /// Counts a callback; `true` when it is the line's first and the line still listens. Otherwise records it
    /// as duplicate or late; `description` is built only then.
    private mutating func acceptOutcome(
        _ index: Int, description: @autoclosure () -> String, at: MediationInstant,
        _ actions: inout [WaterfallRunAction<Loaded>]
    ) -> Bool {
        lines[index].callbacks += 1
        if lines[index].callbacks > 1 {
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
            if case .inFlight = lines[index].state, let deadline = lines[index].deadline, deadline <= at {
                timedOut(index, at: at, &actions)
            }
            index += 1
        }
        guard phase == .running else { return }
        end = nextPendingLine() ?? lines.count
        var earliest: MediationInstant?
        for index in firstUnended..<end {
            guard case .inFlight = lines[index].state, let deadline = lines[index].deadline else { continue }
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
        guard case .inFlight = lines[index].state, let deadline = lines[index].deadline, deadline <= at else { return }
        timedOut(index, at: at, &actions)
    }

    private mutating func timedOut(_ index: Int, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard lines.indices.contains(index), case .inFlight = lines[index].state else { return }
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
    private mutating func advance(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard phase == .running else { return }
        while firstUnended < lines.count, lines[firstUnended].isEnded { firstUnended += 1 }
        if firstUnended < lines.count, case .held(let ad) = lines[firstUnended].state {
            win(firstUnended, ad, at: at, &actions)
            return
        }
        if strategy.revenueTolerance != nil, let held = lines.indices.first(where: { lines[$0].isHeld }),
            case .held(let ad) = lines[held].state
        {
            if latencyBudgetPassed {
                trace.notes.append("line \(held) won at the latency budget")
                win(held, ad, at: at, &actions)
            } else if let wait = earlyWinWait(for: held, at: at) {
                guard wait > .zero else {
                    trace.notes.append("line \(held) won early: the lines above it were unlikely to add revenue")
                    win(held, ad, at: at, &actions)
                    return
                }
                armLearnedTimer(after: wait, at: at, &actions)
            } else {
                disarmHedgeTimer(&actions)
            }
            return
        }
        if heldCount == 0, strategy.isLearned {
            launchLearned(at: at, &actions)
        } else if heldCount == 0 {
            var launched = false
            while loadingCount < targetInFlight, let next = nextPendingLine() {
                setState(next, .resolving)
                actions.append(.resolveLine(line: next))
                launched = true
            }
            armHedgeTimer(restart: launched, at: at, &actions)
        } else {
            disarmHedgeTimer(&actions)
        }
        if firstUnended == lines.count {
            disarmHedgeTimer(&actions)
            followNextPageOrFinish(at: at, &actions)
        }
    }

    private mutating func armHedgeTimer(
        restart: Bool, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard let delay = strategy.hedgeDelay, delay > .zero else { return }
        let useful = targetInFlight < strategy.maxInFlight && nextPendingLine() != nil
        guard useful else {
            disarmHedgeTimer(&actions)
            return
        }
        guard restart || !hedgeArmed else { return }
        let due = at.advanced(by: delay)
        if hedgeArmed, let timerDue = hedgeTimerDue, timerDue <= due {
            hedgeDue = due
            return
        }
        disarmHedgeTimer(&actions)
        hedgeGeneration += 1
        hedgeArmed = true
        hedgeDue = due
        hedgeTimerDue = due
        actions.append(.scheduleHedgeTimer(generation: hedgeGeneration, after: delay))
    }

    private mutating func disarmHedgeTimer(_ actions: inout [WaterfallRunAction<Loaded>]) {
        guard hedgeArmed else { return }
        hedgeArmed = false
        hedgeDue = nil
        hedgeTimerDue = nil
        actions.append(.cancelHedgeTimer)
    }

    // MARK: Learned strategies

    /// Starts every line the learned rule says to start now, in priority order, and arms the timer for the
    /// moment the next one should start (or none when only an answer can change the decision).
    private mutating func launchLearned(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        while loadingCount < strategy.maxInFlight, let next = nextPendingLine() {
            guard let wait = learnedWait(for: next, at: at) else {
                disarmHedgeTimer(&actions)
                return
            }
            guard wait <= .zero else {
                armLearnedTimer(after: wait, at: at, &actions)
                return
            }
            setState(next, .resolving)
            lastLaunch = at
            actions.append(.resolveLine(line: next))
        }
        disarmHedgeTimer(&actions)
    }

    /// Arms the timer of the learned strategies to fire `wait` from `at` (unless it is already due then).
    private mutating func armLearnedTimer(
        after wait: Duration, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        let due = at.advanced(by: wait)
        if hedgeArmed, hedgeDue == due { return }
        disarmHedgeTimer(&actions)
        hedgeGeneration += 1
        hedgeArmed = true
        hedgeDue = due
        actions.append(.scheduleHedgeTimer(generation: hedgeGeneration, after: wait))
    }

    /// For the strategies that may let a lower line win before its budget (if any): how long
    /// until the ad held by line `held` may win over the unended lines above it (zero: now), or `nil` to wait
    /// for an answer (a line above is unknown to the statistics or has no price, or no moment qualifies).
    private mutating func earlyWinWait(for held: Int, at now: MediationInstant) -> Duration? {
        guard let tolerance = strategy.revenueTolerance, let heldPrice = waterfallLines[held].price else {
            return nil
        }
        lookUpProfiles()
        var valuation = EarlyWinValuation(heldPrice: heldPrice, tolerance: tolerance)
        for index in firstUnended..<held where !lines[index].isEnded {
            guard let profile = profiles[index],
                profile.observationWeight >= MediationStrategy.minimumObservations,
                let price = waterfallLines[index].price
            else { return nil }
            let elapsed = lines[index].startedAt.map { $0.duration(to: now) } ?? .zero
            valuation.add(profile, elapsed: elapsed, timeout: waterfallLines[index].timeout, price: price)
        }
        return valuation.wait()
    }

    /// How long to wait before starting `candidate` (zero: now), or `nil` to wait for an answer.
    private mutating func learnedWait(for candidate: Int, at now: MediationInstant) -> Duration? {
        // Every line above has ended: sequential would start it now, so it starts now.
        if candidate == firstUnended { return .zero }
        lookUpProfiles()
        var planner = LearnedLaunchPlanner(
            requestBudget: strategy.requestBudget ?? MediationStrategy.defaultRequestBudget,
            expectedSequentialRequests: expectedSequential())
        for index in firstUnended...candidate where !lines[index].isEnded {
            guard let profile = profiles[index], profile.observationWeight >= MediationStrategy.minimumObservations
            else {
                return fallbackWait(at: now)
            }
            let elapsed = index == candidate ? nil : lines[index].startedAt.map { $0.duration(to: now) } ?? .zero
            planner.add(profile, elapsed: elapsed, timeout: waterfallLines[index].timeout)
        }
        return planner.wait()
    }

    /// The fixed hedge of ``MediationStrategy/learningFallback``: the next line starts when the latest start
    /// was at least its delay ago, with at most its limit in flight.
    private func fallbackWait(at now: MediationInstant) -> Duration? {
        let fallback = MediationStrategy.learningFallback
        guard loadingCount < fallback.maxInFlight, let delay = fallback.hedgeDelay else { return nil }
        let since = lastLaunch.map { $0.duration(to: now) } ?? delay
        return since >= delay ? .zero : delay - since
    }

    /// Looks up the profile of every line of the run not looked up yet.
    private mutating func lookUpProfiles() {
        guard let statistics else {
            if profiles.count < lines.count { profiles += repeatElement(nil, count: lines.count - profiles.count) }
            return
        }
        profiles.reserveCapacity(lines.count)
        while profiles.count < lines.count {
            let index = profiles.count
            let key = statistics.key(
                customEvent: waterfallLines[index].customEventIdentifier,
                network: waterfallLines[index].displayNetworkName, adUnit: adUnitID)
            profiles.append(statistics.profile(for: key))
        }
    }

    /// Sequential's expected line requests over the current page: line k is requested when every line above it
    /// fails. Unknown networks count as filling a third of the time.
    private mutating func expectedSequential() -> Double {
        if let expectedSequentialRequests { return expectedSequentialRequests }
        var reached = 1.0
        var total = 0.0
        for index in pageStart..<lines.count {
            total += reached
            let fill = profiles.indices.contains(index) ? profiles[index]?.fillProbability ?? 1.0 / 3 : 1.0 / 3
            reached *= 1 - fill
        }
        expectedSequentialRequests = total
        return total
    }

    /// Records an outcome of line `index` in the statistics.
    private func record(
        _ index: Int, _ outcome: NetworkOutcome, after duration: Duration, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard statistics != nil else { return }
        actions.append(.recordOutcome(line: index, outcome, latency: duration))
    }

    private mutating func win(
        _ index: Int, _ ad: Loaded, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        if let entry = lines[index].entry { trace.entries[entry].isWinner = true }
        trace.winner = index
        setState(index, .ended)
        for other in lines.indices where other != index {
            switch lines[other].state {
            case .inFlight:
                stopInFlight(other, at: at, result: .stopped, detail: "line \(index) won", reason: .stopped, &actions)
            case .resolving:
                end(other, .stopped)
            case .held(let lost):
                if let entry = lines[other].entry { trace.entries[entry].detail = "released: line \(index) won" }
                setState(other, .ended)
                actions.append(.releaseAd(line: other, lost))
            case .pending, .ended:
                break
            }
        }
        disarmHedgeTimer(&actions)
        phase = .finished
        trace.outcome = MediationLineResult.loaded.rawValue
        if enabledLogLevels.contains(.info) {
            let identifier = waterfallLines[index].customEventIdentifier
            log(&actions, .info, "line \(index) \(identifier) won", line: index)
        }
        actions.append(.finish(.loaded(line: index, ad: ad), trace))
    }

    private mutating func followNextPageOrFinish(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard let url = nextURL else {
            finish(.noFill, &actions)
            return
        }
        nextURL = nil
        if pageCount >= limits.maximumPages {
            trace.notes.append(
                "x-next-url \(url.absoluteString) not followed: the run already loaded \(pageCount) "
                    + "\(pageCount == 1 ? "page" : "pages"), the limit")
            let limit = limits.maximumPages
            log(&actions, .warning, "x-next-url not followed: page limit of \(limit) reached", line: nil)
        } else if !followsNextURL {
            trace.notes.append("x-next-url \(url.absoluteString) not followed: no ad response source")
        } else if url == currentPageURL {
            trace.notes.append("x-next-url \(url.absoluteString) not followed: it is the URL just loaded")
        } else if visitedURLs.contains(url) {
            trace.notes.append("x-next-url \(url.absoluteString) not followed: already loaded in this run")
        } else {
            visitedURLs.insert(url)
            phase = .fetchingPage(url)
            trace.notes.append("following x-next-url \(url.absoluteString) at \(offset(at).wholeMilliseconds)ms")
            actions.append(.fetchPage(url))
            actions.append(.schedulePageTimeout(url, after: pageTimeout))
            return
        }
        finish(.noFill, &actions)
    }

    private mutating func pageLoaded(
        _ url: URL, _ response: AdResponse, at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]
    ) {
        guard phase == .fetchingPage(url) else { return }
        actions.append(.cancelPageTimeout)
        phase = .running
        let page = pageCount
        pageCount += 1
        lines.appendPage(lineCount: response.lines.count)
        waterfallLines += response.lines
        trace.droppedEntries += response.droppedEntries.map { entry in
            var entry = entry
            entry.page = page
            return entry
        }
        trace.notes.append("page \(page) from \(url.absoluteString): \(response.lines.count) lines")
        currentPageURL = url
        nextURL = response.nextURL
        targetInFlight = strategy.hedgeDelay == .zero ? strategy.maxInFlight : 1
        pageStart = lines.count - response.lines.count
        expectedSequentialRequests = nil
        if response.backoff != nil { actions.append(.applyBackoff(response)) }
        advance(at: at, &actions)
    }

    /// The run's deadline passed: lines still loading end as timed out, lines not started are skipped, and the
    /// highest-priority held ad wins if there is one; otherwise the run ends with ``MediationError/timeout``.
    private mutating func deadlineReached(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        guard phase != .finished, phase != .idle, let deadline = limits.runDeadline else { return }
        trace.notes.append("run deadline of \(deadline.wholeMilliseconds)ms reached")
        log(&actions, .warning, "run deadline of \(deadline.wholeMilliseconds)ms reached", line: nil)
        if case .fetchingPage = phase { actions.append(.cancelPageTimeout) }
        phase = .running
        nextURL = nil
        for index in lines.indices {
            switch lines[index].state {
            case .inFlight:
                let duration = stopInFlight(
                    index, at: at, result: .timeout, errorCode: MediationError.timeout.code,
                    detail: "run deadline reached", reason: .timedOut, &actions)
                fireAfterLoad(index, duration: duration, result: MediationError.timeout.loadResult, &actions)
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

    private mutating func cancel(at: MediationInstant, _ actions: inout [WaterfallRunAction<Loaded>]) {
        switch phase {
        case .finished:
            return
        case .fetchingPage:
            actions.append(.cancelPageTimeout)
        case .idle, .running:
            break
        }
        for index in lines.indices {
            switch lines[index].state {
            case .inFlight:
                stopInFlight(index, at: at, result: .cancelled, detail: "run cancelled", reason: .cancelled, &actions)
            case .resolving:
                end(index, .cancelled)
            case .held(let ad):
                if let entry = lines[index].entry { trace.entries[entry].detail = "released: run cancelled" }
                setState(index, .ended)
                actions.append(.releaseAd(line: index, ad))
            case .pending, .ended:
                break
            }
        }
        if phase == .idle { runStart = at }
        finish(.cancelled, &actions)
    }

    private mutating func finish(_ error: MediationError, _ actions: inout [WaterfallRunAction<Loaded>]) {
        let error = error == .noFill ? allEntriesInvalidError ?? error : error
        disarmHedgeTimer(&actions)
        phase = .finished
        trace.outcome = error.code
        log(&actions, error == .cancelled ? .info : .warning, "run ended: \(error)", line: nil)
        actions.append(.finish(.failed(error), trace))
    }

    // MARK: Helpers

    /// The error of a run that had no line because every entry it was given was invalid (a server bug, not a
    /// no-fill): ``MediationError/invalidConfiguration(path:reason:)`` naming the first invalid entry and the
    /// count. `nil` when a line ran, when nothing was dropped (a real no-fill) or when an entry was dropped by
    /// MoPub's rules (`clear`, `x-warmup`, no metadata).
    private var allEntriesInvalidError: MediationError? {
        guard lines.count == 0, let first = trace.droppedEntries.first,
            trace.droppedEntries.allSatisfy(\.isInvalid)
        else { return nil }
        let count = trace.droppedEntries.count
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

    private func offset(_ instant: MediationInstant) -> Duration {
        max(runStart.duration(to: instant), .zero)
    }

    private func elapsed(_ index: Int, _ at: MediationInstant) -> Duration {
        guard let start = lines[index].startedAt else { return .zero }
        return max(start.duration(to: at), .zero)
    }

    /// Queues a log action, unless the logger drops `level`.
    private func log(
        _ actions: inout [WaterfallRunAction<Loaded>], _ level: MediationLogLevel,
        _ message: @autoclosure @escaping @Sendable () -> String, line: Int?
    ) {
        guard enabledLogLevels.contains(level) else { return }
        actions.append(.log(level, message(), line: line))
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

    @discardableResult
    private mutating func addEntry(
        _ index: Int, start: MediationInstant, duration: Duration?, result: MediationLineResult,
        errorCode: String? = nil, detail: String? = nil
    ) -> Int {
        trace.entries.append(
            MediationTraceEntry(
                line: index, page: lines[index].page, customEvent: waterfallLines[index].customEventIdentifier,
                network: waterfallLines[index].displayNetworkName, price: waterfallLines[index].price,
                start: offset(start), duration: duration, result: result, errorCode: errorCode, detail: detail))
        return trace.entries.count - 1
    }

    private mutating func updateEntry(
        _ index: Int, duration: Duration, result: MediationLineResult, errorCode: String? = nil, detail: String? = nil
    ) {
        guard let entry = lines[index].entry else { return }
        trace.entries[entry].duration = duration
        trace.entries[entry].result = result
        trace.entries[entry].errorCode = errorCode
        trace.entries[entry].detail = detail
    }
}

extension WaterfallRunMachine.LineRecord {
    /// Whether the line has not started.
    var isPending: Bool {
        if case .pending = state { return true }
        return false
    }

    /// Whether the line is over.
    var isEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// Whether the line loaded and its ad waits.
    var isHeld: Bool {
        if case .held = state { return true }
        return false
    }

    /// Whether the line is starting or loading.
    var isLoading: Bool {
        switch state {
        case .resolving, .inFlight: true
        case .pending, .held, .ended: false
        }
    }
}

import Foundation

/// How a run ended, as the machine hands it to the driver.
enum WaterfallRunOutcome<Loaded: WaterfallLoadable>: Sendable {
    /// `line` won with `ad`.
    case loaded(line: Int, ad: Loaded)
    /// No ad: no fill, cancelled, …
    case failed(MediationError)
}

/// Something the driver must do: the output of ``WaterfallRunMachine``, performed outside the lock, in order.
///
/// Actions are queued and popped on every line, so they stay small: lines travel as indices into the machine's
/// ``WaterfallRunMachine/waterfallLines`` (the driver reads them from there), and the rare, large payloads (the
/// outcome with its trace, a page's back-off) are boxed (`indirect`).
enum WaterfallRunAction<Loaded: WaterfallLoadable>: Sendable {
    /// Find line `line`'s renderer configuration and make its custom event, then report
    /// ``WaterfallRunEvent/lineResolved(line:_:at:)`` as of `at`: the instant of the event that started the line
    /// (the driver reads no clock for it; the line's time counts from the moment the run decided to start it).
    /// The driver first lets the machine skip a line whose bid expired
    /// (``WaterfallRunMachine/beginResolving(_:at:into:)``), and looks nothing up for it.
    case resolveLine(line: Int, at: MediationInstant)
    /// Hand `network`'s start-up the server parameters line `line` carries (its custom-event info), once per network
    /// per run: the line passed the machine's rules and its network needs a start-up.
    case recordServerParameters(line: Int, network: String)
    /// Call `requestAd` on line `line`'s custom event, with a reporter of the line's own.
    case requestAd(line: Int)
    /// Start `network` unless it is starting or has started, and report
    /// ``WaterfallRunEvent/networkStartEnded(line:network:status:at:)`` for line `line` when its start-up ends.
    case awaitNetwork(line: Int, network: String)
    /// Call `stop()` on the line's custom event.
    case stopLine(line: Int)
    /// Fire these before- or after-load URLs of line `line` (an index unique within the run).
    case fireURLs([URL], event: TrackerPingEvent, line: Int)
    /// Fire `line`'s after-load URL templates with `loadDuration` and `result` filled in. Expanded by the driver,
    /// outside the lock, and only when the pinger sends pings.
    case fireAfterLoad([LoadURLTemplate], loadDuration: Duration, result: String, line: Int)
    /// (Re)arm the run's one line-timeout timer: it fires after `after`, when the earliest deadline of a line in
    /// flight passes, and replaces the timer armed before (which is cancelled).
    case scheduleLineTimeouts(after: Duration)
    /// Schedule the hedge timer.
    case scheduleHedgeTimer(generation: Int, after: Duration)
    /// Cancel the hedge timer.
    case cancelHedgeTimer
    /// Load the `x-next-url` page through the response source.
    case fetchPage(URL)
    /// Schedule the page-load timeout.
    case schedulePageTimeout(URL, after: Duration)
    /// Cancel the page-load timeout.
    case cancelPageTimeout
    /// Start the run's deadline timer.
    case scheduleRunDeadline(after: Duration)
    /// Start the latency-budget timer (``MediationStrategy/latencyBudget(_:requestBudget:revenueTolerance:)``).
    case scheduleLatencyBudget(after: Duration)
    /// Record line `line`'s real outcome in the mediator's ``NetworkStatisticsStore``, under the line's key.
    case recordOutcome(line: Int, NetworkOutcome, latency: Duration)
    /// Hand the adaptive strategy's request-budget controller the run's line requests and sequential's on the
    /// same outcomes (``RequestBudgetController``).
    case recordRequests(Int, sequential: Int, requestBudget: Double)
    /// A page carried `backoff_ms`: apply it to the ad unit.
    indirect case applyBackoff(AdResponse)
    /// Drop this ad: it lost, came late or came twice.
    case releaseAd(line: Int, Loaded)
    /// Write a log message; the message is built only if the run's logger records the level.
    case log(MediationLogLevel, @autoclosure @Sendable () -> String, line: Int?)
    /// Deliver the outcome to the host with the trace (made only if the host reads it).
    indirect case finish(WaterfallRunOutcome<Loaded>, WaterfallTraceSnapshot)
}

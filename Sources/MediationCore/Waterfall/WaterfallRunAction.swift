import Foundation

/// How a run ended, as the machine hands it to the driver.
enum WaterfallRunOutcome<Loaded: WaterfallLoadable>: Sendable {
    /// `line` won with `ad`.
    case loaded(line: Int, ad: Loaded)
    /// No ad: no fill, cancelled, …
    case failed(MediationError)
}

/// Something the driver must do: the output of ``WaterfallRunMachine``, performed outside the lock, in order.
enum WaterfallRunAction<Loaded: WaterfallLoadable>: Sendable {
    /// Find the line's renderer configuration and make its custom event, then report
    /// ``WaterfallRunEvent/lineResolved(line:_:at:)``.
    case resolveLine(line: Int, WaterfallLine)
    /// Call `requestAd` on the line's custom event with a one-shot delegate.
    case requestAd(line: Int, WaterfallLine)
    /// Call `stop()` on the line's custom event.
    case stopLine(line: Int)
    /// Fire these before- or after-load URLs of line `line` (an index unique within the run).
    case fireURLs([URL], event: TrackerPingEvent, line: Int)
    /// Fire `line`'s after-load URL templates with `loadDuration` and `result` filled in. Expanded by the driver,
    /// outside the lock, and only when the pinger sends pings.
    case fireAfterLoad([LoadURLTemplate], loadDuration: Duration, result: String, line: Int)
    /// Schedule the line's timeout.
    case scheduleLineTimeout(line: Int, after: Duration)
    /// Cancel the line's timeout.
    case cancelLineTimeout(line: Int)
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
    /// Record a line's real outcome in the mediator's ``NetworkStatisticsStore``.
    case recordOutcome(NetworkStatisticsKey, NetworkOutcome, latency: Duration)
    /// A page carried `backoff_ms`: apply it to the ad unit.
    case applyBackoff(AdResponse)
    /// Drop this ad: it lost, came late or came twice.
    case releaseAd(line: Int, Loaded)
    /// Write a log message; the message is built only if the run's logger records the level.
    case log(MediationLogLevel, @autoclosure @Sendable () -> String, line: Int?)
    /// Deliver the outcome to the host with the trace.
    case finish(WaterfallRunOutcome<Loaded>, MediationTrace)
}

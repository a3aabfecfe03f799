extension MediationInspection {
    /// Creates an inspection of the waterfall run of `session`, a session made with `mediator`
    /// (``InstreamAdSession/init(mediator:response:player:configuration:urlOpener:trackerPinger:)``), as
    /// ``init(result:mediator:title:trackers:decidedAt:)`` does for a native run: the session's
    /// ``InstreamAdSession/trace`` with its auction record (the order, each bid's outcome and loss reason, the
    /// notices), the mediator's privacy, targeting, adapters, strategy and bound, read now. There is no native ad
    /// card (``winner`` is `nil`).
    ///
    /// `nil` while the session has no ended run: before its run ended, and for a session made with a custom event
    /// of its own (build one from its parts then:
    /// ``init(title:trace:privacy:targeting:winner:trackers:adapters:strategy:bound:decidedAt:)``).
    ///
    /// With no `trackers` given, the trackers are the run's win and loss notices the mediator's pinger got so far,
    /// and its winning bid's billing notice once the first banner started; the VAST pings (impressions, tracking
    /// events) go through the session's pinger, so pass them as `trackers` to show them.
    public init?(
        instream session: InstreamAdSession, mediator: Mediator, title: String = "In-stream run",
        trackers: [Tracker] = [], decidedAt: Duration? = nil
    ) {
        guard let result = session.mediatedRun else { return nil }
        self.init(instream: result, mediator: mediator, title: title, trackers: trackers, decidedAt: decidedAt)
    }

    /// Creates an inspection of in-stream run `result` of `mediator`, as
    /// ``init(result:mediator:title:trackers:decidedAt:)`` does for a native run: the
    /// trace with its auction record (the order, each bid's outcome and loss reason, the notices), the mediator's
    /// privacy, targeting, adapters, strategy and bound, read now. There is no native ad card (``winner`` is `nil`).
    ///
    /// With no `trackers` given, the trackers are the run's win and loss notices the mediator's pinger got so far,
    /// and its winning bid's billing notice once the first banner started; the VAST pings (impressions, tracking
    /// events) go through the session's pinger, so pass them as `trackers` to show them.
    package init(
        instream result: InstreamMediationResult, mediator: Mediator, title: String = "In-stream run",
        trackers: [Tracker] = [], decidedAt: Duration? = nil
    ) {
        let bound: Duration?
        if case .latencyBudget(let budget, _, _) = mediator.strategy.mode {
            bound = budget
        } else {
            bound = mediator.limits.runDeadline
        }
        self.init(
            title: title, trace: result.trace, privacy: mediator.privacy, targeting: mediator.targeting,
            trackers: trackers.isEmpty ? mediator.sentTrackers(of: result) : trackers,
            adapters: mediator.adapterStatuses, strategy: mediator.strategy.description, bound: bound,
            decidedAt: decidedAt)
        networks = mediator.networkStartupRecords
        isTestMode = mediator.isTestMode
    }
}

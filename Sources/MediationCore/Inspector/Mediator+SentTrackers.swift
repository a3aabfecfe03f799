import Foundation

extension Mediator {
    /// The pings run `result` and its ad handed to the tracker pinger so far (before- and after-load URLs, win and
    /// loss notices, the ad's impression, billing and click trackers), oldest first, each with when (from the run's
    /// start) and how it is doing as the pinger reports it (``TrackerPingStatusReporting``; else "handed to the
    /// pinger"). Empty for a result no mediator ran, or when the pinger discards every ping.
    func sentTrackers(of result: MediationRunResult) -> [MediationInspection.Tracker] {
        sentTrackers(runID: result.runID, startedAt: result.runStartedAt, owner: result.ad?.identifier)
    }

    /// The pings in-stream run `result` handed to the tracker pinger so far: its win and loss notices, and its
    /// winning bid's billing notice once the first banner started (the VAST pings go through the session's own
    /// pinger, not the mediator's).
    func sentTrackers(of result: InstreamMediationResult) -> [MediationInspection.Tracker] {
        sentTrackers(runID: result.runID, startedAt: result.runStartedAt, owner: nil)
    }

    /// The pings owned by run `runID` (or by `owner`), with their times from `startedAt`.
    private func sentTrackers(
        runID: MediationRunID?, startedAt: MediationInstant?, owner: String?
    ) -> [MediationInspection.Tracker] {
        guard let log = services.trackerPinger as? TrackerPingLog, let runID else { return [] }
        let sent = log.sent(owner: owner, ownerPrefix: "\(MediationRunID.launchToken)-\(runID.number)/")
        return sent.map { sent in
            MediationInspection.Tracker(
                url: sent.ping.url, event: sent.ping.event,
                at: startedAt.map { $0.duration(to: sent.at) },
                result: log.deliveryStatus(of: sent.ping)?.description ?? "handed to the pinger")
        }
    }
}

import Foundation

extension Mediator {
    /// The pings run `result` and its ad handed to the tracker pinger so far (before- and after-load URLs, win and
    /// loss notices, the ad's impression, billing and click trackers), oldest first, each with when (from the run's
    /// start) and how it is doing as the pinger reports it (``TrackerPingStatusReporting``; else "handed to the
    /// pinger"). Empty for a result no mediator ran, or when the pinger discards every ping.
    func sentTrackers(of result: MediationRunResult) -> [MediationInspection.Tracker] {
        guard let log = services.trackerPinger as? TrackerPingLog, let runID = result.runID else { return [] }
        let sent = log.sent(
            owner: result.ad?.identifier, ownerPrefix: "\(MediationRunID.launchToken)-\(runID.number)/")
        return sent.map { sent in
            MediationInspection.Tracker(
                url: sent.ping.url, event: sent.ping.event,
                at: result.runStartedAt.map { $0.duration(to: sent.at) },
                result: log.deliveryStatus(of: sent.ping)?.description ?? "handed to the pinger")
        }
    }
}

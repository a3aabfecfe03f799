import Foundation
import MediationCore
import MediationSupport

/// How the default strategy recovers when a phased workload's world changes (`mediation bench` on a workload with
/// `phases`).
///
/// For each change at request c, the new world's limit is searched as `--limit` does (trained on the settled
/// world after the change, drawn from seed + 1, and scored on the bench's own requests from c to the next change),
/// and its best rule at the default's realised cost over those requests is run on the same requests. Over windows
/// of ``window`` loads, ``step`` loads apart, the default's p50 is compared with the rule's on the same loads: the
/// recovery is the end of the first window whose ratio is within ``tolerance``, in loads after the change, and the
/// time to fill lost meanwhile is the sum over those loads of the default's time to fill minus the rule's. The
/// share of the later windows within the tolerance says whether the default stays there.
public struct BenchRecovery: Codable, Sendable, Hashable {
    /// One change of the world.
    public struct Change: Codable, Sendable, Hashable {
        /// The first request of the changed world.
        public var atRequest: Int
        /// What changed (`n1: fillProbability 0.6 → 0.05`).
        public var change: String
        /// The loads from the change to the next change or the run's end.
        public var loads: Int
        /// The default's line requests over sequential's on those loads.
        public var requestsRatio: Double?
        /// The new world's best rule at that cost (``BenchLimit/rule(atRequestsRatio:)``), with its figures.
        public var rule: String?
        /// The default's p50 over the rule's in the first window after the change.
        public var firstWindowRatio: Double?
        /// The default's p50 over the rule's in the last window before the next change or the run's end.
        public var lastWindowRatio: Double?
        /// Loads after the change until the end of the first window within ``BenchRecovery/tolerance`` of the
        /// rule's p50; `nil` when no window is.
        public var recoveryLoads: Int?
        /// Of the windows from the recovery's on (``step`` loads apart), the share within
        /// ``BenchRecovery/tolerance``: whether the default stays recovered; `nil` without a recovery.
        public var withinAfterRecovery: Double?
        /// The default's time to fill minus the rule's, summed over the filled loads until the recovery (all the
        /// change's loads when there is none), in seconds.
        public var lostSeconds: Double
        /// ``lostSeconds`` per load, in milliseconds.
        public var lostMsPerLoad: Double
    }

    /// Loads per window: 200.
    public static let window = 200
    /// Loads between windows' starts: 25.
    public static let step = 25
    /// The default's p50 within 3 % of the new limit's rule.
    public static let tolerance = 1.03

    /// The strategy followed.
    public var strategy: String
    /// Each change, in request order.
    public var changes: [Change]

    /// The recovery of `run`'s default strategy from each of its workload's changes; `nil` when the workload has
    /// no phases or the default did not run. `progress` receives a line now and then.
    public init?(run: BenchRun, progress: (@Sendable (String) -> Void)? = nil) {
        let changeRequests = run.workload.changeRequests
        guard !changeRequests.isEmpty, let followed = run.strategies.first(where: { $0.strategy.isDefault }) else {
            return nil
        }
        strategy = followed.strategy.name
        let sequential = run.sequential
        let total = run.world.requests.count
        var changes: [Change] = []
        for (index, start) in changeRequests.enumerated() where start < total {
            let end = index + 1 < changeRequests.count ? min(changeRequests[index + 1], total) : total
            var training = run.workload.settled(atRequest: start)
            training.seed = run.workload.seed &+ 1
            let scoring = run.world.slice(start..<end)
            progress?("bench \(run.workload.name): recovery from the change at request \(start)")
            let limit = BenchLimit(
                training: BenchWorld(workload: training, requests: min(BenchLimit.trainingRequests, total)),
                trainingSeed: training.seed, scoring: scoring, label: "\(run.workload.name) from \(start)",
                progress: progress)
            let mine = Array(followed.results[start..<end])
            changes.append(
                Self.change(
                    at: start, summary: run.workload.changeSummary(atRequest: start), mine: mine,
                    sequential: Array(sequential[start..<end]), limit: limit, world: scoring))
        }
        self.changes = changes
    }

    /// The recovery of `mine` on `world` (a change's loads) against `limit`'s best rule at `mine`'s cost.
    static func change(
        at start: Int, summary: String, mine: [BenchRequestResult], sequential: [BenchRequestResult],
        limit: BenchLimit, world: BenchWorld
    ) -> Change {
        let sequentialRequests = sequential.reduce(0) { $0 + $1.attempts }
        let ratio =
            sequentialRequests > 0 ? Double(mine.reduce(0) { $0 + $1.attempts }) / Double(sequentialRequests) : nil
        var change = Change(
            atRequest: start, change: summary, loads: mine.count, requestsRatio: ratio, rule: nil,
            firstWindowRatio: nil, lastWindowRatio: nil, recoveryLoads: nil, withinAfterRecovery: nil, lostSeconds: 0,
            lostMsPerLoad: 0)
        guard let ratio, let rule = limit.rule(atRequestsRatio: ratio) else { return change }
        change.rule = BenchReport.describe(rule)
        let theirs = rule.policy.results(on: world)
        func p50(_ results: ArraySlice<BenchRequestResult>) -> Double? {
            BenchPercentile.nearestRank(50, of: results.compactMap { $0.timeToFill?.milliseconds }.sorted())
        }
        func windowRatio(_ range: Range<Int>) -> Double? {
            guard let mineP50 = p50(mine[range]), let theirP50 = p50(theirs[range]), theirP50 > 0 else { return nil }
            return mineP50 / theirP50
        }
        let width = min(Self.window, mine.count)
        if width > 0 {
            change.firstWindowRatio = windowRatio(0..<width)
            change.lastWindowRatio = windowRatio((mine.count - width)..<mine.count)
        }
        var windowStart = 0
        while windowStart + width <= mine.count, width > 0 {
            if let value = windowRatio(windowStart..<(windowStart + width)), value <= Self.tolerance {
                change.recoveryLoads = windowStart + width
                break
            }
            windowStart += Self.step
        }
        if change.recoveryLoads != nil {
            let starts = Array(stride(from: windowStart, through: mine.count - width, by: Self.step))
            let within = starts.count { start in
                windowRatio(start..<(start + width)).map { $0 <= Self.tolerance } ?? false
            }
            change.withinAfterRecovery = Double(within) / Double(max(starts.count, 1))
        }
        let lostUntil = change.recoveryLoads ?? mine.count
        var lost = 0.0
        for load in 0..<lostUntil {
            guard let mineTime = mine[load].timeToFill, let theirTime = theirs[load].timeToFill else { continue }
            lost += (mineTime - theirTime).milliseconds
        }
        change.lostSeconds = lost / 1_000
        change.lostMsPerLoad = lostUntil > 0 ? lost / Double(lostUntil) : 0
        return change
    }

    /// The changes as Markdown.
    public func table() -> String {
        var lines = [
            "recovery of \(strategy) (windows of \(Self.window) loads, \(Self.step) apart; within "
                + String(format: "%.0f %%", (Self.tolerance - 1) * 100) + " of the new limit's best rule at its cost)",
            "",
            "| change at request | change | loads | requests × seq | new limit's best rule | first window p50 × rule "
                + "| last window p50 × rule | loads to recover | windows within after it | time to fill lost |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for change in changes {
            let recovery = change.recoveryLoads.map(String.init) ?? "not within \(change.loads)"
            lines.append(
                "| \(change.atRequest) | \(change.change) | \(change.loads) | "
                    + (change.requestsRatio.map { String(format: "%.3f", $0) } ?? "–") + " | \(change.rule ?? "–") | "
                    + (change.firstWindowRatio.map { String(format: "%.3f", $0) } ?? "–") + " | "
                    + (change.lastWindowRatio.map { String(format: "%.3f", $0) } ?? "–") + " | \(recovery) | "
                    + (change.withinAfterRecovery.map { String(format: "%.0f %%", $0 * 100) } ?? "–") + " | "
                    + String(format: "%.1f s (%.1f ms per load)", change.lostSeconds, change.lostMsPerLoad) + " |")
        }
        return lines.joined(separator: "\n")
    }
}

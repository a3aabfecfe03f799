import Foundation
import MediationCore
import MediationSupport

extension DemoCommand {
    /// The inspection of a demo run of `mediator` that started at `runStart` on the demo's clock and was
    /// decided at `elapsed`, with the trackers `log` saw (their times made relative to the run's start).
    static func inspection(
        of result: MediationRunResult, mediator: Mediator, trackers log: DemoTrackerLog, elapsed: Duration,
        runStart: Duration = .zero
    ) -> MediationInspection {
        let trackers = log.trackers.map { tracker in
            var tracker = tracker
            tracker.at = tracker.at.map { $0 - runStart }
            return tracker
        }
        return MediationInspection(
            result: result, mediator: mediator, title: "mediation demo", trackers: trackers,
            decidedAt: elapsed - runStart)
    }

    /// Writes the inspector page of `outcome` (titled after `origin`) to `path`; says where on standard error.
    ///
    /// - Returns: `false` after printing why, when the page cannot be written.
    static func writeInspection(_ outcome: Outcome, origin: String, to path: String) -> Bool {
        guard var inspection = outcome.inspection else {
            printError("mediation demo: the run has no inspection to write to --inspect \(path.terminalSafe)")
            return false
        }
        inspection.title = "mediation demo: \(origin)"
        let file = URL(fileURLWithPath: path)
        do {
            try MediationInspector.htmlPage(for: inspection).write(to: file, atomically: true, encoding: .utf8)
        } catch {
            printError("mediation demo: cannot write --inspect \(path.terminalSafe): \(fileErrorReason(error))")
            return false
        }
        printError("mediation demo: wrote the inspector page to \(file.standardizedFileURL.path.terminalSafe)")
        return true
    }
}

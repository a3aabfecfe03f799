/// A logger that stamps every entry with a run's ID and ad unit before handing it on; made by
/// ``MediationLogger/scoped(toRun:adUnit:)``.
struct RunScopedLogger: MediationLogger {
    let base: any MediationLogger
    let runID: MediationRunID
    let adUnit: String?

    func isEnabled(_ level: MediationLogLevel) -> Bool {
        base.isEnabled(level)
    }

    func record(_ entry: MediationLogEntry) {
        var entry = entry
        if entry.runID == nil {
            entry.runID = runID
            entry.adUnit = adUnit
        }
        base.record(entry)
    }
}

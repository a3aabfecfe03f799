extension WaterfallRunMachine {
    /// Appends a log action, building `message` only when the run's logger records `level`.
    func log(
        _ level: MediationLogLevel, _ message: @autoclosure () -> String, line: Int?,
        _ actions: inout [WaterfallRunAction]
    ) {
        guard isLogEnabled(level) else { return }
        actions.append(.log(level, message(), line: line))
    }
}

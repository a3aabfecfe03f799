/// One log entry: level, message, metadata, and the load it belongs to.
public struct MediationLogEntry: Sendable, Hashable {
    /// How much it matters.
    public var level: MediationLogLevel
    /// The text.
    public var message: String
    /// Structured detail (`line`, `code`, `slotId`, …).
    public var metadata: [String: String]
    /// The load it was logged in; `nil` only for entries logged outside a load (an adapter used directly).
    public var runID: MediationRunID?
    /// The ad unit of that load (`x-ad-unit-id`, terminal-safe); `nil` when the response names none or outside a
    /// load.
    public var adUnit: String?

    /// Creates an entry.
    package init(
        level: MediationLogLevel, message: String, metadata: [String: String] = [:], runID: MediationRunID? = nil,
        adUnit: String? = nil
    ) {
        self.level = level
        self.message = message
        self.metadata = metadata
        self.runID = runID
        self.adUnit = adUnit
    }
}

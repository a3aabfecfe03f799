import MediationSupport

/// Where MediationKit writes its log.
///
/// Rules for conformers: both requirements must be safe to call from any thread, cheap, and must not call back
/// into MediationKit. ``isEnabled(_:)`` is asked before every message is built; ``record(_:)`` is called only
/// for entries whose level is enabled. Entries logged during a load carry the run's ID and ad unit
/// (``MediationLogEntry/runID``, ``MediationLogEntry/adUnit``). Callers log through
/// ``log(_:_:metadata:)``, which builds the message and metadata only when the level is enabled.
public protocol MediationLogger: Sendable {
    /// Whether entries at `level` are recorded; when `false`, the message is never built.
    func isEnabled(_ level: MediationLogLevel) -> Bool

    /// Records one entry; called only when ``isEnabled(_:)`` is `true` for its level.
    func record(_ entry: MediationLogEntry)
}

extension MediationLogger {
    /// Logs a message with structured metadata. Both are autoclosures, evaluated only when `level` is
    /// enabled, so a dropped debug message costs one ``isEnabled(_:)`` call.
    ///
    /// The message and the metadata values are made terminal-safe (`String.terminalSafe`: control, line-breaking
    /// and bidirectional characters shown as `\u{…}`) before ``record(_:)`` sees them, so a custom event class
    /// name, a network name or a creative text quoted in a message cannot clear a terminal or forge a log line,
    /// whatever logger prints it.
    public func log(
        _ level: MediationLogLevel, _ message: @autoclosure () -> String,
        metadata: @autoclosure () -> [String: String] = [:]
    ) {
        guard isEnabled(level) else { return }
        var metadata = metadata()
        if metadata.values.contains(where: { $0.unicodeScalars.contains(where: String.isUnsafeOnATerminal) }) {
            metadata = metadata.mapValues(\.terminalSafe)
        }
        record(MediationLogEntry(level: level, message: message().terminalSafe, metadata: metadata))
    }

    /// This logger with every entry stamped with `runID` and `adUnit` (entries that already carry a run keep
    /// theirs). The engine hands such a logger to every custom event of a run. A logger that records no level
    /// at all is returned as it is: there is nothing to stamp, and a load then costs no logger of its own. The
    /// ad unit comes from the response (`x-ad-unit-id`) and is stamped terminal-safe.
    package func scoped(toRun runID: MediationRunID, adUnit: String?) -> any MediationLogger {
        if MediationLogLevelMask.enabled(in: self).isEmpty { return self }
        return RunScopedLogger(base: self, runID: runID, adUnit: adUnit?.terminalSafe)
    }
}

/// A logger that drops everything; the default.
public struct SilentLogger: MediationLogger {
    /// Creates the silent logger.
    public init() {}

    /// Always `false`: no message is ever built.
    public func isEnabled(_ level: MediationLogLevel) -> Bool { false }

    /// Drops the entry.
    public func record(_ entry: MediationLogEntry) {}
}

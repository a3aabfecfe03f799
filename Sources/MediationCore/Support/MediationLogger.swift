/// How much a log message matters.
public enum MediationLogLevel: Int, Sendable, Comparable, Codable, CaseIterable {
    /// Step-by-step detail, off in production.
    case debug
    /// Normal milestones: a line started, an ad loaded.
    case info
    /// Something odd the engine absorbed: a duplicate or late callback.
    case warning
    /// A failure.
    case error

    /// Orders levels from `debug` to `error`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where MediationKit writes its log.
///
/// Conformers must be safe to call from any thread and must not call back into MediationKit.
public protocol MediationLogger: Sendable {
    /// Records one message with structured metadata.
    func log(_ level: MediationLogLevel, _ message: String, metadata: [String: String])
}

extension MediationLogger {
    /// Records a message without metadata.
    public func log(_ level: MediationLogLevel, _ message: String) {
        log(level, message, metadata: [:])
    }
}

/// A logger that drops everything; the default.
public struct SilentLogger: MediationLogger {
    /// Creates the silent logger.
    public init() {}

    /// Drops the message.
    public func log(_ level: MediationLogLevel, _ message: String, metadata: [String: String]) {}
}

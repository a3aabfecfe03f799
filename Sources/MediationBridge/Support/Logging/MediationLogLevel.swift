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

    /// The level's lower-case name: `debug`, `info`, `warning`, `error`.
    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

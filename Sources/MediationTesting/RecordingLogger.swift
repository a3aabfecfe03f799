import MediationCore
import MediationSupport

/// A logger that keeps every entry, for assertions.
public final class RecordingLogger: MediationLogger, Sendable {
    /// One recorded entry.
    public typealias Entry = MediationLogEntry

    /// The lowest level recorded; lower ones are never built.
    public let minimumLevel: MediationLogLevel
    private let recorded = Locked<[Entry]>([])

    /// Creates an empty recorder that keeps entries from `minimumLevel` up (everything by default).
    public init(minimumLevel: MediationLogLevel = .debug) {
        self.minimumLevel = minimumLevel
    }

    /// `true` from ``minimumLevel`` up.
    public func isEnabled(_ level: MediationLogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Keeps the entry.
    public func record(_ entry: MediationLogEntry) {
        recorded.withLock { $0.append(entry) }
    }

    /// Every entry so far.
    public var entries: [Entry] { recorded.current }
}

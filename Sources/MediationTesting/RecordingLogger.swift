import MediationCore

/// A logger that keeps every message, for assertions.
public final class RecordingLogger: MediationLogger, Sendable {
    /// One recorded message.
    public struct Entry: Sendable, Hashable {
        /// Its level.
        public var level: MediationLogLevel
        /// Its text.
        public var message: String
        /// Its metadata.
        public var metadata: [String: String]
    }

    private let recorded = Locked<[Entry]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records the message.
    public func log(_ level: MediationLogLevel, _ message: String, metadata: [String: String]) {
        recorded.withLock { $0.append(Entry(level: level, message: message, metadata: metadata)) }
    }

    /// Every message so far.
    public var entries: [Entry] { recorded.current }
}

import Foundation
import MediationSupport

/// A pinger that fires nothing, for hosts that fire trackers elsewhere, and for tests.
///
/// It is never a default: a `Mediator` discards trackers only when the host passes this pinger. The first
/// discarded URL logs a warning, once per pinger, so that dropped trackers never go unnoticed. Since it
/// ``discardsPings``, the engine does not even build after-load URLs for it.
public struct DiscardingTrackerPinger: TrackerPinging {
    private let logger: any MediationLogger
    private let hasWarned = Locked(false)

    /// Creates the pinger; it warns once through `logger` when it first discards a URL.
    public init(logger: any MediationLogger = SilentLogger()) {
        self.logger = logger
    }

    /// `true`: nothing is sent.
    public var discardsPings: Bool { true }

    /// Discards `url`; the first call logs a warning.
    public func ping(_ url: URL) {
        let isFirst = hasWarned.withLock { hasWarned in
            defer { hasWarned = true }
            return !hasWarned
        }
        if isFirst {
            logger.log(
                .warning, "DiscardingTrackerPinger drops tracker URLs (first: \(url.absoluteString)); none is fired",
                metadata: [:])
        }
    }
}

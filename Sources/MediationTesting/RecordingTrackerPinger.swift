import Foundation
import MediationCore

/// A tracker pinger that records every URL it is asked to fire, in order.
public final class RecordingTrackerPinger: TrackerPinging, Sendable {
    private let recorded = Locked<[URL]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records `url`.
    public func ping(_ url: URL) {
        recorded.withLock { $0.append(url) }
    }

    /// Every URL fired so far, in order.
    public var pinged: [URL] { recorded.current }

    /// How many times `url` was fired.
    public func count(of url: URL) -> Int {
        recorded.current.count { $0 == url }
    }
}

import Foundation
import MediationCore
import MediationSupport

/// A tracker pinger that records every URL it is asked to fire, in order.
public final class RecordingTrackerPinger: TrackerPinging, Sendable {
    private let recorded = Locked<[TrackerPing]>([])
    private let batches = Locked<[Int]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records `url` as a ping with no known event or owner.
    public func ping(_ url: URL) {
        recorded.withLock { $0.append(TrackerPing(url: url, event: .unspecified, owner: nil)) }
    }

    /// Records `ping`.
    public func ping(_ ping: TrackerPing) {
        recorded.withLock { $0.append(ping) }
    }

    /// Records each of `pings`, and that they came together.
    public func ping(contentsOf pings: [TrackerPing]) {
        recorded.withLock { $0 += pings }
        batches.withLock { $0.append(pings.count) }
    }

    /// How many pings each ``ping(contentsOf:)`` call handed over, in order.
    package var batchSizes: [Int] { batches.current }

    /// Every URL fired so far, in order.
    public var pinged: [URL] { recorded.current.map(\.url) }

    /// Every ping so far, in order, with its event and owner.
    public var pings: [TrackerPing] { recorded.current }

    /// How many times `url` was fired.
    public func count(of url: URL) -> Int {
        recorded.current.count { $0.url == url }
    }
}

import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// The demo's tracker pinger for the inspector: hands every ping on to `pinger` and notes when it came, on the
/// demo's manual clock.
final class DemoTrackerLog: TrackerPinging, Sendable {
    private let pinger: any TrackerPinging
    private let clock: ManualClock
    private let recorded = Locked<[MediationInspection.Tracker]>([])

    init(forwardingTo pinger: any TrackerPinging, clock: ManualClock) {
        self.pinger = pinger
        self.clock = clock
    }

    func ping(_ url: URL) {
        ping(TrackerPing(url: url, event: .unspecified, owner: nil))
    }

    func ping(_ ping: TrackerPing) {
        recorded.withLock {
            $0.append(
                MediationInspection.Tracker(
                    url: ping.url, event: ping.event, at: clock.elapsedSinceStart,
                    result: "recorded (the demo sends nothing)"))
        }
        pinger.ping(ping)
    }

    /// Every ping so far, in order, with when it came.
    var trackers: [MediationInspection.Tracker] { recorded.current }
}

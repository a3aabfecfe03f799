import Foundation
import MediationSupport

/// The pings a mediator handed to its tracker pinger, with when: the most recent ``capacity`` of them, so that an
/// inspector page built at any moment shows the notices and trackers a run and its ad fired so far.
///
/// The mediator wraps its configured pinger in one (``wrapping(_:clock:)``), unless that pinger discards every
/// ping; each ping costs one lock and one slot of a fixed ring, and is forwarded unchanged.
final class TrackerPingLog: TrackerPinging {
    /// One ping handed on, and when.
    struct Sent: Sendable {
        var ping: TrackerPing
        var at: MediationInstant
    }

    /// The most pings kept; older ones are forgotten first.
    static let capacity = 512

    private struct Ring {
        var slots: [Sent] = []
        var next = 0
    }

    /// The pinger every ping goes to.
    let base: any TrackerPinging
    private let clock: MediationClock
    private let ring = Locked(Ring())

    private init(base: any TrackerPinging, clock: MediationClock) {
        self.base = base
        self.clock = clock
    }

    /// `pinger` wrapped in a log, or `pinger` itself when it discards every ping (nothing is sent to show).
    static func wrapping(_ pinger: any TrackerPinging, clock: MediationClock) -> any TrackerPinging {
        guard !pinger.discardsPings, !(pinger is TrackerPingLog) else { return pinger }
        return TrackerPingLog(base: pinger, clock: clock)
    }

    var discardsPings: Bool { base.discardsPings }

    func ping(_ url: URL) {
        record(CollectionOfOne(TrackerPing(url: url, event: .unspecified, owner: nil)))
        base.ping(url)
    }

    func ping(_ ping: TrackerPing) {
        record(CollectionOfOne(ping))
        base.ping(ping)
    }

    func ping(contentsOf pings: [TrackerPing]) {
        record(pings)
        base.ping(contentsOf: pings)
    }

    private func record(_ pings: some Collection<TrackerPing>) {
        let at = clock.now
        ring.withLock { ring in
            for ping in pings {
                let sent = Sent(ping: ping, at: at)
                if ring.slots.count < Self.capacity {
                    ring.slots.append(sent)
                } else {
                    ring.slots[ring.next] = sent
                    ring.next = (ring.next + 1) % Self.capacity
                }
            }
        }
    }

    /// The pings kept whose owner is `owner` or starts with `ownerPrefix`, oldest first.
    func sent(owner: String?, ownerPrefix: String?) -> [Sent] {
        let slots = ring.withLock { Array($0.slots[$0.next...] + $0.slots[..<$0.next]) }
        return slots.filter { sent in
            guard let pingOwner = sent.ping.owner else { return false }
            return pingOwner == owner || ownerPrefix.map { pingOwner.hasPrefix($0) } ?? false
        }
    }

    /// How `ping` is doing, when the pinger reports it.
    func deliveryStatus(of ping: TrackerPing) -> TrackerPingDeliveryStatus? {
        (base as? any TrackerPingStatusReporting)?.deliveryStatus(of: ping)
    }
}

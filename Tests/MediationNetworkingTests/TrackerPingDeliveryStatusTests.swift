import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// What `URLSessionTrackerPinger.deliveryStatus(of:)` says of a ping at each step, against the loopback server:
/// the inspector's "pinger's result" column.
@Suite struct TrackerPingDeliveryStatusTests {
    @Test func aPingIsPendingAfterAServerErrorThenDeliveredAndAClientErrorFails() async throws {
        try await LoopbackServer.run { server in
            let clock = ManualClock()
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ping-status-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            let flaky = TrackerPing(url: server.url("/flaky/status?fail=1"), event: .impression, owner: "ad")
            let refused = TrackerPing(url: server.url("/status/404"), event: .click, owner: "ad")
            let ownerless = TrackerPing(url: server.url("/status/200"), event: .impression, owner: nil)
            #expect(pinger.deliveryStatus(of: flaky) == nil, "not taken yet")
            pinger.ping(flaky)
            pinger.ping(refused)
            pinger.ping(ownerless)
            await pinger.waitUntilIdle()
            #expect(pinger.deliveryStatus(of: flaky) == .pendingRetry, "a 500: kept for its next attempt")
            #expect(pinger.deliveryStatus(of: refused) == .failed, "a 4xx is final")
            #expect(pinger.deliveryStatus(of: ownerless) == nil, "a ping without an owner is not remembered")
            clock.advance(by: .seconds(2))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/flaky/status").count == 2)
            #expect(pinger.deliveryStatus(of: flaky) == .delivered)
        }
    }
}

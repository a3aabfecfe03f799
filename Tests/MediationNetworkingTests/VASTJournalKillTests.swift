import Foundation
import MediationNetworking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A VAST pod played by `VASTInstreamCustomEvent` in a child process that is then killed with SIGKILL loses no
/// ping: every impression, tracking event and click the playback fired is in the journal before `ping` returns,
/// and the next pinger on the directory delivers what the killed one had not, under the same `X-Ping-ID`.
@Suite(.serialized) struct VASTJournalKillTests {
    /// Five kills at growing delays after the pod was played (the delays are the point of the test, so they are
    /// real ones: the killed process's pinger is delivering meanwhile). Each round's 41 pings arrive, each under
    /// one ID; a ping sent before the kill and again after it carries the same ID, so the server can drop it.
    @Test func aKillAfterAPlayedPodLosesNoPing() async throws {
        try await LoopbackServer.run { server in
            let fired =
                VASTInstreamPlaybackTests.playedToEnd("pod-a").prefix(6)
                + VASTInstreamPlaybackTests.merged("pod-a", "click")
                + VASTInstreamPlaybackTests.playedToEnd("pod-a").dropFirst(6)
                + VASTInstreamPlaybackTests.playedToEnd("pod-b")
            #expect(fired.count == 41)
            let tag = server.url("/vast/vast-chain-1").absoluteString
            for delay: UInt32 in [0, 1000, 5000, 20_000, 100_000] {
                let directory = FileManager.default.temporaryDirectory
                    .appendingPathComponent("vast-kill-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: directory) }
                let before = try await server.hits().count
                let probe = try NetworkingProbe.start(["vastplay", directory.path, tag])
                let played = await probe.waitForLine(startingWith: "PLAYED")
                if delay > 0 { usleep(delay) }
                probe.kill()
                #expect(played != nil, "the probe played the pod (delay \(delay) µs)")
                let report = try await NetworkingProbe.run(
                    ["deliver", directory.path], environment: ["PROBE_LINGER_MS": "0"])
                #expect(report.result.hasSuffix("all true"), "delay \(delay) µs: \(report.result)")

                let hits = try await server.hits().dropFirst(before).filter { $0.path.hasPrefix("/track/") }
                var pathByID: [String: String] = [:]
                for hit in hits {
                    guard let id = hit.pingID else {
                        Issue.record("\(hit.path) arrived without an X-Ping-ID")
                        continue
                    }
                    if let earlier = pathByID[id], earlier != hit.path {
                        Issue.record("one ID for two pings: \(earlier) and \(hit.path)")
                    }
                    pathByID[id] = hit.path
                }
                #expect(
                    pathByID.values.sorted() == fired.sorted(),
                    "delay \(delay) µs: each ping arrives under one ID, none lost (\(pathByID.count) IDs)")
            }
        }
    }
}

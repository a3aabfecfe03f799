import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `recordImpression()` returns only once the ping is in the journal: a SIGKILL right after it returns loses
/// nothing, and the next pinger on the directory delivers it.
@Suite(.serialized) struct JournalKillTests {
    /// 50 kills, 10 at each delay after `recordImpression()` returned, each impression found at the server after
    /// the restart. The delays are the point of the test, so they are real ones.
    @Test func aKillRightAfterRecordImpressionReturnsLosesNothing() async throws {
        try await LoopbackServer.run { server in
            let delaysInMicroseconds: [UInt32] = [0, 100, 500, 1000, 2000]
            var expected: [String] = []
            var kills = 0
            for (delayIndex, delay) in delaysInMicroseconds.enumerated() {
                for round in 0..<10 {
                    let directory = FileManager.default.temporaryDirectory
                        .appendingPathComponent("kill-\(UUID().uuidString)")
                    defer { try? FileManager.default.removeItem(at: directory) }
                    let name = "d\(delayIndex)r\(round)"
                    let url = server.url("/track/kill?n=\(name)&ping=%%PING_ID%%")
                    let probe = try NetworkingProbe.start(["record", directory.path, url.absoluteString])
                    let recorded = await probe.waitForLine(startingWith: "RECORDED")
                    if delay > 0 { usleep(delay) }
                    probe.kill()
                    kills += 1
                    #expect(recorded != nil, "the probe recorded its impression (\(name))")
                    let report = try await NetworkingProbe.run(
                        ["deliver", directory.path], environment: ["PROBE_LINGER_MS": "0"])
                    #expect(report.result.hasPrefix("delivered"), "the next pinger started (\(name)): \(report.result)")
                    #expect(report.result.hasSuffix("all true"), "\(name): \(report.result)")
                    expected.append(name)
                }
            }
            #expect(kills == 50)
            let hits = try await server.hits().filter { $0.path.hasPrefix("/track/kill") }
            let arrived = Set(
                hits.compactMap { URLComponents(string: $0.path)?.queryItems?.first { $0.name == "n" }?.value })
            let missing = expected.filter { !arrived.contains($0) }
            #expect(missing.isEmpty, "lost after a kill: \(missing)")
            // A ping delivered before the kill and again after it is a duplicate the server can drop: same ID.
            for name in expected {
                let attempts = hits.filter { $0.path.contains("n=\(name)&") }
                #expect(Set(attempts.compactMap(\.pingID)).count == 1, "\(name): one ID across the kill")
                #expect(attempts.allSatisfy { $0.path.hasSuffix("ping=\($0.pingID ?? "")") })
            }
        }
    }
}

import Foundation
import MediationSupport
import Testing

@testable import MediationNetworking

/// Every ``HTTPFetcher`` sends through the process's one URLSession, which nothing tears down: fetchers made and
/// dropped by the thousand while their requests end every way a request can (answered, refused, timed out,
/// cancelled) each complete every request exactly once, and one fetcher's requests on the wire never hold back
/// another's (the session's per-host limit is not a fetcher's).
@Suite struct HTTPSharedSessionTests {
    @Test func fetchersMadeAndDroppedByTheThousandCompleteEveryRequestExactlyOnce() async throws {
        try await LoopbackServer.run { server in
            // Port 1 on loopback refuses the connection at once.
            let refused = try #require(URL(string: "http://127.0.0.1:1/refused"))
            let completions = Locked([Int: Int]())
            let rounds = 20
            let fetchersPerRound = 50
            for round in 0..<rounds {
                await withTaskGroup(of: Void.self) { group in
                    for index in 0..<fetchersPerRound {
                        let number = round * fetchersPerRound + index
                        let url = [refused, server.url("/slow?seconds=0.05"), server.url("/ad/page1")][index % 3]
                        let timeout: Duration = index % 7 == 0 ? .milliseconds(20) : .seconds(10)
                        group.addTask {
                            let fetcher = HTTPFetcher(maxConcurrentRequests: 2)
                            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                                let handle = fetcher.get(url, timeout: timeout, maxBytes: 1 << 20) { _ in
                                    completions.withLock { $0[number, default: 0] += 1 }
                                    continuation.resume()
                                }
                                if index % 5 == 0 { handle.cancel() }
                            }
                        }
                    }
                }
            }
            let counts = completions.withLock { $0 }
            #expect(counts.count == rounds * fetchersPerRound)
            #expect(counts.values.allSatisfy { $0 == 1 }, "completed more than once: \(counts.filter { $0.value > 1 })")
        }
    }

    @Test func oneFetchersRequestsOnTheWireNeverHoldBackAnothers() async throws {
        try await LoopbackServer.run { server in
            let busy = HTTPFetcher(maxConcurrentRequests: 8)
            let other = HTTPFetcher(maxConcurrentRequests: 1)
            let slowEnded = Locked(0)
            // Eight requests the server answers after a minute, cancelled once the other fetcher's request is
            // answered: until then all eight are on the wire, whatever the machine's load.
            let handles = (0..<8).map { _ in
                busy.get(server.url("/slow?seconds=60"), timeout: .seconds(90), maxBytes: 1 << 20) { _ in
                    slowEnded.withLock { $0 += 1 }
                }
            }
            // The other fetcher's request goes once the server has all eight.
            try #require(try await server.waitForHit(startingWith: "/slow", count: 8, timeout: .seconds(30)))
            let result = await withCheckedContinuation { continuation in
                other.get(server.url("/ad/page1"), timeout: .seconds(20), maxBytes: 1 << 20) {
                    continuation.resume(returning: $0)
                }
            }
            #expect((try? result.get().status) == 200, "\(result)")
            #expect(slowEnded.withLock { $0 } == 0, "the other fetcher's request waited for the slow ones")
            for handle in handles { handle.cancel() }
        }
    }
}

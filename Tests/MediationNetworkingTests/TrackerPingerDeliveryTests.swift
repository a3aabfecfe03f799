import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// Every ping once under a burst, an outage and a slow server, each ping carrying its stable identifier; the
/// loopback server's hit log is the truth.
@Suite(.serialized) struct TrackerPingerDeliveryTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pinger-delivery-\(UUID().uuidString)")
    }

    private static func impression(_ server: LoopbackServer, _ route: String, _ number: Int) -> TrackerPing {
        TrackerPing(url: server.url("/\(route)/imp?n=\(number)"), event: .impression, owner: "ad-\(number)")
    }

    /// Waits until `pinger` has delivered everything. A ping that failed on a loaded machine (a refused or timed-out
    /// connection) waits for a retry on the manual clock: the clock is moved on by the retry policy's longest
    /// delay, at most 10 times, so that a blip cannot stall the test. Returns how many times it was moved.
    private static func deliverAll(_ pinger: URLSessionTrackerPinger, clock: ManualClock) async -> Int {
        var advances = 0
        while await !pinger.waitUntilIdleThenCheckDelivered(), advances < 10 {
            clock.advance(by: .seconds(60))
            advances += 1
        }
        return advances
    }

    /// The numbers `n` that arrived, and how many arrived more than once.
    private static func arrivals(_ server: LoopbackServer, _ prefix: String) async throws -> (Set<String>, Int) {
        let paths = try await server.paths(startingWith: prefix)
        return (Set(paths), paths.count - Set(paths).count)
    }

    @Test func tenThousandImpressionsAtOnceArriveOnceEach() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let clock = ManualClock()
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            for number in 1...10_000 { pinger.ping(Self.impression(server, "track", number)) }
            #expect(await Self.deliverAll(pinger, clock: clock) < 10)
            let (distinct, duplicates) = try await Self.arrivals(server, "/track/imp")
            #expect(distinct.count == 10_000)
            #expect(duplicates == 0)
            #expect(pinger.deliveredCount == 10_000)
            #expect(pinger.droppedCount == 0)
            #expect(try JournalContents.read(directory).liveIDs.isEmpty)
        }
    }

    @Test func tenThousandImpressionsDuringAnOutageArriveOnceEachWhenTheServerReturns() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await server.refuse()
            let clock = ManualClock()
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            for number in 1...10_000 { pinger.ping(Self.impression(server, "track", number)) }
            await pinger.waitUntilIdle()
            #expect(pinger.pendingCount == 10_000, "every failed ping is kept: none was dropped before it was sent")
            #expect(pinger.droppedCount == 0)
            #expect(try JournalContents.read(directory).liveIDs.count == 10_000)
            try await server.accept()
            pinger.retryPendingNow()
            #expect(await Self.deliverAll(pinger, clock: clock) < 10)
            let (distinct, duplicates) = try await Self.arrivals(server, "/track/imp")
            #expect(distinct.count == 10_000)
            #expect(duplicates == 0)
        }
    }

    /// 120 pings to a server that takes 1 s per answer, 12 at a time, with a 2 s timeout: a timeout that counted
    /// the wait for a slot would fail every ping past the second round and send it again.
    @Test func aSlowServerGetsEveryPingOnceBecauseTheTimeoutStartsAtSending() async throws {
        try await LoopbackServer.run { server in
            let pinger = try URLSessionTrackerPinger(
                journalDirectory: nil, clock: ManualClock(), timeout: .seconds(2), maxConcurrentDeliveries: 12)
            for number in 1...120 { pinger.ping(Self.impression(server, "slowtrack", number)) }
            await pinger.waitUntilIdle()
            let (distinct, duplicates) = try await Self.arrivals(server, "/slowtrack/imp")
            #expect(distinct.count == 120)
            #expect(duplicates == 0)
            #expect(pinger.deliveredCount == 120)
        }
    }

    @Test func everyAttemptCarriesThePingsStableIdentifierAsHeaderAndMacro() async throws {
        try await LoopbackServer.run { server in
            let clock = ManualClock()
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            pinger.ping(
                TrackerPing(
                    url: server.url("/flaky/id?fail=1&ping=%%PING_ID%%"), event: .impression, owner: "ad-1"))
            await pinger.waitUntilIdle()
            clock.advance(by: .seconds(2))
            await pinger.waitUntilIdle()
            let hits = try await server.hits().filter { $0.path.hasPrefix("/flaky/id") }
            #expect(hits.count == 2, "one failure, one retry")
            let identifiers = Set(hits.compactMap(\.pingID))
            #expect(identifiers.count == 1, "the retry carries the same ID")
            let identifier = try #require(identifiers.first)
            #expect(hits.allSatisfy { $0.path.hasSuffix("ping=\(identifier)") }, "the macro is expanded")
            #expect(hits.allSatisfy { $0.acceptEncoding == "identity" })
        }
    }

    @Test func aSecondPingerOnTheSameDirectoryIsRefusedWithAClearError() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        let error = #expect(throws: MediationError.self) {
            _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        }
        #expect(error?.description.contains("locked by another tracker pinger") == true)
        #expect(error?.description.contains("process \(ProcessInfo.processInfo.processIdentifier)") == true)
        first.close()
        _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
    }

    @Test func aPingerInAnotherProcessHoldsTheDirectory() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let holder = try NetworkingProbe.start(["hold", directory.path])
        #expect(await holder.waitForLine(startingWith: "READY") != nil)
        let error = #expect(throws: MediationError.self) {
            _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        }
        #expect(error?.description.contains("process \(holder.process.processIdentifier)") == true)
        holder.finish()
        _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
    }
}

extension URLSessionTrackerPinger {
    /// Waits until no request is queued or in flight, then tells whether nothing is pending (a failed ping waits
    /// for a retry on the clock and is still pending).
    fileprivate func waitUntilIdleThenCheckDelivered() async -> Bool {
        await waitUntilIdle()
        return pendingCount == 0
    }
}

import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

@Suite(.serialized) struct URLSessionTrackerPingerTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pinger-\(UUID().uuidString)")
    }

    /// The add lines of the pings the journal still holds (added, not done), read from its segments.
    private static func journalLines(_ pinger: URLSessionTrackerPinger) throws -> [String] {
        try JournalContents.read(try #require(pinger.journalDirectory)).liveLines
    }

    private static func impression(_ server: LoopbackServer, _ number: Int) -> TrackerPing {
        TrackerPing(url: server.url("/track/imp?n=\(number)"), event: .impression, owner: "ad-\(number)")
    }

    @Test func eachOwnerEventAndURLFiresOnceAndOnlyHTTPIsFired() async throws {
        try await LoopbackServer.run { server in
            let logger = RecordingLogger()
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil, logger: logger)
            let click = TrackerPing(url: server.url("/track/click"), event: .click, owner: "ad-1")
            for _ in 0..<3 { pinger.ping(click) }
            pinger.ping(TrackerPing(url: server.url("/track/click"), event: .click, owner: "ad-2"))
            pinger.ping(server.url("/track/plain"))
            pinger.ping(server.url("/track/plain"))
            pinger.ping(try #require(URL(string: "file:///etc/passwd")))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/click").count == 2)
            #expect(try await server.paths(startingWith: "/track/plain").count == 2, "no owner: nothing deduplicated")
            #expect(logger.entries.contains { $0.level == .warning && $0.message.contains("file:///etc/passwd") })
            #expect(pinger.deliveredCount == 4)
        }
    }

    @Test func serverErrorsAreRetriedWithBackoffOnTheClockAndClientErrorsAreNot() async throws {
        try await LoopbackServer.run { server in
            let clock = ManualClock()
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            pinger.ping(TrackerPing(url: server.url("/flaky/imp?fail=2"), event: .impression, owner: "ad"))
            pinger.ping(TrackerPing(url: server.url("/status/404"), event: .click, owner: "ad"))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/flaky/").count == 1)
            #expect(try Self.journalLines(pinger).count == 1, "the failed impression waits in the journal")
            clock.advance(by: .milliseconds(1999))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/flaky/").count == 1, "no retry before 2 s")
            clock.advance(by: .milliseconds(1))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/flaky/").count == 2)
            clock.advance(by: .seconds(4))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/flaky/").count == 3)
            #expect(try await server.paths(startingWith: "/status/404").count == 1, "a 4xx is final")
            #expect(pinger.pendingCount == 0)
            #expect(try Self.journalLines(pinger).isEmpty)
        }
    }

    @Test func retryPendingNowFiresWhatWaitsWithoutWaitingForTheBackoff() async throws {
        try await LoopbackServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil, clock: ManualClock())
            try await server.refuse()
            pinger.ping(Self.impression(server, 1))
            await pinger.waitUntilIdle()
            #expect(pinger.pendingCount == 1)
            try await server.accept()
            pinger.retryPendingNow()
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/imp") == ["/track/imp?n=1"])
            #expect(pinger.pendingCount == 0)
            #expect(pinger.deliveredCount == 1)
        }
    }

    @Test func retryDelaysDoubleUpToTheCap() throws {
        let policy = try TrackerRetryPolicy(maxAttempts: 8, initialDelay: .seconds(1), maxDelay: .seconds(5))
        #expect(
            (1...5).map(policy.delay(afterAttempt:)) == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
            ])
        #expect(throws: MediationError.self) {
            try TrackerRetryPolicy(maxAttempts: 0, initialDelay: .seconds(1), maxDelay: .seconds(5))
        }
    }

    /// Impressions queued while the server refuses connections survive the pinger (an app kill) and arrive
    /// exactly once through a new pinger on the same directory.
    /// Pings handed over together are admitted one by one (a repeat, a refused URL and an unjournaled kind
    /// among them), the journaled ones are all in the journal when the call returns, and a pinger started on the
    /// journal later delivers each once.
    @Test func pingsHandedOverTogetherAreJournaledBeforeTheCallReturns() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await server.refuse()
            let first = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            let losses = (0..<5).map { number in
                TrackerPing(url: server.url("/track/loss?n=\(number)"), event: .loss, owner: "run/auction/\(number)")
            }
            first.ping(
                contentsOf: losses + [
                    losses[0], TrackerPing(url: server.url("/track/before"), event: .beforeLoad, owner: "line"),
                    TrackerPing(url: try #require(URL(string: "file:///etc/passwd")), event: .loss, owner: "x"),
                ])
            // Read at once: the call returned with the five in the journal, in the order given.
            let lines = try Self.journalLines(first)
            #expect(lines.count == 5)
            for (line, number) in zip(lines, 0..<5) { #expect(line.contains("/track/loss?n=\(number)")) }
            await first.waitUntilIdle()
            first.close()
            try await server.accept()
            let second = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            await second.waitUntilIdle()
            let arrived = try await server.paths(startingWith: "/track/loss").sorted()
            #expect(arrived == (0..<5).map { "/track/loss?n=\($0)" })
            #expect(try Self.journalLines(second).isEmpty)
            second.close()
        }
    }

    @Test(arguments: [false, true])
    func pendingImpressionsSurviveTheProcessAndArriveExactlyOnce(truncateJournal: Bool) async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await server.refuse()
            var first: URLSessionTrackerPinger? = try URLSessionTrackerPinger(
                journalDirectory: directory, clock: ManualClock())
            for number in 1...4 {
                first?.ping(Self.impression(server, number))
                first?.ping(Self.impression(server, number))
            }
            await first?.waitUntilIdle()
            #expect(try Self.journalLines(try #require(first)).count == 4)
            first?.close()
            first = nil

            if truncateJournal {
                // A kill in the middle of an append leaves a torn last line: it is reported and skipped.
                let segment = try #require(JournalContents.segments(in: directory).last)
                let handle = try FileHandle(forWritingTo: segment)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(#"{"op":"add","id":"torn","ev"#.utf8))
                try handle.close()
            }
            try await server.accept()
            let logger = RecordingLogger()
            let second = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock(), logger: logger)
            await second.waitUntilIdle()

            let arrived = try await server.paths(startingWith: "/track/imp")
            let expected = (1...4).map { "/track/imp?n=\($0)" }
            #expect(arrived.sorted() == expected)
            #expect(try Self.journalLines(second).isEmpty)
            #expect(second.pendingCount == 0)
            let reported = logger.entries.contains {
                $0.level == .warning && $0.message.contains("is unreadable")
            }
            #expect(reported == truncateJournal)

            second.close()
            let third = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            await third.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/imp").count == expected.count, "nothing fires twice")
        }
    }

    @Test func theJournalIsBoundedInCountAndAge() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try await server.refuse()
            let start = Date(timeIntervalSince1970: 1_000_000)
            let logger = RecordingLogger()
            var first: URLSessionTrackerPinger? = try URLSessionTrackerPinger(
                journalDirectory: directory, clock: ManualClock(), logger: logger, maxJournalEntries: 2,
                now: { start })
            // One at a time, so that the failures arrive in the pings' order (completions may arrive in any order).
            for number in 1...3 {
                first?.ping(Self.impression(server, number))
                await first?.waitUntilIdle()
            }
            let lines = try Self.journalLines(try #require(first))
            #expect(lines.count == 2, "the bound applies to pings whose delivery failed")
            #expect(!lines.contains { $0.contains("n=1") }, "the oldest failed ping is dropped first")
            #expect(first?.droppedCount == 1, "what the bound drops is counted")
            #expect(logger.entries.contains { $0.message.contains("failed pings kept; dropped the 1 oldest") })
            first?.close()
            first = nil
            try await server.accept()

            let later = start.addingTimeInterval(8 * 24 * 3600)
            let second = try URLSessionTrackerPinger(
                journalDirectory: directory, clock: ManualClock(), logger: logger, now: { later })
            await second.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/imp").isEmpty)
            #expect(logger.entries.contains { $0.message.contains("older than") })
            #expect(try Self.journalLines(second).isEmpty)
        }
    }
}

import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import MediationVAST
import Testing

/// Every ping of `VASTInstreamCustomEvent` (impressions, tracking events, clicks, errors) goes through the durable
/// pinger's journal: written before it counts as fired, delivered at least once by the next pinger on the
/// directory when the process ends first, each with its stable `X-Ping-ID`.
@Suite(.serialized) struct VASTInstreamJournalTests {
    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("vast-journal-\(UUID().uuidString)")
    }

    /// The `event` field of each live journal line.
    private static func journaledEvents(_ directory: URL) throws -> [String] {
        try JournalContents.read(directory).liveLines.compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["event"] as? String
        }
    }

    @Test func aPodPlayedWhileTheTrackerServerIsDownIsDeliveredByTheNextPinger() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            // A clock nobody advances: the first pinger tries each ping once and never retries.
            let first = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            let harness = try VASTInstreamPlaybackTests.Harness(server, tag: "/vast/vast-chain-1", pinger: first)
            await harness.load()
            #expect(harness.session.isLoaded)
            try await server.refuse()
            harness.session.start(.preroll)
            harness.clock.advance(by: .seconds(6))
            #expect(harness.session.handleClick() == .accepted)
            harness.clock.runUntilIdle()
            await first.waitUntilIdle()

            let podA = VASTInstreamPlaybackTests.playedToEnd("pod-a")
            let fired =
                podA.prefix(6) + VASTInstreamPlaybackTests.merged("pod-a", "click") + podA.dropFirst(6)
                + VASTInstreamPlaybackTests.playedToEnd("pod-b")
            let events = try Self.journaledEvents(directory)
            #expect(events.count == fired.count, "every ping is in the journal before it is delivered")
            #expect(events.filter { $0 == "impression" }.count == 6)
            #expect(events.filter { $0 == "click" }.count == 3)
            #expect(events.filter { $0 == "tracking" }.count == fired.count - 9)
            #expect(first.deliveredCount == 0)
            first.close()

            try await server.accept()
            #expect(try await server.paths(startingWith: "/track/").isEmpty, "the tracker server was down")
            let second = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            await second.waitUntilIdle()
            let hits = try await server.hits().filter { $0.path.hasPrefix("/track/") }
            #expect(hits.map(\.path).sorted() == fired.sorted(), "each ping delivered once after the restart")
            let pingIDs = hits.compactMap(\.pingID)
            #expect(pingIDs.count == fired.count && Set(pingIDs).count == fired.count, "a stable ID per ping")
            #expect(try JournalContents.read(directory).liveLines.isEmpty)
            second.close()

            let third = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            await third.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/").count == fired.count, "nothing fires twice")
            third.close()
        }
    }

    @Test func errorURLsAreJournaledAsErrors() async throws {
        try await LoopbackServer.run { server in
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let first = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-inline", failing: ["/file/inline.mp4": "decoder error"], pinger: first)
            await harness.load()
            try await server.refuse()
            harness.session.start(.preroll)
            harness.clock.runUntilIdle()
            await first.waitUntilIdle()
            #expect(try Self.journaledEvents(directory) == ["error"])
            first.close()

            try await server.accept()
            let second = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            await second.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/") == ["/track/inline/error?code=405"])
            second.close()
        }
    }
}

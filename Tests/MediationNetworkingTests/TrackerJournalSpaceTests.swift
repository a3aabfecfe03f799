import Foundation
import MediationCore
import MediationTesting
import Testing

@testable import MediationNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// The journal short of space: when start-up compaction cannot write its copy, the journal opens in place and
/// its pings are delivered; a mark that cannot be written keeps its ping pending, and is written once space
/// returns. On a simulated disk (``JournalSpaceBudget``) everywhere, and on a real 2 MiB tmpfs where the tests may
/// mount one.
@Suite(.serialized) struct TrackerJournalSpaceTests {
    /// The impressions left pending in the journal before the restart.
    private static let pendingCount = 1_500

    /// A new, empty directory under the temporary directory.
    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journal-space-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Impression `number`, identified `id-<number>`.
    private static func entry(_ number: Int) -> TrackerPingJournalEntry {
        TrackerPingJournalEntry(
            id: "id-\(number)",
            ping: TrackerPing(
                url: URL(string: "https://track.example/imp?n=\(number)")!, event: .impression, owner: "ad-\(number)"),
            queuedAt: Date().timeIntervalSince1970)
    }

    /// The journal's files in `directory`, by name, with their sizes.
    private static func files(in directory: URL) throws -> [String: Int] {
        var files: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where name.hasPrefix("tracker-pings-") {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            files[name] = attributes[.size] as? Int ?? 0
        }
        return files
    }

    // MARK: The journal

    /// The compacted copy does not fit: the journal still opens with every ping, leaves no partial copy, and
    /// appends to its last segment in place; once the live pings have halved, a compaction fits and the old
    /// segment goes.
    @Test func aCompactionCopyThatDoesNotFitLeavesTheFilesAndAppendsInPlace() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = try TrackerPingJournal(directory: directory)
        for number in 1...Self.pendingCount { try seed.append(Self.entry(number)) }
        seed.close()
        let before = try Self.files(in: directory)
        let journalBytes = before.values.reduce(0, +)
        #expect(before.count == 1, "\(before)")

        let budget = JournalSpaceBudget(bytes: journalBytes / 2)
        let journal = try JournalSpaceBudget.$current.withValue(budget) { try TrackerPingJournal(directory: directory) }
        #expect(journal.contentsAtStart.entries.count == Self.pendingCount)
        #expect(
            journal.contentsAtStart.problems.contains { $0.contains("No space left on device") },
            "\(journal.contentsAtStart.problems)")
        #expect(try Self.files(in: directory) == before, "the partial copy is removed; the files are as they were")
        #expect(budget.remainingBytes == journalBytes / 2, "the partial copy's space is given back")

        for number in 1...10 { try journal.markDone("id-\(number)") }
        let doneBytes = (1...10).reduce(0) { $0 + TrackerJournalRecord.markLine(.done, id: "id-\($1)").count }
        let inPlace = try Self.files(in: directory)
        #expect(Set(inPlace.keys) == Set(before.keys), "appends go to the same segment: \(inPlace)")
        #expect(inPlace.values.reduce(0, +) == journalBytes + doneBytes)
        #expect(try JournalContents.read(directory).liveIDs.count == Self.pendingCount - 10)

        for number in 11...Self.pendingCount { try journal.markDone("id-\(number)") }
        journal.waitUntilCompacted()
        journal.close()
        #expect(try JournalContents.read(directory).liveIDs.isEmpty)
        let after = try Self.files(in: directory)
        #expect(
            after.keys.allSatisfy { !before.keys.contains($0) }, "a later compaction removed the old segment: \(after)")
        #expect(after.values.reduce(0, +) < journalBytes / 2, "\(after)")
    }

    /// Even a mark cannot be written: the call fails, its ping stays pending on disk, and the mark is written
    /// before the next line once space returns (or at close); a write cut short leaves a torn line that the next
    /// line does not join.
    @Test func aMarkThatCannotBeWrittenKeepsItsPingPendingUntilSpaceReturns() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = try TrackerPingJournal(directory: directory)
        for number in 1...3 { try seed.append(Self.entry(number)) }
        seed.close()

        let budget = JournalSpaceBudget(bytes: 0)
        let journal = try JournalSpaceBudget.$current.withValue(budget) { try TrackerPingJournal(directory: directory) }
        #expect(journal.contentsAtStart.entries.map(\.id) == ["id-1", "id-2", "id-3"])
        #expect(throws: JournalFileSystem.Failure.self) { try journal.markDone("id-1") }
        #expect(try JournalContents.read(directory).liveIDs == ["id-1", "id-2", "id-3"], "still pending, not lost")
        budget.add(10)
        #expect(throws: JournalFileSystem.Failure.self) { try journal.markDone("id-2") }
        #expect(budget.remainingBytes == 0, "10 bytes of the marks were written: a torn line")
        #expect(try JournalContents.read(directory).liveIDs == ["id-1", "id-2", "id-3"])

        budget.add(10_000)
        try journal.append(Self.entry(4))
        #expect(try JournalContents.read(directory).liveIDs == ["id-3", "id-4"], "the kept marks went first")

        _ = budget.take(budget.remainingBytes)
        #expect(throws: JournalFileSystem.Failure.self) { try journal.markDone("id-3") }
        budget.add(10_000)
        journal.close()
        #expect(try JournalContents.read(directory).liveIDs == ["id-4"], "close wrote the kept mark")

        let reopened = try TrackerPingJournal(directory: directory)
        #expect(reopened.contentsAtStart.entries.map(\.id) == ["id-4"])
        #expect(
            reopened.contentsAtStart.problems.filter { $0.contains("unreadable") }.count == 1,
            "only the torn line: \(reopened.contentsAtStart.problems)")
        reopened.close()
    }

    /// A kill left a torn last line and there is no space to compact: the first line appended in place starts a
    /// line of its own, so that both the lines before the tear and the new one read back.
    @Test func appendingInPlaceAfterATornLastLineStartsANewLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let torn = TrackerJournalRecord.addLine(Self.entry(2)).dropLast(20)
        let text = TrackerJournalRecord.addLine(Self.entry(1)) + torn
        #expect(
            FileManager.default.createFile(
                atPath: directory.appendingPathComponent("tracker-pings-1.jsonl").path, contents: Data(text)))

        let budget = JournalSpaceBudget(bytes: 0)
        let journal = try JournalSpaceBudget.$current.withValue(budget) { try TrackerPingJournal(directory: directory) }
        #expect(journal.contentsAtStart.entries.map(\.id) == ["id-1"])
        budget.add(10_000)
        try journal.append(Self.entry(3))
        journal.close()
        #expect(try Self.files(in: directory).keys.sorted() == ["tracker-pings-1.jsonl"], "appended in place")
        #expect(try JournalContents.read(directory).liveIDs == ["id-1", "id-3"])
    }

    /// A journal released without `close()` while a compaction is queued is closed when that compaction lets it
    /// go, on the compaction queue: closing must not wait for the queue it runs on (libdispatch traps that, and
    /// a test that threw before its `close()` took the whole test process down).
    @Test func aJournalReleasedWithoutClosingWhileItCompactsClosesWithoutTrapping() throws {
        // Whether the last compaction still runs at the release is up to the scheduler: ten rounds make it likely.
        for _ in 1...10 {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            do {
                let journal = try TrackerPingJournal(directory: directory, segmentBytes: 4 << 10)
                for number in 1...2_000 {
                    try journal.append(Self.entry(number))
                    try journal.markDone("id-\(number)")
                }
                try journal.append(Self.entry(2_001))
            }
            // The lock is released once the journal is closed, wherever that ran: wait for it on the lock itself.
            let lock = open(
                directory.appendingPathComponent(TrackerPingJournal.lockFileName).path, O_RDWR | O_CLOEXEC)
            try #require(lock >= 0)
            #expect(flock(lock, LOCK_EX) == 0)
            _ = close(lock)
            let reopened = try TrackerPingJournal(directory: directory)
            #expect(reopened.contentsAtStart.entries.map(\.id) == ["id-2001"])
            reopened.close()
        }
    }

    // MARK: The pinger

    /// 1,500 impressions journaled while the server refused, then a restart on a disk without room for a second
    /// copy: the pinger starts, says why it did not compact, and delivers 1,500 of 1,500 once the server is up.
    @Test func fifteenHundredPendingImpressionsAreDeliveredWhenTheCopyDoesNotFit() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.deliverAfterARestartShortOfSpace(in: directory) { journalBytes, marksBytes in
            let free = journalBytes / 2
            try #require(free < journalBytes && free > 2 * marksBytes, "free \(free), journal \(journalBytes)")
            return JournalSpaceBudget(bytes: free)
        }
    }

    /// The same on a real 2 MiB tmpfs, filled up to half the journal's size: the kernel answers the compacted
    /// copy with `ENOSPC`.
    @Test(.enabled("mounting a tmpfs needs root and the right to mount (CAP_SYS_ADMIN)") { TmpfsMount.isAvailable })
    func fifteenHundredPendingImpressionsAreDeliveredFromAFullTmpfs() async throws {
        let mount = try TmpfsMount(kibibytes: 2_048)
        defer { mount.unmount() }
        let directory = mount.directory.appendingPathComponent("trackers")
        try await Self.deliverAfterARestartShortOfSpace(in: directory) { journalBytes, marksBytes in
            let target = journalBytes / 2
            try mount.fill("filler", bytes: mount.freeBytes() - target)
            let free = mount.freeBytes()
            try #require(free < journalBytes && free > 2 * marksBytes, "free \(free), journal \(journalBytes)")
            return nil
        }
    }

    /// Journals `pendingCount` impressions with the server refusing, closes the pinger, lets `makeSpaceShort`
    /// (given the journal's bytes and the bytes of one done mark per ping) take the space away, restarts a pinger,
    /// and checks from the hit log that every impression arrives once when the server is back.
    private static func deliverAfterARestartShortOfSpace(
        in directory: URL, makeSpaceShort: (_ journalBytes: Int, _ marksBytes: Int) throws -> JournalSpaceBudget?
    ) async throws {
        try await LoopbackServer.run { server in
            try await server.refuse()
            // The first pinger's retries wait on a clock of their own, never moved, so that it sends nothing more.
            let firstClock = ManualClock()
            let first = try URLSessionTrackerPinger(journalDirectory: directory, clock: firstClock)
            for number in 1...pendingCount {
                first.ping(
                    TrackerPing(
                        url: server.url("/track/space?n=\(number)&ping=%%PING_ID%%"), event: .impression,
                        owner: "ad-\(number)"))
            }
            await first.waitUntilIdle()
            #expect(first.pendingCount == pendingCount)
            first.close()
            let journalBytes = try files(in: directory).values.reduce(0, +)
            let marksBytes = pendingCount * TrackerJournalRecord.markLine(.done, id: "0123456789ab-1500").count
            let budget = try makeSpaceShort(journalBytes, marksBytes)

            let clock = ManualClock()
            let logger = RecordingLogger()
            let filesBefore = try files(in: directory)
            let second = try JournalSpaceBudget.$current.withValue(budget) {
                try URLSessionTrackerPinger(journalDirectory: directory, clock: clock, logger: logger)
            }
            #expect(second.pendingCount == pendingCount, "the journal reopened in place with every ping")
            #expect(
                logger.entries.contains { $0.level == .warning && $0.message.contains("No space left on device") },
                "\(logger.entries.map(\.message))")
            #expect(try files(in: directory) == filesBefore, "no partial copy is left")
            await second.waitUntilIdle()
            #expect(second.pendingCount == pendingCount, "kept while the server refuses")

            try await server.accept()
            second.retryPendingNow()
            var advances = 0
            while await second.waitUntilIdleThenCountPending() > 0, advances < 10 {
                clock.advance(by: .seconds(60))
                advances += 1
            }
            let hits = try await server.hits().filter { $0.path.hasPrefix("/track/space") }
            let numbers = hits.compactMap {
                URLComponents(string: $0.path)?.queryItems?.first { $0.name == "n" }?.value
            }
            #expect(Set(numbers) == Set((1...pendingCount).map(String.init)), "\(pendingCount) of \(pendingCount)")
            #expect(hits.count == pendingCount, "each once: \(hits.count) hits for \(Set(numbers).count) impressions")
            #expect(Set(hits.compactMap(\.pingID)).count == pendingCount)
            #expect(hits.allSatisfy { $0.path.hasSuffix("ping=\($0.pingID ?? "-")") })
            #expect(second.deliveredCount == pendingCount)
            second.journal?.waitUntilCompacted()
            second.close()
            #expect(try JournalContents.read(directory).liveIDs.isEmpty, "every delivery was marked done")
            let filesAfter = try files(in: directory)
            #expect(
                filesAfter.values.reduce(0, +) < journalBytes / 2
                    && filesAfter.keys.allSatisfy { filesBefore[$0] == nil },
                "once the live pings had shrunk, a compaction fitted and removed the old segments: \(filesAfter)")

            let third = try URLSessionTrackerPinger(journalDirectory: directory, clock: clock)
            #expect(third.pendingCount == 0)
            await third.waitUntilIdle()
            third.close()
            #expect(try await server.paths(startingWith: "/track/space").count == pendingCount, "nothing fired again")
        }
    }
}

extension URLSessionTrackerPinger {
    /// Waits until no request is queued or in flight, then counts the pings not yet delivered.
    fileprivate func waitUntilIdleThenCountPending() async -> Int {
        await waitUntilIdle()
        return pendingCount
    }
}

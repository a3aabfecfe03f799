import Foundation
import MediationCore
import MediationTesting
import Testing

@testable import MediationNetworking

#if canImport(Glibc)
    import Glibc
#endif

/// The journal's edges: what lies in its place, what a kill leaves behind, and how big it gets.
@Suite struct TrackerJournalEdgeTests {
    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journal-edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func entry(_ number: Int, pathLength: Int = 10) -> TrackerPingJournalEntry {
        let path = String(repeating: "p", count: pathLength)
        return TrackerPingJournalEntry(
            id: "id-\(number)",
            ping: TrackerPing(
                url: URL(string: "https://track.example/\(path)?n=\(number)")!, event: .impression,
                owner: "ad-\(number)"),
            queuedAt: 1_000_000 + Double(number))
    }

    @Test func aFIFOInTheJournalsPlaceIsRefusedAtStartWithoutHanging() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("tracker-pings-1.jsonl").path, 0o600) == 0)
        let error = #expect(throws: MediationError.self) {
            _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        }
        #expect(error?.description.contains("is a FIFO, not a journal file") == true, "\(String(describing: error))")
    }

    @Test func aSymbolicLinkToADeviceIsRefusedUnread() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("tracker-pings.jsonl").path, withDestinationPath: "/dev/zero")
        let error = #expect(throws: MediationError.self) {
            _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        }
        #expect(error?.description.contains("is a symbolic link") == true, "\(String(describing: error))")
    }

    @Test func temporaryFilesAKillLeftAreRemovedAtStart() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for number in 1...11 {
            let path = directory.appendingPathComponent("tracker-pings-\(number).jsonl.tmp").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 95_000)))
        }
        let pinger = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        pinger.close()
    }

    /// Every state a kill can leave during compaction (before the rename, after it, between removals) reads back
    /// to the same live pings, none twice.
    @Test func everyStateACompactionCanBeKilledInReadsBackTheSameLivePings() throws {
        let add = { (number: Int) in String(decoding: TrackerJournalRecord.addLine(Self.entry(number)), as: UTF8.self) }
        let done = { (number: Int) in
            String(decoding: TrackerJournalRecord.markLine(.done, id: "id-\(number)"), as: UTF8.self)
        }
        let older1 = add(1) + add(2) + add(3)
        let older2 = done(1) + add(4) + done(3)
        let compacted = add(2) + add(4)
        let active = add(5) + done(2)
        let states: [[String: String]] = [
            ["1": older1, "2": older2, "4": active, "3.tmp": compacted],  // killed before the rename
            ["1": older1, "2": older2, "3": compacted, "4": active],  // after the rename, nothing removed
            ["2": older2, "3": compacted, "4": active],  // the oldest removed
            ["3": compacted, "4": active],  // done
        ]
        for files in states {
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            for (suffix, text) in files {
                let name =
                    suffix.hasSuffix(".tmp")
                    ? "tracker-pings-\(suffix.dropLast(4)).jsonl.tmp" : "tracker-pings-\(suffix).jsonl"
                #expect(
                    FileManager.default.createFile(
                        atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8)))
            }
            let journal = try TrackerPingJournal(directory: directory)
            #expect(journal.contentsAtStart.entries.map(\.id) == ["id-4", "id-5"], "\(files.keys.sorted())")
            journal.close()
            #expect(try JournalContents.read(directory).liveIDs == ["id-4", "id-5"], "compacted at start")
        }
    }

    /// Long tracker URLs once made a 12 MB journal rewritten whole on every change: appends stay appends, and the
    /// files on disk stay within a constant factor of what is live.
    @Test func longURLsAreAppendedNotRewrittenAndTheJournalStaysBounded() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try TrackerPingJournal(directory: directory, segmentBytes: 64 << 10)
        var liveBytes = 0
        for number in 1...3_000 {
            let entry = Self.entry(number, pathLength: 4_000)
            try journal.append(entry)
            liveBytes += TrackerJournalRecord.addLine(entry).count
            if number % 2 == 0 {
                try journal.markDone("id-\(number)")
                liveBytes -= TrackerJournalRecord.addLine(entry).count
            }
        }
        journal.close()
        let onDisk = try JournalContents.segments(in: directory).reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0)
        }
        #expect(onDisk <= 3 * liveBytes + (64 << 10), "on disk \(onDisk) bytes for \(liveBytes) live")
        let contents = try JournalContents.read(directory)
        #expect(contents.liveIDs.count == 1_500)
        #expect(Set(contents.liveIDs) == Set(stride(from: 1, through: 2_999, by: 2).map { "id-\($0)" }))
    }

    /// A directory this process cannot write is refused at start: its pings could never be marked done, and
    /// would fire again at every start. Run as an unprivileged user (root writes anywhere).
    @Test func aReadOnlyDirectoryIsRefusedAndNothingIsReplayed() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let seed = try TrackerPingJournal(directory: directory)
        try seed.append(Self.entry(1))
        seed.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o644], ofItemAtPath: directory.appendingPathComponent(name).path)
        }
        guard getuid() == 0 else {
            let error = #expect(throws: MediationError.self) {
                _ = try URLSessionTrackerPinger(journalDirectory: directory, clock: ManualClock())
            }
            #expect(error?.description.contains("is not writable") == true)
            return
        }
        // As root, the probe drops to the unprivileged user `nobody` (setpriv from util-linux). It runs from a copy in
        // a folder anyone can read, since the checkout itself may sit where `nobody` cannot go.
        let probeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: probeFolder) }
        try FileManager.default.createDirectory(
            at: probeFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let probe = probeFolder.appendingPathComponent("NetworkingProbe")
        try FileManager.default.copyItem(at: NetworkingProbe.executable, to: probe)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: probe.path)
        let report = try await NetworkingProbe.run(
            ["hold", directory.path],
            launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
            executable: probe)
        #expect(report.result.contains("is not writable"), "\(report.lines)")
        #expect(try JournalContents.read(directory).liveIDs == ["id-1"], "the journal is left as it was")
    }
}

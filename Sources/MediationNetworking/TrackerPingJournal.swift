import Foundation
import MediationCore

/// The file of pending impression and click pings of a ``URLSessionTrackerPinger``: JSON Lines (one entry per
/// line) at `tracker-pings.jsonl` in the host's directory, replaced atomically (written to a temporary file,
/// then renamed over the old one) on every change.
///
/// Reading keeps every line that decodes and reports the others, so a file cut short mid-entry loses only
/// that entry.
struct TrackerPingJournal: Sendable {
    /// The journal's file name.
    static let fileName = "tracker-pings.jsonl"

    /// The journal file.
    let fileURL: URL

    /// What reading found.
    struct Contents: Sendable {
        /// The readable entries, in file order.
        var entries: [TrackerPingJournalEntry]
        /// The 1-based numbers of lines that could not be read.
        var unreadableLines: [Int]
    }

    /// Opens (creating when needed) `directory` for a journal.
    init(directory: URL) throws(MediationError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .invalidConfiguration(
                path: "journalDirectory", reason: "cannot create \(directory.path): \(error.localizedDescription)")
        }
        fileURL = directory.appendingPathComponent(Self.fileName)
    }

    /// The bytes of the file at `url`, or `nil` when it cannot be opened. Reads through `FileHandle`:
    /// `Data(contentsOf:)` leaks a 4 KiB buffer for every empty file it reads (FoundationEssentials, Swift 6.3
    /// on Linux, seen under LeakSanitizer), and an empty journal is the common case.
    static func contents(of url: URL) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return (try? handle.readToEnd()) ?? Data()
    }

    /// Reads the journal; a missing file is an empty journal.
    func read() -> Contents {
        guard let data = Self.contents(of: fileURL) else { return Contents(entries: [], unreadableLines: []) }
        let decoder = JSONDecoder()
        var contents = Contents(entries: [], unreadableLines: [])
        for (offset, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            if let entry = try? decoder.decode(TrackerPingJournalEntry.self, from: Data(line)) {
                contents.entries.append(entry)
            } else {
                contents.unreadableLines.append(offset + 1)
            }
        }
        return contents
    }

    /// Replaces the journal with `entries`, atomically; an empty list leaves an empty file.
    func write(_ entries: [TrackerPingJournalEntry]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = Data()
        for entry in entries {
            data.append(try encoder.encode(entry))
            data.append(UInt8(ascii: "\n"))
        }
        try data.write(to: fileURL, options: .atomic)
    }
}

import Foundation
import MediationCore

/// The durable store of a ``URLSessionTrackerPinger``'s impression and click pings: append-only segments of
/// JSON Lines (``TrackerJournalRecord``) in the host's directory, one writer per directory.
///
/// - **Files.** `tracker-pings.lock` (held with an exclusive `flock` while the journal is open; it holds the
///   owner's process ID), and segments `tracker-pings-<n>.jsonl`, read in order of `n`. Temporary files
///   (`tracker-pings-<n>.jsonl.tmp`) are only ever renamed into place, and removed at start when a kill left them.
/// - **Appends.** An added ping is one `write` of one line to the active segment, done before ``append(_:)``
///   returns (and flushed to storage first under ``TrackerJournalDurability/powerLoss``). Marks (`failed`,
///   `done`) are appended the same way.
/// - **Compaction** never rewrites a file in place. When the active segment passes its threshold (the larger of
///   ``segmentBytes`` and twice the live pings' bytes, so that compaction costs at most a constant per byte
///   appended), appends move to a new segment at once, and the live pings (added, not done) are written to a
///   temporary file, renamed to a segment numbered between the old ones and the new one, and only then are
///   the older segments removed, oldest first. A kill at any step leaves segments that read back to the same
///   live pings (a ping added twice, by a segment and its compaction, is read once).
/// - **Start.** The directory must be writable and hold only regular files under the journal's names (a FIFO,
///   a device or a symbolic link there is refused, unread); the lock must be free; then every segment is read
///   (at most ``maxReadBytes`` each), compacted into one, and appends continue in a new segment.
final class TrackerPingJournal: Sendable {
    /// The lock file's name.
    static let lockFileName = "tracker-pings.lock"
    /// The journal file of the first format (one file, rewritten whole), read once and removed.
    static let legacyFileName = "tracker-pings.jsonl"
    /// The default threshold at which appends move to a new segment: 256 KiB.
    static let defaultSegmentBytes = 256 << 10
    /// The most bytes read from one segment at start: 64 MiB.
    static let maxReadBytes = 64 << 20

    /// What reading the journal at start found.
    struct Contents: Sendable {
        /// The pings added and not done, oldest first.
        var entries: [TrackerPingJournalEntry]
        /// The identifiers of `entries` whose delivery has failed at least once.
        var failedIDs: Set<String>
        /// Problems met while reading: unreadable lines (file and line number), segments cut at the read limit.
        var problems: [String]
    }

    private struct State {
        var activeDescriptor: Int32
        var activeNumber: Int
        var activeBytes: Int
        var rollThreshold: Int
        var liveLines: [String: [UInt8]] = [:]
        var liveBytes = 0
        var failedIDs: Set<String> = []
        var isClosed = false
    }

    /// The journal's directory.
    let directory: URL
    /// How far an append is made durable before it returns.
    let durability: TrackerJournalDurability
    /// The smallest threshold at which appends move to a new segment.
    let segmentBytes: Int
    /// What the journal held at start.
    let contentsAtStart: Contents

    private let lockDescriptor: Int32
    private let state: Locked<State>
    private let compactionQueue = DispatchQueue(label: "MediationNetworking.TrackerPingJournal.compaction")

    /// Opens `directory` as a journal: creates it when missing, refuses it when it cannot be written or holds
    /// something other than regular files under the journal's names, takes its lock, reads what it holds, and
    /// compacts that into one segment.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `journalDirectory` and the cause.
    init(
        directory: URL, durability: TrackerJournalDurability = .processCrash,
        segmentBytes: Int = TrackerPingJournal.defaultSegmentBytes
    ) throws(MediationError) {
        func refuse(_ reason: String) -> MediationError {
            .invalidConfiguration(path: "journalDirectory", reason: reason)
        }
        let path = directory.path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw refuse("cannot create \(path): \(error.localizedDescription)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw refuse("\(path) is not a directory")
        }
        guard JournalFileSystem.isWritableDirectory(path) else {
            throw refuse(
                "\(path) is not writable: journaled pings could never be marked delivered, so none is replayed")
        }
        let lockDescriptor: Int32
        do {
            lockDescriptor = try JournalFileSystem.lock(directory.appendingPathComponent(Self.lockFileName).path)
        } catch {
            throw refuse(error.description)
        }
        do {
            let files = try Self.journalFiles(in: directory)
            let contents = try Self.read(files, directory: directory)
            let number = (files.segments.last ?? 0) + 1
            var lines: [String: [UInt8]] = [:]
            var compacted: [UInt8] = []
            for entry in contents.entries {
                let line = TrackerJournalRecord.addLine(entry)
                lines[entry.id] = line
                compacted += line
                if contents.failedIDs.contains(entry.id) {
                    compacted += TrackerJournalRecord.markLine(.failed, id: entry.id)
                }
            }
            try Self.writeSegment(compacted, number: number, in: directory, durability: durability)
            for old in files.segments { JournalFileSystem.remove(Self.segmentPath(old, in: directory)) }
            if files.hasLegacyFile {
                JournalFileSystem.remove(directory.appendingPathComponent(Self.legacyFileName).path)
            }
            if durability == .powerLoss { JournalFileSystem.syncDirectory(path) }
            let descriptor = try JournalFileSystem.openForAppending(
                Self.segmentPath(number, in: directory), mayExist: true)
            var state = State(
                activeDescriptor: descriptor, activeNumber: number, activeBytes: compacted.count,
                rollThreshold: max(segmentBytes, 2 * compacted.count))
            state.liveLines = lines
            state.liveBytes = compacted.count
            state.failedIDs = contents.failedIDs
            self.state = Locked(state)
            contentsAtStart = contents
        } catch {
            JournalFileSystem.closeDescriptor(lockDescriptor)
            throw refuse(error.description)
        }
        self.directory = directory
        self.durability = durability
        self.segmentBytes = segmentBytes
        self.lockDescriptor = lockDescriptor
    }

    deinit {
        close()
    }

    /// Closes the active segment and releases the directory's lock; later appends are ignored.
    func close() {
        let descriptor = state.withLock { state -> Int32? in
            guard !state.isClosed else { return nil }
            state.isClosed = true
            return state.activeDescriptor
        }
        guard let descriptor else { return }
        compactionQueue.sync {}
        JournalFileSystem.closeDescriptor(descriptor)
        JournalFileSystem.closeDescriptor(lockDescriptor)
    }

    // MARK: Appending

    /// Appends `entry`; returns once the line is written (and flushed, under `.powerLoss`).
    func append(_ entry: TrackerPingJournalEntry) throws(JournalFileSystem.Failure) {
        let line = TrackerJournalRecord.addLine(entry)
        try write(line) { state in
            state.liveLines[entry.id] = line
            state.liveBytes += line.count
        }
    }

    /// Records that a delivery attempt of `id` failed.
    func markFailed(_ id: String) throws(JournalFileSystem.Failure) {
        try write(TrackerJournalRecord.markLine(.failed, id: id)) { state in
            guard state.liveLines[id] != nil else { return }
            state.failedIDs.insert(id)
        }
    }

    /// Records that `id` is done with (delivered, refused or dropped): it is never replayed.
    func markDone(_ id: String) throws(JournalFileSystem.Failure) {
        try write(TrackerJournalRecord.markLine(.done, id: id)) { state in
            if let line = state.liveLines.removeValue(forKey: id) { state.liveBytes -= line.count }
            state.failedIDs.remove(id)
        }
    }

    /// Flushes the active segment and the directory to storage.
    func sync() {
        let descriptor = state.withLock { $0.isClosed ? nil : $0.activeDescriptor }
        guard let descriptor else { return }
        JournalFileSystem.sync(descriptor)
        JournalFileSystem.syncDirectory(directory.path)
    }

    private func write(_ line: [UInt8], update: (inout State) -> Void) throws(JournalFileSystem.Failure) {
        let failure = state.withLock { state -> JournalFileSystem.Failure? in
            guard !state.isClosed else { return nil }
            do throws(JournalFileSystem.Failure) {
                try JournalFileSystem.writeAll(line, to: state.activeDescriptor)
            } catch {
                return error
            }
            if durability == .powerLoss { JournalFileSystem.sync(state.activeDescriptor) }
            state.activeBytes += line.count
            update(&state)
            guard state.activeBytes > state.rollThreshold, let roll = rollOver(&state) else { return nil }
            // Dispatched under the lock, so that compactions run in the order of their segment numbers.
            compactionQueue.async { [self] in
                compact(roll.snapshot, failed: roll.failed, number: roll.number)
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Moves appends to a new segment; returns what the compaction between the old and new segments must hold.
    private func rollOver(_ state: inout State) -> (snapshot: [(String, [UInt8])], failed: Set<String>, number: Int)? {
        let compactedNumber = state.activeNumber + 1
        let newNumber = state.activeNumber + 2
        guard
            let descriptor = try? JournalFileSystem.openForAppending(Self.segmentPath(newNumber, in: directory))
        else { return nil }
        JournalFileSystem.closeDescriptor(state.activeDescriptor)
        state.activeDescriptor = descriptor
        state.activeNumber = newNumber
        state.activeBytes = 0
        state.rollThreshold = max(segmentBytes, 2 * state.liveBytes)
        return (state.liveLines.map { ($0.key, $0.value) }, state.failedIDs, compactedNumber)
    }

    /// Writes `lines` as segment `number` and removes every older segment, oldest first; runs on the
    /// compaction queue.
    private func compact(_ lines: [(String, [UInt8])], failed: Set<String>, number: Int) {
        var bytes: [UInt8] = []
        for (id, line) in lines {
            bytes += line
            if failed.contains(id) { bytes += TrackerJournalRecord.markLine(.failed, id: id) }
        }
        do {
            try Self.writeSegment(bytes, number: number, in: directory, durability: durability)
        } catch {
            return
        }
        let older = ((try? Self.journalFiles(in: directory))?.segments ?? []).filter { $0 < number }
        for old in older { JournalFileSystem.remove(Self.segmentPath(old, in: directory)) }
        if durability == .powerLoss { JournalFileSystem.syncDirectory(directory.path) }
    }

}

extension TrackerPingJournal {
    // MARK: Files

    private static let segmentPrefix = "tracker-pings-"
    private static let segmentSuffix = ".jsonl"
    private static let temporarySuffix = ".tmp"

    private struct Files {
        var segments: [Int]
        var hasLegacyFile: Bool
    }

    static func segmentPath(_ number: Int, in directory: URL) -> String {
        directory.appendingPathComponent("\(segmentPrefix)\(String(number))\(segmentSuffix)").path
    }

    /// The journal's files in `directory`; removes temporary files a kill left; refuses non-regular files.
    private static func journalFiles(in directory: URL) throws(JournalFileSystem.Failure) -> Files {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw JournalFileSystem.Failure(description: "cannot list \(directory.path): \(error.localizedDescription)")
        }
        var files = Files(segments: [], hasLegacyFile: false)
        for name in names {
            let path = directory.appendingPathComponent(name).path
            if name.hasPrefix(segmentPrefix), name.hasSuffix(segmentSuffix + temporarySuffix) {
                JournalFileSystem.remove(path)
                continue
            }
            let isLegacy = name == legacyFileName
            let number = segmentNumber(name)
            guard isLegacy || number != nil else { continue }
            let kind = JournalFileSystem.kind(of: path)
            guard kind == "a regular file" else {
                throw JournalFileSystem.Failure(
                    description:
                        "\(path) is \(kind ?? "missing"), not a journal file; remove it or choose another directory")
            }
            if let number { files.segments.append(number) } else { files.hasLegacyFile = true }
        }
        files.segments.sort()
        return files
    }

    private static func segmentNumber(_ name: String) -> Int? {
        guard name.hasPrefix(segmentPrefix), name.hasSuffix(segmentSuffix) else { return nil }
        let digits = name.dropFirst(segmentPrefix.count).dropLast(segmentSuffix.count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// Reads the legacy file, then the segments in order, into the live pings.
    private static func read(_ files: Files, directory: URL) throws(JournalFileSystem.Failure) -> Contents {
        var paths: [String] = []
        if files.hasLegacyFile { paths.append(directory.appendingPathComponent(legacyFileName).path) }
        paths += files.segments.map { segmentPath($0, in: directory) }
        var live: [String: TrackerPingJournalEntry] = [:]
        var order: [String] = []
        var done: Set<String> = []
        var failed: Set<String> = []
        var problems: [String] = []
        let decoder = JSONDecoder()
        for path in paths {
            let (bytes, truncated) = try JournalFileSystem.readRegularFile(path, maxBytes: maxReadBytes)
            if truncated { problems.append("\(path) is larger than \(maxReadBytes) bytes; read its start only") }
            var lineNumber = 0
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                lineNumber += 1
                guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
                guard let record = try? decoder.decode(TrackerJournalRecord.self, from: Data(line)) else {
                    problems.append("\((path as NSString).lastPathComponent) line \(lineNumber) is unreadable")
                    continue
                }
                switch record.op ?? .add {
                case .add:
                    guard let entry = record.entry else {
                        problems.append("\((path as NSString).lastPathComponent) line \(lineNumber) lacks a field")
                        continue
                    }
                    guard !done.contains(entry.id), live[entry.id] == nil else { continue }
                    live[entry.id] = entry
                    order.append(entry.id)
                case .failed:
                    if live[record.id] != nil { failed.insert(record.id) }
                case .done:
                    done.insert(record.id)
                    live[record.id] = nil
                    failed.remove(record.id)
                }
            }
        }
        let entries = order.compactMap { live[$0] }
        return Contents(entries: entries, failedIDs: failed, problems: problems)
    }

    /// Writes `bytes` as segment `number`: to a temporary file first, renamed into place once complete.
    private static func writeSegment(
        _ bytes: [UInt8], number: Int, in directory: URL, durability: TrackerJournalDurability
    ) throws(JournalFileSystem.Failure) {
        let path = segmentPath(number, in: directory)
        let temporary = path + temporarySuffix
        JournalFileSystem.remove(temporary)
        let descriptor = try JournalFileSystem.openForAppending(temporary)
        do throws(JournalFileSystem.Failure) {
            try JournalFileSystem.writeAll(bytes, to: descriptor)
            if durability == .powerLoss { JournalFileSystem.sync(descriptor) }
            JournalFileSystem.closeDescriptor(descriptor)
        } catch {
            JournalFileSystem.closeDescriptor(descriptor)
            JournalFileSystem.remove(temporary)
            throw error
        }
        try JournalFileSystem.rename(temporary, to: path)
    }
}

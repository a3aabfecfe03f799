import Foundation
import MediationCore
import MediationSupport

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
/// - **Short of space.** When the compacted copy cannot be written (a full disk, a quota, any write failure), it is
///   removed and the files stay as they are: appends go on in place, at the end of the last segment, and
///   compaction is tried again at the next roll, once the live pings' bytes have halved, or at the next start.
///   While the journal is open a compaction is skipped, not tried, when the filesystem lacks room for the copy
///   and ``compactionReserveBytes``, so that it never takes the space appends need.
///   A line that cannot be written fails its call; a `failed` or `done` mark that cannot be written is kept and
///   written before the next line that can be (until then its ping reads back as pending, never lost). After a
///   write cut short, the next line starts on a line of its own.
final class TrackerPingJournal: Sendable {
    /// The lock file's name.
    static let lockFileName = "tracker-pings.lock"
    /// The journal file of the first format (one file, rewritten whole), read once and removed.
    static let legacyFileName = "tracker-pings.jsonl"
    /// The default threshold at which appends move to a new segment: 256 KiB.
    static let defaultSegmentBytes = 256 << 10
    /// The most bytes read from one segment at start: 64 MiB.
    static let maxReadBytes = 64 << 20
    /// The free space a compaction leaves for the appends that go on while it writes its copy: 64 KiB.
    static let compactionReserveBytes = 64 << 10

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
        /// The bytes appended since the last compaction was started.
        var activeBytes: Int
        var rollThreshold: Int
        /// The add lines of the live pings, by identifier.
        var liveLines: [String: [UInt8]] = [:]
        /// The bytes of `liveLines`.
        var liveBytes = 0
        var failedIDs: Set<String> = []
        /// Marks whose write failed, of pings live on disk, in order: written before the next line.
        var unwrittenMarks: [(operation: TrackerJournalRecord.Operation, id: String)] = []
        /// Whether the active segment may end with a torn line (a write cut short), so that the next write must
        /// start with a line break.
        var needsLineBreak = false
        /// After a compaction that could not be written: roll over (and so compact again) once `liveBytes` is
        /// down to this.
        var compactionRetryBytes: Int?
        /// Compactions queued or running.
        var queuedCompactions = 0
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
    /// The simulated free space of tests (``JournalSpaceBudget/current`` at start); `nil` in production.
    private let budget: JournalSpaceBudget?
    private let compactionQueue = DispatchQueue(label: "MediationNetworking.TrackerPingJournal.compaction")
    /// Set on `compactionQueue`, so that a journal released by its last compaction (its `deinit` then runs on that
    /// queue) does not wait for the queue it is on, which libdispatch traps.
    private let compactionQueueKey = DispatchSpecificKey<Void>()

    /// Opens `directory` as a journal: creates it when missing, refuses it when it cannot be written or holds
    /// something other than regular files under the journal's names, takes its lock, reads what it holds, and
    /// compacts that into one segment; when the compacted copy cannot be written (short of space), keeps the files
    /// as they are and appends to the last one in place.
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
        let budget = JournalSpaceBudget.current
        do {
            let files = try Self.journalFiles(in: directory, budget: budget)
            var contents = try Self.read(files, directory: directory)
            let number = (files.segments.last ?? 0) + 1
            var lines: [String: [UInt8]] = [:]
            var liveBytes = 0
            var compacted: [UInt8] = []
            for entry in contents.entries {
                let line = TrackerJournalRecord.addLine(entry)
                lines[entry.id] = line
                liveBytes += line.count
                compacted += line
                if contents.failedIDs.contains(entry.id) {
                    compacted += TrackerJournalRecord.markLine(.failed, id: entry.id)
                }
            }
            var compactionFailure: JournalFileSystem.Failure?
            do throws(JournalFileSystem.Failure) {
                try Self.writeSegment(compacted, number: number, in: directory, durability: durability, budget: budget)
            } catch {
                compactionFailure = error
            }
            var state: State
            if let compactionFailure {
                // Short of space: the compacted copy is gone (writeSegment removed it); the files read back as they
                // are, so appends go on at the end of the last segment.
                state = try Self.openInPlace(
                    files, directory: directory, liveBytes: liveBytes, segmentBytes: segmentBytes)
                contents.problems.append(
                    "could not write the compacted copy (\(compactionFailure.description)); the files are kept as "
                        + "they are and appends go to \(Self.segmentName(state.activeNumber)) until a compaction "
                        + "succeeds")
            } else {
                for old in files.segments {
                    JournalFileSystem.remove(Self.segmentPath(old, in: directory), budget: budget)
                }
                if files.hasLegacyFile {
                    JournalFileSystem.remove(directory.appendingPathComponent(Self.legacyFileName).path, budget: budget)
                }
                if durability == .powerLoss { JournalFileSystem.syncDirectory(path) }
                let descriptor = try JournalFileSystem.openForAppending(
                    Self.segmentPath(number, in: directory), mayExist: true)
                state = State(
                    activeDescriptor: descriptor, activeNumber: number, activeBytes: compacted.count,
                    rollThreshold: max(segmentBytes, 2 * compacted.count))
            }
            state.liveLines = lines
            state.liveBytes = liveBytes
            state.failedIDs = contents.failedIDs
            self.state = Locked(state)
            contentsAtStart = contents
        } catch {
            JournalFileSystem.unlock(lockDescriptor)
            throw refuse(error.description)
        }
        self.budget = budget
        self.directory = directory
        self.durability = durability
        self.segmentBytes = segmentBytes
        self.lockDescriptor = lockDescriptor
        compactionQueue.setSpecific(key: compactionQueueKey, value: ())
    }

    deinit {
        close()
    }

    /// Closes the active segment and releases the directory's lock; later appends are ignored. Marks still
    /// unwritten get one last try.
    func close() {
        let descriptor = state.withLock { state -> Int32? in
            guard !state.isClosed else { return nil }
            if !state.unwrittenMarks.isEmpty { try? writeLocked([], in: &state) }
            state.isClosed = true
            return state.activeDescriptor
        }
        guard let descriptor else { return }
        // On the compaction queue (the last compaction released the journal) nothing else is queued: a queued
        // compaction would hold the journal too.
        if DispatchQueue.getSpecific(key: compactionQueueKey) == nil { compactionQueue.sync {} }
        JournalFileSystem.closeDescriptor(descriptor)
        JournalFileSystem.unlock(lockDescriptor)
    }

    // MARK: Appending

    /// Appends `entry`; returns once the line is written (and flushed, under `.powerLoss`).
    func append(_ entry: TrackerPingJournalEntry) throws(JournalFileSystem.Failure) {
        try append(contentsOf: [entry])
    }

    /// Appends `entries` in one write (one `fsync` under `powerLoss`): each is live once this returns.
    func append(contentsOf entries: [TrackerPingJournalEntry]) throws(JournalFileSystem.Failure) {
        let lines = entries.map(TrackerJournalRecord.addLine)
        guard !lines.isEmpty else { return }
        try write(Array(lines.joined())) { state in
            for (entry, line) in zip(entries, lines) {
                if let replaced = state.liveLines.updateValue(line, forKey: entry.id) {
                    state.liveBytes -= replaced.count
                }
                state.liveBytes += line.count
            }
        }
    }

    /// Records that a delivery attempt of `id` failed. When the line cannot be written, this throws, and the mark
    /// is kept and written before the next line that can be.
    func markFailed(_ id: String) throws(JournalFileSystem.Failure) {
        try mark(.failed, id: id)
    }

    /// Records that `id` is done with (delivered, refused or dropped): it is never replayed. When the line cannot
    /// be written, this throws, and the mark is kept and written before the next line that can be (until then
    /// the ping reads back as pending, so a restart in between fires it again, with its stable identifier).
    func markDone(_ id: String) throws(JournalFileSystem.Failure) {
        try mark(.done, id: id)
    }

    /// Flushes the active segment and the directory to storage, after one more try at the marks still unwritten.
    func sync() {
        let descriptor = state.withLock { state -> Int32? in
            guard !state.isClosed else { return nil }
            if !state.unwrittenMarks.isEmpty { try? writeLocked([], in: &state) }
            return state.activeDescriptor
        }
        guard let descriptor else { return }
        JournalFileSystem.sync(descriptor)
        JournalFileSystem.syncDirectory(directory.path)
    }

    /// Appends the `operation` mark of `id`; when it cannot be written, keeps it for the next write (if the ping is
    /// live on disk) and throws.
    private func mark(_ operation: TrackerJournalRecord.Operation, id: String) throws(JournalFileSystem.Failure) {
        let line = TrackerJournalRecord.markLine(operation, id: id)
        try write(line) { state in
            Self.apply(operation, id: id, to: &state)
        } unwritten: { state in
            // Only a ping live on disk needs its mark; its add line is what a restart would replay.
            guard state.liveLines[id] != nil else { return }
            state.unwrittenMarks.append((operation, id))
        }
    }

    /// Updates the live pings for a mark that reached the file.
    private static func apply(_ operation: TrackerJournalRecord.Operation, id: String, to state: inout State) {
        switch operation {
        case .add:
            break
        case .failed:
            if state.liveLines[id] != nil { state.failedIDs.insert(id) }
        case .done:
            if let line = state.liveLines.removeValue(forKey: id) { state.liveBytes -= line.count }
            state.failedIDs.remove(id)
        }
    }

    /// Writes `line` (after the marks still unwritten), updates the state with `update` once it is written or
    /// with `unwritten` when it is not, and rolls over to a new segment when it is time to compact.
    private func write(
        _ line: [UInt8], update: (inout State) -> Void, unwritten: (inout State) -> Void = { _ in }
    ) throws(JournalFileSystem.Failure) {
        let failure = state.withLock { state -> JournalFileSystem.Failure? in
            guard !state.isClosed else { return nil }
            do throws(JournalFileSystem.Failure) {
                try writeLocked(line, in: &state)
            } catch {
                unwritten(&state)
                return error
            }
            update(&state)
            let isCompactionDue =
                state.activeBytes > state.rollThreshold
                || state.compactionRetryBytes.map { state.liveBytes <= $0 } == true
            guard isCompactionDue else { return nil }
            rollOverAndCompact(&state)
            return nil
        }
        if let failure { throw failure }
    }

    /// Writes the marks still unwritten and `line` to the active segment in one `write`, starting on a line of
    /// its own after a write cut short; under the state's lock.
    private func writeLocked(_ line: [UInt8], in state: inout State) throws(JournalFileSystem.Failure) {
        var bytes: [UInt8] = state.needsLineBreak ? [UInt8(ascii: "\n")] : []
        for mark in state.unwrittenMarks { bytes += TrackerJournalRecord.markLine(mark.operation, id: mark.id) }
        bytes += line
        guard !bytes.isEmpty else { return }
        do throws(JournalFileSystem.Failure) {
            try JournalFileSystem.writeAll(bytes, to: state.activeDescriptor, budget: budget)
        } catch {
            // Part of the bytes may be in the file: the next write starts on a line of its own.
            state.needsLineBreak = true
            throw error
        }
        if durability == .powerLoss { JournalFileSystem.sync(state.activeDescriptor) }
        state.needsLineBreak = false
        state.activeBytes += bytes.count
        let marks = state.unwrittenMarks
        state.unwrittenMarks = []
        for mark in marks { Self.apply(mark.operation, id: mark.id, to: &state) }
    }

    /// Rolls over to a new segment and queues the compaction of the live pings between the old and new segments;
    /// under the state's lock, so that compactions run in the order of their segment numbers.
    private func rollOverAndCompact(_ state: inout State) {
        guard let roll = rollOver(&state) else { return }
        state.queuedCompactions += 1
        compactionQueue.async { [self] in
            compact(roll.snapshot, failed: roll.failed, number: roll.number)
            self.state.withLock { $0.queuedCompactions -= 1 }
        }
    }

    /// Waits until no compaction is queued or running, the ones queued meanwhile included; for tests. Returns at
    /// once on the compaction queue.
    func waitUntilCompacted() {
        guard DispatchQueue.getSpecific(key: compactionQueueKey) == nil else { return }
        while state.withLock({ $0.queuedCompactions }) > 0 { compactionQueue.sync {} }
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
        state.needsLineBreak = false
        state.rollThreshold = max(segmentBytes, 2 * state.liveBytes)
        state.compactionRetryBytes = nil
        return (state.liveLines.map { ($0.key, $0.value) }, state.failedIDs, compactedNumber)
    }

    /// Writes `lines` as segment `number` and removes every older segment, oldest first; runs on the
    /// compaction queue. The copy is not even tried while the filesystem has less room than the copy and a
    /// reserve for the appends that go on meanwhile (``compactionReserveBytes``, or as much as the copy when it is
    /// smaller), so that a compaction never takes the last bytes an impression needs; when it is skipped, or
    /// cannot be written, the older segments stay, and the next compaction is due once the live pings' bytes have
    /// halved.
    private func compact(_ lines: [(String, [UInt8])], failed: Set<String>, number: Int) {
        var bytes: [UInt8] = []
        var liveBytes = 0
        for (id, line) in lines {
            bytes += line
            liveBytes += line.count
            if failed.contains(id) { bytes += TrackerJournalRecord.markLine(.failed, id: id) }
        }
        let needed = bytes.count + min(bytes.count, Self.compactionReserveBytes)
        let available = JournalFileSystem.availableBytes(at: directory.path, budget: budget) ?? Int.max
        do throws(JournalFileSystem.Failure) {
            guard needed <= available else {
                throw JournalFileSystem.Failure(description: "\(needed) bytes needed, \(available) available")
            }
            try Self.writeSegment(bytes, number: number, in: directory, durability: durability, budget: budget)
        } catch {
            state.withLock { state in
                // A later roll (its compaction already queued behind this one) decides for itself.
                guard state.activeNumber == number + 1 else { return }
                state.compactionRetryBytes = liveBytes > 0 ? liveBytes / 2 : nil
                // The live pings may have halved while this one was tried: then the next is due now, not at the
                // next write, which may not come.
                guard !state.isClosed, let retryBytes = state.compactionRetryBytes, state.liveBytes <= retryBytes
                else { return }
                rollOverAndCompact(&state)
            }
            return
        }
        state.withLock { $0.compactionRetryBytes = nil }
        let files = try? Self.journalFiles(in: directory, budget: budget)
        if files?.hasLegacyFile == true {
            JournalFileSystem.remove(directory.appendingPathComponent(Self.legacyFileName).path, budget: budget)
        }
        let older = (files?.segments ?? []).filter { $0 < number }
        for old in older { JournalFileSystem.remove(Self.segmentPath(old, in: directory), budget: budget) }
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
        directory.appendingPathComponent(segmentName(number)).path
    }

    /// The file name of segment `number`.
    static func segmentName(_ number: Int) -> String {
        "\(segmentPrefix)\(String(number))\(segmentSuffix)"
    }

    /// The state of a journal whose compacted copy could not be written at start: the files stay as they are, and
    /// appends go on at the end of the last segment (after a line break when it ends with a torn line); in a new,
    /// empty segment when there is none (only the first format's file) or when appends could take the last one
    /// past ``maxReadBytes``. Compaction is due again once the live pings' bytes have halved.
    private static func openInPlace(
        _ files: Files, directory: URL, liveBytes: Int, segmentBytes: Int
    ) throws(JournalFileSystem.Failure) -> State {
        let threshold = max(segmentBytes, 2 * liveBytes)
        var active: (descriptor: Int32, number: Int)?
        if let last = files.segments.last {
            let descriptor = try JournalFileSystem.openForAppending(segmentPath(last, in: directory), mayExist: true)
            if JournalFileSystem.size(of: descriptor) + threshold < maxReadBytes {
                active = (descriptor, last)
            } else {
                JournalFileSystem.closeDescriptor(descriptor)
            }
        }
        if active == nil {
            let number = (files.segments.last ?? 0) + 1
            active = (try JournalFileSystem.openForAppending(segmentPath(number, in: directory)), number)
        }
        guard let active else { throw JournalFileSystem.Failure(description: "no segment to append to") }
        var state = State(
            activeDescriptor: active.descriptor, activeNumber: active.number, activeBytes: 0,
            rollThreshold: threshold)
        state.needsLineBreak = !JournalFileSystem.endsWithLineBreak(segmentPath(active.number, in: directory))
        state.compactionRetryBytes = liveBytes > 0 ? liveBytes / 2 : nil
        return state
    }

    /// The journal's files in `directory`; removes temporary files a kill left; refuses non-regular files.
    private static func journalFiles(
        in directory: URL, budget: JournalSpaceBudget?
    ) throws(JournalFileSystem.Failure) -> Files {
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
                JournalFileSystem.remove(path, budget: budget)
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

    /// Writes `bytes` as segment `number`: to a temporary file first, renamed into place once complete. On any
    /// failure (a full disk takes part of the copy, then refuses) the temporary file is removed, so that a failed
    /// compaction gives its space back at once.
    private static func writeSegment(
        _ bytes: [UInt8], number: Int, in directory: URL, durability: TrackerJournalDurability,
        budget: JournalSpaceBudget?
    ) throws(JournalFileSystem.Failure) {
        let path = segmentPath(number, in: directory)
        let temporary = path + temporarySuffix
        JournalFileSystem.remove(temporary, budget: budget)
        let descriptor = try JournalFileSystem.openForAppending(temporary)
        do throws(JournalFileSystem.Failure) {
            try JournalFileSystem.writeAll(bytes, to: descriptor, budget: budget)
            if durability == .powerLoss { JournalFileSystem.sync(descriptor) }
            JournalFileSystem.closeDescriptor(descriptor)
        } catch {
            JournalFileSystem.closeDescriptor(descriptor)
            JournalFileSystem.remove(temporary, budget: budget)
            throw error
        }
        do throws(JournalFileSystem.Failure) {
            try JournalFileSystem.rename(temporary, to: path)
        } catch {
            JournalFileSystem.remove(temporary, budget: budget)
            throw error
        }
    }
}

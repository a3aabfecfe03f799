import MediationSupport

/// The trace a run builds, as a value: entries for line attempts and dropped callbacks, notes, winner and outcome,
/// with times measured from the run's start.
///
/// Part of ``WaterfallRunMachine``: the machine says what happened, the recorder writes it down. Entries are kept
/// without their lines' names (``Entry``) and made into ``MediationTraceEntry`` values only when the trace is read:
/// a line's custom event, network and price are the line's own, read from the run's lines then, or, once the run
/// has let go of its lines (``compact(keepingNamesOf:)``), from the names kept for the lines that have an entry.
struct WaterfallTraceRecorder: Sendable {
    /// One entry, without the names and price of its line.
    struct Entry: Sendable {
        var line: Int
        var page: Int
        /// When the line started (or the dropped callback arrived), from the start of the run.
        var start: Duration
        /// How long the line took; `nil` for dropped callbacks and skipped lines.
        var duration: Duration?
        var result: MediationLineResult
        var errorCode: String?
        /// The detail as written; `nil` for a held ad released by a later line's win (``releasedForLine``).
        var detail: String?
        var isWinner = false
        /// The line whose win released this entry's held ad, if one did: its detail, "released: line N won", is
        /// written out only when the trace is read (a text that long would take an allocation per released ad).
        var releasedForLine: Int?
    }

    /// A line's names and price, as its entries show them.
    struct LineNames: Sendable {
        var customEvent = ""
        var network = ""
        var price: Double?
    }

    /// The trace's winner, outcome, dropped entries and notes, field by field (a whole ``MediationTrace`` would
    /// carry room for an auction record that a run never writes).
    private var winner: Int?
    private(set) var outcome = "running"
    /// The entries the responses of the run dropped.
    private(set) var droppedEntries: [DroppedAdResponseEntry]
    private(set) var notes: [String] = []
    /// The frequency caps' refusals of the run's lines, in the order they came.
    private(set) var frequencyCaps: [FrequencyCapRecord] = []
    /// The entries so far, in order.
    private(set) var entries: [Entry] = []
    /// The names of each line up to the last with an entry, kept when the run lets go of its lines (empty names
    /// for a line without an entry).
    private(set) var keptNames: [LineNames] = []
    /// When the run started: the origin of every entry's start and of the notes' times.
    private(set) var runStart = MediationInstant.origin

    /// A recorder for a run whose first response dropped `droppedEntries`.
    init(droppedEntries: [DroppedAdResponseEntry]) {
        self.droppedEntries = droppedEntries
    }

    /// The trace, its entries naming each line as `lines` (the run's lines, while it has them) or the names kept
    /// name it.
    func trace(lines: [WaterfallLine]) -> MediationTrace {
        var trace = MediationTrace(winner: winner, outcome: outcome, droppedEntries: droppedEntries, notes: notes)
        trace.frequencyCaps = frequencyCaps
        guard !entries.isEmpty else { return trace }
        trace.entries.reserveCapacity(entries.count)
        for entry in entries {
            let index = entry.line
            let names: LineNames
            if index < lines.count {
                names = LineNames(
                    customEvent: lines[index].customEventIdentifier,
                    network: lines[index].networkName ?? lines[index].customEventIdentifier, price: lines[index].price)
            } else {
                names = index < keptNames.count ? keptNames[index] : LineNames()
            }
            trace.entries.append(
                MediationTraceEntry(
                    line: index, page: entry.page, customEvent: names.customEvent, network: names.network,
                    price: names.price, start: entry.start, duration: entry.duration, result: entry.result,
                    errorCode: entry.errorCode, detail: detail(of: entry), isWinner: entry.isWinner))
        }
        return trace
    }

    /// The run started at `at`.
    mutating func start(at: MediationInstant) {
        runStart = at
    }

    /// How long after the run's start `instant` is (zero before it).
    func offset(_ instant: MediationInstant) -> Duration {
        max(runStart.duration(to: instant), .zero)
    }

    /// `instant`'s offset from the run's start in whole milliseconds, for notes.
    func milliseconds(_ instant: MediationInstant) -> Int64 {
        offset(instant).wholeMilliseconds
    }

    /// Adds a note on the run as a whole.
    mutating func note(_ note: String) {
        notes.append(note)
    }

    /// Adds a frequency cap's refusal of a line.
    mutating func addFrequencyCap(_ record: FrequencyCapRecord) {
        frequencyCaps.append(record)
    }

    /// Adds the entries a later page dropped, as from page `page`.
    mutating func addDroppedEntries(_ entries: [DroppedAdResponseEntry], page: Int) {
        droppedEntries += entries.map { entry in
            var entry = entry
            entry.page = page
            return entry
        }
    }

    /// Adds an entry for `line` of `page` that started at `start` (an offset from the run's start, measured with
    /// ``offset(_:)``); returns its index. `expectedCount` (the run's lines) bounds the room reserved: four entries
    /// at first, then the run's lines, then doubling, so that a run whose lines each have one entry makes two
    /// buffers at most and ends with no spare room.
    @discardableResult
    mutating func addEntry(
        line: Int, page: Int, start: Duration, duration: Duration?, result: MediationLineResult,
        errorCode: String? = nil, detail: String? = nil, expectedCount: Int = 0
    ) -> Int {
        let count = entries.count
        if count == entries.capacity {
            let first = min(max(expectedCount, 1), 4)
            entries.reserveCapacity(count == 0 ? first : count < expectedCount ? expectedCount : 2 * count)
        }
        entries.append(
            Entry(
                line: line, page: page, start: start, duration: duration, result: result, errorCode: errorCode,
                detail: detail))
        return count
    }

    /// The detail of `entry`, as the trace shows it.
    private func detail(of entry: Entry) -> String? {
        if entry.detail == nil, let line = entry.releasedForLine { return "released: line \(line) won" }
        return entry.detail
    }

    /// Once the run lets go of its `lines`: keeps the names of the lines that have an entry (a late callback's
    /// entry and the trace still name them), and gives back the entries' spare room when it is large (a run that
    /// has ended keeps its trace).
    mutating func compact(keepingNamesOf lines: [WaterfallLine]) {
        if !lines.isEmpty, let last = entries.lazy.map(\.line).max(), last < lines.count {
            // Which lines have an entry; then each of those lines' names, in order.
            var hasEntry = [Bool](repeating: false, count: last + 1)
            for entry in entries { hasEntry[entry.line] = true }
            keptNames = (0...last).map { index in
                guard hasEntry[index] else { return LineNames() }
                return LineNames(
                    customEvent: lines[index].customEventIdentifier,
                    network: lines[index].networkName ?? lines[index].customEventIdentifier,
                    price: lines[index].price)
            }
        }
        guard entries.capacity - entries.count >= 4 else { return }
        var compacted: [Entry] = []
        compacted.reserveCapacity(entries.count)
        compacted.append(contentsOf: entries)
        entries = compacted
    }

    /// Ends entry `entry` with `result` after `duration`.
    mutating func updateEntry(
        _ entry: Int, duration: Duration, result: MediationLineResult, errorCode: String?, detail: String?
    ) {
        entries[entry].duration = duration
        entries[entry].result = result
        entries[entry].errorCode = errorCode
        entries[entry].detail = detail
        entries[entry].releasedForLine = nil
    }

    /// Sets entry `entry`'s detail (what became of a held ad).
    mutating func setDetail(_ detail: String, ofEntry entry: Int) {
        entries[entry].detail = detail
        entries[entry].releasedForLine = nil
    }

    /// Records that the held ad of entry `entry` was released because `line` won: the detail reads
    /// "released: line `line` won".
    mutating func setReleased(wonBy line: Int, ofEntry entry: Int) {
        entries[entry].detail = nil
        entries[entry].releasedForLine = line
    }

    /// Records that `line`, whose entry is `entry`, won.
    mutating func recordWinner(_ line: Int, entry: Int?) {
        if let entry { entries[entry].isWinner = true }
        winner = line
    }

    /// Records how the run ended: `loaded` or an error's code.
    mutating func recordOutcome(_ outcome: String) {
        self.outcome = outcome
    }
}

import MediationSupport

/// The trace a run builds, as a value: entries for line attempts and dropped callbacks, notes, winner and outcome,
/// with times measured from the run's start.
///
/// Part of ``WaterfallRunMachine``: the machine says what happened, the recorder writes it down. Entries are kept
/// compact (``Entry``: 32 bytes, no names, no text) and made into ``MediationTraceEntry`` values
/// only when the trace is read: a line's custom event, network and price are the line's own, read from the run's
/// lines then, or, once the run has let go of its lines (``compact(keepingNamesOf:)``), from the names kept for
/// the lines that have an entry.
struct WaterfallTraceRecorder: Sendable {
    /// One entry, without the names and price of its line: 32 bytes (times as packed nanoseconds, the error code as
    /// a number, the page as 16 bits, the detail as a number), where ``MediationTraceEntry`` takes 144.
    struct Entry: Sendable {
        /// The start, as an offset from the run's start in nanoseconds (`Duration.packedNanoseconds`).
        var startNanoseconds: Int64
        /// The duration in nanoseconds, or `Duration.noPackedNanoseconds` for none.
        var durationNanoseconds: Int64
        var line: Int32
        var page: Int16
        /// 0 for no error code, else a position in ``WaterfallTraceRecorder/knownErrorCodes`` plus one, or
        /// ``otherErrorCode`` (the code is then in the recorder's ``WaterfallTraceRecorder/otherErrorCodes``).
        var errorCodeNumber: UInt8 = 0
        var result: MediationLineResult
        var isWinner = false
        /// 0 for no detail, else the detail's position in the recorder's ``WaterfallTraceRecorder/details`` plus
        /// one: most entries (a line loading, loaded or with no fill) have none, and keep no room for one.
        var detailNumber: UInt16 = 0
        /// The line whose win released this entry's held ad, or -1: its detail, "released: line N won", is written
        /// out only when the trace is read (a text that long would take an allocation per released ad).
        var releasedForLine: Int32 = -1

        /// The ``errorCodeNumber`` of a code that is not one of ``WaterfallTraceRecorder/knownErrorCodes``.
        static var otherErrorCode: UInt8 { .max }

        /// When the line started (or the dropped callback arrived), from the start of the run.
        var start: Duration { .nanoseconds(startNanoseconds) }

        /// How long the line took; `nil` for dropped callbacks and skipped lines.
        var duration: Duration? {
            get { Duration.unpacking(durationNanoseconds) }
            set { durationNanoseconds = Duration.packing(newValue) }
        }
    }

    /// The codes of ``MediationError``, most frequent in traces first: an entry keeps its error code as a position
    /// in this list. A code not in it (a case added later) is kept as text in ``otherErrorCodes``.
    static let knownErrorCodes: [String] = [
        MediationError.noFill, .timeout, .networkError(NetworkErrorInfo(domain: "", code: 0, message: "")),
        .missingRequiredAssets([]), .invalidBidMarkup(path: "", reason: ""), .missingRequiredInfo(key: ""),
        .missingAdapter(identifier: ""), .invalidConfiguration(path: "", reason: ""), .adExpired, .cancelled,
        .imageDownloadFailed(url: nil), .rateLimited(until: .origin), .httpStatus(url: "", status: 0),
        .invalidResponseBody(url: "", reason: ""), .responseTooLarge(url: "", limitBytes: 0),
        .requestTimedOut(url: "", after: .zero), .requestFailed(url: "", reason: ""),
        .frequencyCapped(cap: "", freesIn: .zero), .paced(cap: "", freesIn: .zero),
    ].map(\.code)

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
    /// The entries' details, each at its entry's ``Entry/detailNumber`` minus one; an entry whose detail changes
    /// keeps its place.
    private(set) var details: [String] = []
    /// The names of each line up to the last with an entry, kept when the run lets go of its lines (empty names
    /// for a line without an entry).
    private(set) var keptNames: [LineNames] = []
    /// The error codes of entries whose code is not one of ``knownErrorCodes``, by entry (none in practice).
    private(set) var otherErrorCodes: [(entry: Int32, code: String)] = []
    /// When the run started: the origin of every entry's start and of the notes' times.
    var runStart: MediationInstant { MediationInstant(sinceOrigin: .nanoseconds(runStartNanoseconds)) }
    /// ``runStart`` as stored: its time since the origin as packed nanoseconds (one word; every clock
    /// MediationKit reads ticks in nanoseconds or coarser, so the start is kept exactly).
    private var runStartNanoseconds: Int64 = 0

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
            let index = Int(entry.line)
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
                    line: index, page: Int(entry.page), customEvent: names.customEvent, network: names.network,
                    price: names.price, start: entry.start, duration: entry.duration, result: entry.result,
                    errorCode: errorCode(of: entry, at: trace.entries.count), detail: detail(of: entry),
                    isWinner: entry.isWinner))
        }
        return trace
    }

    /// The run started at `at`.
    mutating func start(at: MediationInstant) {
        runStartNanoseconds = at.sinceOrigin.packedNanoseconds
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
                startNanoseconds: start.packedNanoseconds, durationNanoseconds: Duration.packing(duration),
                line: Int32(clamping: line), page: Int16(clamping: page), result: result))
        setErrorCode(errorCode, ofEntry: count)
        if let detail { setStoredDetail(detail, ofEntry: count) }
        return count
    }

    /// The most details a recorder keeps: an entry's detail number is 16 bits. A run has a few entries per line; only
    /// a network that calls back tens of thousands of times could go past it, and its later details are dropped.
    static var detailLimit: Int { Int(UInt16.max) }

    /// The detail `entry` holds, as stored (no text for a released held ad).
    func storedDetail(of entry: Entry) -> String? {
        entry.detailNumber == 0 ? nil : details[Int(entry.detailNumber) - 1]
    }

    /// The detail of `entry`, as the trace shows it.
    private func detail(of entry: Entry) -> String? {
        if entry.detailNumber == 0, entry.releasedForLine >= 0 { return "released: line \(entry.releasedForLine) won" }
        return storedDetail(of: entry)
    }

    /// Sets entry `index`'s stored detail: in its place among ``details`` when it has one, else in a new place
    /// (none past ``detailLimit``).
    private mutating func setStoredDetail(_ detail: String?, ofEntry index: Int) {
        let number = Int(entries[index].detailNumber)
        guard let detail else {
            // An entry's detail is rarely taken away (a held ad released after an update): the last place goes, any
            // other stays, empty.
            entries[index].detailNumber = 0
            if number == details.count, number > 0 {
                details.removeLast()
            } else if number > 0 {
                details[number - 1] = ""
            }
            return
        }
        if number > 0 {
            details[number - 1] = detail
        } else if details.count < Self.detailLimit {
            details.append(detail)
            entries[index].detailNumber = UInt16(details.count)
        }
    }

    /// The error code of `entry`, entry number `index`.
    private func errorCode(of entry: Entry, at index: Int) -> String? {
        switch entry.errorCodeNumber {
        case 0: nil
        case Entry.otherErrorCode: otherErrorCodes.last { $0.entry == index }?.code
        case let number: Self.knownErrorCodes[Int(number) - 1]
        }
    }

    /// Sets entry `index`'s error code.
    private mutating func setErrorCode(_ code: String?, ofEntry index: Int) {
        guard let code else {
            entries[index].errorCodeNumber = 0
            return
        }
        if let position = Self.knownErrorCodes.firstIndex(of: code) {
            entries[index].errorCodeNumber = UInt8(position + 1)
        } else {
            entries[index].errorCodeNumber = Entry.otherErrorCode
            otherErrorCodes.append((Int32(clamping: index), code))
        }
    }

    /// Once the run lets go of its `lines`: keeps the names of the lines that have an entry (a late callback's
    /// entry and the trace still name them), and gives back the entries' spare room when it is large (a run that
    /// has ended keeps its trace).
    mutating func compact(keepingNamesOf lines: [WaterfallLine]) {
        if !lines.isEmpty, let last = entries.lazy.map({ Int($0.line) }).max(), last >= 0, last < lines.count {
            // Which lines have an entry; then each of those lines' names, in order.
            var hasEntry = [Bool](repeating: false, count: last + 1)
            for entry in entries where entry.line >= 0 { hasEntry[Int(entry.line)] = true }
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
        setErrorCode(errorCode, ofEntry: entry)
        setStoredDetail(detail, ofEntry: entry)
        entries[entry].releasedForLine = -1
    }

    /// Sets entry `entry`'s detail (what became of a held ad).
    mutating func setDetail(_ detail: String, ofEntry entry: Int) {
        setStoredDetail(detail, ofEntry: entry)
        entries[entry].releasedForLine = -1
    }

    /// Records that the held ad of entry `entry` was released because `line` won: the detail reads
    /// "released: line `line` won".
    mutating func setReleased(wonBy line: Int, ofEntry entry: Int) {
        setStoredDetail(nil, ofEntry: entry)
        entries[entry].releasedForLine = Int32(clamping: line)
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

/// The trace a run builds, as a value: entries for line attempts and dropped callbacks, notes, winner and outcome,
/// with times measured from the run's start.
///
/// Part of ``WaterfallRunMachine``: the machine says what happened, the recorder writes it down.
struct WaterfallTraceRecorder: Sendable {
    /// The trace so far.
    private(set) var trace: MediationTrace
    /// When the run started: the origin of every entry's start and of the notes' times.
    private(set) var runStart: MediationInstant = .origin

    /// A recorder for a run whose first response dropped `droppedEntries`.
    init(droppedEntries: [DroppedAdResponseEntry]) {
        trace = MediationTrace(droppedEntries: droppedEntries)
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
        trace.notes.append(note)
    }

    /// Adds the entries a later page dropped, as from page `page`.
    mutating func addDroppedEntries(_ entries: [DroppedAdResponseEntry], page: Int) {
        trace.droppedEntries += entries.map { entry in
            var entry = entry
            entry.page = page
            return entry
        }
    }

    /// Adds `entry` (its start already measured with ``offset(_:)``); returns its index. `expectedCount` (the run's
    /// lines) bounds the room reserved: two entries at first, then doubling up to the run's lines, so that a run
    /// whose lines each have one entry ends with no spare room.
    @discardableResult
    mutating func addEntry(_ entry: MediationTraceEntry, expectedCount: Int = 0) -> Int {
        let count = trace.entries.count
        if count == trace.entries.capacity {
            let doubled = max(2 * count, 2)
            trace.entries.reserveCapacity(count < expectedCount ? min(doubled, expectedCount) : doubled)
        }
        trace.entries.append(entry)
        return trace.entries.count - 1
    }

    /// The custom event, network and price entry `entry` names (empty names when there is no such entry).
    func names(ofEntry entry: Int?) -> (customEvent: String, network: String, price: Double?) {
        guard let entry, trace.entries.indices.contains(entry) else { return ("", "", nil) }
        return (trace.entries[entry].customEvent, trace.entries[entry].network, trace.entries[entry].price)
    }

    /// Gives back the entries' spare room when it is large (a run that has ended keeps its trace).
    mutating func compact() {
        guard trace.entries.capacity - trace.entries.count >= 4 else { return }
        var entries: [MediationTraceEntry] = []
        entries.reserveCapacity(trace.entries.count)
        entries.append(contentsOf: trace.entries)
        trace.entries = entries
    }

    /// Ends entry `entry` with `result` after `duration`.
    mutating func updateEntry(
        _ entry: Int, duration: Duration, result: MediationLineResult, errorCode: String?, detail: String?
    ) {
        trace.entries[entry].duration = duration
        trace.entries[entry].result = result
        trace.entries[entry].errorCode = errorCode
        trace.entries[entry].detail = detail
    }

    /// Sets entry `entry`'s detail (what became of a held ad).
    mutating func setDetail(_ detail: String, ofEntry entry: Int) {
        trace.entries[entry].detail = detail
    }

    /// Records that `line`, whose entry is `entry`, won.
    mutating func recordWinner(_ line: Int, entry: Int?) {
        if let entry { trace.entries[entry].isWinner = true }
        trace.winner = line
    }

    /// Records how the run ended: `loaded` or an error's code.
    mutating func recordOutcome(_ outcome: String) {
        trace.outcome = outcome
    }
}

extension WaterfallRunMachine {
    /// Where a line is.
    enum LineState: Sendable {
        /// Not started.
        case pending
        /// Asked the driver to resolve it.
        case resolving
        /// Its custom event is made, and waits for its network to start (the line's timeout runs).
        case awaitingNetwork
        /// Its custom event is loading.
        case inFlight
        /// It loaded; the ad waits until every line above has failed.
        case held(Loaded)
        /// It is over, one way or another.
        case ended
    }

    /// Why a line stopped listening before its custom event answered.
    enum EndReason: String, Sendable {
        case answered = "after its outcome"
        case timedOut = "after the line timed out"
        case stopped = "after another line won"
        case cancelled = "after the run was cancelled"
        case unstarted = "before it started"
    }

    /// What became of one line (the line itself is in ``waterfallLines``, at the same index). It keeps no page
    /// (``LineRecords/page(of:)`` tells it from the line's index) and no deadline of its own (it is the start plus
    /// the line's timeout).
    struct LineRecord: Sendable {
        /// When the line's custom event was asked for an ad, once it was.
        var startedAt: MediationInstant?
        var endReason: EndReason = .unstarted
        /// Whether the line's custom event has called back: a later callback is a duplicate, whatever follows.
        var hasCalledBack = false
        var state: LineState = .pending
        /// The line's trace entry, once it has one.
        var entry: Int?
    }

    /// The records of a run's lines, stored only from the first line up to the last one touched.
    ///
    /// A line that has never been touched is pending, and its record is made on demand. A sequential run of ten
    /// lines that fills on its first line therefore stores one record, not ten: memory per load in flight
    /// follows the lines started, not the waterfall's length.
    ///
    /// Reading any index in ``indices`` works; writing a record stores every record up to it first, so the
    /// stored records are always a prefix of the run's lines.
    struct LineRecords: RandomAccessCollection, Sendable {
        /// The records of lines `0..<stored.count`; every later line is pending.
        private var stored: [LineRecord] = []
        /// The first line of every page after the first, in page order.
        private var laterPageStarts: [Int] = []
        /// How many lines the run has, over every page loaded so far.
        private(set) var count: Int

        /// Records for a run of `count` lines, all pending, on page 0.
        init(count: Int) {
            self.count = count
        }

        /// How many records are stored: every line up to the last one touched.
        var storedCount: Int { stored.count }

        /// The first line's index: 0.
        var startIndex: Int { 0 }

        /// One past the last line's index.
        var endIndex: Int { count }

        /// Every line's index.
        var indices: Range<Int> { 0..<count }

        /// Adds a page of `lineCount` pending lines after the last line.
        mutating func appendPage(lineCount: Int) {
            laterPageStarts.append(count)
            count += lineCount
        }

        /// The record of line `index` (a pending record for a line never touched).
        subscript(index: Int) -> LineRecord {
            get {
                index < stored.count ? stored[index] : LineRecord()
            }
            // Changed in place (a write through `set` would copy the record out and back).
            _modify {
                if index >= stored.count { store(through: index) }
                yield &stored[index]
            }
        }

        /// The page line `index` belongs to.
        func page(of index: Int) -> Int {
            var page = 0
            while page < laterPageStarts.count, laterPageStarts[page] <= index { page += 1 }
            return page
        }

        /// Stores pending records up to and including line `index`. Room for the first line alone, then for four
        /// lines, then for the whole run: at most three allocations, a run that ends on its first line stores one
        /// record, and one with a few lines in flight does not hold room for a long waterfall's.
        private mutating func store(through index: Int) {
            precondition(index < count, "line \(index) is not among the run's \(count) lines")
            if stored.capacity <= index {
                stored.reserveCapacity(index == 0 ? 1 : index < 4 ? Swift.min(4, count) : count)
            }
            while stored.count <= index { stored.append(LineRecord()) }
        }
    }
}

extension WaterfallRunMachine.LineRecord {
    /// Whether the line has not started.
    var isPending: Bool {
        if case .pending = state { return true }
        return false
    }

    /// Whether the line is over.
    var isEnded: Bool {
        if case .ended = state { return true }
        return false
    }

    /// Whether the line loaded and its ad waits.
    var isHeld: Bool {
        if case .held = state { return true }
        return false
    }

    /// Whether the line's custom event was asked for an ad, or waits for its network before it is: the states
    /// whose deadline runs.
    var isRequestedOrAwaiting: Bool {
        switch state {
        case .inFlight, .awaitingNetwork: true
        case .pending, .resolving, .held, .ended: false
        }
    }

    /// Whether the line is starting or loading.
    var isLoading: Bool {
        switch state {
        case .resolving, .awaitingNetwork, .inFlight: true
        case .pending, .held, .ended: false
        }
    }
}

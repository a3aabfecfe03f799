/// A finished run's trace packed into one byte buffer: what a kept ``MediationRun`` holds once its load has ended.
///
/// Packed from the run's ``WaterfallTraceRecorder`` once the run has let go of its lines, and unpacked into one:
/// the trace a handle reads is then made by the same code as the trace the run's completion got. The recorder keeps
/// 48 bytes per entry and a line's names once per line; packed, an entry takes its numbers as variable-length
/// integers (times in nanoseconds, the error code as its one-byte number), and a line's names take their UTF-8
/// bytes, a custom event equal to the line before's and a network named as its custom event taking none. Dropped
/// entries and notes, which most runs have none of, are kept as they are, boxed.
///
/// The bytes are written into scratch space on the stack (room for every name in full and every price raw), then
/// copied into a buffer of exactly their size: one allocation, no spare room.
struct PackedWaterfallTrace: Sendable {
    /// The parts of a trace most runs have none of, kept as they are.
    final class Rare: Sendable {
        let droppedEntries: [DroppedAdResponseEntry]
        let notes: [String]

        init(droppedEntries: [DroppedAdResponseEntry], notes: [String]) {
            self.droppedEntries = droppedEntries
            self.notes = notes
        }
    }

    /// The winner, the outcome, the lines' names, the entries and the other error codes, packed (see
    /// ``PackedWaterfallTrace/Writer``).
    private let bytes: [UInt8]
    /// Dropped entries and notes; `nil` when the trace has none.
    private let rare: Rare?

    /// The largest scratch space taken on the stack: the standard library's own bound for stack allocations that
    /// need no check (past it, the standard library asks the system where the stack ends, which can cost more than
    /// the packing).
    static var stackScratchLimit: Int { 1024 }

    /// Packs what `recorder` holds, naming each line as its kept names do (``WaterfallTraceRecorder/compact(keepingNamesOf:)``).
    init(_ recorder: WaterfallTraceRecorder) {
        let capacity = Writer.capacity(for: recorder)
        if capacity <= Self.stackScratchLimit {
            bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { scratch in
                Self.pack(recorder, into: scratch)
            }
        } else {
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
            defer { scratch.deallocate() }
            bytes = Self.pack(recorder, into: scratch)
        }
        rare =
            recorder.droppedEntries.isEmpty && recorder.notes.isEmpty
            ? nil : Rare(droppedEntries: recorder.droppedEntries, notes: recorder.notes)
    }

    private static func pack(_ recorder: WaterfallTraceRecorder, into scratch: UnsafeMutableBufferPointer<UInt8>)
        -> [UInt8]
    {
        guard let base = scratch.baseAddress else { return [] }
        var writer = Writer(destination: base, capacity: scratch.count)
        writer.write(recorder)
        return [UInt8](UnsafeBufferPointer(rebasing: scratch[..<writer.offset]))
    }

    /// The recorder as it was packed (without its run's start, which no trace shows).
    var recorder: WaterfallTraceRecorder {
        var reader = Reader(bytes: bytes)
        return reader.readRecorder(droppedEntries: rare?.droppedEntries ?? [], notes: rare?.notes ?? [])
    }

    /// The trace, as the recorder packed would give it.
    var trace: MediationTrace { recorder.trace(lines: []) }

    /// How many bytes the packed part takes.
    var packedByteCount: Int { bytes.count }
}

extension PackedWaterfallTrace {
    /// The bits of a line's names' flags byte.
    fileprivate enum NameFlag {
        /// The custom event is the line before's.
        static let sameCustomEvent: UInt8 = 1 << 0
        /// The network is named as the custom event.
        static let networkIsCustomEvent: UInt8 = 1 << 1
        /// The price is a whole number, written as an integer.
        static let wholePrice: UInt8 = 1 << 2
        /// The price is written as its 8-byte bit pattern.
        static let rawPrice: UInt8 = 1 << 3
    }

    /// The bits of an entry's flags byte.
    fileprivate enum EntryFlag {
        static let isWinner: UInt8 = 1 << 0
        static let hasDuration: UInt8 = 1 << 1
        static let hasDetail: UInt8 = 1 << 2
        static let isReleased: UInt8 = 1 << 3
    }

    /// Writes a recorder into room sized by ``capacity(for:)``.
    ///
    /// The layout, integers as zigzagged variable-length integers and strings as their UTF-8 length then bytes:
    /// - the winner (`-1` for none) and the outcome;
    /// - the count of kept names, then per line its flags byte, its custom event unless the line before's, its
    ///   network unless the custom event's, its price when it has one (a whole number as an integer, else its bit
    ///   pattern in 8 bytes);
    /// - the entry count, then per entry its flags byte, line, page, start and duration in nanoseconds, result
    ///   (its position among ``MediationLineResult/allCases``) and error code number (one byte each), its detail
    ///   and the line whose win released its ad when it has them;
    /// - the count of other error codes, then each one's entry and code.
    fileprivate struct Writer {
        /// Where the bytes go.
        let destination: UnsafeMutablePointer<UInt8>
        /// The room at ``destination``; nothing is written past it.
        let capacity: Int
        private(set) var offset = 0

        init(destination: UnsafeMutablePointer<UInt8>, capacity: Int) {
            self.destination = destination
            self.capacity = capacity
        }

        /// Room for `recorder` packed: each integer at its own size, and every name in full and every price raw
        /// (as though no custom event were the line before's and no network named as its custom event).
        static func capacity(for recorder: WaterfallTraceRecorder) -> Int {
            var capacity = 5 + stringSize(recorder.outcome) + 3 * 10
            for names in recorder.keptNames {
                capacity += 1 + stringSize(names.customEvent) + stringSize(names.network) + 8
            }
            for entry in recorder.entries {
                // Flags, result and error code bytes; the line (32 bits), the page (16 bits) and the times.
                capacity += 3 + 5 + 3 + signedSize(entry.startNanoseconds) + signedSize(entry.durationNanoseconds)
                capacity += (recorder.storedDetail(of: entry).map(stringSize) ?? 0) + 5
            }
            for other in recorder.otherErrorCodes {
                capacity += 5 + stringSize(other.code)
            }
            return capacity
        }

        /// The bytes `string` takes: its length and its UTF-8 bytes.
        private static func stringSize(_ string: String) -> Int {
            let count = string.utf8.count
            return unsignedSize(UInt64(count)) + count
        }

        /// The bytes ``writeSigned(_:)`` takes for `value`.
        private static func signedSize(_ value: Int64) -> Int {
            unsignedSize(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        /// The bytes ``writeUnsigned(_:)`` takes for `value`: one per 7 bits, at least one.
        private static func unsignedSize(_ value: UInt64) -> Int {
            max((64 - value.leadingZeroBitCount + 6) / 7, 1)
        }

        mutating func write(_ recorder: WaterfallTraceRecorder) {
            writeSigned(Int64(recorder.packedWinner))
            writeString(recorder.outcome)
            let names = recorder.keptNames
            writeUnsigned(UInt64(names.count))
            for index in names.indices {
                write(names[index], after: index == 0 ? nil : names[index - 1])
            }
            let entries = recorder.entries
            writeUnsigned(UInt64(entries.count))
            for index in entries.indices {
                write(entries[index], detail: recorder.storedDetail(of: entries[index]))
            }
            let others = recorder.otherErrorCodes
            writeUnsigned(UInt64(others.count))
            for other in others {
                writeSigned(Int64(other.entry))
                writeString(other.code)
            }
        }

        private mutating func write(
            _ names: WaterfallTraceRecorder.LineNames, after previous: WaterfallTraceRecorder.LineNames?
        ) {
            var flags: UInt8 = 0
            let sameCustomEvent = previous.map { Self.equal($0.customEvent, names.customEvent) } ?? false
            if sameCustomEvent { flags |= NameFlag.sameCustomEvent }
            let networkIsCustomEvent = Self.equal(names.network, names.customEvent)
            if networkIsCustomEvent { flags |= NameFlag.networkIsCustomEvent }
            let wholePrice = names.price.flatMap(Self.wholeNumber)
            if wholePrice != nil {
                flags |= NameFlag.wholePrice
            } else if names.price != nil {
                flags |= NameFlag.rawPrice
            }
            writeByte(flags)
            if !sameCustomEvent { writeString(names.customEvent) }
            if !networkIsCustomEvent { writeString(names.network) }
            if let wholePrice {
                writeSigned(wholePrice)
            } else if let price = names.price {
                for shift in stride(from: 0, to: 64, by: 8) {
                    writeByte(UInt8(truncatingIfNeeded: price.bitPattern >> UInt64(shift)))
                }
            }
        }

        private mutating func write(_ entry: WaterfallTraceRecorder.Entry, detail: String?) {
            var flags: UInt8 = 0
            if entry.isWinner { flags |= EntryFlag.isWinner }
            let hasDuration = entry.durationNanoseconds != Duration.noPackedNanoseconds
            if hasDuration { flags |= EntryFlag.hasDuration }
            if detail != nil { flags |= EntryFlag.hasDetail }
            if entry.releasedForLine >= 0 { flags |= EntryFlag.isReleased }
            writeByte(flags)
            writeSigned(Int64(entry.line))
            writeSigned(Int64(entry.page))
            writeSigned(entry.startNanoseconds)
            if hasDuration { writeSigned(entry.durationNanoseconds) }
            writeByte(entry.result.packedNumber)
            writeByte(entry.errorCodeNumber)
            if let detail { writeString(detail) }
            if entry.releasedForLine >= 0 { writeSigned(Int64(entry.releasedForLine)) }
        }

        /// Whether two names are the same bytes: their UTF-8 lengths first, since a network is rarely named as its
        /// custom event and `==` compares two names of different lengths the long way. (Two names that are equal
        /// only as Unicode, in different forms, are written out both: each reads back as it was.)
        private static func equal(_ first: String, _ second: String) -> Bool {
            first.utf8.count == second.utf8.count && first == second
        }

        /// `price` as a whole number, when it is one that a `Double` holds exactly (and not negative zero).
        private static func wholeNumber(_ price: Double) -> Int64? {
            // Converted and back rather than rounded: two instructions, where rounding calls the C library.
            guard abs(price) < 0x1p53, price != 0 || price.sign == .plus else { return nil }
            let whole = Int64(price)
            return Double(whole) == price ? whole : nil
        }

        private mutating func writeString(_ string: String) {
            var string = string
            string.withUTF8 { utf8 in
                writeUnsigned(UInt64(utf8.count))
                guard offset + utf8.count <= capacity else { return }
                if let source = utf8.baseAddress {
                    (destination + offset).update(from: source, count: utf8.count)
                }
                offset += utf8.count
            }
        }

        private mutating func writeByte(_ byte: UInt8) {
            guard offset < capacity else { return }
            destination[offset] = byte
            offset += 1
        }

        /// `value` zigzagged (0, -1, 1, -2, … as 0, 1, 2, 3, …), then as an unsigned variable-length integer.
        private mutating func writeSigned(_ value: Int64) {
            writeUnsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        /// `value` seven bits at a time, lowest first, the high bit set on every byte but the last.
        private mutating func writeUnsigned(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                writeByte(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            writeByte(UInt8(value))
        }
    }

    /// Reads what ``Writer`` wrote. Past the end it reads zeros, so that no input can make it trap.
    fileprivate struct Reader {
        let bytes: [UInt8]
        private var offset = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func readRecorder(droppedEntries: [DroppedAdResponseEntry], notes: [String]) -> WaterfallTraceRecorder
        {
            let winner = Int32(clamping: readSigned())
            let outcome = readString()
            var names: [WaterfallTraceRecorder.LineNames] = []
            let nameCount = readCount()
            names.reserveCapacity(nameCount)
            while names.count < nameCount, offset < bytes.count {
                names.append(readNames(after: names.last))
            }
            var entries: [WaterfallTraceRecorder.Entry] = []
            var details: [String] = []
            let entryCount = readCount()
            entries.reserveCapacity(entryCount)
            while entries.count < entryCount, offset < bytes.count {
                entries.append(readEntry(details: &details))
            }
            var others: [(entry: Int32, code: String)] = []
            let otherCount = readCount()
            while others.count < otherCount, offset < bytes.count {
                others.append((Int32(clamping: readSigned()), readString()))
            }
            return WaterfallTraceRecorder(
                packedWinner: winner, outcome: outcome, droppedEntries: droppedEntries, notes: notes,
                entries: entries, details: details, keptNames: names, otherErrorCodes: others)
        }

        private mutating func readNames(
            after previous: WaterfallTraceRecorder.LineNames?
        ) -> WaterfallTraceRecorder.LineNames {
            let flags = readByte()
            var names = WaterfallTraceRecorder.LineNames()
            names.customEvent = flags & NameFlag.sameCustomEvent != 0 ? previous?.customEvent ?? "" : readString()
            names.network = flags & NameFlag.networkIsCustomEvent != 0 ? names.customEvent : readString()
            if flags & NameFlag.wholePrice != 0 {
                names.price = Double(readSigned())
            } else if flags & NameFlag.rawPrice != 0 {
                var bits: UInt64 = 0
                for shift in stride(from: 0, to: 64, by: 8) {
                    bits |= UInt64(readByte()) << UInt64(shift)
                }
                names.price = Double(bitPattern: bits)
            }
            return names
        }

        /// An entry; its detail, when it has one, goes at the end of `details` (none past the recorder's limit).
        private mutating func readEntry(details: inout [String]) -> WaterfallTraceRecorder.Entry {
            let flags = readByte()
            let line = Int32(clamping: readSigned())
            let page = Int16(clamping: readSigned())
            let start = readSigned()
            let duration = flags & EntryFlag.hasDuration != 0 ? readSigned() : Duration.noPackedNanoseconds
            let result = MediationLineResult(packedNumber: readByte())
            var entry = WaterfallTraceRecorder.Entry(
                startNanoseconds: start, durationNanoseconds: duration, line: line, page: page, result: result)
            entry.errorCodeNumber = readByte()
            entry.isWinner = flags & EntryFlag.isWinner != 0
            if flags & EntryFlag.hasDetail != 0 {
                let detail = readString()
                if details.count < WaterfallTraceRecorder.detailLimit {
                    details.append(detail)
                    entry.detailNumber = UInt16(details.count)
                }
            }
            if flags & EntryFlag.isReleased != 0 { entry.releasedForLine = Int32(clamping: readSigned()) }
            return entry
        }

        /// A count: never more than the bytes left, each item taking at least one.
        private mutating func readCount() -> Int {
            Int(clamping: min(readUnsigned(), UInt64(bytes.count - offset)))
        }

        private mutating func readString() -> String {
            let length = Int(clamping: min(readUnsigned(), UInt64(bytes.count - offset)))
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }

        private mutating func readByte() -> UInt8 {
            guard offset < bytes.count else { return 0 }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func readSigned() -> Int64 {
            let value = readUnsigned()
            return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        }

        private mutating func readUnsigned() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while shift < 64 {
                let byte = readByte()
                value |= UInt64(byte & 0x7F) << shift
                guard byte & 0x80 != 0 else { break }
                shift += 7
            }
            return value
        }
    }
}

extension MediationLineResult {
    /// The result's position among ``allCases``, as a packed trace keeps it.
    fileprivate var packedNumber: UInt8 {
        UInt8(Self.allCases.firstIndex(of: self) ?? 0)
    }

    /// The result at `packedNumber` among ``allCases``; ``error`` for a number past them.
    fileprivate init(packedNumber: UInt8) {
        let cases = Self.allCases
        self = Int(packedNumber) < cases.count ? cases[Int(packedNumber)] : .error
    }
}

import Foundation

extension VASTXMLTreeBuilder {
    /// `data` with a space written after the target of every processing instruction that has no data
    /// (`<?target?>` becomes `<?target ?>`), or `data` itself when it has none (the common case: no copy).
    ///
    /// libxml2 reports `<?target?>` with a null data pointer, and swift-corelibs-foundation's `XMLParser` reads
    /// that pointer as a C string before the delegate is called: the process crashes on a null read (found by
    /// VASTParserFuzzer on `<?xml?>`, a malformed declaration libxml2 reads as an instruction). With the space,
    /// libxml2 reports empty data. Every `<?` in the bytes is looked at, inside comments and CDATA sections too:
    /// after an error libxml2 recovers at the next `<`, so in a malformed document it can read an instruction
    /// where a well-formed one has text. Instructions carry nothing VAST reads, a space changes no line number,
    /// and text that holds `<?target?>` (which no URL does) gets the space too.
    static func openingDatalessInstructions(_ data: Data) -> Data {
        let targetEnds = data.withUnsafeBytes { datalessInstructionTargetEnds($0) }
        guard !targetEnds.isEmpty else { return data }
        var opened = Data(capacity: data.count + targetEnds.count)
        var copiedUpTo = data.startIndex
        for end in targetEnds {
            let at = data.startIndex + end
            opened.append(data[copiedUpTo..<at])
            opened.append(UInt8(ascii: " "))
            copiedUpTo = at
        }
        opened.append(data[copiedUpTo...])
        return opened
    }

    /// The offset just past the target of each `<?target?>` in `bytes` (the offset of its `?`), in order.
    ///
    /// The target runs from after `<?` to the first white space, `?` or `>`. libxml2 ends a target earlier at a
    /// byte that is not a name character, and then fails on the missing space instead of reporting the
    /// instruction, so a space added after such a target is harmless.
    static func datalessInstructionTargetEnds(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        guard let base = bytes.baseAddress else { return [] }
        let count = bytes.count
        var ends: [Int] = []
        // `?` is rarer than `<` in VAST (a URL's query has one, every element has two `<`), so the scan looks
        // for `?` and then at the byte before it.
        var index = 1
        while index < count, let found = memchr(base + index, Int32(UInt8(ascii: "?")), count - index) {
            let question = base.distance(to: UnsafeRawPointer(found))
            index = question + 1
            guard bytes[question - 1] == UInt8(ascii: "<") else { continue }
            var end = question + 1
            scan: while end < count {
                switch bytes[end] {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">"): break scan
                default: end += 1
                }
            }
            if end > question + 1, end + 1 < count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">")
            {
                ends.append(end)
            }
        }
        return ends
    }
}

import Foundation

extension VASTXMLTreeBuilder {
    /// `data` with a space written after the target of every processing instruction that has no data
    /// (`<?target?>` becomes `<?target ?>`), or `data` itself when it has none (the common case: no copy).
    ///
    /// libxml2 reports `<?target?>` with a null data pointer, and swift-corelibs-foundation's `XMLParser` reads
    /// that pointer as a C string before the delegate is called: the process crashes on a null read (found by
    /// VASTParserFuzzer on `<?xml?>`, a malformed declaration libxml2 reads as an instruction). With the space,
    /// libxml2 reports empty data. Instructions carry nothing VAST reads, and a space there changes no text and
    /// no line number. Comments and CDATA sections are skipped, as text there is not markup.
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

    /// The offsets just past the target of each `<?target?>` in `bytes` (the offset of its `?`), in order,
    /// outside comments, CDATA sections and other instructions.
    static func datalessInstructionTargetEnds(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        let count = bytes.count
        var ends: [Int] = []
        var index = 0
        /// The offset just past the first `terminator` at or after `start`, or `count` when there is none.
        func past(_ terminator: StaticString, from start: Int) -> Int {
            let pattern = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
            var at = start
            while at + pattern.count <= count, let base = bytes.baseAddress,
                let found = memchr(base + at, Int32(pattern[0]), count - pattern.count + 1 - at)
            {
                at = base.distance(to: UnsafeRawPointer(found))
                if pattern.indices.allSatisfy({ bytes[at + $0] == pattern[$0] }) { return at + pattern.count }
                at += 1
            }
            return count
        }
        func starts(with prefix: StaticString, at start: Int) -> Bool {
            let pattern = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            guard start + pattern.count <= count else { return false }
            return pattern.indices.allSatisfy { bytes[start + $0] == pattern[$0] }
        }
        while index < count {
            guard let base = bytes.baseAddress,
                let found = memchr(base + index, Int32(UInt8(ascii: "<")), count - index)
            else { break }
            let open = base.distance(to: UnsafeRawPointer(found))
            let next = open + 1
            if next < count, bytes[next] == UInt8(ascii: "?") {
                // The target runs to the first white space, `?` or `>`; libxml2 stops earlier on a byte that is
                // not a name character, and then fails on the missing space, so a space added there is harmless.
                var end = next + 1
                while end < count {
                    switch bytes[end] {
                    case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">"): break
                    default:
                        end += 1
                        continue
                    }
                    break
                }
                if end > next + 1, end + 1 < count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">")
                {
                    ends.append(end)
                    index = end + 2
                } else {
                    index = past("?>", from: next + 1)
                }
            } else if starts(with: "!--", at: next) {
                index = past("-->", from: next + 3)
            } else if starts(with: "![CDATA[", at: next) {
                index = past("]]>", from: next + 8)
            } else {
                index = next
            }
        }
        return ends
    }
}

extension VASTXMLEntryGate {
    /// Reads the parts of an XML declaration from the start of a document's bytes.
    struct DeclarationReader {
        let bytes: UnsafeRawBufferPointer
        /// The next byte to read.
        var index = 0

        /// Moves past `keyword` when it stands at the current byte.
        mutating func skip(_ keyword: StaticString) -> Bool {
            guard VASTXMLEntryGate.matches(keyword, in: bytes, at: index) else { return false }
            index += keyword.utf8CodeUnitCount
            return true
        }

        /// Moves past white space; whether there was any.
        @discardableResult
        mutating func skipSpaces() -> Bool {
            let start = index
            while index < bytes.count, VASTXMLEntryGate.isSpace(bytes[index]) { index += 1 }
            return index > start
        }

        /// Reads `= "value"` (white space around `=`, single or double quotes) and returns the value: at most 64
        /// bytes of printable ASCII, or the declaration is malformed.
        mutating func quotedValue() throws(VASTError) -> String {
            skipSpaces()
            guard skip("=") else { throw malformed("`=`") }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw malformed("a quoted value")
            }
            let quote = bytes[index]
            let start = index + 1
            var end = start
            while end < bytes.count, end - start <= 64, bytes[end] != quote, (0x20..<0x7F).contains(bytes[end]) {
                end += 1
            }
            guard end < bytes.count, bytes[end] == quote else { throw malformed("a closing quote") }
            index = end + 1
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Error 100: the declaration is malformed at the current byte, where `expected` should stand.
        func malformed(_ expected: String, found: String? = nil) -> VASTError {
            let seen = found.map { " ('\($0)' found)" } ?? ""
            return VASTXMLEntryGate.refusal(
                "the XML declaration is malformed at byte \(index): expected \(expected)\(seen)")
        }
    }
}

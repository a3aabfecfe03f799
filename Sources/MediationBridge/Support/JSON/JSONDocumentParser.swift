import MediationSupport

/// The byte-level reader behind ``JSONDocument/parse(_:maximumDepth:)``: a recursive-descent RFC 8259 parser
/// that validates UTF-8 as it goes and keeps the JSON path of the value it is reading, for error messages.
///
/// Besides the nesting depth it bounds the work a document can cause before anything is allocated for it: at
/// most `maximumValues` values in all (counted as they are read, so a document of half a million tiny values
/// stops at the limit) and at most `maximumElementsPerContainer` elements in one array or members in one object.
/// Past a limit it throws a ``JSONSyntaxError`` with ``JSONSyntaxError/exceedsLimit`` set, naming the path.
package struct JSONDocumentParser {
    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private let maximumValues: Int
    private let maximumElementsPerContainer: Int
    private var offset = 0
    /// The values read so far (every string, number, literal, array and object; object keys not counted),
    /// including those read before this parser started when it continues another document's count.
    package private(set) var valuesRead: Int
    private var path: [PathComponent] = []
    private var outOfRangeNumbers: [String: String] = [:]

    /// Creates a parser over `bytes`.
    ///
    /// - Parameters:
    ///   - maximumValues: the most values the document may hold, `valuesRead` included.
    ///   - maximumElementsPerContainer: the most elements of one array, or members of one object.
    ///   - valuesRead: values already counted against `maximumValues` (another document of the same input).
    package init(
        bytes: [UInt8], maximumDepth: Int, maximumValues: Int = .max, maximumElementsPerContainer: Int = .max,
        valuesRead: Int = 0
    ) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
        self.maximumElementsPerContainer = maximumElementsPerContainer
        self.valuesRead = valuesRead
    }

    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONDocument {
        if let problem = Self.encodingProblem(of: bytes) { throw failure(problem) }
        skipWhitespace()
        guard offset < bytes.count else { throw failure("the document is empty") }
        let root = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw failure("unexpected \(describe(bytes[offset])) after the end of the JSON value")
        }
        return JSONDocument(root: root, outOfRangeNumbers: outOfRangeNumbers)
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard offset < bytes.count else { throw failure("unexpected end of input, expected a value") }
        guard valuesRead < maximumValues else {
            throw failure("more than \(maximumValues) values in one document", exceedsLimit: true)
        }
        valuesRead += 1
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw failure("unexpected \(describe(byte)), expected a value")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(JSONSyntaxError)
        -> JSONValue
    {
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard offset < bytes.count else { throw failure("unexpected end of input in '\(word)'") }
            guard bytes[offset] == byte else { throw failure("unexpected \(describe(bytes[offset])) in '\(word)'") }
            offset += 1
        }
        return value
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        guard path.count < maximumDepth else {
            throw failure("nesting deeper than \(maximumDepth) arrays and objects")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        offset += 1
        var members: [String: JSONValue] = [:]
        var memberCount = 0
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard memberCount < maximumElementsPerContainer else {
                throw failure(
                    "more than \(maximumElementsPerContainer) members in one object", exceedsLimit: true)
            }
            memberCount += 1
            guard offset < bytes.count else { throw failure("unexpected end of input in an object") }
            guard bytes[offset] == UInt8(ascii: "\"") else {
                throw failure("unexpected \(describe(bytes[offset])), expected a quoted key")
            }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count else { throw failure("unexpected end of input after key '\(key)'") }
            guard bytes[offset] == UInt8(ascii: ":") else {
                throw failure("unexpected \(describe(bytes[offset])) after key '\(key)', expected ':'")
            }
            offset += 1
            skipWhitespace()
            path.append(.key(key))
            members[key] = try parseValue()
            path.removeLast()
            skipWhitespace()
            guard offset < bytes.count else { throw failure("unexpected end of input in an object") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            case let byte: throw failure("unexpected \(describe(byte)) in an object, expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        offset += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            guard items.count < maximumElementsPerContainer else {
                throw failure(
                    "more than \(maximumElementsPerContainer) elements in one array", exceedsLimit: true)
            }
            path.append(.index(items.count))
            items.append(try parseValue())
            path.removeLast()
            skipWhitespace()
            guard offset < bytes.count else { throw failure("unexpected end of input in an array") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(items)
            case let byte: throw failure("unexpected \(describe(byte)) in an array, expected ',' or ']'")
            }
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        var hasNonZeroDigit = false
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            throw failure(offset < bytes.count ? "expected a digit after '-'" : "unexpected end of input in a number")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if offset < bytes.count, isDigit(bytes[offset]) { throw failure("a number cannot have a leading zero") }
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) {
                hasNonZeroDigit = hasNonZeroDigit || bytes[offset] != UInt8(ascii: "0")
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw failure("expected a digit after '.'") }
            while offset < bytes.count, isDigit(bytes[offset]) {
                hasNonZeroDigit = hasNonZeroDigit || bytes[offset] != UInt8(ascii: "0")
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard offset < bytes.count, isDigit(bytes[offset]) else {
                throw failure("expected a digit in the exponent")
            }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        let literal = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(literal), value.isFinite, value != 0 || !hasNonZeroDigit else {
            outOfRangeNumbers[currentPath] = literal
            return .null
        }
        return .number(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        offset += 1
        // Fast path: printable ASCII without escapes up to the closing quote is decoded in place.
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { break }
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return String(decoding: bytes[start..<(offset - 1)], as: UTF8.self)
            }
            offset += 1
        }
        var utf8 = Array(bytes[start..<offset])
        while true {
            guard offset < bytes.count else { throw failure("unexpected end of input in a string") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0x00..<0x20:
                throw failure("unescaped control character \(describe(byte)) in a string")
            case 0x00..<0x80:
                utf8.append(byte)
                offset += 1
            default:
                try copyUTF8Sequence(into: &utf8)
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        offset += 1
        guard offset < bytes.count else { throw failure("unexpected end of input in an escape") }
        let escaped = bytes[offset]
        offset += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad()
            if (0xD800...0xDBFF).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw failure("lone surrogate \\u\(hex(scalar)) in a string") }
                offset += 2
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure("lone surrogate \\u\(hex(scalar)) in a string")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("lone surrogate \\u\(hex(scalar)) in a string")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid escape \\u\(hex(scalar))") }
            utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            offset -= 1
            throw failure("invalid escape '\\\(describe(escaped))' in a string")
        }
    }

    private mutating func parseHexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count else { throw failure("unexpected end of input in a \\u escape") }
            let byte = bytes[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("expected a hex digit in a \\u escape, got \(describe(byte))")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// Copies one multi-byte UTF-8 sequence, refusing overlong forms, surrogates and values past U+10FFFF.
    private mutating func copyUTF8Sequence(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        let lead = bytes[offset]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(lead & 0x07))
        default: throw failure("invalid UTF-8 byte \(describe(lead)) in a string")
        }
        guard offset + length <= bytes.count else { throw failure("truncated UTF-8 sequence in a string") }
        for position in 1..<length {
            let continuation = bytes[offset + position]
            guard continuation & 0xC0 == 0x80 else {
                throw failure("invalid UTF-8 sequence in a string")
            }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw failure("invalid UTF-8 sequence in a string")
        }
        utf8.append(contentsOf: bytes[offset..<offset + length])
        offset += length
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private var currentPath: String {
        path.reduce(into: "$") { text, component in
            switch component {
            case .key(let key): text += "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
    }

    private func failure(_ reason: String, exceedsLimit: Bool = false) -> JSONSyntaxError {
        JSONSyntaxError(
            byteOffset: offset, path: currentPath.terminalSafe, reason: reason.terminalSafe, exceedsLimit: exceedsLimit)
    }

    /// Why `bytes` are not UTF-8 JSON text when the first bytes show it: a UTF-16 or UTF-32 byte order mark,
    /// the zero bytes that UTF-16 and UTF-32 put around the first ASCII character (RFC 4627's detection), or a
    /// UTF-8 byte order mark (which RFC 8259 forbids); `nil` otherwise.
    static func encodingProblem(of bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { head.starts(with: prefix) }
        func notUTF8(_ what: String) -> String { "not UTF-8: the text \(what); JSON must be UTF-8" }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return notUTF8("starts with a UTF-32 big-endian byte order mark") }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return notUTF8("starts with a UTF-32 little-endian byte order mark") }
        if starts([0xFE, 0xFF]) { return notUTF8("starts with a UTF-16 big-endian byte order mark (FE FF)") }
        if starts([0xFF, 0xFE]) { return notUTF8("starts with a UTF-16 little-endian byte order mark (FF FE)") }
        if starts([0xEF, 0xBB, 0xBF]) {
            return "the text starts with a UTF-8 byte order mark (EF BB BF), which JSON text must not have"
        }
        guard head.count == 4 else { return nil }
        let zeros = head.map { $0 == 0 }
        switch (zeros[0], zeros[1], zeros[2], zeros[3]) {
        case (true, true, true, false): return notUTF8("looks like UTF-32 big-endian (bytes 0 to 2 are 0x00)")
        case (false, true, true, true): return notUTF8("looks like UTF-32 little-endian (bytes 1 to 3 are 0x00)")
        case (true, false, true, false): return notUTF8("looks like UTF-16 big-endian (bytes 0 and 2 are 0x00)")
        case (false, true, false, true): return notUTF8("looks like UTF-16 little-endian (bytes 1 and 3 are 0x00)")
        default: return nil
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private func hex(_ value: UInt32, width: Int = 4) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

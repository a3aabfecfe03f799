import Foundation

/// The one way into `XMLParser` for VAST bytes, whatever their source (a file, a tag URL, a wrapper hop, bid
/// markup): it decides the document's encoding from its bytes, converts the single-byte encodings it reads to
/// UTF-8 itself, and refuses everything else before libxml2 reads a byte.
///
/// What `XMLParser` then sees is always well-formed UTF-8 with no control character XML forbids, no byte-order
/// mark, no encoding declaration but UTF-8's, and no markup declaration (`<!DOCTYPE`, `<!ENTITY`, …) outside CDATA
/// sections, so no entity can be declared and none can expand. The rules, in the order they are applied (each
/// refusal is error 100 naming the rule and the byte or line):
/// 1. a UTF-32 or UTF-16 byte-order mark is refused; a UTF-8 one is dropped;
/// 2. a control character other than tab, line feed and carriage return is refused wherever it is: a NUL (UTF-16
///    or UTF-32 without a mark, or binary), ESC (ISO-2022 and other escape-switched encodings), the rest;
/// 3. the XML declaration is read by XML 1.0's grammar, as libxml2 reads it (`version`, then `encoding`, then
///    `standalone`, nothing else); one that does not follow the grammar is refused;
/// 4. the declared encoding decides how the bytes are read: UTF-8 (also when none is declared), US-ASCII,
///    ISO-8859-1, ISO-8859-15 and windows-1252; any other is refused; UTF-8 must be valid, US-ASCII must be 7-bit,
///    and a single-byte document is converted to UTF-8 with its declaration rewritten;
/// 5. after conversion, `<!` must open a comment or a CDATA section, and comments, CDATA sections and processing
///    instructions must be closed: a document type, entity, element, attribute-list or notation declaration is
///    refused anywhere outside CDATA (a CDATA section is text to libxml2, so an HTML doctype inside one stays
///    text); a start tag may hold at most ``VASTParseLimits/maxAttributes`` attributes;
/// 6. after white space, the document must start with `<`.
enum VASTXMLEntryGate {
    /// The encodings a VAST document is read in.
    enum Encoding: Equatable {
        case utf8, usASCII, latin1, latin9, windows1252

        /// The encoding a declaration names (lower-cased), or `nil` when it is not one that is read.
        init?(declaredName name: String) {
            switch name {
            case "utf-8", "utf8": self = .utf8
            case "us-ascii", "ascii", "iso-646-us": self = .usASCII
            case "iso-8859-1", "iso_8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso-latin-1": self = .latin1
            case "iso-8859-15", "iso_8859-15", "iso8859-15", "latin9", "latin-9", "l9": self = .latin9
            case "windows-1252", "cp1252", "x-cp1252": self = .windows1252
            default: return nil
            }
        }

        /// How the docs name the encodings that are read.
        static let supportedNames = "UTF-8, US-ASCII, ISO-8859-1, ISO-8859-15 and windows-1252"
    }

    /// The XML declaration at the start of a document.
    struct Declaration: Equatable {
        /// The offset just past its `?>`.
        var end: Int
        /// Its `encoding`, lower-cased, if it has one.
        var encoding: String?
        /// How many line feeds it spans (kept when it is rewritten, so that line numbers do not move).
        var lineFeeds: Int
    }

    /// `data` as `XMLParser` may read it (UTF-8, with what the rules above refuse refused), or error 100.
    static func admit(_ data: Data, maxAttributes: Int) throws(VASTError) -> Data {
        var body = data
        if body.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            throw refusal("a UTF-32 byte-order mark: VAST is read as \(Encoding.supportedNames)")
        }
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) {
            throw refusal("a UTF-16 byte-order mark: VAST is read as \(Encoding.supportedNames)")
        }
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let admitted = body.withUnsafeBytes { bytes in Result { () throws(VASTError) in try readEncoded(bytes) } }
        let utf8 = try admitted.get() ?? body
        let structure = utf8.withUnsafeBytes { bytes in
            Result { () throws(VASTError) in
                try checkMarkup(bytes, maxAttributes: maxAttributes)
                try checkStartsWithMarkup(bytes)
            }
        }
        try structure.get()
        return utf8
    }

    /// Rules 2 to 4 on the bytes after any byte-order mark: `nil` when they are UTF-8 already (valid UTF-8 or
    /// 7-bit ASCII), otherwise the single-byte document converted to UTF-8.
    static func readEncoded(_ bytes: UnsafeRawBufferPointer) throws(VASTError) -> Data? {
        try checkControlCharacters(bytes)
        let declaration = try readDeclaration(bytes)
        let encoding = try encoding(declaredIn: declaration)
        switch encoding {
        case .utf8:
            if let invalidAt = firstInvalidUTF8Offset(bytes) {
                throw refusal("the document is not valid UTF-8 (at byte \(invalidAt))")
            }
            return nil
        case .usASCII:
            if let high = bytes.firstIndex(where: { $0 >= 0x80 }) {
                throw refusal("byte \(high) is over 0x7F in a document declared US-ASCII")
            }
            return nil
        case .latin1, .latin9, .windows1252:
            // A single-byte encoding is only ever declared.
            guard let declaration else { return nil }
            return try converted(bytes, from: encoding, declaration: declaration)
        }
    }

    /// Error 100 with `message` (no element path: nothing has been parsed yet).
    static func refusal(_ message: String) -> VASTError {
        VASTError(.xmlParse, message, path: nil)
    }

    /// Rule 2: refuses every C0 control character but tab, line feed and carriage return.
    static func checkControlCharacters(_ bytes: UnsafeRawBufferPointer) throws(VASTError) {
        guard let offset = firstForbiddenControlOffset(bytes) else { return }
        switch bytes[offset] {
        case 0x00 where offset < 4:
            throw refusal(
                "a NUL byte at byte \(offset): UTF-16 or UTF-32 without a byte-order mark is not read "
                    + "(VAST is read as \(Encoding.supportedNames))")
        case 0x00:
            throw refusal("a NUL byte at byte \(offset) (UTF-16, UTF-32 or binary data; XML allows none)")
        case 0x1B:
            throw refusal(
                "an escape byte (0x1B) at byte \(offset): ISO-2022 and other escape-switched encodings are not read, "
                    + "and XML allows no escape character")
        case let byte:
            throw refusal(
                "the control character 0x\(hex(byte)) at byte \(offset) (XML allows tab, line feed and carriage "
                    + "return only)")
        }
    }

    /// The offset of the first C0 control character other than tab, line feed and carriage return, or `nil`.
    ///
    /// Eight bytes are tested at a time for any byte under 0x20 (the usual test for a zero byte, shifted by
    /// 0x20); only a word that has one is looked at byte by byte, which in VAST is a word with a line break.
    static func firstForbiddenControlOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if (word &- ones &* 0x20) & ~word & highBits == 0 {
                    index += 8
                    continue
                }
            }
            let end = min(index + 8, bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return index }
                index += 1
            }
        }
        return nil
    }

    /// Rule 3: the declaration at the start of `bytes`, read by XML 1.0's grammar (section 2.8), or `nil` when
    /// the document has none.
    ///
    /// `<?xml` followed by white space or `?` is a declaration; `<?xml-stylesheet` and the like are processing
    /// instructions. The grammar: `version` (`1.` and digits), then an optional `encoding` (a letter, then letters,
    /// digits, `.`, `_` and `-`), then an optional `standalone` (`yes` or `no`), each after white space, with
    /// `=` between optional white space and the value in single or double quotes, then optional white space and
    /// `?>`. libxml2 takes only an `encoding` in that place, so anything else is refused rather than guessed at.
    static func readDeclaration(_ bytes: UnsafeRawBufferPointer) throws(VASTError) -> Declaration? {
        var reader = DeclarationReader(bytes: bytes)
        guard reader.skip("<?xml") else { return nil }
        guard reader.index < bytes.count, isSpace(bytes[reader.index]) || bytes[reader.index] == UInt8(ascii: "?")
        else { return nil }
        guard reader.skipSpaces() else { throw reader.malformed("white space and `version`") }
        guard reader.skip("version") else { throw reader.malformed("`version`") }
        let version = try reader.quotedValue()
        guard version.hasPrefix("1."), version.count > 2, version.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
            throw reader.malformed("a version `1.` followed by digits", found: version)
        }
        var encoding: String?
        var sawSpace = reader.skipSpaces()
        if sawSpace, reader.skip("encoding") {
            let name = try reader.quotedValue()
            guard let first = name.first, first.isASCIILetter,
                name.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "._-".contains($0) })
            else { throw reader.malformed("an encoding name of letters, digits, `.`, `_` and `-`", found: name) }
            encoding = name.lowercased()
            sawSpace = reader.skipSpaces()
        }
        if sawSpace, reader.skip("standalone") {
            let standalone = try reader.quotedValue()
            guard standalone == "yes" || standalone == "no" else {
                throw reader.malformed("`yes` or `no` for standalone", found: standalone)
            }
            reader.skipSpaces()
        }
        guard reader.skip("?>") else {
            throw reader.malformed("`?>` (an XML declaration holds version, encoding and standalone, in that order)")
        }
        let lineFeeds = bytes[..<reader.index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return Declaration(end: reader.index, encoding: encoding, lineFeeds: lineFeeds)
    }

    /// Rule 4: the encoding the declaration names (UTF-8 when there is none).
    static func encoding(declaredIn declaration: Declaration?) throws(VASTError) -> Encoding {
        guard let name = declaration?.encoding else { return .utf8 }
        guard let encoding = Encoding(declaredName: name) else {
            throw refusal("the declared encoding '\(name)' is not read (VAST is read as \(Encoding.supportedNames))")
        }
        return encoding
    }

    /// `bytes` in a single-byte `encoding` as UTF-8, with the declaration that named the encoding rewritten to
    /// name UTF-8 (on as many lines as it took, so that line numbers stay).
    static func converted(
        _ bytes: UnsafeRawBufferPointer, from encoding: Encoding, declaration: Declaration
    ) throws(VASTError) -> Data {
        var output = Data(capacity: bytes.count + bytes.count / 8 + 64)
        output.append(contentsOf: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8))
        output.append(contentsOf: repeatElement(0x0A, count: declaration.lineFeeds))
        for offset in declaration.end..<bytes.count {
            let byte = bytes[offset]
            guard byte >= 0x80 else {
                output.append(byte)
                continue
            }
            guard let scalar = scalar(for: byte, in: encoding) else {
                throw refusal("byte \(offset) (0x\(hex(byte))) has no character in windows-1252")
            }
            UTF8.encode(scalar) { output.append($0) }
        }
        return output
    }

    /// The character of `byte` (0x80 or over) in a single-byte `encoding`, or `nil` where it has none.
    static func scalar(for byte: UInt8, in encoding: Encoding) -> Unicode.Scalar? {
        switch encoding {
        case .latin9:
            return Unicode.Scalar(latin9Differences[byte] ?? UInt32(byte))
        case .windows1252:
            guard byte < 0xA0 else { return Unicode.Scalar(byte) }
            return windows1252High[Int(byte - 0x80)].flatMap(Unicode.Scalar.init)
        case .latin1, .utf8, .usASCII:
            return Unicode.Scalar(byte)
        }
    }

    /// Where ISO-8859-15 differs from ISO-8859-1.
    static let latin9Differences: [UInt8: UInt32] = [
        0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D, 0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178,
    ]

    /// windows-1252's characters for 0x80–0x9F (`nil` for the five bytes it leaves undefined); from 0xA0 it is
    /// ISO-8859-1.
    static let windows1252High: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil,
        0x017D, nil, nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, nil, 0x017E, 0x0178,
    ]

    /// Rule 5 and the attribute bound: one pass over the markup of the UTF-8 document.
    ///
    /// `<!` must open a comment or a CDATA section, and each comment, CDATA section and processing instruction
    /// must be closed; a start tag may hold at most `maxAttributes` attributes (counted as the `=` outside quoted
    /// values). libxml2 2.9 compares each attribute of a start tag with every one before it, so a single tag
    /// with 400,000 attributes would keep it busy for minutes with no event to stop it at.
    static func checkMarkup(_ bytes: UnsafeRawBufferPointer, maxAttributes: Int) throws(VASTError) {
        var index = 0
        while let open = firstIndex(of: "<", in: bytes, from: index) {
            if matches("<!--", in: bytes, at: open) {
                index = try end(of: "-->", from: open + 4, opened: "a comment", at: open, in: bytes)
            } else if matches("<![CDATA[", in: bytes, at: open) {
                index = try end(of: "]]>", from: open + 9, opened: "a CDATA section", at: open, in: bytes)
            } else if matches("<!", in: bytes, at: open) {
                var wordEnd = open + 2
                while wordEnd < min(bytes.count, open + 18), isNameByte(bytes[wordEnd]) { wordEnd += 1 }
                let name = String(
                    decoding: UnsafeRawBufferPointer(rebasing: bytes[(open + 2)..<wordEnd]), as: UTF8.self)
                throw refusal(
                    "a markup declaration (`<!\(name)`) at line \(line(of: open, in: bytes)): document types and "
                        + "entities are refused anywhere outside CDATA (VAST has none; entities are never expanded)")
            } else if matches("<?", in: bytes, at: open) {
                index = try end(of: "?>", from: open + 2, opened: "a processing instruction", at: open, in: bytes)
            } else {
                index = try endOfTag(from: open + 1, maxAttributes: maxAttributes, in: bytes)
            }
        }
    }

    /// The offset past the `terminator` of a construct opened at `open`, or error 100 when it is never closed.
    private static func end(
        of terminator: StaticString, from start: Int, opened construct: String, at open: Int,
        in bytes: UnsafeRawBufferPointer
    ) throws(VASTError) -> Int {
        guard let close = firstIndex(of: terminator, in: bytes, from: start) else {
            throw refusal("\(construct) opened at line \(line(of: open, in: bytes)) is never closed")
        }
        return close + terminator.utf8CodeUnitCount
    }

    /// The offset past the `>` that ends the tag whose name starts at `start` (or the end of the bytes), or error
    /// 100 when the tag holds more than `maxAttributes` attributes.
    private static func endOfTag(
        from start: Int, maxAttributes: Int, in bytes: UnsafeRawBufferPointer
    ) throws(VASTError) -> Int {
        var index = start
        var quote: UInt8?
        var attributes = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                attributes += 1
                if attributes > maxAttributes {
                    throw refusal(
                        "a start tag at line \(line(of: start, in: bytes)) holds more than \(maxAttributes) attributes")
                }
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return index
    }

    /// Rule 6: refuses a document that is empty or does not start with `<` after white space.
    static func checkStartsWithMarkup(_ bytes: UnsafeRawBufferPointer) throws(VASTError) {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else {
            throw refusal("the document has no root element")
        }
        guard bytes[first] == UInt8(ascii: "<") else {
            throw refusal("the document does not start with XML markup (byte \(first) is not `<`)")
        }
    }

    /// The offset of the first byte that does not start a well-formed UTF-8 sequence, or `nil`.
    static func firstInvalidUTF8Offset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight ASCII bytes at a time.
            while index + 8 <= count,
                bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, scalar, minimum) = (2, UInt32(lead & 0x1F), 0x80)
            case 0xE0...0xEF: (length, scalar, minimum) = (3, UInt32(lead & 0x0F), 0x800)
            case 0xF0...0xF4: (length, scalar, minimum) = (4, UInt32(lead & 0x07), 0x10000)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    /// Whether `byte` is XML white space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `byte` may stand in a keyword after `<!` (for naming what was refused).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "[")
    }

    /// Whether `pattern` stands in `bytes` at `offset`.
    static func matches(_ pattern: StaticString, in bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard offset >= 0, offset + count <= bytes.count else { return false }
        for position in 0..<count where bytes[offset + position] != pattern.utf8Start[position] { return false }
        return true
    }

    /// The offset of the first `pattern` in `bytes` at or after `start` (`memchr` finds each candidate).
    static func firstIndex(of pattern: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let first = Int32(pattern.utf8Start[0])
        var index = start
        while index < bytes.count, let found = memchr(base + index, first, bytes.count - index) {
            let offset = base.distance(to: UnsafeRawPointer(found))
            if matches(pattern, in: bytes, at: offset) { return offset }
            index = offset + 1
        }
        return nil
    }

    /// The 1-based line of `offset` in `bytes`.
    static func line(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        bytes[..<offset].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// `byte` as two upper-case hexadecimal digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}

extension Character {
    /// Whether this is an ASCII letter.
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    /// Whether this is an ASCII digit.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

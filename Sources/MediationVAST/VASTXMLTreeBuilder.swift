import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads bytes into a ``VASTXMLTree`` with `XMLParser`, within ``VASTParseLimits``.
///
/// Hardening: documents with a document type declaration are refused before the parser sees them (VAST has no
/// DTD, and entity declarations are what billion-laughs and external-entity attacks need); external entities are
/// never resolved; depth and element count are bounded while parsing; the byte count is bounded before.
final class VASTXMLTreeBuilder: NSObject, XMLParserDelegate {
    private let limits: VASTParseLimits
    // `XMLParser` calls the delegate on one thread, one event at a time, and no access to this state overlaps
    // another, so the run-time exclusivity check (a measurable part of each event) is left out.
    /// The tree being built: the elements started so far, in document order, each already linked to its parent.
    private let tree: VASTXMLTree
    /// The open elements, innermost last.
    @exclusivity(unchecked) private var stack: [OpenElement] = []
    @exclusivity(unchecked) private var rootEnded = false
    @exclusivity(unchecked) private var refusal: VASTError?

    /// An open element: its index, and the white space that came after its text so far, added to the text only
    /// if more text follows (trailing white space is trimmed away by every reader; only the innermost open
    /// element receives text).
    private struct OpenElement {
        var index: Int32
        var pendingBlanks = ""
    }

    private init(limits: VASTParseLimits, expectedElements: Int) {
        self.limits = limits
        tree = VASTXMLTree(capacity: expectedElements)
        stack.reserveCapacity(16)
    }

    /// How many element records to reserve for a document of `byteCount` bytes: VAST averages 40–60 bytes per
    /// element, so growing the array from empty would copy it about ten times for a small document; the
    /// reservation is capped so that a large document of text does not reserve much more than it needs.
    static func expectedElements(byteCount: Int, limits: VASTParseLimits) -> Int {
        min(byteCount / 40 + 16, 8192, max(limits.maxElements, 0))
    }

    /// The tree of `data` (its root is the first node), or error 100 naming what was wrong and where.
    static func build(_ data: Data, limits: VASTParseLimits) throws(VASTError) -> VASTXMLTree {
        guard data.count <= limits.maxBytes else {
            throw VASTError(
                .xmlParse, "the document is \(data.count) bytes, over the \(limits.maxBytes)-byte limit", path: nil)
        }
        let refusedBytes = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> VASTError? in
            do throws(VASTError) {
                try checkProlog(UnsafeRawBufferPointer(rebasing: bytes.prefix(64 * 1024)))
                try checkEncoding(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let refusedBytes { throw refusedBytes }
        let builder = VASTXMLTreeBuilder(
            limits: limits, expectedElements: expectedElements(byteCount: data.count, limits: limits))
        let parser = XMLParser(data: openingDatalessInstructions(data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if let refusal = builder.refusal { throw refusal }
        guard succeeded, builder.rootEnded else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "no root element"
            let at = builder.openElementPath
            throw VASTError(.xmlParse, "malformed XML at line \(line): \(reason)", path: at)
        }
        return builder.tree
    }

    /// The path of the innermost open element, if any.
    private var openElementPath: String? {
        stack.last.map { VASTXMLTree.location(of: Int($0.index), nodes: tree.nodes).text }
    }

    /// Refuses what must not reach the parser: a byte-order mark other than UTF-8's, a document that does not
    /// start with markup, and a `<!DOCTYPE` before the root element (comments and processing instructions in the
    /// prolog are skipped). HTML inside CDATA later in the document may carry its own doctype; that is text.
    private static func checkProlog(_ bytes: UnsafeRawBufferPointer) throws(VASTError) {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw VASTError(.xmlParse, "UTF-16 documents are not read; VAST is served as UTF-8", path: nil)
        }
        func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
        // Patterns as static strings: no array is made for each comparison.
        func hasPrefix(_ text: StaticString) -> Bool {
            let pattern = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            guard index + pattern.count <= bytes.count else { return false }
            for offset in 0..<pattern.count {
                let byte = bytes[index + offset]
                let lowered = (byte >= 0x41 && byte <= 0x5A) ? byte + 32 : byte
                let expected =
                    (pattern[offset] >= 0x41 && pattern[offset] <= 0x5A) ? pattern[offset] + 32 : pattern[offset]
                if lowered != expected { return false }
            }
            return true
        }
        func skip(past terminator: StaticString) -> Bool {
            let pattern = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
            while index + pattern.count <= bytes.count {
                if pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] }) {
                    index += pattern.count
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw VASTError(.xmlParse, "the document has no root element", path: nil)
            }
            if hasPrefix("<?") {
                guard skip(past: "?>") else { throw VASTError(.xmlParse, "an unterminated declaration", path: nil) }
            } else if hasPrefix("<!--") {
                guard skip(past: "-->") else { throw VASTError(.xmlParse, "an unterminated comment", path: nil) }
            } else if hasPrefix("<!DOCTYPE") || hasPrefix("<!ENTITY") {
                throw VASTError(
                    .xmlParse, "a document type declaration is refused (VAST has none; entities are not expanded)",
                    path: nil)
            } else if bytes[index] == UInt8(ascii: "<") {
                return
            } else {
                throw VASTError(.xmlParse, "the document does not start with XML markup", path: nil)
            }
        }
    }

    /// Refuses bytes that are not UTF-8 when the document is UTF-8 (no `encoding` declared, or `UTF-8`):
    /// swift-corelibs-foundation's `XMLParser` traps on an element name that is not valid UTF-8 (found by
    /// VASTParserFuzzer), so such a document must not reach it. A declared other encoding is left to libxml2,
    /// which converts it to UTF-8 before the delegate sees it.
    private static func checkEncoding(_ bytes: UnsafeRawBufferPointer) throws(VASTError) {
        if let declared = declaredEncoding(bytes), convertedEncodings.contains(declared) { return }
        if let invalidAt = firstInvalidUTF8Offset(bytes) {
            throw VASTError(.xmlParse, "the document is not valid UTF-8 (at byte \(invalidAt))", path: nil)
        }
    }

    /// The single-byte encodings libxml2 converts to UTF-8 itself, where any byte is a character: a document that
    /// declares one of them is not checked as UTF-8. Any other declaration (or a malformed one) is checked.
    private static let convertedEncodings: Set<String> = [
        "iso-8859-1", "latin1", "iso-latin-1", "iso-8859-15", "windows-1252", "cp1252",
    ]

    /// The `encoding` of the XML declaration at the start of `bytes` (after a UTF-8 byte-order mark), lower-cased,
    /// when it is written as `encoding = "name"` (or with single quotes); otherwise `nil`.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> String? {
        let head = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard head.starts(with: Array("<?xml".utf8)) else { return nil }
        let declaration = head.dropFirst(5).prefix(256)
        guard let end = declaration.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let declared = declaration[..<end]
        // An ASCII declaration (almost all) is read on its bytes, where bytes and characters are the same; any
        // other is read as text, as grapheme clusters decide what `encoding`, `=` and the quotes match there.
        if declared.allSatisfy({ $0 < 0x80 }) { return asciiDeclaredEncoding(declared) }
        let text = String(decoding: declared, as: UTF8.self)
        guard let name = text.firstRange(of: "encoding") else { return nil }
        var rest = text[name.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        guard rest.dropFirst(value.count + 1).first == quote, !value.isEmpty,
            value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else { return nil }
        return value.lowercased()
    }

    /// ``declaredEncoding(_:)`` for the bytes of a declaration (after `<?xml`, before the first `?`) that are
    /// all ASCII: the first `encoding`, then spaces, `=`, spaces and a quoted name of ASCII letters, digits and
    /// `._-`, lower-cased.
    private static func asciiDeclaredEncoding(_ declared: UnsafeRawBufferPointer.SubSequence) -> String? {
        let bytes = UnsafeRawBufferPointer(rebasing: declared)
        let keyword: StaticString = "encoding"
        let length = keyword.utf8CodeUnitCount
        var index = -1
        var start = 0
        while index < 0, start + length <= bytes.count {
            var offset = 0
            while offset < length, bytes[start + offset] == keyword.utf8Start[offset] { offset += 1 }
            if offset == length { index = start + length }
            start += 1
        }
        guard index >= 0 else { return nil }
        func skipSpaces() { while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 } }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = bytes[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < bytes.count, bytes[valueEnd] != quote { valueEnd += 1 }
        guard valueEnd < bytes.count, valueEnd > valueStart else { return nil }
        var value = ""
        for byte in bytes[valueStart..<valueEnd] {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value.unicodeScalars.append(Unicode.Scalar(byte + 32))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "-"):
                value.unicodeScalars.append(Unicode.Scalar(byte))
            default: return nil
            }
        }
        return value
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

    private func refuse(_ parser: XMLParser, _ error: VASTError) {
        if refusal == nil { refusal = error }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard refusal == nil else { return }
        // Elements are linked by 32-bit indices, so a limit raised past them is held at them.
        let maxElements = min(limits.maxElements, Int(Int32.max))
        if tree.count >= maxElements {
            refuse(parser, VASTError(.xmlParse, "more than \(maxElements) elements", path: openElementPath))
            return
        }
        if stack.count >= limits.maxDepth {
            refuse(
                parser,
                VASTError(.xmlParse, "elements nested deeper than \(limits.maxDepth)", path: openElementPath))
            return
        }
        let index = Int32(tree.count)
        let parent = stack.last?.index ?? -1
        let localName = VASTXMLElement.localName(of: elementName)
        tree.append(
            VASTXMLTree.Node(
                name: elementName, localName: localName, nameCode: VASTElementName.code(of: localName),
                attributes: attributeDict,
                attributeNameBits: attributeDict.isEmpty ? 0 : VASTXMLTree.attributeNameBits(attributeDict),
                text: "", links: VASTXMLTree.Links(parent: parent)))
        if parent >= 0 {
            let nodes = tree.nodes
            let previous = nodes[Int(parent)].links.lastChild
            if previous >= 0 {
                nodes[Int(previous)].links.nextSibling = index
            } else {
                nodes[Int(parent)].links.firstChild = index
            }
            nodes[Int(parent)].links.lastChild = index
        }
        stack.append(OpenElement(index: index))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard refusal == nil, stack.popLast() != nil else { return }
        if stack.isEmpty { rootEnded = true }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refusal == nil, !stack.isEmpty else { return }
        let open = stack.count - 1
        // White space before any text is trimmed away when the text is read, so it is not kept (the white
        // space between the child elements of a container is all of its text); white space after text is held
        // back until more text follows, as at the end it is trimmed away too.
        if Self.isBlank(string) {
            if !tree.nodes[Int(stack[open].index)].text.isEmpty { stack[open].pendingBlanks += string }
            return
        }
        appendText(string, toOpen: open)
    }

    /// Appends `text` to the text of the open element `stack[open]`, after the white space held back for it.
    private func appendText(_ text: String, toOpen open: Int) {
        let index = Int(stack[open].index)
        let nodes = tree.nodes
        if nodes[index].text.isEmpty {
            nodes[index].text = text
            return
        }
        if !stack[open].pendingBlanks.isEmpty {
            nodes[index].text += stack[open].pendingBlanks
            stack[open].pendingBlanks = ""
        }
        nodes[index].text += text
    }

    /// Whether `string` is only white space and line breaks (as ``Swift/String/trimmingVASTWhitespace`` trims),
    /// deciding on the bytes when they are ASCII.
    private static func isBlank(_ string: String) -> Bool {
        let decided = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for byte in bytes {
                switch byte {
                case 0x09...0x0D, 0x20: continue
                case 0x80...: return nil
                default: return false
                }
            }
            return true
        }
        if let decided, let decided { return decided }
        return string.trimmingVASTWhitespace.isEmpty
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard refusal == nil, !stack.isEmpty else { return }
        appendText(block.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }, toOpen: stack.count - 1)
    }

    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        refuse(parser, VASTError(.xmlParse, "an entity declaration ('\(name)') is refused", path: nil))
    }

    func parser(
        _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?
    ) {
        refuse(parser, VASTError(.xmlParse, "an external entity declaration ('\(name)') is refused", path: nil))
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        refuse(parser, VASTError(.xmlParse, "an external entity ('\(name)') is never resolved", path: nil))
        return nil
    }
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads bytes into a ``VASTXMLElement`` tree with `XMLParser`, within ``VASTParseLimits``.
///
/// Hardening: documents with a document type declaration are refused before the parser sees them (VAST has no
/// DTD, and entity declarations are what billion-laughs and external-entity attacks need); external entities are
/// never resolved; depth and element count are bounded while parsing; the byte count is bounded before.
final class VASTXMLTreeBuilder: NSObject, XMLParserDelegate {
    private struct Open {
        var name: String
        var attributes: [String: String]
        var text: String
        var children: [VASTXMLElement]
        var location: VASTElementPath
        var childCounts: [String: Int]
    }

    private let limits: VASTParseLimits
    private var stack: [Open] = []
    private var root: VASTXMLElement?
    private var elementCount = 0
    private var refusal: VASTError?

    private init(limits: VASTParseLimits) {
        self.limits = limits
    }

    /// The root element of `data`, or error 100 naming what was wrong and where.
    static func build(_ data: Data, limits: VASTParseLimits) throws(VASTError) -> VASTXMLElement {
        guard data.count <= limits.maxBytes else {
            throw VASTError(
                .xmlParse, "the document is \(data.count) bytes, over the \(limits.maxBytes)-byte limit", path: nil)
        }
        try checkProlog(data)
        let builder = VASTXMLTreeBuilder(limits: limits)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if let refusal = builder.refusal { throw refusal }
        guard succeeded, let root = builder.root else {
            let line = parser.lineNumber
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "no root element"
            let at = builder.stack.last?.location.text
            throw VASTError(.xmlParse, "malformed XML at line \(line): \(reason)", path: at)
        }
        return root
    }

    /// Refuses what must not reach the parser: a byte-order mark other than UTF-8's, a document that does not
    /// start with markup, and a `<!DOCTYPE` before the root element (comments and processing instructions in the
    /// prolog are skipped). HTML inside CDATA later in the document may carry its own doctype; that is text.
    private static func checkProlog(_ data: Data) throws(VASTError) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw VASTError(.xmlParse, "UTF-16 documents are not read; VAST is served as UTF-8", path: nil)
        }
        func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func hasPrefix(_ text: String) -> Bool {
            let pattern = Array(text.utf8)
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
        func skip(past terminator: String) -> Bool {
            let pattern = Array(terminator.utf8)
            while index + pattern.count <= bytes.count {
                if Array(bytes[index..<(index + pattern.count)]) == pattern {
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

    private func refuse(_ parser: XMLParser, _ error: VASTError) {
        if refusal == nil { refusal = error }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard refusal == nil else { return }
        elementCount += 1
        if elementCount > limits.maxElements {
            refuse(
                parser,
                VASTError(.xmlParse, "more than \(limits.maxElements) elements", path: stack.last?.location.text))
            return
        }
        if stack.count >= limits.maxDepth {
            refuse(
                parser,
                VASTError(
                    .xmlParse, "elements nested deeper than \(limits.maxDepth)", path: stack.last?.location.text))
            return
        }
        var location = VASTElementPath.root(elementName)
        if !stack.isEmpty {
            let parent = stack.count - 1
            let position = stack[parent].childCounts[elementName, default: 0] + 1
            stack[parent].childCounts[elementName] = position
            location = .child(stack[parent].location, elementName, position)
        }
        stack.append(
            Open(
                name: elementName, attributes: attributeDict, text: "", children: [], location: location,
                childCounts: [:]))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard refusal == nil, let open = stack.popLast() else { return }
        let element = VASTXMLElement(
            name: open.name, attributes: open.attributes, text: open.text, children: open.children,
            location: open.location)
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refusal == nil, !stack.isEmpty else { return }
        // White space before any text is trimmed away when the text is read, so it is not kept (the white
        // space between the child elements of a container is all of its text).
        if stack[stack.count - 1].text.isEmpty && string.trimmingVASTWhitespace.isEmpty { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard refusal == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
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

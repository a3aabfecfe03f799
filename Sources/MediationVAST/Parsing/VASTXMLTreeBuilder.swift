import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads bytes into a ``VASTXMLTree`` with `XMLParser`, within ``VASTParseLimits``.
///
/// Hardening: the byte count is bounded before anything is read; ``VASTXMLEntryGate`` decides the encoding and
/// refuses document types and entities before the parser sees a byte (VAST has no DTD, and entity declarations
/// are what billion-laughs and external-entity attacks need); external entities are never resolved; depth,
/// element count and time are bounded while parsing.
final class VASTXMLTreeBuilder: NSObject, XMLParserDelegate {
    private let limits: VASTParseLimits
    /// The tree being built: the elements started so far, in document order, each already linked to its parent.
    private let tree: VASTXMLTree
    /// The open elements, innermost last.
    private var stack: [OpenElement] = []
    private var rootEnded = false
    private var refusal: VASTError?
    /// When the parse must have ended.
    private let deadline: ContinuousClock.Instant
    /// The events that added to the tree so far.
    private var events = 0

    /// An open element: its index, and the white space that came after its text so far, added to the text only
    /// if more text follows (trailing white space is trimmed away by every reader; only the innermost open
    /// element receives text).
    private struct OpenElement {
        var index: Int32
        var pendingBlanks = ""
    }

    private init(limits: VASTParseLimits, expectedElements: Int, deadline: ContinuousClock.Instant) {
        self.limits = limits
        self.deadline = deadline
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
    ///
    /// The bytes pass ``VASTXMLEntryGate`` first; the parse itself stops with error 100 once `deadline` (by
    /// default ``VASTParseLimits/maxParseDuration`` from now) has passed: the clock is read every 64 parser
    /// events, so a parse overruns it by at most 64 events' work.
    static func build(
        _ data: Data, limits: VASTParseLimits, deadline: ContinuousClock.Instant? = nil
    ) throws(VASTError) -> VASTXMLTree {
        let deadline = deadline ?? .now + limits.maxParseDuration
        guard data.count <= limits.maxBytes else {
            throw VASTError(
                .xmlParse, "the document is \(data.count) bytes, over the \(limits.maxBytes)-byte limit", path: nil)
        }
        let admitted = try VASTXMLEntryGate.admit(data, maxAttributes: limits.maxAttributes)
        let builder = VASTXMLTreeBuilder(
            limits: limits, expectedElements: expectedElements(byteCount: admitted.count, limits: limits),
            deadline: deadline)
        let parser = XMLParser(data: openingDatalessInstructions(admitted))
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

    /// Refuses the document once the parse has run past its deadline; whether it has. Called for every event that
    /// adds to the tree; the clock is read on the first and then on every 64th.
    private func isOverBudget(_ parser: XMLParser) -> Bool {
        events &+= 1
        guard events & 63 == 1, ContinuousClock.now >= deadline else { return false }
        refuse(
            parser,
            VASTError(
                .xmlParse, "the parse ran past its time budget (\(events) events read)", path: openElementPath))
        return true
    }

    /// The path of the innermost open element, if any.
    private var openElementPath: String? {
        stack.last.map { VASTXMLTree.location(of: Int($0.index), nodes: tree.nodes).text }
    }

    private func refuse(_ parser: XMLParser, _ error: VASTError) {
        if refusal == nil { refusal = error }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard refusal == nil, !isOverBudget(parser) else { return }
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
            let previous = tree.nodes[Int(parent)].links.lastChild
            if previous >= 0 {
                tree.nodes[Int(previous)].links.nextSibling = index
            } else {
                tree.nodes[Int(parent)].links.firstChild = index
            }
            tree.nodes[Int(parent)].links.lastChild = index
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
        guard refusal == nil, !stack.isEmpty, !isOverBudget(parser) else { return }
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
        if tree.nodes[index].text.isEmpty {
            tree.nodes[index].text = text
            return
        }
        if !stack[open].pendingBlanks.isEmpty {
            tree.nodes[index].text += stack[open].pendingBlanks
            stack[open].pendingBlanks = ""
        }
        tree.nodes[index].text += text
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
        guard refusal == nil, !stack.isEmpty, !isOverBudget(parser) else { return }
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

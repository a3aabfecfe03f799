/// One element of a parsed XML document (a node of a ``VASTXMLTree``): its name, attributes, text and child
/// elements, with the element path that error messages name (`VAST/Ad[2]/InLine/Creatives/Creative[1]`).
///
/// A handle: the tree and the element's index among its records; it keeps the tree alive.
struct VASTXMLElement {
    private let tree: VASTXMLTree
    private let index: Int

    /// Element `index` of `tree`, which is fully built.
    init(tree: VASTXMLTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    /// The qualified element name as written (a namespace prefix is kept).
    var name: String { tree.nodes[index].name }
    /// The element name without a namespace prefix.
    var localName: String { tree.nodes[index].localName }
    /// The attributes as written.
    var attributes: [String: String] { tree.nodes[index].attributes }
    /// The element's own text and CDATA, concatenated (not its children's).
    var text: String { tree.nodes[index].text }

    /// The child elements in document order.
    var children: [VASTXMLElement] {
        var children: [VASTXMLElement] = []
        var child = Int(tree.nodes[index].links.firstChild)
        while child >= 0 {
            children.append(VASTXMLElement(tree: tree, index: child))
            child = Int(tree.nodes[child].links.nextSibling)
        }
        return children
    }

    /// Where the element sits: the parent's location, the name and the 1-based position among same-named
    /// siblings (counted when asked, so only elements that an issue, an error or the model names pay for it).
    var location: VASTElementPath { VASTXMLTree.location(of: index, nodes: tree.nodes) }

    /// The element path from the root, with 1-based positions among same-named siblings.
    var path: String { location.text }

    /// `name` without a namespace prefix.
    static func localName(of name: String) -> String {
        let hasColon =
            name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ":")) }
            ?? name.utf8.contains(UInt8(ascii: ":"))
        guard hasColon, let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(Substring(name.utf8[name.utf8.index(after: colon)...]))
    }

    /// The text with surrounding whitespace removed.
    var trimmedText: String { tree.nodes[index].text.trimmingVASTWhitespace }

    /// Whether the element's local name is `name`.
    func isNamed(_ name: VASTElementName) -> Bool {
        tree.nodes[index].nameCode == name.rawValue
    }

    /// The element's local name among those the reader looks up, or `nil` for any other name.
    var knownName: VASTElementName? { VASTElementName(rawValue: tree.nodes[index].nameCode) }

    /// The first child whose local name is `name`, if any (the code of each name compared, not the name).
    func child(_ name: VASTElementName) -> VASTXMLElement? {
        let code = name.rawValue
        var child = Int(tree.nodes[index].links.firstChild)
        while child >= 0 {
            if tree.nodes[child].nameCode == code { return VASTXMLElement(tree: tree, index: child) }
            child = Int(tree.nodes[child].links.nextSibling)
        }
        return nil
    }

    /// Every child whose local name is `name`, in document order.
    func children(_ name: VASTElementName) -> [VASTXMLElement] {
        let code = name.rawValue
        var children: [VASTXMLElement] = []
        var child = Int(tree.nodes[index].links.firstChild)
        while child >= 0 {
            if tree.nodes[child].nameCode == code { children.append(VASTXMLElement(tree: tree, index: child)) }
            child = Int(tree.nodes[child].links.nextSibling)
        }
        return children
    }

    /// The attribute `name`; attribute names are matched exactly first, then ignoring case (lenient). When several
    /// names match ignoring case (`WIDTH` and `Width`, neither exactly `width`), the value of the smallest name in
    /// code-point order is read, so that the result does not depend on the order XMLParser's dictionary lists them.
    func attribute(_ name: String) -> String? {
        let bits = tree.nodes[index].attributeNameBits
        if bits == 0 { return nil }
        // Most lookups are for attributes an element does not have: when no name has the bit of `name` (which
        // every name equal to it, exactly or ignoring case, has), it is missing without reading the names.
        let nameBit = VASTXMLTree.attributeNameBit(name)
        if let nameBit, bits & nameBit == 0 { return nil }
        let attributes = tree.nodes[index].attributes
        if attributes.count <= 8 {
            // A few names compared in place cost less than hashing `name` for a lookup.
            for (key, value) in attributes where key == name { return value }
        } else if let value = attributes[name] {
            return value
        }
        // ASCII lower-casing keeps the length, so when every name is ASCII only names of the same length can
        // match.
        let length = name.utf8.count
        let onlySameLength = bits != VASTXMLTree.allAttributeNameBits && nameBit != nil
        var match: (key: String, value: String)?
        for (key, value) in attributes {
            if onlySameLength && key.utf8.count != length { continue }
            if Self.equalIgnoringCase(key, name), match.map({ key < $0.key }) ?? true { match = (key, value) }
        }
        return match?.value
    }

    /// Whether `left` and `right` are equal ignoring case, as `left.lowercased() == right.lowercased()` says,
    /// without making the lowered copies when both are ASCII.
    private static func equalIgnoringCase(_ left: String, _ right: String) -> Bool {
        let leftBytes = left.utf8
        let rightBytes = right.utf8
        var allASCII = true
        if leftBytes.count == rightBytes.count {
            for (a, b) in zip(leftBytes, rightBytes) {
                guard a < 0x80, b < 0x80 else {
                    allASCII = false
                    break
                }
                let lowerA = (a >= 0x41 && a <= 0x5A) ? a + 32 : a
                let lowerB = (b >= 0x41 && b <= 0x5A) ? b + 32 : b
                if lowerA != lowerB { return false }
            }
            if allASCII { return true }
        } else if leftBytes.allSatisfy({ $0 < 0x80 }) && rightBytes.allSatisfy({ $0 < 0x80 }) {
            return false
        }
        return left.lowercased() == right.lowercased()
    }

    /// The children and text of the element re-serialised as XML, without the element's own tags.
    var serializedContent: String {
        var output = VASTXMLElement.escape(text.trimmingVASTWhitespace, quote: false)
        for child in children { child.serialize(into: &output) }
        return output
    }

    private func serialize(into output: inout String) {
        let name = tree.nodes[index].name
        let attributes = tree.nodes[index].attributes
        output += "<" + name
        for key in attributes.keys.sorted() {
            output += " \(key)=\"\(VASTXMLElement.escape(attributes[key] ?? "", quote: true))\""
        }
        let body = tree.nodes[index].text.trimmingVASTWhitespace
        if body.isEmpty && tree.nodes[index].links.firstChild < 0 {
            output += "/>"
            return
        }
        output += ">" + VASTXMLElement.escape(body, quote: false)
        for child in children { child.serialize(into: &output) }
        output += "</\(name)>"
    }

    static func escape(_ text: String, quote: Bool) -> String {
        // ASCII text (almost all) is escaped on its bytes, where bytes and characters are the same (no byte
        // escaped here starts or ends a cluster of more than one ASCII scalar); other text by characters, as a
        // combining mark after `&` or `<` makes another character that is kept as it is.
        let asciiEscaped = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var escapes = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): escapes += 4
                case UInt8(ascii: "<"), UInt8(ascii: ">"): escapes += 3
                case UInt8(ascii: "\"") where quote: escapes += 5
                case 0x80...: return nil
                default: continue
                }
            }
            if escapes == 0 { return text }
            return String(unsafeUninitializedCapacity: bytes.count + escapes) { output in
                var written = 0
                func write(_ replacement: StaticString) {
                    for offset in 0..<replacement.utf8CodeUnitCount {
                        output[written] = replacement.utf8Start[offset]
                        written += 1
                    }
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "&"): write("&amp;")
                    case UInt8(ascii: "<"): write("&lt;")
                    case UInt8(ascii: ">"): write("&gt;")
                    case UInt8(ascii: "\"") where quote: write("&quot;")
                    default:
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        }
        if let asciiEscaped, let asciiEscaped { return asciiEscaped }
        return escapedByCharacter(text, quote: quote)
    }

    /// ``escape(_:quote:)`` character by character: the general way.
    static func escapedByCharacter(_ text: String, quote: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quote: escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

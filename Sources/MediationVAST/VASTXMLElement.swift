import Foundation

/// One element of a parsed XML document: its name, attributes, text and child elements, with the element path
/// that error messages name (`VAST/Ad[2]/InLine/Creatives/Creative[1]`).
///
/// A reference: the tree builder appends children and text in place while `XMLParser` reports them, and the
/// reader walks the finished tree without copying elements. The path is worked out from the parent link only when
/// something names it.
final class VASTXMLElement {
    /// The qualified element name as written (a namespace prefix is kept).
    let name: String
    /// The element name without a namespace prefix, worked out once when the element is read.
    let localName: String
    /// The attributes as written.
    let attributes: [String: String]
    /// The element's own text and CDATA, concatenated (not its children's); white space before any text is not
    /// kept, as every reader trims it.
    var text: String = ""
    /// The child elements in document order.
    private(set) var children: [VASTXMLElement] = []
    /// Whether every attribute name is ASCII, worked out at the first lookup that misses an exact name.
    private var attributeNamesAreASCII: Bool?
    /// The element this one is a child of (`nil` for the root). Not counted: the parent owns its children, and
    /// an element is only read while the document's root is held (by the tree builder, then ``VASTParser``).
    private unowned(unsafe) let parent: VASTXMLElement?

    /// Creates an element; the local name is the part of `name` after its last `:`.
    init(name: String, attributes: [String: String], parent: VASTXMLElement?) {
        self.name = name
        self.localName = Self.localName(of: name)
        self.attributes = attributes
        self.parent = parent
    }

    /// Appends `child` as the last child.
    func append(_ child: VASTXMLElement) {
        children.append(child)
    }

    /// Where the element sits: the parent's location, the name and the 1-based position among same-named
    /// siblings (counted when asked, so only elements that an issue, an error or the model names pay for it).
    var location: VASTElementPath {
        guard let parent else { return .root(name) }
        var position = 0
        for sibling in parent.children {
            if sibling.name == name { position += 1 }
            if sibling === self { break }
        }
        return .child(parent.location, name, position)
    }

    /// The element path from the root, with 1-based positions among same-named siblings.
    var path: String { location.text }

    /// `name` without a namespace prefix.
    static func localName(of name: String) -> String {
        var hasColon = false
        for byte in name.utf8 where byte == UInt8(ascii: ":") {
            hasColon = true
            break
        }
        guard hasColon, let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(Substring(name.utf8[name.utf8.index(after: colon)...]))
    }

    /// The text with surrounding whitespace removed.
    var trimmedText: String { text.trimmingVASTWhitespace }

    /// The first child named `name` (local name), if any.
    func child(_ name: String) -> VASTXMLElement? {
        for child in children where child.localName == name { return child }
        return nil
    }

    /// Every child named `name` (local name), in document order.
    func children(_ name: String) -> [VASTXMLElement] {
        // A list of like elements (`TrackingEvents`, `MediaFiles`) is handed out as it is, without a filtered copy.
        if children.allSatisfy({ $0.localName == name }) { return children }
        return children.filter { $0.localName == name }
    }

    /// The attribute `name`; attribute names are matched exactly first, then ignoring case (lenient).
    func attribute(_ name: String) -> String? {
        if attributes.isEmpty { return nil }
        if attributes.count <= 8 {
            // A few names compared in place cost less than hashing `name` for a lookup.
            for (key, value) in attributes where key == name { return value }
        } else if let value = attributes[name] {
            return value
        }
        let namesAreASCII: Bool
        if let known = attributeNamesAreASCII {
            namesAreASCII = known
        } else {
            namesAreASCII = attributes.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            attributeNamesAreASCII = namesAreASCII
        }
        if namesAreASCII && name.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII lower-casing keeps the length, so only names of the same length can match.
            let length = name.utf8.count
            for (key, value) in attributes where key.utf8.count == length && Self.equalIgnoringCase(key, name) {
                return value
            }
            return nil
        }
        for (key, value) in attributes where Self.equalIgnoringCase(key, name) { return value }
        return nil
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

    /// The element re-serialised as XML (attributes in name order, text escaped): how `Extensions` are kept.
    var serializedXML: String {
        var output = ""
        serialize(into: &output)
        return output
    }

    /// The children and text of the element re-serialised as XML, without the element's own tags.
    var serializedContent: String {
        var output = VASTXMLElement.escape(text.trimmingVASTWhitespace, quote: false)
        for child in children { child.serialize(into: &output) }
        return output
    }

    private func serialize(into output: inout String) {
        output += "<" + name
        for key in attributes.keys.sorted() {
            output += " \(key)=\"\(VASTXMLElement.escape(attributes[key] ?? "", quote: true))\""
        }
        let body = text.trimmingVASTWhitespace
        if body.isEmpty && children.isEmpty {
            output += "/>"
            return
        }
        output += ">" + VASTXMLElement.escape(body, quote: false)
        for child in children { child.serialize(into: &output) }
        output += "</\(name)>"
    }

    private static func escape(_ text: String, quote: Bool) -> String {
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

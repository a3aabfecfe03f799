import Foundation

/// One element of a parsed XML document: its name, attributes, text and child elements, with the element path
/// that error messages name (`VAST/Ad[2]/InLine/Creatives/Creative[1]`).
struct VASTXMLElement: Sendable {
    /// The qualified element name as written (a namespace prefix is kept).
    var name: String
    /// The element name without a namespace prefix, worked out once when the element is read.
    var localName: String
    /// The attributes as written.
    var attributes: [String: String]
    /// The element's own text and CDATA, concatenated (not its children's).
    var text: String
    /// The child elements in document order.
    var children: [VASTXMLElement]
    /// Where the element sits, written out as ``path`` only when something names it.
    var location: VASTElementPath
    /// Whether every attribute name is ASCII (so that a name ignoring case is matched without lower-casing).
    var attributeNamesAreASCII: Bool

    /// Creates an element; the local name is the part of `name` after its last `:`.
    init(
        name: String, attributes: [String: String], text: String, children: [VASTXMLElement],
        location: VASTElementPath
    ) {
        self.name = name
        self.localName = Self.localName(of: name)
        self.attributes = attributes
        self.text = text
        self.children = children
        self.location = location
        self.attributeNamesAreASCII = attributes.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// The element path from the root, with 1-based positions among same-named siblings.
    var path: String { location.text }

    /// `name` without a namespace prefix.
    static func localName(of name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
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
        children.filter { $0.localName == name }
    }

    /// The attribute `name`; attribute names are matched exactly first, then ignoring case (lenient).
    func attribute(_ name: String) -> String? {
        if let value = attributes[name] { return value }
        if attributeNamesAreASCII && name.utf8.allSatisfy({ $0 < 0x80 }) {
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

import Foundation

/// One element of a parsed XML document: its name, attributes, text and child elements, with the element path
/// that error messages name (`VAST/Ad[2]/InLine/Creatives/Creative[1]`).
struct VASTXMLElement: Sendable {
    /// The qualified element name as written (a namespace prefix is kept).
    var name: String
    /// The attributes as written.
    var attributes: [String: String]
    /// The element's own text and CDATA, concatenated (not its children's).
    var text: String
    /// The child elements in document order.
    var children: [VASTXMLElement]
    /// The element path from the root, with 1-based positions among same-named siblings.
    var path: String

    /// The element name without a namespace prefix.
    var localName: String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// The text with surrounding whitespace removed.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The first child named `name` (local name), if any.
    func child(_ name: String) -> VASTXMLElement? {
        children.first { $0.localName == name }
    }

    /// Every child named `name` (local name), in document order.
    func children(_ name: String) -> [VASTXMLElement] {
        children.filter { $0.localName == name }
    }

    /// The attribute `name`; attribute names are matched exactly first, then ignoring case (lenient).
    func attribute(_ name: String) -> String? {
        if let value = attributes[name] { return value }
        let lowered = name.lowercased()
        return attributes.first { $0.key.lowercased() == lowered }?.value
    }

    /// The element re-serialised as XML (attributes in name order, text escaped): how `Extensions` are kept.
    var serializedXML: String {
        var output = ""
        serialize(into: &output)
        return output
    }

    /// The children and text of the element re-serialised as XML, without the element's own tags.
    var serializedContent: String {
        var output = VASTXMLElement.escape(text.trimmingCharacters(in: .whitespacesAndNewlines), quote: false)
        for child in children { child.serialize(into: &output) }
        return output
    }

    private func serialize(into output: inout String) {
        output += "<" + name
        for key in attributes.keys.sorted() {
            output += " \(key)=\"\(VASTXMLElement.escape(attributes[key] ?? "", quote: true))\""
        }
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
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

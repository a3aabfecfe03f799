import Foundation

/// A strictly parsed JSON document (RFC 8259): the value, and the numbers that JSON allows but a `Double`
/// cannot hold.
///
/// Unlike `JSONDecoder` it reports where and why a document is broken (byte offset, JSON path, reason),
/// including truncation, invalid UTF-8, lone surrogates and nesting deeper than ``maximumDepth``. A number
/// outside `Double`'s range (`1e400`) or one that would round to zero (`1e-400`) does not reject the document:
/// it is read as `null` and listed in ``outOfRangeNumbers``, so a reader refuses it only where it reads that
/// key, and an ignored key stays ignored.
package struct JSONDocument: Sendable, Hashable {
    /// The deepest nesting of arrays and objects accepted by default.
    package static let maximumDepth = 64

    /// The document's value.
    package var root: JSONValue
    /// Number literals that a `Double` cannot hold, by JSON path, with the literal as written.
    package var outOfRangeNumbers: [String: String]

    /// Creates a document.
    package init(root: JSONValue, outOfRangeNumbers: [String: String] = [:]) {
        self.root = root
        self.outOfRangeNumbers = outOfRangeNumbers
    }

    /// Parses `data` as one JSON value.
    ///
    /// - Parameters:
    ///   - data: the UTF-8 bytes of the JSON text.
    ///   - maximumDepth: the deepest nesting of arrays and objects accepted.
    /// - Throws: ``JSONSyntaxError`` naming the byte offset, the path and the reason.
    package static func parse(_ data: Data, maximumDepth: Int = JSONDocument.maximumDepth)
        throws(JSONSyntaxError) -> JSONDocument
    {
        var parser = JSONDocumentParser(bytes: [UInt8](data), maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// Parses `text` as one JSON value; see ``parse(_:maximumDepth:)``.
    package static func parse(_ text: String, maximumDepth: Int = JSONDocument.maximumDepth)
        throws(JSONSyntaxError) -> JSONDocument
    {
        var parser = JSONDocumentParser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// The value of `text` when it is exactly one JSON number in `Double` range, surrounding spaces allowed:
    /// `"1.8"`, `" -2e3 "`. `nil` for anything else, such as `"0x10"`, `"1.8\u{0}junk"`, `"inf"`, `"1e400"`.
    ///
    /// The one rule for numbers that servers and SDKs send as strings.
    package static func decimal(_ text: String) -> Double? {
        let trimmed = Self.hasEdgeSpace(text) ? text.trimmingCharacters(in: .whitespaces) : text
        guard let first = trimmed.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
            trimmed.utf8.count <= 400,
            let document = try? parse(trimmed), document.outOfRangeNumbers.isEmpty,
            case .number(let number) = document.root, number.isFinite
        else { return nil }
        return number
    }

    /// Whether `text` starts or ends with a scalar of `CharacterSet.whitespaces` (tab, space, U+00A0, U+1680,
    /// U+2000–U+200B, U+202F, U+205F, U+3000), so that trimming it would change it.
    private static func hasEdgeSpace(_ text: String) -> Bool {
        func isSpace(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return switch scalar.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        return isSpace(text.unicodeScalars.first) || isSpace(text.unicodeScalars.last)
    }
}

import Foundation

/// Replaces the OpenRTB 2.6 auction macros (`${AUCTION_PRICE}`, `${AUCTION_ID}`, …, §4.4) in a notice or tracker
/// URL with the values of one bid.
///
/// - Every `${AUCTION_…}` name that ``AuctionMacroValues/text(forMacro:)`` knows is replaced, by the empty
///   string when its value is not known; any other `${…}` is left exactly as written.
/// - The `:B64` suffix (`${AUCTION_PRICE:B64}`) asks for the value base64url-encoded without padding.
/// - Values are percent-encoded for a URL's query, so an ID holding `&` or `#` cannot add a parameter.
/// - A template of more than 16,384 bytes is returned unchanged: no URL is that long.
///
/// The expander never makes a URL valid that was not: ``expand(_:with:)-(URL,_)`` returns `nil` when the result
/// does not parse as a URL.
public enum AuctionMacroExpander {
    /// The longest template expanded, in bytes of UTF-8: 16 KiB.
    package static let maximumTemplateBytes = 16_384

    /// `template` with every auction macro replaced by its value from `values`.
    ///
    /// Each macro's text is made where the macro is met: one template (a notice URL) has no repeated value worth
    /// keeping, so no cache is made for it.
    public static func expand(_ template: String, with values: AuctionMacroValues) -> String {
        expand(template) { macro in replacement(for: macro, values: values) }
    }

    /// ``expand(_:with:)-(String,_)`` for a reader that expands many templates with the same `values` (one
    /// markup's trackers): `cache` keeps each macro's replacement text, keyed by the macro (`AUCTION_PRICE:B64`),
    /// so that a value is formatted and encoded once. Pass an empty dictionary first, and only ever reuse it with
    /// the same `values`.
    package static func expand(_ template: String, with values: AuctionMacroValues, cache: inout [String: String])
        -> String
    {
        expand(template) { macro in
            let key = String(macro)
            if let cached = cache[key] { return cached }
            let text = replacement(for: macro, values: values)
            if let text { cache[key] = text }
            return text
        }
    }

    /// `template` with each `${…}` whose body `text` knows replaced by that text (`nil`: left as written).
    private static func expand(_ template: String, replacingWith text: (Substring) -> String?) -> String {
        var result = ""
        let rest = forEachMacro(in: template) { before, body in
            if result.isEmpty { result.reserveCapacity(template.utf8.count + 16) }
            result += before
            result += text(body) ?? "${\(body)}"
        }
        guard let rest else { return template }
        return result + rest
    }

    /// Reads `template` as the expander does: calls `visit` with the text before each `${…}` that a `}` closes
    /// (since the last one) and its body, in order, and returns the text after the last; `nil` when the template
    /// has no `${` or is over ``maximumTemplateBytes`` (nothing is expanded then).
    package static func forEachMacro(
        in template: String, _ visit: (_ before: Substring, _ body: Substring) -> Void
    ) -> Substring? {
        let utf8 = template.utf8
        guard utf8.count <= maximumTemplateBytes, var opening = Self.opening(in: utf8, from: utf8.startIndex)
        else { return nil }
        var copied = utf8.startIndex
        while true {
            // `opening` is the `$` of a `${`; the macro body runs to the first `}` after it.
            let bodyStart = utf8.index(opening, offsetBy: 2)
            guard let close = utf8[bodyStart...].firstIndex(of: UInt8(ascii: "}")) else { break }
            visit(Substring(utf8[copied..<opening]), Substring(utf8[bodyStart..<close]))
            copied = utf8.index(after: close)
            guard let next = Self.opening(in: utf8, from: copied) else { break }
            opening = next
        }
        return Substring(utf8[copied...])
    }

    /// The index of the next `${` at or after `position`, or `nil`.
    private static func opening(in utf8: String.UTF8View, from position: String.Index) -> String.Index? {
        var index = position
        while let dollar = utf8[index...].firstIndex(of: UInt8(ascii: "$")) {
            let next = utf8.index(after: dollar)
            guard next < utf8.endIndex else { return nil }
            if utf8[next] == UInt8(ascii: "{") { return dollar }
            index = next
        }
        return nil
    }

    /// `url` with every auction macro replaced, or `nil` when the expanded text is not a URL.
    public static func expand(_ url: URL, with values: AuctionMacroValues) -> URL? {
        // `URL` percent-encodes `{` and `}` in some spellings; undo that for the macro openings only.
        let text = url.absoluteString.replacingOccurrences(of: "$%7B", with: "${")
            .replacingOccurrences(of: "$%7b", with: "${")
        let opened = text.contains("${") ? reclosingEncodedBraces(text) : text
        return URL(string: expand(opened, with: values))
    }

    /// `url` with `${AUCTION_IMP_TS}` (and `${AUCTION_IMP_TS:B64}`) replaced by `milliseconds`, when the impression
    /// is rendered; every other macro, auction or not, is left as it is. A billing notice keeps that macro until
    /// then (``AuctionMacroValues/deferredMacros``). `url` itself when it has no such macro or the result does not
    /// parse.
    package static func expandImpressionTimestamp(in url: URL, at milliseconds: Int64) -> URL {
        guard url.absoluteString.contains("AUCTION_IMP_TS") else { return url }
        var values = AuctionMacroValues(impressionTimestampMilliseconds: milliseconds)
        values.deferredMacros = Set(AuctionMacroValues.macroNames).subtracting(["AUCTION_IMP_TS"])
        return expand(url, with: values) ?? url
    }

    /// The text for one `${…}` body (`AUCTION_PRICE` or `AUCTION_PRICE:B64`), query-encoded; `nil` when it is
    /// not an auction macro (or one of `values`' deferred macros).
    package static func replacement(for macro: Substring, values: AuctionMacroValues) -> String? {
        let base64 = macro.hasSuffix(":B64")
        guard let text = values.text(ofMacro: base64 ? macro.dropLast(4) : macro) else { return nil }
        if base64 {
            return Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        if text.utf8.allSatisfy(isUnreserved) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? ""
    }

    /// `%7D` after an opened macro back to `}`.
    private static func reclosingEncodedBraces(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let start = rest.range(of: "${") {
            result += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            if let close = rest.range(of: "%7D", options: .caseInsensitive),
                rest[..<close.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
            {
                result += rest[..<close.lowerBound] + "}"
                rest = rest[close.upperBound...]
            }
        }
        return result + rest
    }

    /// Whether `byte` is one of ``queryValueCharacters`` (an ASCII letter or digit, `-`, `.`, `_`, `~`).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The characters a query value may hold unencoded: unreserved ones only.
    private static let queryValueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

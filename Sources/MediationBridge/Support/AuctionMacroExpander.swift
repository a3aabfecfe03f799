import Foundation

/// Replaces the OpenRTB 2.6 auction macros (`${AUCTION_PRICE}`, `${AUCTION_ID}`, …, §4.4) in a notice or tracker
/// URL with the values of one bid.
///
/// - Every `${AUCTION_…}` name that ``AuctionMacroValues/text(forMacro:)`` knows is replaced, by the empty
///   string when its value is not known; any other `${…}` is left exactly as written.
/// - The `:B64` suffix (`${AUCTION_PRICE:B64}`) asks for the value base64url-encoded without padding.
/// - Values are percent-encoded for a URL's query, so an ID holding `&` or `#` cannot add a parameter.
/// - A template of more than ``maximumTemplateBytes`` bytes is returned unchanged: no URL is that long.
///
/// The expander never makes a URL valid that was not: ``expand(_:with:)-(URL,_)`` returns `nil` when the result
/// does not parse as a URL.
public enum AuctionMacroExpander {
    /// The longest template expanded, in bytes of UTF-8: 16 KiB.
    public static let maximumTemplateBytes = 16_384

    /// `template` with every auction macro replaced by its value from `values`.
    public static func expand(_ template: String, with values: AuctionMacroValues) -> String {
        guard template.utf8.count <= maximumTemplateBytes, template.contains("${") else { return template }
        var result = ""
        var rest = template[...]
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            let afterOpening = rest[start.upperBound...]
            guard let close = afterOpening.firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let macro = String(afterOpening[..<close])
            if let text = replacement(for: macro, values: values) {
                result += text
            } else {
                result += rest[start.lowerBound...close]
            }
            rest = afterOpening[afterOpening.index(after: close)...]
        }
        result += rest
        return result
    }

    /// `url` with every auction macro replaced, or `nil` when the expanded text is not a URL.
    public static func expand(_ url: URL, with values: AuctionMacroValues) -> URL? {
        // `URL` percent-encodes `{` and `}` in some spellings; undo that for the macro openings only.
        let text = url.absoluteString.replacingOccurrences(of: "$%7B", with: "${")
            .replacingOccurrences(of: "$%7b", with: "${")
        let opened = text.contains("${") ? reclosingEncodedBraces(text) : text
        return URL(string: expand(opened, with: values))
    }

    /// The text for one `${…}` body (`AUCTION_PRICE` or `AUCTION_PRICE:B64`), query-encoded; `nil` when it is
    /// not an auction macro.
    private static func replacement(for macro: String, values: AuctionMacroValues) -> String? {
        var name = macro
        var base64 = false
        if name.hasSuffix(":B64") {
            name.removeLast(4)
            base64 = true
        }
        guard let text = values.text(forMacro: name) else { return nil }
        if base64 {
            return Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
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

    /// The characters a query value may hold unencoded: unreserved ones only.
    private static let queryValueCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

import Foundation

/// A notice URL of a bid (`x-nurl`, `x-lurl`, `x-burl`) with its OpenRTB auction macros still in it.
///
/// The text must be an absolute http(s) URL once every macro is expanded; expanding it substitutes the
/// six `${AUCTION_…}` macros (URL-encoded) and leaves any other text as it is.
///
/// The text is cut at its macros once, when the response is read: a notice is then the literal runs and each
/// macro's value joined, as ``AuctionMacroExpander/expand(_:with:)-(String,_)`` would make it, without a search of
/// the text per notice. When the text fixes an http(s) scheme and a host before its first macro, no value can
/// change them (values are query-encoded), so a notice is not checked against the URL rule again.
package struct AuctionNoticeTemplate: Sendable, Hashable, CustomStringConvertible {
    /// A run of the text: as written, or the body of a `${…}` (`AUCTION_PRICE`, `AUCTION_PRICE:B64`, or a name that
    /// is no auction macro, which expands to itself).
    private enum Piece: Sendable, Hashable {
        case literal(String)
        case macro(String)
    }

    /// The URL text as the server sent it.
    package let text: String
    /// The text cut at its `${…}`s, in order.
    private let pieces: [Piece]
    /// Whether the text before its first macro is an http(s) URL with a host up to a `/`, `?` or `#`.
    private let fixesOrigin: Bool

    /// Creates a template, checking that it makes an absolute http(s) URL.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `url` when it does not.
    package init(_ text: String) throws(MediationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        self.text = trimmed
        pieces = Self.pieces(of: trimmed)
        fixesOrigin = Self.fixesOrigin(pieces.first)
        guard url(expanding: AuctionMacroValues(auctionID: "a", bidID: "b", price: 1, currency: "USD")) != nil
        else {
            throw .invalidConfiguration(path: "url", reason: "expected an absolute http(s) URL, got \"\(text)\"")
        }
    }

    /// The URL with the macros expanded to `values` (values query-encoded, unknown `${…}` left as written), or
    /// `nil` when the result is not an absolute http(s) URL.
    package func url(expanding values: AuctionMacroValues) -> URL? {
        var expanded = ""
        expanded.reserveCapacity(text.utf8.count + 16)
        for piece in pieces {
            switch piece {
            case .literal(let run): expanded += run
            case .macro(let body):
                expanded += AuctionMacroExpander.replacement(for: body[...], values: values) ?? "${\(body)}"
            }
        }
        // A value may leave the text ending in white space (an empty one after a space), which the rule trims.
        guard fixesOrigin, let last = expanded.unicodeScalars.last, !CharacterSet.whitespaces.contains(last) else {
            return LoadURLTemplate.trackerURL(expanded)
        }
        return URL(string: expanded)
    }

    /// The text.
    package var description: String { text }

    /// `text` cut at each `${…}` that closes, as ``AuctionMacroExpander`` reads it.
    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        let rest = AuctionMacroExpander.forEachMacro(in: text) { before, body in
            if !before.isEmpty { pieces.append(.literal(String(before))) }
            pieces.append(.macro(String(body)))
        }
        let tail = rest ?? text[...]
        if !tail.isEmpty { pieces.append(.literal(String(tail))) }
        return pieces
    }

    /// Whether `first`, the text's first run, is literal and starts with `http://` or `https://` (in any case) and
    /// a host ended by a `/`, `?` or `#`: what follows cannot change them.
    private static func fixesOrigin(_ first: Piece?) -> Bool {
        guard case .literal(let run) = first else { return false }
        let lowercased = run.prefix(8).lowercased()
        let schemeLength = lowercased.hasPrefix("https://") ? 8 : lowercased.hasPrefix("http://") ? 7 : 0
        guard schemeLength > 0,
            let originEnd = run.utf8.dropFirst(schemeLength).firstIndex(where: {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            })
        else { return false }
        let origin = String(Substring(run.utf8[..<originEnd]))
        return !origin.utf8.contains(UInt8(ascii: "@")) && LoadURLTemplate.trackerURL(origin) != nil
    }
}

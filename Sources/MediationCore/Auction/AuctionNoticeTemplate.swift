import Foundation

/// A notice URL of a bid (`x-nurl`, `x-lurl`, `x-burl`) with its OpenRTB auction macros still in it.
///
/// The text must be an absolute http(s) URL once every macro is expanded; expanding it substitutes the
/// six `${AUCTION_…}` macros (URL-encoded) and leaves any other text as it is.
package struct AuctionNoticeTemplate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL text as the server sent it.
    package let text: String

    /// Creates a template, checking that it makes an absolute http(s) URL.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `url` when it does not.
    package init(_ text: String) throws(MediationError) {
        self.text = text.trimmingCharacters(in: .whitespaces)
        guard url(expanding: AuctionMacroValues(auctionID: "a", bidID: "b", price: 1, currency: "USD")) != nil
        else {
            throw .invalidConfiguration(path: "url", reason: "expected an absolute http(s) URL, got \"\(text)\"")
        }
    }

    /// The URL with the macros expanded to `values` (`AuctionMacroExpander`: values query-encoded, unknown
    /// `${…}` left as written), or `nil` when the result is not an absolute http(s) URL.
    package func url(expanding values: AuctionMacroValues) -> URL? {
        LoadURLTemplate.trackerURL(AuctionMacroExpander.expand(text, with: values))
    }

    /// The text.
    package var description: String { text }
}

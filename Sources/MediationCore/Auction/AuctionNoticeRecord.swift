import Foundation

/// One notice of an ``AuctionRecord``: which bid, which kind, and the URL with its macros expanded.
package struct AuctionNoticeRecord: Sendable, Hashable, Codable {
    /// Win, loss or billing.
    package var kind: AuctionNoticeKind
    /// The bid's place in the auction order.
    package var place: Int
    /// The bid's line in the run, when it ran.
    package var line: Int?
    /// The URL fired (or, for billing, fired at the ad's first impression).
    package var url: URL
    /// Whether the notice waits for the ad's first impression (billing) rather than firing when the run ends.
    package var firesAtImpression: Bool

    /// Creates a record.
    package init(kind: AuctionNoticeKind, place: Int, line: Int?, url: URL, firesAtImpression: Bool = false) {
        self.kind = kind
        self.place = place
        self.line = line
        self.url = url
        self.firesAtImpression = firesAtImpression
    }
}

import Foundation
import MediationCore
import Testing

/// A template cut at its macros when the response is read expands to the URL the expander makes from its text
/// on every notice, whatever the text: the cut is only a way to do the same work once.
@Suite struct AuctionNoticeTemplateTests {
    /// The notice as made from the text each time: expanded, then read by the tracker URL rule.
    private static func urlFromText(_ text: String, _ values: AuctionMacroValues) -> URL? {
        LoadURLTemplate.trackerURL(AuctionMacroExpander.expand(text, with: values))
    }

    private static let valueSets: [AuctionMacroValues] = {
        var billing = AuctionMacroValues(auctionID: "a&b", bidID: "bid 1", price: 2.5, currency: "EUR")
        billing.deferredMacros = ["AUCTION_IMP_TS"]
        return [
            AuctionMacroValues(auctionID: "a", bidID: "b", price: 1, currency: "USD"),
            AuctionMacroValues(
                auctionID: "é/#?", bidID: "x=y", impressionID: "imp", seatID: "seat", adID: "ad", price: 0.000125,
                currency: "JPY", marketBidRatio: 1, lossReason: 102, minimumToWin: 3, multiplier: 1,
                impressionTimestampMilliseconds: 1_700_000_000_000),
            billing, AuctionMacroValues(),
        ]
    }()

    @Test func namedTemplatesExpandAsTheirTextDoes() throws {
        let texts = [
            "https://t.example/win?price=${AUCTION_PRICE}&bid=${AUCTION_BID_ID}",
            "  https://t.example/loss?reason=${AUCTION_LOSS}&min=${AUCTION_MIN_TO_WIN}  ",
            "//t.example/loss?r=${AUCTION_LOSS}", "HTTPS://T.example?p=${AUCTION_PRICE:B64}",
            "https://${AUCTION_ID}.example/win", "https://t.example#${AUCTION_ID}",
            "https://user@t.example/${AUCTION_ID}",
            "https://t.example/x?u=${UNKNOWN}&open=${AUCTION_ID", "https://t.example/bill?ts=${AUCTION_IMP_TS}",
            "https://t.example:8443/x?$p=$${AUCTION_ID}}", "http://127.0.0.1:9/loss?n=${AUCTION_LOSS}",
            "https://t.example", "https://t.example/é?${AUCTION_CURRENCY}", "ftp://t.example/${AUCTION_ID}",
        ]
        var accepted = 0
        for text in texts {
            let template = try? AuctionNoticeTemplate(text)
            let sample = AuctionMacroValues(auctionID: "a", bidID: "b", price: 1, currency: "USD")
            #expect((template != nil) == (Self.urlFromText(text.trimmingCharacters(in: .whitespaces), sample) != nil))
            guard let template else { continue }
            accepted += 1
            for values in Self.valueSets {
                #expect(template.url(expanding: values) == Self.urlFromText(template.text, values), "\(text)")
            }
        }
        #expect(accepted == texts.count - 1, "all but ftp")
    }

    /// 3,000 texts made of URL parts, macros, stray `$`, `{` and `}`, spaces and non-ASCII letters, each expanded
    /// with four sets of values.
    @Test func generatedTemplatesExpandAsTheirTextDoes() {
        let parts = [
            "https://", "http://", "//", "HTTP://", "t.example", ":8080", "@", "/", "?", "#", "a=", "&", "é", " ",
            "${AUCTION_ID}", "${AUCTION_PRICE}", "${AUCTION_PRICE:B64}", "${AUCTION_LOSS}", "${AUCTION_IMP_TS}",
            "${UNKNOWN}", "${", "}", "$", "{", "%%PING_ID%%", "%20",
        ]
        var random = SeededGenerator(seed: 2026)
        var compared = 0
        for _ in 0..<3_000 {
            // Most start as a URL does, so that most parse; the rest is drawn from every part.
            let start = ["https://t.example", "http://t.example", "//t.example", "HTTPS://", "${AUCTION_ID}", ""]
            let count = Int(random.next() % 8)
            let text =
                start[Int(random.next() % UInt64(start.count))]
                + (0..<count).map { _ in parts[Int(random.next() % UInt64(parts.count))] }.joined()
            guard let template = try? AuctionNoticeTemplate(text) else { continue }
            for values in Self.valueSets {
                #expect(template.url(expanding: values) == Self.urlFromText(template.text, values), "\(text)")
                compared += 1
            }
        }
        #expect(compared > 4_000, "enough of the texts are URLs")
    }
}

import Foundation
import Testing

@testable import MediationCLI

@Suite struct OpenRTBCommandTests {
    static let markup = """
        {"assets":[{"id":1,"title":{"text":"Pears"}},{"id":2,"img":{"type":3,"url":"https://c.example/m.jpg"}}],
         "link":{"url":"https://p.example/?p=${AUCTION_PRICE}","clicktrackers":["https://t.example/c"]},
         "imptrackers":["https://t.example/i?p=${AUCTION_PRICE}"],"jstracker":"<script></script>"}
        """

    static func response(bids: [String]) -> String {
        let objects = bids.enumerated().map { index, adm in
            let escaped = adm.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: " ")
            return #"{"id":"b\#(index)","impid":"1","price":1.5,"adm":"\#(escaped)"}"#
        }
        return #"{"id":"r","seatbid":[{"bid":[\#(objects.joined(separator: ","))]}]}"#
    }

    private func run(_ input: String, json: Bool = false) -> Int32 {
        OpenRTBCommand.run(json ? ["--json", "-"] : ["-"], standardInput: { Data(input.utf8) })
    }

    @Test func exitStatusSaysWhetherABidMaps() {
        #expect(run(Self.markup) == 0)
        #expect(run(Self.response(bids: [Self.markup, "{}"])) == 0)
        #expect(run(Self.response(bids: ["{}"])) == 1)
        #expect(run(#"{"id":"r","nbr":2}"#) == 1)
        #expect(run("not json") == 1)
        #expect(OpenRTBCommand.run([]) == 2)
        #expect(OpenRTBCommand.run(["a.json", "b.json"]) == 2)
    }

    @Test func eachBidShowsItsKeysTrackersDropsAndErrors() throws {
        let (bids, errors) = OpenRTBCommand.reports(for: Data(Self.response(bids: [Self.markup, "{}"]).utf8))
        #expect(errors.isEmpty)
        #expect(bids.count == 2)
        let mapping = try #require(bids[0].mapping)
        #expect(bids[0].price == 1.5)
        #expect(mapping.impressionTrackers.map(\.absoluteString) == ["https://t.example/i?p=1.5"])
        #expect(mapping.clickURL?.absoluteString == "https://p.example/?p=1.5")
        #expect(bids[0].dropped.map(\.path) == ["$.jstracker"])
        #expect(bids[1].mapping == nil)
        #expect(bids[1].errors.map(\.path) == ["$.assets"])
        let text = OpenRTBCommand.text(bids: bids, errors: errors)
        #expect(text.contains("bid 1 b0, price 1.5 USD: maps"))
        #expect(text.contains("  title: Pears"))
        #expect(text.contains("  dropped: $.jstracker: JavaScript tracker never executed"))
        #expect(text.contains("bid 2 b1, price 1.5 USD: does not map"))
        #expect(text.hasSuffix("1 of 2 bids map"))
    }

    @Test func jsonOutputHasTheDocumentedShape() throws {
        let (bids, errors) = OpenRTBCommand.reports(for: Data(Self.markup.utf8))
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(OpenRTBCommand.jsonText(bids: bids, errors: errors).utf8))
                as? [String: Any])
        #expect((object["errors"] as? [Any])?.isEmpty == true)
        let bid = try #require((object["bids"] as? [[String: Any]])?.first)
        #expect(
            Set(bid.keys) == [
                "id", "price", "properties", "impressionTrackers", "clickTrackers", "clickURL", "dropped", "errors",
            ])
        #expect((bid["properties"] as? [String: Any])?["title"] as? String == "Pears")
        #expect(bid["clickURL"] as? String == "https://p.example/?p=")
    }
}

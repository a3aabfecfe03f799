import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

/// Prebid Mobile's public fixtures (Fixtures/prebid/README.md): one bid each, whose `adm` is Native markup.
@Suite struct PrebidFixtureTests {
    static func bid(_ name: String) throws -> OpenRTBBid {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/prebid/\(name).json")
        let bid = try Data(contentsOf: url)
        let response = Data(#"{"id":"r","seatbid":[{"seat":"prebid","bid":["#.utf8) + bid + Data("]}]}".utf8)
        let parsed = try OpenRTBBidResponse.parse(data: response)
        #expect(parsed.dropped.isEmpty)
        return try #require(parsed.bids.first)
    }

    @Test func appNexusNativeBidMapsAndDropsItsScriptTracker() throws {
        let bid = try Self.bid("PrebidServerValidResponsePrebidNativeNativeBid")
        #expect(bid.price == 0.05)
        #expect(bid.creativeID == "162279313")
        #expect(bid.advertiserDomains == ["appnexus.com"])
        let mapping = try OpenRTBNativeAdMapper(macroValues: bid.macroValues()).map(markup: bid.adMarkup)
        #expect(mapping.properties.text(.title) == "This is an RTB ad")
        #expect(mapping.properties.text(.sponsored) == "AppNexus")
        #expect(mapping.properties.text(.callToAction) == "More")
        #expect(mapping.properties.image(.iconImage)?.size == ImageSize(width: 40, height: 40))
        #expect(mapping.properties.image(.mainImage)?.size == ImageSize(width: 300, height: 250))
        #expect(mapping.dropped.contains { $0.path == "$.jstracker" })
        #expect(mapping.impressionTrackers.count == 1)
        #expect(mapping.impressionTrackers.first?.absoluteString.hasSuffix("pp=0.05") == true)
        #expect(mapping.clickURL?.absoluteString.contains("/pp=0.05/") == true)
    }

    @Test func openXWrappedBidMapsTypedAssetsAndRefusesItsJavaScriptTracker() throws {
        let bid = try Self.bid("FullWithNativeWrapper")
        let mapping = try OpenRTBNativeAdMapper().map(markup: bid.adMarkup)
        #expect(mapping.properties.text(.title) == "OpenX (Title)")
        #expect(mapping.properties.text(.sponsored) == "OpenX (Brand)")
        #expect(mapping.properties.text(.callToAction) == "Click here to visit our site!")
        #expect(mapping.properties.image(.iconImage) != nil)
        #expect(mapping.properties.image(.mainImage) != nil)
        #expect(mapping.properties.image("image500") != nil)
        #expect(mapping.dropped.contains { $0.path == "$.native.eventtrackers[0]" })
        #expect(mapping.dropped.contains { $0.path == "$.native.assets[0].data" })
        #expect(mapping.impressionTrackers.isEmpty)
        #expect(mapping.clickURL?.absoluteString == "https://www.openx.com/")
    }

    @Test func everyPrebidFixtureMaps() throws {
        for name in [
            "Full", "FullWithNativeWrapper", "WithoutTrackers", "PrebidServerValidResponsePrebidNativeNativeBid",
        ] {
            let bid = try Self.bid(name)
            let mapping = try OpenRTBNativeAdMapper().map(markup: bid.adMarkup)
            #expect(mapping.properties[.title] != nil, "\(name)")
        }
    }
}

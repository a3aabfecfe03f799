import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

@Suite struct NativeRequestBuilderTests {
    @Test func wantedAssetsBecomeNativeAssetsWithTrackersAndPrivacy() throws {
        let request = try OpenRTBNativeRequest(
            wantedAssets: [
                OpenRTBWantedAsset(.title, isRequired: true),
                OpenRTBWantedAsset(.mainImage, isRequired: true, minimumSize: ImageSize(width: 300, height: 157)),
                OpenRTBWantedAsset(.iconImage, minimumSize: ImageSize(width: 50, height: 50)),
                OpenRTBWantedAsset(.callToAction), OpenRTBWantedAsset(.starRating), OpenRTBWantedAsset(.sponsored),
            ], placementType: 1)
        let json = try #require(JSONSerialization.jsonObject(with: Data(request.jsonString.utf8)) as? [String: Any])
        #expect(json["ver"] as? String == "1.2")
        #expect(json["plcmttype"] as? Int == 1)
        #expect(json["privacy"] as? Int == 1)
        let trackers = try #require(json["eventtrackers"] as? [[String: Any]])
        #expect(trackers.map { $0["event"] as? Int } == [1, 2, 3])
        #expect(trackers.allSatisfy { ($0["methods"] as? [Int]) == [1] })
        let assets = try #require(json["assets"] as? [[String: Any]])
        #expect(assets.map { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(assets.map { $0["required"] as? Int } == [1, 1, 0, 0, 0, 0])
        #expect((assets[0]["title"] as? [String: Any])?["len"] as? Int == 90)
        let main = try #require(assets[1]["img"] as? [String: Any])
        #expect(main["type"] as? Int == 3 && main["wmin"] as? Int == 300 && main["hmin"] as? Int == 157)
        #expect((assets[2]["img"] as? [String: Any])?["type"] as? Int == 1)
        #expect((assets[3]["data"] as? [String: Any])?["type"] as? Int == 12)
        #expect((assets[4]["data"] as? [String: Any])?["type"] as? Int == 3)
        #expect((assets[5]["data"] as? [String: Any])?["type"] as? Int == 1)
    }

    @Test func theRequestReadsBackAsItWasBuilt() throws {
        let built = try OpenRTBNativeRequest(wantedAssets: [
            OpenRTBWantedAsset(.title, isRequired: true), OpenRTBWantedAsset(.mainMedia),
            OpenRTBWantedAsset(.text), OpenRTBWantedAsset(.iconImage, minimumSize: ImageSize(width: 40, height: 40)),
        ])
        #expect(try OpenRTBNativeRequest(jsonString: built.jsonString) == built)
    }

    @Test func aKeyNoNativeAssetCarriesIsAnErrorNamingIt() {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "wantedAssets[1]", reason: "no OpenRTB Native asset carries 'privacyclkurl'")
        ) {
            try OpenRTBNativeRequest(wantedAssets: [OpenRTBWantedAsset(.title), OpenRTBWantedAsset(.privacyClickURL)])
        }
        #expect(throws: MediationError.invalidConfiguration(path: "wantedAssets[1]", reason: "'title' is wanted twice"))
        {
            try OpenRTBNativeRequest(wantedAssets: [OpenRTBWantedAsset(.title), OpenRTBWantedAsset(.title)])
        }
    }
}

@Suite struct NativeRequestTextTests {
    @Test func theWrittenTextIsTheSortedEncodingOfTheJSONValue() throws {
        let request = OpenRTBNativeRequest(
            assets: NativeMarkupFixtures.request.assets + [
                OpenRTBNativeRequestAsset(
                    id: 200, isRequired: true, kind: .image(type: 500, minimumWidth: nil, minimumHeight: 9)),
                OpenRTBNativeRequestAsset(
                    id: 201, isRequired: false,
                    kind: .video(
                        mimeTypes: ["video/\"odd\"\\\n"], minimumDuration: 0, maximumDuration: 5, protocols: [])),
            ], placementType: 4, context: 2)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(request.jsonValue), as: UTF8.self)
        let written = try JSONDecoder().decode(JSONValue.self, from: Data(request.jsonString.utf8))
        #expect(written == request.jsonValue)
        #expect(request.jsonString == encoded)
    }
}

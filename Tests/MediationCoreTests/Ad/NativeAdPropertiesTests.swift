import Foundation
import MediationCore
import Testing

@Suite struct NativeAdPropertiesTests {
    @Test func wellKnownKeysKeepMoPubStrings() {
        let expected: [NativeAdPropertyKey: String] = [
            .title: "title", .text: "text", .callToAction: "ctatext", .iconImage: "iconimage",
            .mainImage: "mainimage", .mainMedia: "mainmediaview", .starRating: "starrating", .sponsored: "sponsored",
            .privacyIcon: "privacyicon", .privacyClickURL: "privacyclkurl",
        ]
        for (key, string) in expected {
            #expect(key.rawValue == string)
            #expect(key.isWellKnown)
        }
        #expect(Set(NativeAdPropertyKey.wellKnown).count == NativeAdPropertyKey.wellKnown.count)
    }

    @Test func starRatingOutOfRangeIsRejectedNotClamped() throws {
        var properties = NativeAdProperties()
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "starrating", reason: "expected a rating in 0...5, got 7.0")
        ) {
            try properties.set(.number(7), for: .starRating)
        }
        #expect(properties[.starRating] == nil)
        #expect(throws: MediationError.self) { try properties.set(.number(-0.5), for: .starRating) }
        #expect(throws: MediationError.self) { try properties.set(.number(.nan), for: .starRating) }
        try properties.set(.number(5), for: .starRating)
        try properties.set(.number(0), for: .starRating)
        #expect(properties.number(.starRating) == 0)
    }

    @Test func wrongKindForWellKnownKeyIsRejected() {
        var properties = NativeAdProperties()
        #expect(throws: MediationError.invalidConfiguration(path: "title", reason: "expected text, got number")) {
            try properties.set(.number(3), for: .title)
        }
        #expect(throws: MediationError.self) { _ = try NativeAdProperties([.iconImage: .text("icon.png")]) }
    }

    @Test func requiredKeyCheckNamesEveryMissingKey() throws {
        let properties = try NativeAdProperties([.title: .text("Hello")])
        #expect(throws: MediationError.missingRequiredAssets([.callToAction, .iconImage])) {
            try properties.checkRequired([.title, .iconImage, .callToAction])
        }
        try properties.checkRequired([.title])
        #expect(properties.missingKeys(of: [.title, .text]) == [.text])
    }

    @Test func unknownKeysAreKeptAsExtras() throws {
        let properties = try Fixtures.fullProperties()
        #expect(properties.extras.keys == ["customBadge"])
        #expect(properties.text("customBadge") == "New")
        #expect(properties.count == 12)
    }

    @Test func jsonRoundTripsAndIsByteIdenticalAcrossRuns() throws {
        let properties = try Fixtures.fullProperties()
        let first = properties.jsonData()
        let rebuilt = try NativeAdProperties(properties.values)
        #expect(rebuilt.jsonData() == first)
        #expect(properties.jsonData() == first)
        let decoded = try NativeAdProperties.decode(json: first)
        #expect(decoded == properties)
        #expect(decoded.jsonData() == first)
        let text = properties.jsonString()
        #expect(text.hasPrefix("{\"agerestriction\"") == false)
        #expect(text.contains("\"ctatext\":\"Install\""))
        #expect(text.contains("\"starrating\":4.5"))
        let keysInOrder = ["ctatext", "customBadge", "iconimage", "mainimage", "mainmediaview", "privacyclkurl"]
        let positions = keysInOrder.compactMap { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func jsonDecodingErrorsNameThePath() {
        let bad = Data(#"{"title": "ok", "starrating": 9}"#.utf8)
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "$.starrating", reason: "expected a rating in 0...5, got 9.0")
        ) {
            _ = try NativeAdProperties.decode(json: bad)
        }
        let wrongShape = Data(#"{"iconimage": {"image": {"size": 3}}}"#.utf8)
        #expect {
            _ = try NativeAdProperties.decode(json: wrongShape)
        } throws: { error in
            guard case .invalidConfiguration(let path, _) = error as? MediationError else { return false }
            return path.hasPrefix("$.iconimage.image")
        }
    }
}

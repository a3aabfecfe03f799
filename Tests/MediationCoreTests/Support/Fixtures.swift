import Foundation
import MediationCore
import MediationTesting

/// Shared test fixtures for core tests.
enum Fixtures {
    static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else { preconditionFailure("bad fixture URL \(text)") }
        return url
    }

    static func fullProperties() throws -> NativeAdProperties {
        try NativeAdProperties([
            .title: .text("Great app"),
            .text: .text("Body text"),
            .callToAction: .text("Install"),
            .iconImage: .image(
                AdImage(url: url("https://cdn.example/icon.png"), size: ImageSize(width: 64, height: 64))),
            .mainImage: .image(AdImage(url: url("https://cdn.example/main.jpg"), data: Data([1, 2, 3]))),
            .mainMedia: .media(MediaContent(hasVideo: true, aspectRatio: 16.0 / 9, durationSeconds: 15)),
            .starRating: .number(4.5),
            .sponsored: .text("Example Inc."),
            .privacyIcon: .image(AdImage(url: url("https://cdn.example/adchoices.png"))),
            .privacyClickURL: .url(url("https://example.com/privacy")),
            .votes: .number(1200),
            "customBadge": .text("New"),
        ])
    }

    static func source(
        impressionTrackers: [String] = ["https://t.example/imp"], clickTrackers: [String] = ["https://t.example/clk"]
    ) -> NativeAdSource {
        NativeAdSource(
            customEventIdentifier: "ScriptedEvent", networkName: "Scripted", price: 1.5,
            impressionTrackers: impressionTrackers.map(url), clickTrackers: clickTrackers.map(url))
    }
}

import Foundation
import MediationCore
import Testing

@testable import MediationCLI

@Suite struct DemoCommandTests {
    private func defaultResponse() throws -> AdResponse {
        try AdResponse.parse(json: Data(DefaultAdResponse.embeddedJSON.utf8))
    }

    @Test func defaultWaterfallColdStartsThreeLinesAndGoogleWins() throws {
        let outcome = try DemoCommand.runWaterfall(try defaultResponse(), strategy: .default)
        let trace = outcome.result.trace
        // A fresh mediator knows no network yet: the learned default starts lines 0-2 at once, and Google's ad
        // (line 2, at 450 ms) is delivered when line 0 answers no fill (800 ms); TAMedia is never asked.
        #expect(
            trace.entries.map(\.customEvent) == [
                "MyTargetNativeBannerCustomEvent", "InMobiNativeCustomEvent", "GoogleCustomNativeCustomEvent",
            ])
        #expect(trace.entries.map(\.start) == [.zero, .zero, .zero])
        #expect(outcome.elapsed == .milliseconds(800))
        #expect(trace.winningEntry?.customEvent == "GoogleCustomNativeCustomEvent")
        let ad = try #require(outcome.result.ad)
        #expect(ad.source.networkName == "Google")
        #expect(ad.properties.text(.title) != nil)
        #expect(ad.properties.image(.privacyIcon) != nil)
        #expect(trace.entries[1].result == .missingAdapter)
    }

    @Test func hedgedFindsTheSameWinnerSoonerThanSequential() throws {
        let hedged = try DemoCommand.runWaterfall(try defaultResponse(), strategy: .recommendedHedged)
        let sequential = try DemoCommand.runWaterfall(try defaultResponse(), strategy: .sequential)
        #expect(hedged.result.trace.winningEntry?.line == sequential.result.trace.winningEntry?.line)
        #expect(hedged.elapsed < sequential.elapsed)
        #expect(sequential.elapsed == .milliseconds(1250))
    }

    @Test func jsonReportHasWinnerPropertiesAndTrace() throws {
        let outcome = try DemoCommand.runWaterfall(try defaultResponse(), strategy: .default)
        let json = outcome.jsonReport(strategy: .default)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let winner = try #require(object["winner"] as? [String: Any])
        #expect(winner["line"] as? Int == 2)
        #expect(winner["customEvent"] as? String == "GoogleCustomNativeCustomEvent")
        #expect((object["properties"] as? [String: Any])?["title"] is String)
        #expect((object["trace"] as? [Any])?.count == 3)
        #expect(json == outcome.jsonReport(strategy: .default))
    }

    @Test func noFillPrintsANullWinner() throws {
        let json = #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "Nobody"}}]}"#
        let outcome = try DemoCommand.runWaterfall(try AdResponse.parse(json: Data(json.utf8)), strategy: .sequential)
        #expect(outcome.result.ad == nil)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.jsonReport(strategy: .sequential).utf8))
                as? [String: Any])
        #expect(object["winner"] is NSNull)
    }

    @Test func usageErrorsAreReported() {
        #expect(throws: Never.self) { try DemoCommand.parse(["--strategy", "sequential", "--json"]).get() }
        #expect((try? DemoCommand.parse(["--strategy", "adaptive"]).get())??.strategy == .recommendedAdaptive)
        #expect((try? DemoCommand.parse(["--strategy", "hedged"]).get())??.strategy == .recommendedHedged)
        guard case .failure(let error) = DemoCommand.parse(["--strategy", "fastest"]) else {
            Issue.record("an unknown strategy must be a usage error")
            return
        }
        #expect(error.text == "unknown strategy 'fastest' (sequential, hedged or adaptive)")
    }

    @Test func htmlPreviewShowsTheWinningAdEscaped() throws {
        let outcome = try DemoCommand.runWaterfall(try defaultResponse(), strategy: .default)
        let html = outcome.htmlPreview()
        let title = try #require(outcome.result.ad?.properties.text(.title))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h2 class=\"title\">\(HTMLNativeAdRenderer.escape(title))</h2>"))
        #expect(html.contains("<title>Native ad from Google</title>"))
        #expect(html.contains("<span class=\"ad-badge\">Ad</span>"))
        #expect(html.contains("<span class=\"cta\">Book now</span>"))
        #expect(html.contains("<svg"), "sandbox images are inline SVG placeholders")
        #expect(!html.contains("<img"), "the page loads nothing: it is self-contained")
        let parsed = try DemoCommand.parse(["--html", "/tmp/ad.html"]).get()
        #expect(parsed?.htmlPath == "/tmp/ad.html")
    }
}

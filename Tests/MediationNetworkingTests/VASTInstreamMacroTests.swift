import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

@testable import MediationVAST

/// `[BREAKPOSITION]` and `[CONTENTPLAYHEAD]`/`[MEDIAPLAYHEAD]` in every URL `VASTInstreamCustomEvent` fires come
/// from the section the host started (and its midpoint), URL-encoded, in the bracket form and the percent-encoded
/// one (`%5BNAME%5D`); read back from the loopback server's hit log.
@Suite(.serialized) struct VASTInstreamMacroTests {
    struct Break: Sendable, CustomStringConvertible {
        var section: InstreamAdSection
        var midpoint: Double?
        var position: String
        /// The content playhead, as encoded in the URL.
        var playhead: String
        var description: String { section.rawValue }
    }

    static let breaks = [
        Break(section: .preroll, midpoint: nil, position: "1", playhead: "00%3A00%3A00.000"),
        Break(section: .midroll, midpoint: 30, position: "2", playhead: "00%3A00%3A30.000"),
        Break(section: .postroll, midpoint: nil, position: "3", playhead: "00%3A02%3A00.000"),
        Break(section: .pauseroll, midpoint: nil, position: "4", playhead: "-1"),
    ]

    @Test(arguments: breaks)
    func everyURLCarriesTheBreakPositionAndTheContentPlayhead(_ adBreak: Break) async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-macros", midpoints: .seconds([30]))
            await harness.load()
            #expect(harness.session.midpoints == [30])
            #expect(harness.session.start(adBreak.section, midpoint: adBreak.midpoint) == .accepted)
            harness.clock.advance(by: .seconds(1))
            #expect(harness.session.handleClick() == .accepted)
            harness.clock.runUntilIdle()
            let macros = "bp=\(adBreak.position)&cp=\(adBreak.playhead)"
            let hits = try await harness.trackerHits(server)
            #expect(
                hits == [
                    "/track/macros/impression?\(macros)&mp=\(adBreak.playhead)",
                    "/track/macros/start?\(macros)&mp=\(adBreak.playhead)",
                    "/track/macros/click?\(macros)",
                    "/track/macros/complete?\(macros)",
                ])
        }
    }

    @Test func aPlayerFailureInAMidrollReportsItsPosition() async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-macros", failing: ["/file/macros.mp4": "decoder error"],
                midpoints: .seconds([30]))
            await harness.load()
            #expect(harness.session.start(.midroll, midpoint: 30) == .accepted)
            harness.clock.runUntilIdle()
            let playhead = "00%3A00%3A30.000"
            #expect(
                try await harness.trackerHits(server) == [
                    "/track/macros/error?code=405&bp=2&cp=\(playhead)&mp=\(playhead)"
                ])
        }
    }

    /// The session fires a companion's trackers through the custom event's `companionTrackerURL(_:of:)`, so they
    /// carry the VAST macros of the moment: the ad's playhead while it plays (unknown once it ended), the break,
    /// the companion's own resource as the asset, and a new cache-buster and time for each.
    @Test func companionTrackersCarryTheMacrosOfTheMomentTheyFire() async throws {
        try await LoopbackServer.run { server in
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-macros", midpoints: .seconds([30]))
            await harness.load()
            let companion = try #require(harness.event.loadedBanners.first?.companionBanners.first)
            #expect(harness.session.start(.midroll, midpoint: 30) == .accepted)
            harness.clock.advance(by: .seconds(2))
            harness.session.handleCompanionShow(companion)
            harness.clock.runUntilIdle()
            #expect(harness.session.handleCompanionClick(companion) == .accepted)
            let hits = try await harness.trackerHits(server).filter { $0.contains("/companion-") }
            #expect(hits.count == 2)
            let view = try #require(hits.first.flatMap { URLComponents(string: $0) })
            let viewValues = Dictionary(uniqueKeysWithValues: (view.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(view.path == "/track/macros/companion-view")
            #expect(viewValues["bp"] == "2")
            #expect(viewValues["ap"] == "00:00:02.000")
            #expect(viewValues["asset"] == "https://media.example/side.png")
            #expect(viewValues["cb"]?.count == 8 && viewValues["cb"]?.allSatisfy(\.isNumber) == true)
            #expect(hits.first?.contains("asset=https%3A%2F%2Fmedia.example%2Fside.png") == true, "URL-encoded")
            let click = try #require(hits.last.flatMap { URLComponents(string: $0) })
            let clickValues = Dictionary(
                uniqueKeysWithValues: (click.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(click.path == "/track/macros/companion-click")
            #expect(clickValues["cp"] == "00:00:30.000")
            #expect(clickValues["ap"] == "-1", "the ad ended before the click")
            #expect(clickValues["ts"]?.hasSuffix("+00:00") == true && clickValues["ts"]?.contains("T") == true)
            #expect(harness.opener.openedURLs.map(\.absoluteString) == ["https://brand.example/side"])
        }
    }

    @Test func anErrorBeforeAnyBreakReportsThePositionUnknown() async throws {
        try await LoopbackServer.run { server in
            let webmOnly = VASTPlayerCapabilities(mimeTypes: ["video/webm"], screenWidth: 1280, screenHeight: 720)
            let harness = try VASTInstreamPlaybackTests.Harness(
                server, tag: "/vast/vast-macros", capabilities: webmOnly)
            await harness.load()
            #expect(!harness.session.isLoaded)
            #expect(try await harness.trackerHits(server) == ["/track/macros/error?code=403&bp=-1&cp=-1&mp=-1"])
        }
    }

    @Test func theBreakValuesFollowTheSection() {
        #expect(InstreamAdSection.allCases.map(VASTInstreamCustomEvent.breakPosition(of:)) == [1, 2, 4, 3])
        #expect(VASTInstreamCustomEvent.contentPlayhead(of: .midroll, midpoint: nil, contentDuration: 60) == nil)
        #expect(VASTInstreamCustomEvent.contentPlayhead(of: .midroll, midpoint: -5, contentDuration: 60) == nil)
        #expect(VASTInstreamCustomEvent.contentPlayhead(of: .postroll, midpoint: nil, contentDuration: 0) == nil)
        #expect(
            VASTInstreamCustomEvent.contentPlayhead(of: .midroll, midpoint: 12.5, contentDuration: 60)
                == .milliseconds(12_500))
    }
}

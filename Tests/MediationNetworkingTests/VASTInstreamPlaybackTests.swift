import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import Testing

/// `VASTInstreamCustomEvent` played on the simulated player with a manual clock: tags and wrappers served by the
/// loopback server, every tracker fired through the durable pinger and read back from the server's hit log.
@Suite(.serialized) struct VASTInstreamPlaybackTests {
    /// A session over `VASTInstreamCustomEvent` for the tag at `path`, on a manual clock.
    struct Harness {
        let clock = ManualClock()
        let mediationClock: MediationClock
        let pinger: URLSessionTrackerPinger
        let event: VASTInstreamCustomEvent
        let player: SimulatedInstreamAdPlayer
        let opener = RecordingURLOpener()
        let session: InstreamAdSession

        init(
            _ server: LoopbackServer, tag path: String, capabilities: VASTPlayerCapabilities = .standard,
            failing failures: [String: String] = [:], midpoints: InstreamMidpoints = .server,
            pinger injected: URLSessionTrackerPinger? = nil, privacy: PrivacySettings = .unrestricted,
            client: VASTClientInfo = .none, tagQuery: String = ""
        ) throws {
            mediationClock = MediationClock(clock)
            // One delivery at a time: the hit log keeps the order the pings were fired in.
            pinger = try injected ?? URLSessionTrackerPinger(journalDirectory: nil, maxConcurrentDeliveries: 1)
            event = VASTInstreamCustomEvent(
                loader: HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2)), trackerPinger: pinger,
                capabilities: capabilities, policy: VASTWrapperChainTests.patient, client: client)
            player = SimulatedInstreamAdPlayer(
                clock: mediationClock, defaultDuration: .seconds(20),
                failures: Dictionary(uniqueKeysWithValues: failures.map { (server.url($0.key), $0.value) }))
            session = InstreamAdSession(
                customEvent: event, player: player,
                configuration: InstreamAdSessionConfiguration(
                    info: [VASTInstreamCustomEvent.tagURLInfoKey: .string(server.url(path).absoluteString + tagQuery)],
                    midpoints: midpoints, contentDuration: 120, privacy: privacy),
                clock: mediationClock, urlOpener: opener, trackerPinger: pinger)
        }

        /// Loads and waits for the tag's fetches (the manual clock does not move meanwhile).
        func load() async {
            session.load()
            await event.waitUntilLoadFinished()
        }

        /// The tracker paths the server saw, in order, once every ping fired so far is delivered.
        func trackerHits(_ server: LoopbackServer) async throws -> [String] {
            await pinger.waitUntilIdle()
            return try await server.paths(startingWith: "/track/")
        }
    }

    /// Each event's URLs of a pod ad behind the two loopback wrappers: the outer wrapper's, the inner's, the ad's.
    static func merged(_ ad: String, _ event: String) -> [String] {
        ["chain-1", "chain-2", ad].map { "/track/\($0)/\(event)" }
    }

    /// Everything a pod ad played to its end fires, in order: impressions, start, the quartiles (with the ad's own
    /// 10 s progress offset right after the midpoint, due at the same time) and complete.
    static func playedToEnd(_ ad: String) -> [String] {
        merged(ad, "impression") + merged(ad, "start") + merged(ad, "firstQuartile") + merged(ad, "midpoint")
            + ["/track/\(ad)/progress-10s"] + merged(ad, "thirdQuartile") + merged(ad, "complete")
    }

    @Test func aPlayedPodFiresEachTrackerOnceInOrderWithTheWrappersMerged() async throws {
        try await LoopbackServer.run { server in
            let harness = try Harness(server, tag: "/vast/vast-chain-1")
            await harness.load()
            #expect(harness.session.isLoaded)
            #expect(harness.event.loadedBanners.map(\.identifier) == ["pod-a#1", "pod-b#2"])
            harness.session.start(.preroll)
            harness.clock.runUntilIdle()
            let hits = try await harness.trackerHits(server)
            #expect(hits == Self.playedToEnd("pod-a") + Self.playedToEnd("pod-b"))
            for path in Set(hits) {
                // A wrapper's trackers belong to every ad it leads to (both pod ads); an ad's own fire once.
                let expected = path.contains("/chain-") ? 2 : 1
                #expect(hits.filter { $0 == path }.count == expected, "\(path)")
            }
            let events = harness.session.reportedEvents
            let started = events.compactMap {
                if case .bannerStarted(let banner) = $0 { banner.identifier } else { nil }
            }
            #expect(started == ["pod-a#1", "pod-b#2"], "banners per pod ad, in sequence order")
            #expect(events.last == .sectionCompleted(.preroll))
            #expect(
                harness.player.calls == [
                    "play(\(server.url("/file/pod-a.mp4")))", "play(\(server.url("/file/pod-b.mp4")))",
                ])
        }
    }

    @Test func skippingAfterTheOffsetFiresSkipAndPlaysTheNextAd() async throws {
        try await LoopbackServer.run { server in
            let harness = try Harness(server, tag: "/vast/vast-chain-1")
            await harness.load()
            harness.session.start(.preroll)
            harness.clock.advance(by: .seconds(2))
            guard case .refused = harness.session.skipBanner() else {
                Issue.record("a skip 2 s in must be refused: skipoffset is 5 s")
                return
            }
            #expect(harness.session.handleClick() == .accepted)
            harness.clock.advance(by: .seconds(4))
            #expect(harness.session.skipBanner() == .accepted)
            harness.clock.runUntilIdle()
            let hits = try await harness.trackerHits(server)
            let podA =
                Self.merged("pod-a", "impression") + Self.merged("pod-a", "start") + Self.merged("pod-a", "click")
                + Self.merged("pod-a", "firstQuartile") + ["/track/pod-a/skip"]
            #expect(hits == podA + Self.playedToEnd("pod-b"))
            #expect(harness.opener.openedURLs == [URL(string: "https://brand.example/pod-a")!], "ClickThrough opened")
        }
    }

    @Test func aProgressOffsetFiresOnceWhenCrossedAcrossAPause() async throws {
        try await LoopbackServer.run { server in
            let harness = try Harness(server, tag: "/vast/vast-inline")
            await harness.load()
            harness.session.start(.preroll)
            harness.clock.advance(by: .milliseconds(9_900))
            #expect(try await harness.trackerHits(server).contains("/track/inline/progress-10s") == false)
            #expect(harness.session.pause() == .accepted)
            harness.clock.advance(by: .seconds(30))
            #expect(try await harness.trackerHits(server).contains("/track/inline/progress-10s") == false)
            #expect(harness.session.resume() == .accepted)
            harness.clock.advance(by: .milliseconds(100))
            #expect(try await harness.trackerHits(server).filter { $0 == "/track/inline/progress-10s" }.count == 1)
            harness.clock.runUntilIdle()
            let hits = try await harness.trackerHits(server)
            #expect(
                hits == [
                    "/track/inline/impression", "/track/inline/start", "/track/inline/firstQuartile",
                    "/track/inline/midpoint", "/track/inline/progress-10s", "/track/inline/thirdQuartile",
                    "/track/inline/complete",
                ])
        }
    }

    @Test func noPlayableMediaFailsTheLoadAndFiresErrorWith403() async throws {
        try await LoopbackServer.run { server in
            let webmOnly = VASTPlayerCapabilities(mimeTypes: ["video/webm"], screenWidth: 1280, screenHeight: 720)
            let harness = try Harness(server, tag: "/vast/vast-inline", capabilities: webmOnly)
            await harness.load()
            #expect(!harness.session.isLoaded)
            guard case .noAd(let reason)? = harness.session.reportedEvents.last else {
                Issue.record("expected no ad, got \(harness.session.reportedEvents)")
                return
            }
            #expect(reason.contains("403") || harness.event.loadFailureReason?.contains("403") == true)
            #expect(harness.event.loadFailureReason?.contains("403") == true)
            #expect(try await harness.trackerHits(server) == ["/track/inline/error?code=403"])
        }
    }

    @Test func aPlayerFailureFiresErrorWith405AndEndsTheSection() async throws {
        try await LoopbackServer.run { server in
            let harness = try Harness(server, tag: "/vast/vast-inline", failing: ["/file/inline.mp4": "decoder error"])
            await harness.load()
            harness.session.start(.preroll)
            harness.clock.runUntilIdle()
            #expect(try await harness.trackerHits(server) == ["/track/inline/error?code=405"])
            let events = harness.session.reportedEvents
            #expect(
                events.contains { if case .error(let reason) = $0 { reason.contains("decoder error") } else { false } })
            #expect(events.last == .sectionCompleted(.preroll))
        }
    }
}

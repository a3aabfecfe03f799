import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import Testing

/// A VAST line in an in-stream waterfall, and video bids whose `adm` is VAST in the unified auction.
@Suite(.serialized) struct VASTInstreamMediationTests {
    /// A mediator whose registry holds `VASTInstreamCustomEvent` (every instance kept, to wait for its fetches)
    /// and a house network with no ad, and a session over `response`.
    /// The custom events a harness's factory made, in a class so that the factory can hold them weakly.
    final class CreatedEvents: Sendable {
        let list = Locked<[VASTInstreamCustomEvent]>([])
    }

    final class Harness: Sendable {
        let clock = ManualClock()
        let mediationClock: MediationClock
        let notices = RecordingTrackerPinger()
        let vastPings = RecordingTrackerPinger()
        let events = CreatedEvents()
        let player: SimulatedInstreamAdPlayer
        let session: InstreamAdSession
        let source: MediatedInstreamCustomEvent
        let mediator: Mediator

        init(_ response: AdResponse) throws {
            mediationClock = MediationClock(clock)
            var registry = MediationRegistry()
            try registry.registerInstreamCustomEvent("HouseInstream") {
                SimulatedInstreamCustomEvent(script: InstreamSimulationScript(outcome: .noAd(reason: "no house ads")))
            }
            let loader = HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2))
            // `events` is held weakly: each event holds its line's relay, which holds the run and so the registry
            // and this factory; a strong capture would keep the whole mediator alive after the test.
            try registry.registerInstreamCustomEvent(VASTInstreamCustomEvent.identifier) { [weak events, vastPings] in
                let event = VASTInstreamCustomEvent(
                    loader: loader, trackerPinger: vastPings, policy: VASTWrapperChainTests.patient)
                events?.list.withLock { $0.append(event) }
                return event
            }
            mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    clock: mediationClock, trackerPinger: notices, imagePrecacher: NoImagePrecaching()))
            player = SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(20))
            source = MediatedInstreamCustomEvent(mediator: mediator, response: response)
            session = InstreamAdSession(
                customEvent: source, player: player,
                configuration: InstreamAdSessionConfiguration(
                    info: [:], contentDuration: 120, privacy: mediator.privacy),
                clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: vastPings)
        }

        /// Loads, moving the clock past the house network's latency, and waits for every VAST line's fetches.
        func load() async {
            session.load()
            clock.advance(by: .seconds(1))
            var waited = 0
            while !session.isLoaded, waited < events.list.current.count {
                await events.list.current[waited].waitUntilLoadFinished()
                waited += 1
            }
        }
    }

    /// An InLine VAST document with one linear ad `id`, its trackers on track.example.
    static func inlineVAST(_ id: String) -> String {
        """
        <VAST version="4.2"><Ad id="\(id)"><InLine><AdSystem>Bidder</AdSystem><AdTitle>\(id)</AdTitle>
        <Impression>https://track.example/\(id)/impression</Impression>
        <Creatives><Creative><Linear><Duration>00:00:08</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://media.example/\(id).mp4</MediaFile></MediaFiles>
        <TrackingEvents><Tracking event="start">https://track.example/\(id)/start</Tracking>
        <Tracking event="complete">https://track.example/\(id)/complete</Tracking></TrackingEvents>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """
    }

    /// A video bid at `price` whose `adm` is `markup`, with win and loss notices on track.example.
    static func vastBid(_ id: String, price: Double, markup: String) throws -> WaterfallLine {
        var line = WaterfallLine(
            customEventIdentifier: VASTInstreamCustomEvent.identifier, adMarkup: markup, price: price)
        line.bid = AuctionBid(
            bidID: id, auctionID: "video-auction",
            winURLs: [try AuctionNoticeTemplate("https://track.example/win/\(id)?price=${AUCTION_PRICE}")],
            lossURLs: [try AuctionNoticeTemplate("https://track.example/loss/\(id)?reason=${AUCTION_LOSS}")],
            billingURLs: [try AuctionNoticeTemplate("https://track.example/bill/\(id)")])
        return line
    }

    @Test func aVASTLineAfterANoFillLineWinsAndPlays() async throws {
        try await LoopbackServer.run { server in
            let harness = try Harness(
                AdResponse(lines: [
                    WaterfallLine(customEventIdentifier: "HouseInstream", timeout: .seconds(3)),
                    WaterfallLine(
                        customEventIdentifier: VASTInstreamCustomEvent.identifier,
                        info: [
                            VASTInstreamCustomEvent.tagURLInfoKey: .string(
                                server.url("/vast/vast-inline").absoluteString)
                        ]),
                ]))
            await harness.load()
            #expect(harness.session.isLoaded)
            #expect(harness.source.trace?.results == [.noFill, .loaded])
            harness.session.start(.preroll)
            harness.clock.runUntilIdle()
            #expect(
                harness.vastPings.pinged.map(\.path) == [
                    "/track/inline/impression", "/track/inline/start", "/track/inline/firstQuartile",
                    "/track/inline/midpoint", "/track/inline/progress-10s", "/track/inline/thirdQuartile",
                    "/track/inline/complete",
                ])
            #expect(harness.session.reportedEvents.last == .sectionCompleted(.preroll))
        }
    }

    /// The tag and each wrapper hop a VAST line fetched are the run's trace `requests`, as the server saw them and
    /// with the consent string redacted, and the inspector shows one row per request.
    @Test func theTagAndWrapperRequestsAVASTLineSentAreInTheTraceAndTheInspector() async throws {
        try await LoopbackServer.run { server in
            let tag =
                server.url("/vast/vast-privacy-wrapper").absoluteString + "?consent={GDPR_CONSENT}&cb=[CACHEBUSTING]"
            let harness = try Harness(
                AdResponse(lines: [
                    WaterfallLine(
                        customEventIdentifier: VASTInstreamCustomEvent.identifier,
                        info: [VASTInstreamCustomEvent.tagURLInfoKey: .string(tag)])
                ]))
            await harness.load()
            #expect(harness.session.isLoaded)
            let served = try await server.paths(startingWith: "/vast/")
            #expect(served.count == 2, "the tag and one wrapper hop: \(served)")
            let result = try #require(harness.source.result)
            let trace = result.trace
            #expect(trace.requests.map(\.kind) == [.vastRequest, .vastRequest])
            #expect(trace.requests.map(\.method) == ["GET", "GET"])
            #expect(trace.requests.allSatisfy { $0.outcome == "sent by \(VASTInstreamCustomEvent.identifier)" })
            // The URLs as sent, in order: the server's, with the consent and device ID values redacted.
            let recorded = trace.requests.compactMap { URLComponents(string: $0.url) }
            let sent = served.compactMap { URLComponents(string: $0) }
            #expect(recorded.map(\.path) == sent.map(\.path))
            for (record, request) in zip(recorded, sent) {
                let items = request.queryItems ?? []
                let redacted = items.map { item in
                    ["consent", "ifa"].contains(item.name) ? URLQueryItem(name: item.name, value: "REDACTED") : item
                }
                #expect(record.queryItems == redacted, "\(record) as \(request)")
            }
            let page = MediationInspector.htmlPage(
                for: MediationInspection(instream: result, mediator: harness.mediator))
            #expect(page.components(separatedBy: "VAST request").count - 1 == 2, "one row per request")
        }
    }

    @Test func videoBidsRunInTheAuctionAndHearTheirNotices() async throws {
        // The highest bid's markup is not VAST: it fails with invalid_bid_markup and loses with reason 3; the next
        // bid wins over a waterfall line priced below it; the lowest bid loses to it (102).
        let harness = try Harness(
            AdResponse(lines: [
                WaterfallLine(customEventIdentifier: "HouseInstream", price: 1),
                try Self.vastBid("low", price: 2, markup: Self.inlineVAST("low")),
                try Self.vastBid("broken", price: 9, markup: "{\"not\": \"vast\"}"),
                try Self.vastBid("high", price: 6, markup: Self.inlineVAST("high")),
            ]))
        await harness.load()
        #expect(harness.session.isLoaded)
        let trace = try #require(harness.source.trace)
        let broken = try #require(trace.entries.first)
        #expect(broken.errorCode == "invalid_bid_markup")
        #expect(broken.detail?.contains("VAST 100") == true, "the problem is named: \(broken.detail ?? "")")
        let notices = harness.notices.pinged.map(\.absoluteString)
        let wins = notices.filter { $0.contains("/win/") }
        #expect(wins.count == 1 && wins.allSatisfy { $0.hasPrefix("https://track.example/win/high?price=6") })
        #expect(
            Set(notices.filter { $0.contains("/loss/") }) == [
                "https://track.example/loss/broken?reason=3", "https://track.example/loss/low?reason=102",
            ])
        #expect(notices.count == 3, "each bid hears once: \(notices)")
        #expect(!notices.contains { $0.contains("/bill/") }, "billing waits for the first impression")
        harness.session.start(.preroll)
        harness.clock.runUntilIdle()
        let billing = harness.notices.pings.filter { $0.event == .billing }.map(\.url.absoluteString)
        #expect(billing == ["https://track.example/bill/high"], "the winner's billing notice, once")
        #expect(
            harness.vastPings.pinged.map(\.path) == ["/high/impression", "/high/start", "/high/complete"],
            "the winner's VAST plays")
        #expect(harness.player.calls.first == "play(https://media.example/high.mp4)")
    }

    /// The revenue events of `events`, in order.
    static func revenues(_ events: [InstreamAdEvent]) -> [AdRevenue] {
        events.compactMap { if case .revenueRecorded(let revenue) = $0 { revenue } else { nil } }
    }

    /// A winning video bid's price is one impression's precise revenue, reported once right after its first
    /// banner starts (with its billing notice), even when its VAST is a two-ad pod.
    @Test func aWinningVASTBidReportsItsPriceAsPreciseRevenueOnceAtItsFirstBanner() async throws {
        try await LoopbackServer.run { server in
            let markup = try String(
                contentsOf: server.url("/vast/vast-chain-pod"), encoding: .utf8)
            let harness = try Harness(
                AdResponse(lines: [
                    WaterfallLine(customEventIdentifier: "HouseInstream", price: 1),
                    try Self.vastBid("pod", price: 4.5, markup: markup),
                ]))
            await harness.load()
            #expect(harness.session.isLoaded)
            #expect(Self.revenues(harness.session.reportedEvents).isEmpty, "no revenue before an impression")
            harness.session.start(.preroll)
            harness.clock.runUntilIdle()
            let events = harness.session.reportedEvents
            #expect(events.filter { if case .bannerStarted = $0 { true } else { false } }.count == 2)
            let revenues = Self.revenues(events)
            #expect(revenues.count == 1, "one bid, one billed impression: \(revenues)")
            let revenue = try #require(revenues.first)
            #expect(revenue.value == Decimal(string: "0.0045") && revenue.currencyCode == "USD")
            #expect(revenue.precision == .precise)
            #expect(revenue.networkName == VASTInstreamCustomEvent.identifier)
            let firstStart = try #require(events.firstIndex { if case .bannerStarted = $0 { true } else { false } })
            #expect(events[firstStart + 1] == .revenueRecorded(revenue), "right after the first banner starts")
            #expect(harness.notices.pings.filter { $0.event == .billing }.count == 1)
        }
    }

    /// A priced waterfall line (not a bid) reports its eCPM as estimated revenue at each banner it plays; a
    /// line without a price reports none.
    @Test func aPricedVASTWaterfallLineReportsEstimatedRevenueAtEachBanner() async throws {
        try await LoopbackServer.run { server in
            for price in [2.0, nil] {
                var line = WaterfallLine(
                    customEventIdentifier: VASTInstreamCustomEvent.identifier,
                    info: [
                        VASTInstreamCustomEvent.tagURLInfoKey: .string(server.url("/vast/vast-chain-1").absoluteString)
                    ], price: price)
                line.currencyCode = "EUR"
                let harness = try Harness(AdResponse(lines: [line]))
                await harness.load()
                harness.session.start(.preroll)
                harness.clock.runUntilIdle()
                let revenues = Self.revenues(harness.session.reportedEvents)
                if price == nil {
                    #expect(revenues.isEmpty)
                } else {
                    #expect(revenues.count == 2, "one estimate per banner: \(revenues)")
                    #expect(revenues.allSatisfy { $0.value == Decimal(string: "0.002") && $0.currencyCode == "EUR" })
                    #expect(revenues.allSatisfy { $0.precision == .estimated })
                }
            }
        }
    }

    @Test func companionsReachTheHostAndTheirTrackersFireOnceThroughTheCompanionAPI() async throws {
        let markup = Self.inlineVAST("comp").replacingOccurrences(
            of: "</Creatives>",
            with: """
                <Creative><CompanionAds><Companion id="side" width="300" height="250">
                <StaticResource creativeType="image/png">https://media.example/side.png</StaticResource>
                <TrackingEvents><Tracking event="creativeView">https://track.example/comp/companion-view</Tracking></TrackingEvents>
                <CompanionClickThrough>https://brand.example/side</CompanionClickThrough>
                <CompanionClickTracking>https://track.example/comp/companion-click</CompanionClickTracking>
                </Companion></CompanionAds></Creative></Creatives>
                """)
        let harness = try Harness(
            AdResponse(lines: [
                WaterfallLine(customEventIdentifier: VASTInstreamCustomEvent.identifier, adMarkup: markup)
            ]))
        await harness.load()
        harness.session.start(.preroll)
        let banner = try #require(harness.session.currentBanner)
        let companion = try #require(banner.companionBanners.first)
        #expect(companion.identifier == "side" && companion.width == 300 && companion.height == 250)
        #expect(companion.staticResourceURL?.absoluteString == "https://media.example/side.png")
        harness.session.handleCompanionShow(companion)
        harness.session.handleCompanionShow(companion)
        _ = harness.session.handleCompanionClick(companion)
        _ = harness.session.handleCompanionClick(companion)
        harness.clock.runUntilIdle()
        let companionPings = harness.vastPings.pinged.map(\.path).filter { $0.contains("companion") }
        #expect(companionPings == ["/comp/companion-view", "/comp/companion-click"])
    }

    @Test func aLineWithNeitherMarkupNorTagReportsNoAdNamingTheKey() async throws {
        let harness = try Harness(
            AdResponse(lines: [WaterfallLine(customEventIdentifier: VASTInstreamCustomEvent.identifier)]))
        await harness.load()
        #expect(!harness.session.isLoaded)
        #expect(harness.source.trace?.entries.first?.errorCode == "missing_required_info")
        #expect(harness.events.list.current.first?.loadFailureReason?.contains("vastTagURL") == true)
    }

    @Test func aVASTBidWithoutMarkupSupportWouldLoseButTheVASTEventDeclaresIt() {
        let event = VASTInstreamCustomEvent(
            loader: HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 1)),
            trackerPinger: RecordingTrackerPinger())
        #expect(event.supportsBidding)
        #expect(SimulatedInstreamCustomEvent(script: InstreamSimulationScript()).supportsBidding == false)
    }
}

import Foundation
import MediationCore
import MediationTesting
import Testing

/// The feed placer: positions from first/interval rules, mapping both ways, inserts and deletes, and filling from
/// the cache as slots come near the visible range.
@Suite struct FeedAdPlacerTests {
    /// A placer over a cache that keeps `ready` ads of `feed` ready at once.
    private static func placer(
        _ positioning: FeedAdPositioning, ready: Int = 10, latency: Int64 = 0, lookahead: Int = 4
    ) throws -> (FeedAdPlacer, ReadyAdCache, WaterfallHarness) {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("a", after: latency)])
        let cache = try ReadyAdCache(
            mediator: mediator,
            source: StaticReadyAdResponseSource(
                response: AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")])), capacity: 10)
        try cache.setDemand(ReadyAdDemand(adUnitID: "feed", count: ready))
        let placer = try FeedAdPlacer(cache: cache, adUnitID: "feed", positioning: positioning, lookahead: lookahead)
        return (placer, cache, harness)
    }

    @Test func positionsFollowTheFirstPositionAndTheInterval() throws {
        let maxStyle = try FeedAdPositioning(fixedPositions: [1], repeatingInterval: 5)
        #expect((0..<4).compactMap(maxStyle.position(ofAd:)) == [1, 6, 11, 16])
        let intervalOnly = try FeedAdPositioning(repeatingInterval: 4)
        #expect((0..<3).compactMap(intervalOnly.position(ofAd:)) == [3, 7, 11], "MoPub's: from interval - 1")
        let fixedOnly = try FeedAdPositioning(fixedPositions: [5, 2], maximumAdCount: 256)
        #expect((0..<3).compactMap(fixedOnly.position(ofAd:)) == [2, 5])
        let capped = try FeedAdPositioning(fixedPositions: [0], repeatingInterval: 2, maximumAdCount: 2)
        #expect((0..<5).compactMap(capped.position(ofAd:)) == [0, 2])
    }

    @Test func refusesRulesThatCannotWork() {
        #expect(throws: MediationError.self) { try FeedAdPositioning(repeatingInterval: 1) }
        #expect(throws: MediationError.self) { try FeedAdPositioning(fixedPositions: [3, 4]) }
        #expect(throws: MediationError.self) { try FeedAdPositioning(fixedPositions: [-1]) }
        #expect(throws: MediationError.self) { try FeedAdPositioning() }
    }

    @Test func readsMoPubsServerPositioning() throws {
        let json = #"{"fixed": [{"position": 2}, {"section": 1, "position": 0}], "repeating": {"interval": 6}}"#
        let positioning = try FeedAdPositioning(serverJSON: Data(json.utf8))
        #expect(positioning.fixedPositions == [2])
        #expect(positioning.repeatingInterval == 6)
        do {
            _ = try FeedAdPositioning(serverJSON: Data(#"{"fixed": [{"position": "2"}]}"#.utf8))
            Issue.record("a string position was accepted")
        } catch {
            #expect(error == .invalidConfiguration(path: "$.fixed[0].position", reason: "expected an integer"))
        }
    }

    @Test func placesAdsAtTheRulesPositionsAsTheyComeIntoView() throws {
        let (placer, _, _) = try Self.placer(try FeedAdPositioning(fixedPositions: [1], repeatingInterval: 5))
        placer.setContentCount(20)
        #expect(placer.adFeedIndices.isEmpty, "no ad before the host says what is visible")
        #expect(placer.openSlotFeedIndices.prefix(3) == [1, 5, 9], "slots as they would be, before any ad is in")
        let inserted = placer.updateVisibleRange(0..<4)
        #expect(inserted == [1, 6], "the visible rows and 4 more")
        #expect(placer.adFeedIndices == [1, 6])
        #expect(placer.feedCount == 22)
        #expect(placer.updateVisibleRange(4..<10) == [11])
        #expect(
            placer.adIndexPaths == [
                IndexPath(indexes: [0, 1]), IndexPath(indexes: [0, 6]), IndexPath(indexes: [0, 11]),
            ])
        #expect(placer.isAd(atFeedIndex: 6))
        #expect(placer.ad(atFeedIndex: 6) != nil)
        #expect(placer.ad(atFeedIndex: 7) == nil)
    }

    @Test func mapsContentToFeedAndBack() throws {
        let (placer, _, _) = try Self.placer(try FeedAdPositioning(fixedPositions: [1], repeatingInterval: 5))
        placer.setContentCount(12)
        placer.updateVisibleRange(0..<12)
        #expect(placer.adFeedIndices == [1, 6, 11])
        let feed = (0..<12).map(placer.feedIndex(forContentIndex:))
        #expect(feed == [0, 2, 3, 4, 5, 7, 8, 9, 10, 12, 13, 14])
        for (content, index) in feed.enumerated() {
            #expect(placer.contentIndex(forFeedIndex: index) == content)
        }
        #expect(placer.contentIndex(forFeedIndex: 6) == nil)
        #expect(placer.contentIndex(forFeedIndex: 15) == nil, "past the end")
        #expect(placer.feedIndexPath(forContentIndexPath: IndexPath(indexes: [0, 5])) == IndexPath(indexes: [0, 7]))
        #expect(placer.contentIndexPath(forFeedIndexPath: IndexPath(indexes: [0, 7])) == IndexPath(indexes: [0, 5]))
    }

    @Test func noAdTrailsTheFeed() throws {
        let (placer, _, _) = try Self.placer(try FeedAdPositioning(repeatingInterval: 3))
        placer.setContentCount(4)
        placer.updateVisibleRange(0..<10)
        #expect(placer.adFeedIndices == [2], "the slot at content 4 would have nothing after it")
        placer.setContentCount(8)
        placer.updateVisibleRange(0..<12)
        #expect(placer.adFeedIndices == [2, 5, 8])
    }

    @Test func insertsMoveAdsWithTheirContent() throws {
        let (placer, _, _) = try Self.placer(try FeedAdPositioning(fixedPositions: [1], repeatingInterval: 5))
        placer.setContentCount(10)
        placer.updateVisibleRange(0..<5)
        #expect(placer.adFeedIndices == [1, 6])
        #expect(placer.insertContent(at: 0) == 0)
        #expect(placer.adFeedIndices == [2, 7], "a new first item pushes every ad down")
        #expect(placer.insertContent(at: 3) == 4)
        #expect(placer.adFeedIndices == [2, 8])
        #expect(placer.insertContent(at: 12) == 14, "an append")
        #expect(placer.contentCount == 13)
        #expect(placer.contentIndex(forFeedIndex: 14) == 12)
    }

    @Test func deletesMoveAdsUpAndNeverLeaveTwoSideBySideOrOneAtTheEnd() throws {
        let (placer, _, _) = try Self.placer(try FeedAdPositioning(fixedPositions: [1], repeatingInterval: 3))
        placer.setContentCount(8)
        placer.updateVisibleRange(0..<12)
        #expect(placer.adFeedIndices == [1, 4, 7, 10], "an ad after the first item, then after every second")
        #expect(placer.deleteContent(at: 0) == [0])
        #expect(placer.adFeedIndices == [0, 3, 6, 9])
        #expect(placer.deleteContent(at: 1) == [2])
        #expect(placer.adFeedIndices == [0, 2, 5, 8])
        // Content 0 stands between the ads at feed 0 and 2: without it they would touch, so the later one goes.
        #expect(placer.deleteContent(at: 0) == [1, 2])
        #expect(placer.adFeedIndices == [0, 3, 6])
        #expect(placer.feedCount == 5 + 3)
        // Without its last item, the feed would end with an ad: it goes too.
        #expect(placer.deleteContent(at: 4) == [6, 7])
        #expect(placer.adFeedIndices == [0, 3])
        for index in 0..<placer.feedCount - 1 {
            #expect(!(placer.isAd(atFeedIndex: index) && placer.isAd(atFeedIndex: index + 1)))
        }
        #expect(placer.deleteContent(at: 99).isEmpty)
    }

    @Test func aSlotTheCacheCannotFillIsAskedAgain() throws {
        let (placer, cache, harness) = try Self.placer(
            try FeedAdPositioning(repeatingInterval: 3), ready: 1, latency: 100)
        placer.setContentCount(9)
        #expect(placer.updateVisibleRange(0..<3).isEmpty, "nothing ready yet")
        harness.clock.advance(by: .milliseconds(100))
        #expect(placer.updateVisibleRange(0..<3) == [2])
        #expect(cache.readyCount(forAdUnit: "feed") == 0, "the slot at feed 5 waits for the refill")
        harness.clock.advance(by: .milliseconds(100))
        #expect(placer.updateVisibleRange(0..<6) == [5])
        harness.clock.advance(by: .milliseconds(100))
        #expect(placer.updateVisibleRange(6..<8) == [8])
    }
}

import Foundation
import MediationCore
import MediationTesting
import Testing

/// Caps across a simulated relaunch: a store writes its impressions to a temporary directory, and a new store on the
/// same directory (a new launch: a new clock, a later date) counts them. The host's caps, the ad server's, a file
/// that is damaged, too large or dated in the future, and the bound on what is kept.
@Suite struct FrequencyCapRelaunchTests {
    private static let feed = "feed"

    private static func response(_ lines: [WaterfallLine]) -> AdResponse {
        AdResponse(lines: lines, adUnitID: feed)
    }

    @Test func theHostsAdUnitCapSurvivesARelaunch() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = FrequencyCapRules(adUnits: [Self.feed: try CappingFixture.hourly(2)])

        // First launch: two loads, two impressions; the third load is refused before any line.
        let first = WaterfallHarness()
        let firstStore = CappingFixture.store(first, directory: directory, rules: rules)
        let firstMediator = try CappingFixture.mediator(first, ["A": Fixture.fill("a")], caps: firstStore)
        for _ in 0..<2 {
            let ad = try #require(CappingFixture.run(firstMediator, Self.response([CappingFixture.line("A")]))?.ad)
            #expect(firstStore.impressionCount(.adUnit, key: Self.feed, within: .seconds(3_600)) < 2)
            ad.recordImpression()
            ad.recordImpression()
            first.clock.advance(by: .seconds(60))
        }
        #expect(firstStore.impressionCount(.adUnit, key: Self.feed, within: .seconds(3_600)) == 2, "once per ad")
        let refused = try #require(CappingFixture.run(firstMediator, Self.response([CappingFixture.line("A")])))
        #expect(
            refused.error
                == .frequencyCapped(
                    cap: "ad unit feed: 2 impressions per 1h (set by the host)",
                    freesIn: .seconds(3_480)))
        #expect(first.events("A").count == 2, "the refused load made no custom event")
        #expect(firstStore.lastSaveError == nil)
        let written = try CappingFixture.file(firstStore)
        #expect(written["format"] as? Int == 1)
        #expect((written["impressions"] as? [[String: Any]])?.count == 2)

        // Relaunch ten minutes later: a new clock, a new store on the same directory, a new mediator.
        let second = WaterfallHarness()
        let secondStore = CappingFixture.store(
            second, directory: directory, rules: rules, date: CappingFixture.date.addingTimeInterval(600))
        #expect(secondStore.loadError == nil)
        #expect(secondStore.storedImpressionCount == 2)
        let secondMediator = try CappingFixture.mediator(second, ["A": Fixture.fill("a")], caps: secondStore)
        let stillRefused = try #require(CappingFixture.run(secondMediator, Self.response([CappingFixture.line("A")])))
        #expect(stillRefused.trace.outcome == "frequency_capped")
        let record = try #require(stillRefused.trace.frequencyCaps.first)
        #expect(record.line == nil)
        #expect(record.refusal.scope == .adUnit && record.refusal.origin == .host && record.refusal.impressions == 2)
        // The first impression was at 0 s of the first launch: it leaves the hour at 3,600 s, 600 s in.
        #expect(record.refusal.freesIn == .seconds(3_000))
        #expect(second.events("A").isEmpty)
        #expect(secondStore.refusal(forAdUnit: Self.feed)?.reason == .frequencyCapped)

        second.clock.advance(by: .seconds(3_000))
        #expect(secondStore.refusal(forAdUnit: Self.feed) == nil)
        let loaded = try #require(CappingFixture.run(secondMediator, Self.response([CappingFixture.line("A")])))
        #expect(Fixture.title(loaded) == "a")
    }

    @Test func aServerSetCapSurvivesARelaunch() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = Data(
            """
            {"x-ad-unit-id": "feed", "ad-responses": [
              {"metadata": {"x-custom-event-class-name": "House", "x-network-name": "House",
                "x-frequency-cap": {"max_impressions": 1, "window_ms": 3600000, "key": "campaign-7"}}},
              {"metadata": {"x-custom-event-class-name": "Google", "x-network-name": "Google"}}
            ]}
            """.utf8)
        let response = try AdResponse.parse(json: json)
        let scripts = ["House": Fixture.fill("house"), "Google": Fixture.fill("google")]

        let first = WaterfallHarness()
        let firstStore = CappingFixture.store(first, directory: directory)
        let firstMediator = try CappingFixture.mediator(first, scripts, caps: firstStore)
        let shown = try #require(CappingFixture.run(firstMediator, response))
        #expect(Fixture.title(shown) == "house")
        shown.ad?.recordImpression()
        #expect(firstStore.impressionCount(.line, key: "campaign-7", within: .seconds(3_600)) == 1)

        // Relaunch five minutes later: the server's cap on the House line is counted from the file.
        let second = WaterfallHarness()
        let secondStore = CappingFixture.store(
            second, directory: directory, date: CappingFixture.date.addingTimeInterval(300))
        let secondMediator = try CappingFixture.mediator(second, scripts, caps: secondStore)
        let capped = try #require(CappingFixture.run(secondMediator, response))
        #expect(Fixture.title(capped) == "google", "the waterfall went on to the next line")
        let skipped = try #require(capped.trace.entries.first)
        #expect(skipped.result == .skipped && skipped.errorCode == "frequency_capped")
        #expect(skipped.detail?.contains("line campaign-7: 1 impression per 1h (set by the ad server)") == true)
        #expect(second.events("House").isEmpty, "a capped line makes no custom event")
        let record = try #require(capped.trace.frequencyCaps.first)
        #expect(record.line == 0 && !record.afterLoad)
        #expect(record.refusal.scope == .line && record.refusal.key == "campaign-7")
        #expect(record.refusal.origin == .adServer && record.refusal.freesIn == .seconds(3_300))

        second.clock.advance(by: .seconds(3_300))
        #expect(Fixture.title(CappingFixture.run(secondMediator, response)) == "house", "the hour has passed")
    }

    @Test func aServerSetPacingWithoutAKeyCountsTheNetworkInItsAdUnit() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let paced = try FrequencyCap(minimumInterval: .seconds(90))
        let response = Self.response([
            CappingFixture.line("House", network: "House", cap: paced),
            CappingFixture.line("Google", network: "Google"),
        ])
        let scripts = ["House": Fixture.fill("house"), "Google": Fixture.fill("google")]
        let first = WaterfallHarness()
        let firstMediator = try CappingFixture.mediator(
            first, scripts, caps: CappingFixture.store(first, directory: directory))
        CappingFixture.run(firstMediator, response)?.ad?.recordImpression()

        let second = WaterfallHarness()
        let secondMediator = try CappingFixture.mediator(
            second, scripts,
            caps: CappingFixture.store(second, directory: directory, date: CappingFixture.date.addingTimeInterval(30)))
        let result = try #require(CappingFixture.run(secondMediator, response))
        #expect(Fixture.title(result) == "google")
        let refusal = try #require(result.trace.frequencyCaps.first?.refusal)
        #expect(refusal.reason == .paced && refusal.key == "House in feed" && refusal.freesIn == .seconds(60))
        #expect(result.trace.entries.first?.errorCode == "paced")
        // The same network in another ad unit is not paced by it.
        var elsewhere = response
        elsewhere.adUnitID = "article"
        #expect(Fixture.title(CappingFixture.run(secondMediator, elsewhere)) == "house")
    }

    @Test func aDamagedFileIsAClearErrorTheStoreStartsEmptyAndTheNextImpressionReplacesIt() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(FrequencyCapStore.fileName)
        try Data("{\"format\": 1, \"impressions\": [".utf8).write(to: file)

        let harness = WaterfallHarness()
        let rules = FrequencyCapRules(networks: ["A": try CappingFixture.hourly(1)])
        let store = CappingFixture.store(harness, directory: directory, rules: rules)
        let error = try #require(store.loadError)
        #expect(error.path == file.path)
        #expect(error.reason.hasPrefix("$"), "names where the document broke: \(error.reason)")
        #expect(error.reason.contains("not JSON"))
        #expect(store.storedImpressionCount == 0)
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        #expect(harness.logger.entries.contains { $0.level == .warning && $0.message.contains("frequency cap store") })

        CappingFixture.run(mediator, Self.response([CappingFixture.line("A")]))?.ad?.recordImpression()
        let reread = CappingFixture.store(WaterfallHarness(), directory: directory, rules: rules)
        #expect(reread.loadError == nil)
        #expect(reread.storedImpressionCount == 1)
    }

    @Test func aBadValueInTheFileNamesItsJSONPath() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(String, String)] = [
            (
                #"{"format":1,"impressions":[{"at":1800000000000,"network":"A"},{"at":"soon","network":"A"}]}"#,
                "$.impressions[1].at: expected a whole number of milliseconds since 1970, got \"soon\""
            ),
            (#"{"format":1,"impressions":[{"at":1800000000000}]}"#, "$.impressions[0].network"),
            (#"{"format":1,"impressions":[{"at":1,"network":"A","creative":7}]}"#, "$.impressions[0].creative"),
            (#"{"format":2,"impressions":[]}"#, "$.format"),
            (#"{"format":1}"#, "$.impressions"),
            (#"[1, 2]"#, "$: expected an object"),
        ]
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (text, expected) in cases {
            try Data(text.utf8).write(to: directory.appendingPathComponent(FrequencyCapStore.fileName))
            let store = CappingFixture.store(WaterfallHarness(), directory: directory)
            #expect(
                store.loadError?.reason.contains(expected) == true, "\(text): \(String(describing: store.loadError))")
            #expect(store.storedImpressionCount == 0)
        }
    }

    @Test func aFileOverTheLimitIsRefusedWithoutBeingReadWhole() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(FrequencyCapStore.fileName)
        try Data(repeating: UInt8(ascii: " "), count: FrequencyCapStore.maximumFileBytes + 4_096).write(to: file)
        let store = CappingFixture.store(WaterfallHarness(), directory: directory)
        #expect(store.loadError?.reason == "more than the 262144 bytes the file may hold")
        #expect(store.storedImpressionCount == 0)
    }

    @Test func theFileKeepsTheNewestImpressionsWithinItsBoundsAndLongNamesCountTheSame() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let longNetwork = String(repeating: "n", count: 70) + "-\u{202E}-" + String(repeating: "x", count: 130)
        let rules = FrequencyCapRules(networks: [longNetwork: try CappingFixture.hourly(100)])
        let harness = WaterfallHarness()
        let store = CappingFixture.store(harness, directory: directory, rules: rules, maximumImpressions: 10)
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        for _ in 0..<25 {
            CappingFixture.run(mediator, Self.response([CappingFixture.line("A", network: longNetwork)]))?.ad?
                .recordImpression()
            harness.clock.advance(by: .seconds(1))
        }
        #expect(store.storedImpressionCount == 10, "the oldest are forgotten beyond the maximum")
        let data = try Data(contentsOf: try #require(store.fileURL))
        #expect(data.count <= FrequencyCapStore.maximumFileBytes)
        let impressions = try #require(try CappingFixture.file(store)["impressions"] as? [[String: Any]])
        #expect(impressions.count == 10)
        let stored = try #require(impressions.first?["network"] as? String)
        #expect(stored.count == 65 && stored.hasPrefix(String(repeating: "n", count: 48) + "#"))
        #expect(impressions.compactMap { $0["at"] as? Int64 } == (15..<25).map { 1_800_000_000_000 + $0 * 1_000 })

        let relaunched = CappingFixture.store(
            WaterfallHarness(), directory: directory, rules: rules, date: CappingFixture.date.addingTimeInterval(25))
        #expect(relaunched.loadError == nil)
        #expect(relaunched.impressionCount(.network, key: longNetwork, within: .seconds(3_600)) == 10)
    }

    @Test func impressionsDatedInTheFutureCountAsMadeNowAndOldOnesAreForgotten() throws {
        let directory = CappingFixture.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rules = FrequencyCapRules(adUnits: [Self.feed: try CappingFixture.hourly(1)])
        let first = WaterfallHarness()
        let firstStore = CappingFixture.store(
            first, directory: directory, rules: rules, date: CappingFixture.date.addingTimeInterval(7_200))
        let mediator = try CappingFixture.mediator(first, ["A": Fixture.fill("a")], caps: firstStore)
        CappingFixture.run(mediator, Self.response([CappingFixture.line("A")]))?.ad?.recordImpression()

        // The device's clock was set back two hours before the relaunch: the impression counts as made now.
        let setBack = CappingFixture.store(WaterfallHarness(), directory: directory, rules: rules)
        #expect(setBack.refusal(forAdUnit: Self.feed)?.freesIn == .seconds(3_600))

        // Eight days later it is past every window: forgotten.
        let later = CappingFixture.store(
            WaterfallHarness(), directory: directory, rules: rules,
            date: CappingFixture.date.addingTimeInterval(8 * 86_400))
        #expect(later.storedImpressionCount == 0)
        #expect(later.refusal(forAdUnit: Self.feed) == nil)
    }

    @Test func aStoreWithoutADirectoryCountsInMemoryAndWritesNothing() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil, rules: FrequencyCapRules(adUnits: [Self.feed: try CappingFixture.hourly(1)]))
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        CappingFixture.run(mediator, Self.response([CappingFixture.line("A")]))?.ad?.recordImpression()
        #expect(store.fileURL == nil && store.storedImpressionCount == 1)
        #expect(
            CappingFixture.run(mediator, Self.response([CappingFixture.line("A")]))?.error?.code == "frequency_capped")
        store.removeAllImpressions()
        #expect(CappingFixture.run(mediator, Self.response([CappingFixture.line("A")]))?.ad != nil)
    }
}

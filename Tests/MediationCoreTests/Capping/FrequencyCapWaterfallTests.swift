import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Caps in a run: the machine skips a capped line and starts the next; the driver asks the store before a line's
/// custom event is made; a capped or paced ad unit refuses the load; a network that names a capped creative after
/// loading has its ad released; the trace (JSON) and the inspector name the reason, the cap and when it frees.
@Suite struct FrequencyCapWaterfallTests {
    private static func response(_ lines: [WaterfallLine], adUnitID: String? = "feed") -> AdResponse {
        AdResponse(lines: lines, adUnitID: adUnitID)
    }

    private static func record(line: Int?, _ reason: FrequencyCapRefusal.Reason = .frequencyCapped) throws
        -> FrequencyCapRecord
    {
        FrequencyCapRecord(
            line: line,
            refusal: FrequencyCapRefusal(
                reason: reason, scope: .network, key: "A", cap: try CappingFixture.hourly(1), origin: .host,
                impressions: 1, freesIn: .seconds(1_500)))
    }

    // MARK: The machine

    @Test func theMachineSkipsACappedLineFiresNothingAndStartsTheNext() throws {
        var run = WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: [
                try Fixture.line("A", before: ["before"], after: ["https://t.example/after"]),
                WaterfallLine(customEventIdentifier: "B"),
            ]),
            strategy: .sequential, followsNextURL: false)
        _ = run.handle(.start(at: .origin))
        let record = try Self.record(line: 0)
        #expect(run.handle(.lineResolved(line: 0, .capped(record), at: .origin)).summary == ["resolve 1"])
        let entry = try #require(run.trace.entries.first)
        #expect(entry.result == .skipped && entry.errorCode == "frequency_capped" && entry.duration == nil)
        #expect(
            entry.detail
                == "frequency_capped: network A: 1 impression per 1h (set by the host); 1 impression counted; "
                + "frees in 25m")
        #expect(run.trace.frequencyCaps == [record])
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: .origin))
        #expect(run.handle(.lineFailed(line: 1, error: .noFill, at: .origin)).summary == ["finish failed no_fill"])
        #expect(run.trace.frequencyCaps == [record], "kept to the end of the run")
    }

    @Test func theMachineReleasesAnAdACapRefusesAfterItLoaded() throws {
        var run = WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: [
                try Fixture.line("A", after: ["https://t.example/a?r=%%LOAD_RESULT%%"]),
                WaterfallLine(customEventIdentifier: "B"),
            ]),
            strategy: .sequential, followsNextURL: false, statistics: NetworkStatisticsStore())
        _ = run.handle(.start(at: .origin))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: .origin))
        let ad = NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties("a")),
            source: NativeAdSource(customEventIdentifier: "A"), trackerPinger: DiscardingTrackerPinger())
        var record = try Self.record(line: 0)
        record.afterLoad = true
        let later = MediationInstant(sinceOrigin: .milliseconds(40))
        #expect(
            run.handle(.lineLoadRefused(line: 0, ad: ad, record: record, at: later)).summary == [
                "release 0", "record 0 fill 40ms", "fire https://t.example/a?r=error", "resolve 1",
            ])
        let entry = try #require(run.trace.entries.first)
        #expect(entry.result == .error && entry.errorCode == "frequency_capped" && entry.duration == .milliseconds(40))
        #expect(entry.detail?.hasSuffix("the loaded ad was released unshown") == true)
        #expect(run.trace.frequencyCaps == [record])
        // A second answer from the line is a duplicate, its ad released too.
        #expect(run.handle(.lineLoadRefused(line: 0, ad: ad, record: record, at: later)).summary == ["release 0"])
    }

    // MARK: Lines

    @Test func aCappedNetworkIsSkippedBeforeItsCustomEventIsMadeAndTheNextLineWins() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil, rules: FrequencyCapRules(networks: ["Google": try CappingFixture.hourly(1)]))
        let mediator = try CappingFixture.mediator(
            harness, ["G": Fixture.fill("google"), "T": Fixture.fill("tamedia")], caps: store)
        let response = Self.response([
            CappingFixture.line("G", network: "Google", before: ["google-before"]),
            CappingFixture.line("T", network: "TAMedia"),
        ])
        let first = try #require(CappingFixture.run(mediator, response))
        #expect(Fixture.title(first) == "google")
        #expect(first.trace.frequencyCaps.isEmpty)
        first.ad?.recordImpression()
        harness.clock.advance(by: .seconds(600))

        let second = try #require(CappingFixture.run(mediator, response))
        #expect(Fixture.title(second) == "tamedia")
        #expect(harness.events("G").count == 1, "no custom event for the capped line")
        #expect(harness.pinger.count(of: Fixture.url("google-before")) == 1, "its before-load URL did not fire again")
        #expect(second.trace.entries.map(\.result) == [.skipped, .loaded])
        #expect(second.trace.lineCauses.first?.hasPrefix("Google skipped (frequency_capped: network Google") == true)
        let refusal = try #require(second.trace.frequencyCaps.first?.refusal)
        #expect(refusal.scope == .network && refusal.key == "Google" && refusal.freesIn == .seconds(3_000))

        // The trace's JSON carries the record, and reads back.
        let json = second.trace.jsonString()
        #expect(
            json.contains(
                #""frequencyCaps":[{"afterLoad":false,"cap":{"maxImpressions":1,"windowMs":3600000},"#
                    + #""freesInMs":3000000,"impressions":1,"key":"Google","line":0,"reason":"frequency_capped","#
                    + #""scope":"network","setBy":"host"}]"#), "\(json)")
        #expect(try MediationTrace.decode(json: Data(json.utf8)) == second.trace)

        // The inspector shows the skipped line's reason and the caps section.
        let page = MediationInspector.htmlPage(for: MediationInspection(result: second, mediator: mediator))
        #expect(page.contains("<section id=\"frequency-caps\"><h2>Frequency caps</h2>"))
        #expect(page.contains("<td>line 0</td><td>frequency_capped</td><td>network</td><td>Google</td>"))
        #expect(page.contains("<td>1 impression per 1h</td><td>host</td><td>1</td><td>50m</td>"))
        #expect(page.contains("frequency_capped: network Google: 1 impression per 1h (set by the host)"))

        harness.clock.advance(by: .seconds(3_000))
        #expect(Fixture.title(CappingFixture.run(mediator, response)) == "google")
    }

    @Test func aPacedNetworkIsSkippedUntilItsIntervalHasPassed() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil,
            rules: FrequencyCapRules(networks: ["Google": try FrequencyCap(minimumInterval: .seconds(30))]))
        let mediator = try CappingFixture.mediator(
            harness, ["G": Fixture.fill("google"), "T": Fixture.fill("tamedia")], caps: store)
        let response = Self.response([
            CappingFixture.line("G", network: "Google"), CappingFixture.line("T", network: "TAMedia"),
        ])
        CappingFixture.run(mediator, response)?.ad?.recordImpression()
        harness.clock.advance(by: .seconds(12))
        let paced = try #require(CappingFixture.run(mediator, response))
        #expect(Fixture.title(paced) == "tamedia")
        #expect(paced.trace.entries.first?.errorCode == "paced")
        #expect(paced.trace.frequencyCaps.first?.refusal.freesIn == .seconds(18))
        harness.clock.advance(by: .seconds(18))
        #expect(Fixture.title(CappingFixture.run(mediator, response)) == "google")
    }

    @Test func loadsCountNothingOnlyImpressionsDo() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil, rules: FrequencyCapRules(networks: ["Google": try CappingFixture.hourly(1)]))
        let mediator = try CappingFixture.mediator(harness, ["G": Fixture.fill("google")], caps: store)
        let response = Self.response([CappingFixture.line("G", network: "Google")])
        let ads = (0..<3).compactMap { _ in CappingFixture.run(mediator, response)?.ad }
        #expect(ads.count == 3, "three loads, no impression: nothing is capped")
        #expect(store.impressionCount(.network, key: "Google", within: .seconds(3_600)) == 0)
        ads[1].recordImpression()
        #expect(store.impressionCount(.network, key: "Google", within: .seconds(3_600)) == 1)
        #expect(CappingFixture.run(mediator, response)?.error == .noFill, "its only line is skipped")
        #expect(store.refusal(for: ads[0])?.scope == .network, "the host can ask before showing a held ad")
    }

    @Test func aCreativeTheServerNamesAheadIsSkipped() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil,
            rules: FrequencyCapRules(perCreative: try FrequencyCap(maxImpressions: 1, per: .seconds(86_400))))
        let mediator = try CappingFixture.mediator(
            harness, ["G": Fixture.fill("google"), "T": Fixture.fill("tamedia")], caps: store)
        let response = Self.response([
            CappingFixture.line("G", network: "Google", creative: "cr-1"), CappingFixture.line("T", network: "TAMedia"),
        ])
        let first = try #require(CappingFixture.run(mediator, response)?.ad)
        #expect(first.creativeIdentifier == "cr-1" && first.source.creativeIdentifier == "cr-1")
        first.recordImpression()
        let second = try #require(CappingFixture.run(mediator, response))
        #expect(Fixture.title(second) == "tamedia")
        let refusal = try #require(second.trace.frequencyCaps.first?.refusal)
        #expect(refusal.scope == .creative && refusal.key == "cr-1" && refusal.freesIn == .seconds(86_400))
        // Another line with another creative of the same network is not capped.
        let other = Self.response([CappingFixture.line("G", network: "Google", creative: "cr-2")])
        #expect(Fixture.title(CappingFixture.run(mediator, other)) == "google")
    }

    @Test func anAdWhoseNetworkNamesACappedCreativeOnceLoadedIsReleasedAndTheNextLineWins() throws {
        let harness = WaterfallHarness()
        var registry = try harness.registry(["T": Fixture.fill("tamedia")], renderable: ["G", "T"])
        try registry.registerCustomEvent("G") { CreativeNamingCustomEvent(creative: "net-cr-9") }
        let store = CappingFixture.store(
            harness, directory: nil,
            rules: FrequencyCapRules(perCreative: try FrequencyCap(maxImpressions: 1, per: .seconds(86_400))))
        let mediator = try CappingFixture.mediator(harness, registry: registry, caps: store)
        let response = Self.response([
            CappingFixture.line("G", network: "Google"), CappingFixture.line("T", network: "TAMedia"),
        ])
        let first = try #require(CappingFixture.run(mediator, response)?.ad)
        #expect(first.creativeIdentifier == "net-cr-9", "the network's own identifier")
        first.recordImpression()
        #expect(store.impressionCount(.creative, key: "net-cr-9", within: .seconds(60)) == 1)

        let second = try #require(CappingFixture.run(mediator, response))
        #expect(Fixture.title(second) == "tamedia")
        let entry = try #require(second.trace.entries.first)
        #expect(entry.result == .error && entry.errorCode == "frequency_capped")
        let record = try #require(second.trace.frequencyCaps.first)
        #expect(record.line == 0 && record.afterLoad && record.refusal.key == "net-cr-9")
        let page = MediationInspector.htmlPage(for: MediationInspection(result: second, mediator: mediator))
        #expect(page.contains("line 0 (its loaded ad released)"))
    }

    // MARK: The ad unit

    @Test func aCappedAdUnitRefusesTheLoadBeforeAnyLine() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(1)]))
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        let response = Self.response([CappingFixture.line("A", before: ["before"])])
        CappingFixture.run(mediator, response)?.ad?.recordImpression()
        harness.clock.advance(by: .seconds(100))

        let refused = try #require(CappingFixture.run(mediator, response))
        let error = try #require(refused.error)
        #expect(
            error
                == .frequencyCapped(
                    cap: "ad unit feed: 1 impression per 1h (set by the host)", freesIn: .seconds(3_500)))
        #expect(
            error.description
                == "frequency capped: ad unit feed: 1 impression per 1h (set by the host); frees in 58m 20s")
        #expect((error as NSError).code == 19)
        #expect(error.recoverySuggestion != nil)
        #expect(refused.trace.outcome == "frequency_capped" && refused.trace.entries.isEmpty)
        #expect(refused.trace.notes.first?.hasSuffix("no line ran") == true)
        #expect(refused.trace.frequencyCaps.first?.line == nil)
        #expect(harness.events("A").count == 1 && harness.pinger.count(of: Fixture.url("before")) == 1)
        let failure = MediationFailure(error: error, trace: refused.trace)
        #expect(failure.localizedDescription.contains("ad unit feed refused: frequency_capped"))
        let page = MediationInspector.htmlPage(for: MediationInspection(result: refused, mediator: mediator))
        #expect(page.contains("outcome <b>frequency_capped</b>"))
        #expect(page.contains("<td>the load (no line ran)</td><td>frequency_capped</td><td>ad_unit</td><td>feed</td>"))

        // Another ad unit, and a response without an ad unit, are not capped by it.
        #expect(CappingFixture.run(mediator, Self.response([CappingFixture.line("A")], adUnitID: "article"))?.ad != nil)
        #expect(CappingFixture.run(mediator, Self.response([CappingFixture.line("A")], adUnitID: nil))?.ad != nil)
    }

    @Test func aPacedAdUnitRefusesTheLoadUntilItsIntervalHasPassed() throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil,
            rules: FrequencyCapRules(adUnits: ["feed": try FrequencyCap(minimumInterval: .seconds(45))]))
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        let response = Self.response([CappingFixture.line("A")])
        CappingFixture.run(mediator, response)?.ad?.recordImpression()
        harness.clock.advance(by: .seconds(15))
        let paced = try #require(CappingFixture.run(mediator, response)?.error)
        #expect(paced == .paced(cap: "ad unit feed: 45s apart (set by the host)", freesIn: .seconds(30)))
        #expect(paced.code == "paced" && (paced as NSError).code == 20)
        #expect(store.refusal(forAdUnit: "feed")?.reason == .paced)
        harness.clock.advance(by: .seconds(30))
        #expect(CappingFixture.run(mediator, response)?.ad != nil)
    }

    @Test func aLoaderStartsNoFurtherRunOnceItsAdUnitIsRefused() async throws {
        let harness = WaterfallHarness()
        let store = CappingFixture.store(
            harness, directory: nil, rules: FrequencyCapRules(adUnits: ["feed": try CappingFixture.hourly(1)]))
        let mediator = try CappingFixture.mediator(harness, ["A": Fixture.fill("a")], caps: store)
        let response = Self.response([CappingFixture.line("A")])
        CappingFixture.run(mediator, response)?.ad?.recordImpression()
        let batch = try await NativeAdLoader(mediator: mediator, maxConcurrentRuns: 1).loadAds(count: 5, from: response)
        #expect(batch.ads.isEmpty)
        #expect(batch.results.map(\.trace.outcome) == ["frequency_capped"], "one refusal, then no further run")
        #expect(harness.events("A").count == 1)
    }

    @Test func durationsReadAsAPersonReadsThem() {
        let cases: [(Duration, String)] = [
            (.milliseconds(250), "250ms"), (.seconds(30), "30s"), (.seconds(2_530), "42m 10s"), (.seconds(3_600), "1h"),
            (.seconds(3_661), "1h 1m"), (.seconds(97_200), "1d 3h"), (.seconds(86_460), "1d"), (.seconds(-5), "0ms"),
        ]
        for (duration, text) in cases { #expect(duration.readableDescription == text) }
    }

    @Test func capsAreValidatedWithTheNameOfTheBadValue() throws {
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "maxImpressions", reason: "expected 1...10000 impressions, got 0")
        ) {
            try FrequencyCap(maxImpressions: 0, per: .seconds(60))
        }
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "window", reason: "expected a positive duration of at most 7d, got 8d")
        ) {
            try FrequencyCap(maxImpressions: 3, per: .seconds(8 * 86_400))
        }
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "minimumInterval", reason: "expected a positive duration of at most 7d, got a negative duration")
        ) {
            try FrequencyCap(minimumInterval: .seconds(-1))
        }
        let cap = try FrequencyCap(maxImpressions: 3, per: .seconds(3_600), minimumInterval: .seconds(30))
        #expect(cap.description == "3 impressions per 1h, 30s apart")
        let encoded = try JSONEncoder().encode(cap)
        #expect(try JSONDecoder().decode(FrequencyCap.self, from: encoded) == cap)
        let bad = Data(
            #"{"entries":[],"outcome":"no_fill","droppedEntries":[],"notes":[],"frequencyCaps":[{"line":0,"reason":"paced","scope":"network","key":"G","setBy":"host","impressions":1,"freesInMs":5,"cap":{"maxImpressions":2}}]}"#
                .utf8)
        #expect(throws: MediationError.self) { try MediationTrace.decode(json: bad) }
        do {
            _ = try MediationTrace.decode(json: bad)
        } catch {
            #expect(error.description.contains("$.frequencyCaps[0].cap.windowMs"), "\(error)")
        }
    }
}

/// Loads an ad whose network names its creative (``NativeAdCreativeIdentifying``) at once.
private final class CreativeNamingCustomEvent: NativeCustomEvent, Sendable {
    let identifier = "G"
    let creative: String

    init(creative: String) {
        self.creative = creative
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let adapter = CreativeNamingAdapter(properties: Fixture.properties("google"), creativeIdentifier: creative)
        context.delegate.nativeCustomEvent(self, didLoad: context.makeNativeAd(adapter: adapter))
    }
}

/// An adapter whose network names the creative it loaded.
private final class CreativeNamingAdapter: NativeAdCreativeIdentifying, Sendable {
    let properties: NativeAdProperties
    let creativeIdentifier: String?
    private let delegateReference = WeakAdapterDelegate()

    init(properties: NativeAdProperties, creativeIdentifier: String) {
        self.properties = properties
        self.creativeIdentifier = creativeIdentifier
    }

    var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    var defaultActionURL: URL? { nil }
}

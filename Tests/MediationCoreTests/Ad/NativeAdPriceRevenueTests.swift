import Foundation
import MediationCore
import MediationTesting
import Testing

/// At the first impression the host gets one revenue estimated from the winning line's
/// `x-ecpm`, unless the adapter reports its own.
@MainActor @Suite struct NativeAdPriceRevenueTests {
    @MainActor final class Host: NativeAdDelegate {
        var revenues: [AdRevenue] = []
        func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) { revenues.append(revenue) }
    }

    /// An adapter that declares it reports revenue itself.
    final class RevenueReportingAdapter: NativeAdAdapter {
        let properties: NativeAdProperties
        var defaultActionURL: URL? { nil }
        var reportsRevenue: Bool { true }
        private let reference = WeakAdapterDelegate()
        var delegate: (any NativeAdAdapterDelegate)? {
            get { reference.value }
            set { reference.value = newValue }
        }
        init(properties: NativeAdProperties) { self.properties = properties }
    }

    /// Loads one ad through the real mediator from a response whose only line has `metadata`.
    private func loadThroughMediator(metadata: String) throws -> NativeAd? {
        let harness = WaterfallHarness()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Priced") {
            ScriptedCustomEvent(identifier: "Priced", script: Fixture.fill("Priced"))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["Priced"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let json = """
            {"ad-responses": [{"metadata": {"x-custom-event-class-name": "Priced", "x-network-name": "Acme"\(metadata)},
              "content": ""}]}
            """
        let response = try AdResponse.parse(json: Data(json.utf8))
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        return recorder.single?.ad
    }

    @Test func theFirstImpressionSendsOneEstimateFromTheLinePrice() async throws {
        let ad = try #require(try loadThroughMediator(metadata: #", "x-ecpm": "2.5""#))
        let host = Host()
        ad.delegate = host
        ad.recordImpression()
        ad.recordImpression()
        await RecordingNativeAdDelegate.settled()
        let revenue = try #require(host.revenues.first)
        #expect(host.revenues.count == 1)
        #expect(revenue.value == Decimal(string: "0.0025"))
        #expect(revenue.currencyCode == "USD")
        #expect(revenue.precision == .estimated)
        #expect(revenue.networkName == "Acme")
    }

    @Test func theResponseCurrencyIsKept() async throws {
        let ad = try #require(try loadThroughMediator(metadata: #", "x-ecpm": 120, "x-currency": "rub""#))
        let host = Host()
        ad.delegate = host
        ad.recordImpression()
        await RecordingNativeAdDelegate.settled()
        #expect(host.revenues.map(\.currencyCode) == ["RUB"])
        #expect(host.revenues.map(\.value) == [Decimal(string: "0.12")])
    }

    @Test func aLineWithoutPriceGivesNoRevenue() async throws {
        let ad = try #require(try loadThroughMediator(metadata: ""))
        let host = Host()
        ad.delegate = host
        ad.recordImpression()
        await RecordingNativeAdDelegate.settled()
        #expect(host.revenues.isEmpty)
        #expect(ad.hasRecordedImpression)
    }

    /// The parser does not throw for one bad line: it drops the entry and names the bad value by its JSON path.
    @Test func anInvalidCurrencyIsRefusedByPath() throws {
        let json = """
            {"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ecpm": 1, "x-currency": "dollars"}}]}
            """
        let response = try AdResponse.parse(json: Data(json.utf8))
        #expect(response.lines.isEmpty)
        let dropped = try #require(response.droppedEntries.first)
        #expect(response.droppedEntries.count == 1)
        #expect(dropped.index == 0)
        #expect(dropped.path == "$.ad-responses[0]")
        #expect(
            dropped.errors == [
                .invalidConfiguration(
                    path: "$.ad-responses[0].metadata.x-currency",
                    reason: "expected an ISO 4217 currency code of three letters, got \"dollars\"")
            ])
    }

    @Test func anAdapterThatReportsRevenueReplacesTheEstimateEvenAfterTheImpression() async throws {
        let adapter = RevenueReportingAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
        let host = Host()
        ad.delegate = host
        ad.recordImpression()
        let exact = try AdRevenue(
            value: 0.004, currencyCode: "EUR", precision: .precise, networkName: "Scripted", adUnitID: "u")
        adapter.delegate?.nativeAd(adapter, didRecordRevenue: exact)
        await RecordingNativeAdDelegate.settled()
        #expect(host.revenues == [exact])
    }

    @Test func undeclaredRevenueAfterTheEstimateIsDropped() async throws {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
        let host = Host()
        ad.delegate = host
        ad.recordImpression()
        let late = try AdRevenue(
            value: 0.004, currencyCode: "USD", precision: .precise, networkName: "Scripted", adUnitID: "u")
        adapter.delegate?.nativeAd(adapter, didRecordRevenue: late)
        await RecordingNativeAdDelegate.settled()
        #expect(host.revenues.map(\.precision) == [.estimated])
        #expect(host.revenues.map(\.value) == [Decimal(string: "0.0015")])
    }
}

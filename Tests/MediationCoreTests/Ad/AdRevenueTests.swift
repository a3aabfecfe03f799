import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite struct AdRevenueTests {
    @Test func microsBecomeExactDecimalUnits() throws {
        let revenue = try AdRevenue(
            micros: 1_200, currencyCode: "USD", precision: .precise, networkName: "Google", adUnitID: "/1/native")
        #expect(revenue.value == Decimal(string: "0.0012"))
        #expect(revenue.currencyCode == "USD")
    }

    @Test(arguments: ["usd", "US", "USDT", "U$D", ""])
    func aCurrencyThatIsNotThreeLettersIsRefusedByPath(code: String) {
        #expect {
            try AdRevenue(value: 1, currencyCode: code, precision: .unknown, networkName: "n", adUnitID: "u")
        } throws: { error in
            guard case MediationError.invalidConfiguration(let path, _) = error else { return false }
            return path == "revenue.currencyCode"
        }
    }

    @Test func aNegativeOrNaNValueIsRefusedByPath() {
        for value in [Decimal(-1), Decimal.nan] {
            #expect {
                try AdRevenue(value: value, currencyCode: "EUR", precision: .estimated, networkName: "n", adUnitID: "u")
            } throws: { error in
                guard case MediationError.invalidConfiguration(let path, _) = error else { return false }
                return path == "revenue.value"
            }
        }
    }

    @Test func jsonRoundTripsAndDecodingChecks() throws {
        let revenue = try AdRevenue(
            value: Decimal(string: "0.35") ?? 0, currencyCode: "RUB", precision: .publisherDefined,
            networkName: "myTarget", adUnitID: "1234")
        let data = try JSONEncoder().encode(revenue)
        #expect(try JSONDecoder().decode(AdRevenue.self, from: data) == revenue)
        let bad = #"{"value":1,"currencyCode":"rub","precision":"precise","networkName":"n","adUnitID":"u"}"#
        #expect(throws: MediationError.self) { try JSONDecoder().decode(AdRevenue.self, from: Data(bad.utf8)) }
    }
}

/// Revenue and close events from the adapter reach the host delegate once each.
@MainActor @Suite struct NativeAdRevenueAndCloseTests {
    @MainActor final class RevenueCloseRecorder: NativeAdDelegate {
        var revenues: [AdRevenue] = []
        var closes = 0
        var impressions = 0
        func nativeAd(_ ad: NativeAd, didRecordRevenue revenue: AdRevenue) { revenues.append(revenue) }
        func nativeAdDidClose(_ ad: NativeAd) { closes += 1 }
        func nativeAdDidTrackImpression(_ ad: NativeAd) { impressions += 1 }
    }

    /// A delegate written before the events existed still compiles: the defaults are no-ops.
    @MainActor final class LegacyDelegate: NativeAdDelegate {}
    final class LegacyAdapterDelegate: NativeAdAdapterDelegate {
        func nativeAdWillLogImpression(_ adapter: any NativeAdAdapter) {}
        func nativeAdDidClick(_ adapter: any NativeAdAdapter) {}
        func nativeAdWillPresentModal(_ adapter: any NativeAdAdapter) {}
        func nativeAdDidDismissModal(_ adapter: any NativeAdAdapter) {}
        func nativeAdWillLeaveApplication(_ adapter: any NativeAdAdapter) {}
    }

    @Test func revenueReachesTheHostOnceAndCloseOnce() async throws {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
        let host = RevenueCloseRecorder()
        ad.delegate = host
        let first = try AdRevenue(
            value: 2, currencyCode: "USD", precision: .estimated, networkName: "Scripted", adUnitID: "u")
        let second = try AdRevenue(
            value: 3, currencyCode: "USD", precision: .precise, networkName: "Scripted", adUnitID: "u")

        // Reported before the impression, the network's own revenue wins over the price estimate.
        adapter.delegate?.nativeAd(adapter, didRecordRevenue: first)
        adapter.delegate?.nativeAd(adapter, didRecordRevenue: second)
        adapter.simulateImpression()
        adapter.delegate?.nativeAdDidClose(adapter)
        adapter.delegate?.nativeAdDidClose(adapter)
        await RecordingNativeAdDelegate.settled()

        #expect(host.impressions == 1)
        #expect(host.revenues == [first])
        #expect(host.closes == 1)
    }

    @Test func legacyConformersCompileAndIgnoreTheNewEvents() async throws {
        let adapter = ScriptedNativeAdAdapter(properties: try Fixtures.fullProperties())
        let legacy = LegacyAdapterDelegate()
        legacy.nativeAdDidClose(adapter)
        let ad = NativeAd(adapter: adapter, source: Fixtures.source(), trackerPinger: DiscardingTrackerPinger())
        let host = LegacyDelegate()
        ad.delegate = host
        adapter.delegate?.nativeAdDidClose(adapter)
        await RecordingNativeAdDelegate.settled()
        #expect(ad.delegate === host)
    }
}

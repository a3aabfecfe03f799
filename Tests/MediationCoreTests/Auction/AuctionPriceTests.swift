import Foundation
import MediationBridge
import Testing

@testable import MediationCore

/// Rates for tests: a fixed table of how many units of the target one unit of the source is worth.
struct TableRates: AuctionCurrencyRates {
    var table: [String: Double]

    func rate(from source: String, to target: String) -> Double? { table["\(source)>\(target)"] }
}

/// The auction's money type: prices compare only in the same currency and reach another one only through the
/// host's rates.
@Suite struct AuctionPriceTests {
    @Test func pricesInOneCurrencyCompareByAmount() throws {
        let low = try #require(AuctionPrice(cpm: 2, currency: "USD"))
        let high = try #require(AuctionPrice(cpm: 2.8, currency: "USD"))
        #expect(high.order(relativeTo: low) == .orderedDescending)
        #expect(low.order(relativeTo: high) == .orderedAscending)
        #expect(low.order(relativeTo: try #require(AuctionPrice(cpm: 2, currency: "USD"))) == .orderedSame)
    }

    @Test func pricesInDifferentCurrenciesDoNotCompareWhateverTheirNumbers() throws {
        let rupiah = try #require(AuctionPrice(cpm: 40_000, currency: "IDR"))
        let dollars = try #require(AuctionPrice(cpm: 2.8, currency: "USD"))
        #expect(rupiah.order(relativeTo: dollars) == nil)
        #expect(dollars.order(relativeTo: rupiah) == nil)
        #expect(rupiah != dollars)
    }

    @Test func aPriceIsFiniteNotNegativeAndInACurrencyInCirculation() {
        #expect(AuctionPrice(cpm: .nan, currency: "USD") == nil)
        #expect(AuctionPrice(cpm: .infinity, currency: "USD") == nil)
        #expect(AuctionPrice(cpm: -0.01, currency: "USD") == nil)
        #expect(AuctionPrice(cpm: 1, currency: "usd") == nil)
        #expect(AuctionPrice(cpm: 1, currency: "<script>x") == nil)
        #expect(AuctionPrice(cpm: 1, currency: "XTS") == nil)
        #expect(AuctionPrice(cpm: 0, currency: "JPY")?.cpm == 0)
        #expect(AuctionPrice(cpm: 1e300, currency: "USD")?.cpm == 1e300, "finite: the bound is the auction's rule")
    }

    @Test func conversionTakesTheHostsRateAndNothingElse() throws {
        let rupiah = try #require(AuctionPrice(cpm: 40_000, currency: "IDR"))
        #expect(rupiah.converted(to: "IDR", rates: nil) == rupiah, "the same currency needs no rate")
        #expect(rupiah.converted(to: "USD", rates: nil) == nil, "no rates, no conversion")
        #expect(rupiah.converted(to: "USD", rates: TableRates(table: ["USD>IDR": 16_000])) == nil, "no IDR>USD rate")
        let converted = try #require(rupiah.converted(to: "USD", rates: TableRates(table: ["IDR>USD": 0.0000625])))
        #expect(converted.currency == "USD" && abs(converted.cpm - 2.5) < 1e-9)
        #expect(converted.order(relativeTo: try #require(AuctionPrice(cpm: 2.8, currency: "USD"))) == .orderedAscending)
        for bad in [0, -1, Double.nan, Double.infinity] {
            #expect(rupiah.converted(to: "USD", rates: TableRates(table: ["IDR>USD": bad])) == nil, "rate \(bad)")
        }
        let huge = try #require(AuctionPrice(cpm: 1e300, currency: "IDR"))
        #expect(huge.converted(to: "USD", rates: TableRates(table: ["IDR>USD": 1e10])) == nil, "overflows to inf")
    }

    @Test func aPriceReadsAsItsDecimalAndCode() throws {
        #expect(try #require(AuctionPrice(cpm: 2.8, currency: "USD")).description == "2.8 USD")
        #expect(try #require(AuctionPrice(cpm: 40_000, currency: "IDR")).description == "40000 IDR")
        #expect(try #require(AuctionPrice(cpm: 1e300, currency: "USD")).description == "1e+300 USD")
    }

    @Test func theAuctionsPricingIsCheckedWhenMade() throws {
        #expect(AuctionPricing.default.currency == "USD")
        #expect(AuctionPricing.default.maximumCPM == 1_000)
        #expect(AuctionPricing.default.rates == nil)
        #expect(try AuctionPricing(currency: "EUR", maximumCPM: 250).maximumCPM == 250)
        for (currency, maximum, path) in [
            ("eur", 10.0, "auctionPricing.currency"), ("XXX", 10, "auctionPricing.currency"),
            ("EUR", 0, "auctionPricing.maximumCPM"), ("EUR", .infinity, "auctionPricing.maximumCPM"),
            ("EUR", .nan, "auctionPricing.maximumCPM"),
        ] {
            #expect {
                try AuctionPricing(currency: currency, maximumCPM: maximum)
            } throws: { error in
                guard case .invalidConfiguration(let errorPath, _)? = error as? MediationError else { return false }
                return errorPath == path
            }
        }
    }
}

import MediationBridge
import Testing

/// The ISO 4217 check every price's currency passes: three upper-case letters naming a currency in circulation.
@Suite struct CurrencyCodeTests {
    @Test(arguments: ["USD", "EUR", "IDR", "JPY", "GBP", "RUB", "XOF", "VED", "ZWG", "XCG"])
    func codesOfCurrenciesInCirculationAreAccepted(code: String) {
        #expect(CurrencyCode(code)?.text == code)
        #expect(CurrencyCode.refusal(of: code) == nil)
    }

    @Test(arguments: ["usd", "Usd", "US", "USDX", "", "US$", "<script>x", "U S", "ÜSD", "12A"])
    func anythingButThreeUpperCaseLettersIsRefusedForItsForm(text: String) {
        #expect(CurrencyCode(text) == nil)
        #expect(CurrencyCode.refusal(of: text)?.hasPrefix("expected an ISO 4217 currency code") == true)
    }

    @Test(arguments: ["ABC", "XTS", "XXX", "XAU", "XDR", "USN", "HRK", "VEF"])
    func codesOfTheRightFormThatNameNoCurrencyInCirculationAreRefused(code: String) {
        #expect(CurrencyCode(code) == nil)
        #expect(CurrencyCode.refusal(of: code) == "\(code) is not the ISO 4217 code of a currency in circulation")
    }

    @Test func aRefusalNeverCarriesControlCharactersToATerminal() throws {
        let refusal = try #require(CurrencyCode.refusal(of: "\u{1B}[2J"))
        #expect(!refusal.contains("\u{1B}"))
    }

    @Test func theListIsEveryCodeOnceAndOnlyCodes() {
        #expect(CurrencyCode.circulatingCodes.count == 159)
        #expect(CurrencyCode.circulatingCodes.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isUppercase) })
    }
}

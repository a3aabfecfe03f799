import MediationSupport

/// An ISO 4217 alphabetic code of a currency in circulation, such as `USD`, `EUR` or `IDR`: the one check every
/// price's currency passes (an ad response's `x-currency`, a bid response's `cur`, the auction's currency).
///
/// The form is exactly three upper-case letters A–Z; the code must then be one of ``circulatingCodes``.
package struct CurrencyCode: Sendable, Hashable, CustomStringConvertible {
    /// The code, three upper-case letters.
    package let text: String

    /// The code in `text`, or `nil` when `text` is not three upper-case letters naming a currency in circulation
    /// (``refusal(of:)`` says why).
    package init?(_ text: String) {
        guard Self.refusal(of: text) == nil else { return nil }
        self.text = text
    }

    /// Why `text` is not a currency code, or `nil` when it is one: not of the form (`usd`, `US$`, `<script>x`), or
    /// of the form but not a currency in circulation (`ABC`, the test code `XTS`, gold `XAU`).
    package static func refusal(of text: String) -> String? {
        guard text.utf8.count == 3, text.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
        else {
            return "expected an ISO 4217 currency code of three upper-case letters, got \"\(text.terminalSafe)\""
        }
        guard circulatingCodes.contains(text) else {
            return "\(text) is not the ISO 4217 code of a currency in circulation"
        }
        return nil
    }

    /// The code.
    package var description: String { text }

    /// The ISO 4217 codes accepted: the currencies in circulation (List One as of 2025), without the fund codes
    /// (`BOV`, `CHE`, `CHW`, `CLF`, `COU`, `MXV`, `USN`, `UYI`, `UYW`), precious metals (`XAU`, `XAG`, `XPD`,
    /// `XPT`), units of account (`XDR`, `XSU`, `XUA`, `XBA`…`XBD`) and the test and no-currency codes (`XTS`,
    /// `XXX`); with the codes replaced since 2021 that bidders may still send (`ANG`, `CUC`, `SLL`). A static set
    /// (no locale data), so that every platform accepts the same codes.
    package static let circulatingCodes: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BHD",
        "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CLP", "CNY",
        "COP", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD",
        "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS",
        "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD",
        "KZT", "LAK", "LBP", "LKR", "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU",
        "MUR", "MVR", "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
        "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK",
        "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT", "TND",
        "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS", "VED", "VES", "VND", "VUV", "WST",
        "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
    ]
}

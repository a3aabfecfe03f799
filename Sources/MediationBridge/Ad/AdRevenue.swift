import Foundation
import MediationSupport

/// What one impression earned, as the network reported it (Google's paid event, MAX's revenue callback); hosts
/// forward it to their revenue reporting.
///
/// The value is a `Decimal` in whole currency units (not micros), so `0.0012` USD stays exact.
public struct AdRevenue: Sendable, Hashable, Codable {
    /// What the impression earned, in whole units of ``currencyCode``; 0 or more.
    public let value: Decimal
    /// The ISO 4217 code of the currency: three upper-case letters, such as `USD` or `RUB`.
    public let currencyCode: String
    /// How exact ``value`` is.
    public let precision: AdRevenuePrecision
    /// The network that served the ad (the adapter's network name, such as `Google Mobile Ads`).
    public let networkName: String
    /// The network's ad unit (placement) the impression was served on.
    public let adUnitID: String

    /// Creates a revenue record, checking it.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the field: `revenue.value` when
    ///   the value is NaN or negative, `revenue.currencyCode` when it is not three letters A–Z.
    public init(
        value: Decimal, currencyCode: String, precision: AdRevenuePrecision, networkName: String, adUnitID: String
    ) throws(MediationError) {
        guard !value.isNaN, value >= 0 else {
            throw .invalidConfiguration(path: "revenue.value", reason: "expected a value of 0 or more, got \(value)")
        }
        guard Self.isCurrencyCode(currencyCode) else {
            throw .invalidConfiguration(
                path: "revenue.currencyCode",
                reason: "expected an ISO 4217 code of three letters A-Z, got '\(currencyCode.terminalSafe)'")
        }
        self.value = value
        self.currencyCode = currencyCode
        self.precision = precision
        self.networkName = networkName
        self.adUnitID = adUnitID
    }

    /// Creates a revenue record from a value in micros of the currency (Google's `AdValue` in micros, as its
    /// Android and server APIs report it): `1_200` micros is `0.0012`.
    public init(
        micros: Int64, currencyCode: String, precision: AdRevenuePrecision, networkName: String, adUnitID: String
    ) throws(MediationError) {
        try self.init(
            value: Decimal(micros) / Decimal(1_000_000), currencyCode: currencyCode, precision: precision,
            networkName: networkName, adUnitID: adUnitID)
    }

    /// Decodes and checks a record.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            value: container.decode(Decimal.self, forKey: .value),
            currencyCode: container.decode(String.self, forKey: .currencyCode),
            precision: container.decode(AdRevenuePrecision.self, forKey: .precision),
            networkName: container.decode(String.self, forKey: .networkName),
            adUnitID: container.decode(String.self, forKey: .adUnitID))
    }

    private enum CodingKeys: String, CodingKey {
        case value, currencyCode, precision, networkName, adUnitID
    }

    private static func isCurrencyCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}

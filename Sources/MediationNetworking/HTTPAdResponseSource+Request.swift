import Foundation
import MediationCore

extension HTTPAdResponseSource {
    /// The URL of the first ad request for `adUnitID`: the endpoint with these query items added.
    ///
    /// - `id`: the ad unit; `nv`: the SDK version; `adapters`: `name:version` pairs, when any.
    /// - Privacy, as the privacy matrix's ad-server column says (docs/privacy.md): `gdpr_applies` (`0`/`1`, when
    ///   known), `gdpr_consent` (the TCF string), `us_privacy`, `gpp` (the GPP string), `gpp_sid` (the section
    ///   IDs, comma separated), `coppa=1` for child-directed requests, `tfua=1` under the age of consent,
    ///   `att` (the App Tracking Transparency status as its raw value: `0` not determined, `1` restricted,
    ///   `2` denied, `3` authorized), `lmt=1` when ATT forbids tracking, `npa=1` when the host disallows
    ///   personalisation.
    /// - Targeting, with the fields the matrix withholds removed, so that `user_age` and `user_gender` are sent
    ///   only when `privacy` allows personal targeting (never under a sale opt-out); `lang` is not personal and
    ///   is always sent when set.
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` naming `adUnitID` when it is empty.
    public func requestURL(adUnitID: String, privacy: PrivacySettings, targeting: Targeting) throws(MediationError)
        -> URL
    {
        try requestURL(adUnitID: adUnitID, privacy: privacy, targeting: targeting, isTestMode: false)
    }

    /// ``requestURL(adUnitID:privacy:targeting:)``, with `test=1` last when the host-wide test mode is on
    /// (`Mediator.isTestMode`).
    func requestURL(
        adUnitID: String, privacy: PrivacySettings, targeting: Targeting, isTestMode: Bool
    ) throws(MediationError) -> URL {
        guard !adUnitID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidConfiguration(path: "adUnitID", reason: "expected a non-empty ad unit ID")
        }
        var items = [URLQueryItem(name: "id", value: adUnitID), URLQueryItem(name: "nv", value: sdkVersion)]
        if !adapterVersions.isEmpty {
            let pairs = adapterVersions.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
            items.append(URLQueryItem(name: "adapters", value: pairs.joined(separator: ",")))
        }
        items += Self.privacyQueryItems(privacy)
        let allowed = targeting.redacted(for: privacy, at: .adServer)
        if let age = allowed.age {
            items.append(URLQueryItem(name: "user_age", value: String(age)))
        }
        if let gender = allowed.gender {
            items.append(URLQueryItem(name: "user_gender", value: gender.rawValue))
        }
        if let language = allowed.language {
            items.append(URLQueryItem(name: "lang", value: language))
        }
        if isTestMode { items.append(Self.testModeQueryItem) }
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw .invalidConfiguration(path: "endpoint", reason: "cannot add a query to \(endpoint.absoluteString)")
        }
        components.queryItems = (components.queryItems ?? []) + items
        guard let url = components.url else {
            throw .invalidConfiguration(path: "adUnitID", reason: "cannot build a request URL for \"\(adUnitID)\"")
        }
        return url
    }

    /// The privacy query items for `privacy`: each candidate is sent only when the privacy matrix forwards it to
    /// the ad server.
    /// `test=1`: the query item of an ad request (GET or bidding POST) made in the host-wide test mode.
    static let testModeQueryItem = URLQueryItem(name: "test", value: "1")

    static func privacyQueryItems(_ privacy: PrivacySettings) -> [URLQueryItem] {
        let forwarded = PrivacyMatrix.forwardedSignals(to: .adServer, for: privacy)
        let candidates: [(String, String?)] = [
            ("gdpr_applies", privacy.gdprApplies.map { $0 ? "1" : "0" }),
            ("gdpr_consent", privacy.tcfConsentString),
            ("us_privacy", privacy.usPrivacyString),
            ("gpp", privacy.gppString),
            ("gpp_sid", privacy.gppSectionIDs.map(String.init).joined(separator: ",")),
            ("coppa", "1"),
            ("tfua", "1"),
            ("att", String(privacy.trackingAuthorization.rawValue)),
            ("lmt", "1"),
            ("npa", "1"),
        ]
        return candidates.compactMap { name, value in
            guard forwarded.contains(name), let value else { return nil }
            return URLQueryItem(name: name, value: value)
        }
    }
}

import Foundation
import MediationCore

extension HTTPAdResponseSource {
    /// The URL of the first ad request for `adUnitID`: the endpoint with these query items added.
    ///
    /// - `id`: the ad unit; `nv`: the SDK version; `adapters`: `name:version` pairs, when any.
    /// - Privacy, always sent: `gdpr_applies` (`0`/`1`, when known), `gdpr_consent` (the TCF string),
    ///   `us_privacy`, `coppa=1` for child-directed requests.
    /// - Targeting, redacted with `Targeting.redacted(for:)` first, so that `user_age` and `user_gender` are sent
    ///   only when `privacy` allows personal targeting; `lang` is not personal and is always sent when set.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `adUnitID` when it is empty.
    public func requestURL(adUnitID: String, privacy: PrivacySettings, targeting: Targeting) throws(MediationError)
        -> URL
    {
        guard !adUnitID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidConfiguration(path: "adUnitID", reason: "expected a non-empty ad unit ID")
        }
        var items = [URLQueryItem(name: "id", value: adUnitID), URLQueryItem(name: "nv", value: sdkVersion)]
        if !adapterVersions.isEmpty {
            let pairs = adapterVersions.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
            items.append(URLQueryItem(name: "adapters", value: pairs.joined(separator: ",")))
        }
        if let gdprApplies = privacy.gdprApplies {
            items.append(URLQueryItem(name: "gdpr_applies", value: gdprApplies ? "1" : "0"))
        }
        if let consent = privacy.tcfConsentString {
            items.append(URLQueryItem(name: "gdpr_consent", value: consent))
        }
        if let usPrivacy = privacy.usPrivacyString {
            items.append(URLQueryItem(name: "us_privacy", value: usPrivacy))
        }
        if privacy.isChildDirected {
            items.append(URLQueryItem(name: "coppa", value: "1"))
        }
        let allowed = targeting.redacted(for: privacy)
        if let age = allowed.age {
            items.append(URLQueryItem(name: "user_age", value: String(age)))
        }
        if let gender = allowed.gender {
            items.append(URLQueryItem(name: "user_gender", value: gender.rawValue))
        }
        if let language = allowed.language {
            items.append(URLQueryItem(name: "lang", value: language))
        }
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw .invalidConfiguration(path: "endpoint", reason: "cannot add a query to \(endpoint.absoluteString)")
        }
        components.queryItems = (components.queryItems ?? []) + items
        guard let url = components.url else {
            throw .invalidConfiguration(path: "adUnitID", reason: "cannot build a request URL for \"\(adUnitID)\"")
        }
        return url
    }
}

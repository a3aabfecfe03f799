import Foundation
import MediationCore

extension HTTPAdResponseSource {
    /// The body of a bidding ad request: a JSON object POSTed to ``endpoint`` when at least one bid signal was
    /// collected (otherwise the request is the GET of ``requestURL(adUnitID:privacy:targeting:)``).
    ///
    /// ```json
    /// {"id": "ad-unit", "nv": "1.0.0", "adapters": {"myTarget": "5.21.0"},
    ///  "privacy": {"gdpr_applies": "1", "gdpr_consent": "CO…"},
    ///  "targeting": {"user_age": 30, "lang": "en"},
    ///  "bidding_signals": {"MyTargetNativeBannerCustomEvent": {"network": "myTarget", "signal": "…"}}}
    /// ```
    ///
    /// `privacy` holds exactly the signals the query string would carry (the privacy matrix's ad-server column),
    /// `targeting` the fields left after redaction, and `bidding_signals` each signal keyed by custom event
    /// identifier. Keys are sorted, so equal requests have equal bodies.
    ///
    /// - Throws: `MediationError.invalidConfiguration(path:reason:)` naming `adUnitID` when it is empty.
    public func requestBody(
        adUnitID: String, privacy: PrivacySettings, targeting: Targeting, signals: [CollectedBidSignal]
    ) throws(MediationError) -> Data {
        guard !adUnitID.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .invalidConfiguration(path: "adUnitID", reason: "expected a non-empty ad unit ID")
        }
        var privacyFields: [String: JSONValue] = [:]
        for item in Self.privacyQueryItems(privacy) {
            privacyFields[item.name] = .string(item.value ?? "")
        }
        var targetingFields: [String: JSONValue] = [:]
        let allowed = targeting.redacted(for: privacy, at: .adServer)
        if let age = allowed.age { targetingFields["user_age"] = .number(Double(age)) }
        if let gender = allowed.gender { targetingFields["user_gender"] = .string(gender.rawValue) }
        if let language = allowed.language { targetingFields["lang"] = .string(language) }
        var signalFields: [String: JSONValue] = [:]
        for signal in signals {
            signalFields[signal.customEventIdentifier] = .object([
                "network": .string(signal.networkName), "signal": .string(signal.signal),
            ])
        }
        let body: JSONValue = .object([
            "id": .string(adUnitID),
            "nv": .string(sdkVersion),
            "adapters": .object(adapterVersions.mapValues { .string($0) }),
            "privacy": .object(privacyFields),
            "targeting": .object(targetingFields),
            "bidding_signals": .object(signalFields),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(body)
        } catch {
            throw .invalidConfiguration(path: "bidding_signals", reason: "cannot encode the request body: \(error)")
        }
    }

    /// Starts the first-page fetch for `adUnitID` under `fetch`: the POST of
    /// ``requestBody(adUnitID:privacy:targeting:signals:)`` when there are `signals`, else the GET. In the host-wide
    /// test mode (`isTestMode`), either carries `test=1` in its URL's query.
    package func startFetch(
        forAdUnit adUnitID: String, privacy: PrivacySettings, targeting: Targeting, signals: [CollectedBidSignal],
        isTestMode: Bool = false, into fetch: AdResponseFetch,
        completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void
    ) {
        guard !signals.isEmpty else {
            startFetch(
                forAdUnit: adUnitID, privacy: privacy, targeting: targeting, isTestMode: isTestMode, into: fetch,
                completion: completion)
            return
        }
        let body: Data
        do throws(MediationError) {
            body = try requestBody(adUnitID: adUnitID, privacy: privacy, targeting: targeting, signals: signals)
        } catch {
            completion(.failure(error))
            return
        }
        var url = endpoint
        if isTestMode, var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) {
            components.queryItems = (components.queryItems ?? []) + [Self.testModeQueryItem]
            url = components.url ?? endpoint
        }
        let request = HTTPFetchRequest(
            url: url, method: "POST",
            headers: ["Accept": "application/json", "Content-Type": "application/json"], body: body,
            timeout: timeout, maxBytes: maxResponseBytes)
        startFetch(request, into: fetch) { result in
            completion(
                result.map { response in
                    var response = response
                    response.adUnitID = response.adUnitID ?? adUnitID
                    return response
                })
        }
    }
}

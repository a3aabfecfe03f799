import Foundation
import MediationBridge

/// The values a tag, wrapper, tracking or `Error` URL's macros are replaced with (VAST 4.3 section 6), set by the
/// player for each request or ping. A value left `nil` is replaced with `-1` ("unknown, but would be shared if it
/// was known") when its macro is one of the IAB list, and a macro named in ``withheld`` with `-2` ("known, but
/// not shared because of policy"); see ``VASTMacroExpander``. ``setPrivacy(_:client:)`` fills the privacy and
/// device macros as the privacy matrix allows (docs/privacy.md, the in-stream VAST column).
public struct VASTMacroValues: Sendable, Equatable {
    /// `[ERRORCODE]`.
    public var errorCode: VASTErrorCode?
    /// `[TIMESTAMP]`: when the URL is pinged (ISO 8601 with milliseconds, in UTC).
    public var timestamp: Date?
    /// `[CACHEBUSTING]`: a random 8-digit number, new for each ping when `nil`.
    public var cacheBusting: String?
    /// `[ASSETURI]`: the media file being played.
    public var assetURI: URL?
    /// `[CONTENTPLAYHEAD]` (deprecated name) and `[MEDIAPLAYHEAD]`: the content's position.
    public var contentPlayhead: Duration?
    /// `[ADPLAYHEAD]`: the ad's position.
    public var adPlayhead: Duration?
    /// `[BREAKPOSITION]`: 1 preroll, 2 midroll, 3 postroll, 4 stand-alone.
    public var breakPosition: Int?
    /// `[REASON]`: the reason code of a `verificationNotExecuted` or similar event.
    public var reason: String?
    /// `[PODSEQUENCE]`: the ad's `sequence`.
    public var podSequence: Int?
    /// `[ADSERVINGID]`: the InLine ad's `AdServingId`.
    public var adServingId: String?
    /// `[UNIVERSALADID]`: `registry value` pairs of the creative.
    public var universalAdIds: [String]?
    /// `[ADCOUNT]`: the 1-based count of ads played in the break.
    public var adCount: Int?
    /// `[PLAYERSIZE]`: width and height in points.
    public var playerSize: (width: Int, height: Int)?
    /// `[GDPRCONSENT]`: the TCF consent string.
    public var gdprConsent: String?
    /// `[REGULATIONS]`: the regulations that apply (`gdpr`, `coppa`); empty when it is known that none does.
    public var regulations: [String]?
    /// `[LIMITADTRACKING]`: `1` when the user limits ad tracking, `0` when not.
    public var limitAdTracking: Bool?
    /// `[IFA]`: the advertising ID (the IDFA).
    public var ifa: String?
    /// `[IFATYPE]`: the kind of ``ifa`` (`idfa`).
    public var ifaType: String?
    /// `[DEVICEUA]`: the device's user agent.
    public var deviceUserAgent: String?
    /// `[CLIENTUA]`: the player and VAST client, `{player name}/{version} {plugin}/{version}`.
    public var clientUserAgent: String?
    /// `[APPBUNDLE]`: the app's bundle identifier.
    public var appBundle: String?
    /// `[STOREID]`: the app's App Store ID.
    public var storeID: String?
    /// `[STOREURL]`: the app's App Store URL.
    public var storeURL: URL?
    /// `[GPPSTRING]`: the GPP string.
    public var gppString: String?
    /// `[GPPSECTIONID]`: the GPP section IDs in force.
    public var gppSectionIDs: [Int]?
    /// Macros (names without brackets) whose value is known but withheld by policy: each becomes `-2`, whatever
    /// value is set.
    public var withheld: Set<String> = []
    /// Any other macro by name (without brackets), e.g. `["CONTENTID": "episode-7"]`.
    public var custom: [String: String]
    /// The values of a tag template's `{NAME}` placeholders by name (``VASTMacroExpander/tagPlaceholders``), set
    /// by ``setPrivacy(_:client:)``; `{CACHEBUSTER}` is ``cacheBusting``.
    public var placeholders: [String: String] = [:]

    /// Values with everything unknown but the time.
    public init(
        errorCode: VASTErrorCode? = nil, timestamp: Date? = nil, cacheBusting: String? = nil, assetURI: URL? = nil,
        contentPlayhead: Duration? = nil, adPlayhead: Duration? = nil, breakPosition: Int? = nil,
        reason: String? = nil, podSequence: Int? = nil, adServingId: String? = nil, universalAdIds: [String]? = nil,
        adCount: Int? = nil, playerSize: (width: Int, height: Int)? = nil, custom: [String: String] = [:]
    ) {
        self.errorCode = errorCode
        self.timestamp = timestamp
        self.cacheBusting = cacheBusting
        self.assetURI = assetURI
        self.contentPlayhead = contentPlayhead
        self.adPlayhead = adPlayhead
        self.breakPosition = breakPosition
        self.reason = reason
        self.podSequence = podSequence
        self.adServingId = adServingId
        self.universalAdIds = universalAdIds
        self.adCount = adCount
        self.playerSize = playerSize
        self.custom = custom
    }

    /// Equal when every value is.
    public static func == (lhs: VASTMacroValues, rhs: VASTMacroValues) -> Bool {
        lhs.errorCode == rhs.errorCode && lhs.timestamp == rhs.timestamp && lhs.cacheBusting == rhs.cacheBusting
            && lhs.assetURI == rhs.assetURI && lhs.contentPlayhead == rhs.contentPlayhead
            && lhs.adPlayhead == rhs.adPlayhead && lhs.breakPosition == rhs.breakPosition && lhs.reason == rhs.reason
            && lhs.podSequence == rhs.podSequence && lhs.adServingId == rhs.adServingId
            && lhs.universalAdIds == rhs.universalAdIds && lhs.adCount == rhs.adCount
            && lhs.playerSize?.width == rhs.playerSize?.width && lhs.playerSize?.height == rhs.playerSize?.height
            && lhs.custom == rhs.custom && lhs.gdprConsent == rhs.gdprConsent && lhs.regulations == rhs.regulations
            && lhs.limitAdTracking == rhs.limitAdTracking && lhs.ifa == rhs.ifa && lhs.ifaType == rhs.ifaType
            && lhs.deviceUserAgent == rhs.deviceUserAgent && lhs.clientUserAgent == rhs.clientUserAgent
            && lhs.appBundle == rhs.appBundle && lhs.storeID == rhs.storeID && lhs.storeURL == rhs.storeURL
            && lhs.gppString == rhs.gppString && lhs.gppSectionIDs == rhs.gppSectionIDs && lhs.withheld == rhs.withheld
            && lhs.placeholders == rhs.placeholders
    }

    /// The values of macro `name` (unencoded; several for list macros), or `nil` when this player has none;
    /// `["-2"]` for a withheld one.
    func values(for name: String) -> [String]? {
        if withheld.contains(name) { return ["-2"] }
        if let value = custom[name] { return [value] }
        if let value = privacyValues(for: name) { return value }
        switch name {
        case "ERRORCODE": return errorCode.map { [String($0.rawValue)] }
        case "TIMESTAMP": return [VASTMacroValues.format(timestamp ?? Date())]
        case "CACHEBUSTING":
            return [cacheBusting ?? String(format: "%08d", Int.random(in: 0...99_999_999))]
        case "ASSETURI": return assetURI.map { [$0.absoluteString] }
        case "CONTENTPLAYHEAD", "MEDIAPLAYHEAD": return contentPlayhead.map { [VASTTime.format($0)] }
        case "ADPLAYHEAD": return adPlayhead.map { [VASTTime.format($0)] }
        case "BREAKPOSITION": return breakPosition.map { [String($0)] }
        case "REASON": return reason.map { [$0] }
        case "PODSEQUENCE": return podSequence.map { [String($0)] }
        case "ADSERVINGID": return adServingId.map { [$0] }
        case "UNIVERSALADID": return universalAdIds
        case "ADCOUNT": return adCount.map { [String($0)] }
        case "PLAYERSIZE": return playerSize.map { ["\($0.width)", "\($0.height)"] }
        default: return nil
        }
    }

    private func privacyValues(for name: String) -> [String]? {
        switch name {
        case "GDPRCONSENT": gdprConsent.map { [$0] }
        case "REGULATIONS": regulations.map { $0.isEmpty ? [""] : $0 }
        case "LIMITADTRACKING": limitAdTracking.map { [$0 ? "1" : "0"] }
        case "IFA": ifa.map { [$0] }
        case "IFATYPE": ifaType.map { [$0] }
        case "DEVICEUA": deviceUserAgent.map { [$0] }
        case "CLIENTUA": clientUserAgent.map { [$0] }
        case "APPBUNDLE": appBundle.map { [$0] }
        case "STOREID": storeID.map { [$0] }
        case "STOREURL": storeURL.map { [$0.absoluteString] }
        case "GPPSTRING": gppString.map { [$0] }
        case "GPPSECTIONID": gppSectionIDs.map { ids in ids.isEmpty ? [""] : ids.map(String.init) }
        default: nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmm+00:00` in UTC.
    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = min(999, (parts.nanosecond ?? 0) / 1_000_000)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d+00:00", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
    }
}

extension VASTMacroValues {
    /// `[CLIENTUA]`: MediationKit's VAST client, the player's name unknown.
    public static let mediationKitClientUserAgent = "unknown MediationKit/\(MediationKitVersion.current)"

    /// Sets the privacy and device macros from `privacy` and `client`, exactly as the privacy matrix's in-stream
    /// VAST column allows (docs/privacy.md): `[GDPRCONSENT]` and `[GPPSTRING]`/`[GPPSECTIONID]` when there are
    /// strings (`-1` otherwise), `[REGULATIONS]` with `gdpr` when GDPR applies and `coppa` when child-directed
    /// (empty when neither does and `gdprApplies` is known, `-1` while unknown), `[LIMITADTRACKING]` `1` unless ATT
    /// is `authorized` and personal targeting is allowed, `[IFA]` and `[IFATYPE]` only then (`-2` otherwise, `-1`
    /// without an IDFA), and the client's `[APPBUNDLE]`, `[STOREID]`, `[STOREURL]`, `[DEVICEUA]` and
    /// ``mediationKitClientUserAgent`` as `[CLIENTUA]`.
    public mutating func setPrivacy(_ privacy: PrivacySettings, client: VASTClientInfo) {
        let forwarded = PrivacyMatrix.forwardedSignals(to: .vast, for: privacy)
        gdprConsent = forwarded.contains("[GDPRCONSENT]") ? privacy.tcfConsentString : nil
        gppString = forwarded.contains("[GPPSTRING]") ? privacy.gppString : nil
        gppSectionIDs = forwarded.contains("[GPPSECTIONID]") ? privacy.gppSectionIDs : nil
        var regulations: [String] = []
        if privacy.gdprApplies == true { regulations.append("gdpr") }
        if privacy.isChildDirected { regulations.append("coppa") }
        self.regulations = regulations.isEmpty && privacy.gdprApplies == nil ? nil : regulations
        limitAdTracking = forwarded.contains("[LIMITADTRACKING]")
        withheld.subtract(["IFA", "IFATYPE"])
        if PrivacyDeviceField.advertisingIdentifier.isAllowed(in: privacy) {
            ifa = client.advertisingIdentifier
            ifaType = client.advertisingIdentifier == nil ? nil : "idfa"
        } else {
            ifa = nil
            ifaType = nil
            withheld.formUnion(["IFA", "IFATYPE"])
        }
        appBundle = client.appBundle
        storeID = client.storeID
        storeURL = client.storeURL
        deviceUserAgent = client.userAgent
        clientUserAgent = Self.mediationKitClientUserAgent
        let lmt = forwarded.contains("{LMT}")
        placeholders = [
            "GDPR": forwarded.contains("{GDPR}") ? (privacy.gdprApplies == true ? "1" : "0") : "",
            "GDPR_CONSENT": forwarded.contains("{GDPR_CONSENT}") ? privacy.tcfConsentString ?? "" : "",
            "US_PRIVACY": forwarded.contains("{US_PRIVACY}") ? privacy.usPrivacyString ?? "" : "",
            "GPP": forwarded.contains("{GPP}") ? privacy.gppString ?? "" : "",
            "GPP_SID": forwarded.contains("{GPP_SID}")
                ? privacy.gppSectionIDs.map(String.init).joined(separator: ",") : "",
            "COPPA": forwarded.contains("{COPPA}") ? "1" : "0",
            "LMT": lmt ? "1" : "0",
            "IFA": ifa ?? "",
        ]
    }
}

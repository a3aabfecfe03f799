/// The privacy signals of one ad request, handed unchanged to every custom event of a run.
///
/// Every value is valid by construction: the initialiser, the throwing setters and `Codable` decoding all
/// check the strings' shapes and name the field that is wrong; the fields that cannot be wrong (the flags and
/// the tracking status) are plain properties. Adapters must honour the settings: pass consent signals on to
/// the network as far as its SDK accepts them (docs/privacy.md), withhold personal data unless
/// ``allowsPersonalTargeting``, and not load when the request is child-directed and the network does not
/// support such traffic (the engine skips those custom events itself).
public struct PrivacySettings: Sendable, Hashable {
    /// Whether GDPR applies to this user; `nil` when unknown.
    public var gdprApplies: Bool?
    /// The IAB TCF v2 consent string (`IABTCF_TCString`), when the host's CMP has one: base64url segments
    /// separated by dots. Set it with ``setTCFConsentString(_:)``.
    public private(set) var tcfConsentString: String?
    /// The IAB US Privacy (CCPA) string, four characters such as `1YNN`. Set it with
    /// ``setUSPrivacyString(_:)``.
    public private(set) var usPrivacyString: String?
    /// The IAB Global Privacy Platform string (`IABGPP_HDR_GppString`): base64url segments separated by `~`
    /// or `.`. Set it with ``setGPP(string:sectionIDs:)``.
    public private(set) var gppString: String?
    /// The GPP section IDs in force (`IABGPP_GppSID`, such as `[7]` for US national), each 1…255.
    public private(set) var gppSectionIDs: [Int]
    /// Whether the request is directed at children (COPPA / "tag for child-directed treatment").
    public var isChildDirected: Bool
    /// Whether the user is under the age of consent (GDPR Article 8; Google's "tag for under age of consent",
    /// TFUA). Withholds personal targeting everywhere; sent to the ad server as `tfua=1` and to Google as
    /// `tagForUnderAgeOfConsent`. `false` unless the host says otherwise.
    public var isUnderAgeOfConsent: Bool = false
    /// Whether the host asks explicitly for no personalisation (for example the user turned personalised ads
    /// off in the app's settings). Withholds personal targeting everywhere; sent to the ad server and to Google
    /// as `npa=1`. `false` unless the host says otherwise.
    public var disallowsPersonalization: Bool = false
    /// Whether personal information (age, gender, identifiers) may be collected and passed on.
    public var canCollectPersonalInfo: Bool
    /// The App Tracking Transparency status; `notDetermined` unless the host says otherwise.
    public var trackingAuthorization: TrackingAuthorizationStatus

    /// Creates privacy settings, validating every string.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `tcfConsentString`,
    ///   `usPrivacyString`, `gppString` or `gppSectionIDs`.
    public init(
        gdprApplies: Bool? = nil,
        tcfConsentString: String? = nil,
        usPrivacyString: String? = nil,
        gppString: String? = nil,
        gppSectionIDs: [Int] = [],
        isChildDirected: Bool = false,
        isUnderAgeOfConsent: Bool = false,
        disallowsPersonalization: Bool = false,
        canCollectPersonalInfo: Bool = true,
        trackingAuthorization: TrackingAuthorizationStatus = .notDetermined
    ) throws(MediationError) {
        self.gdprApplies = gdprApplies
        self.gppSectionIDs = []
        self.isChildDirected = isChildDirected
        self.isUnderAgeOfConsent = isUnderAgeOfConsent
        self.disallowsPersonalization = disallowsPersonalization
        self.canCollectPersonalInfo = canCollectPersonalInfo
        self.trackingAuthorization = trackingAuthorization
        try setTCFConsentString(tcfConsentString)
        try setUSPrivacyString(usPrivacyString)
        try setGPP(string: gppString, sectionIDs: gppSectionIDs)
    }

    /// No privacy restriction known: not child-directed, personal info allowed, tracking not determined.
    public static let unrestricted = PrivacySettings()

    private init() {
        gppSectionIDs = []
        isChildDirected = false
        canCollectPersonalInfo = true
        trackingAuthorization = .notDetermined
    }

    /// Whether targeting that identifies a person (age, gender, user IDs) may be sent anywhere: personal info
    /// may be collected, the request is neither child-directed nor from a user under the age of consent, the
    /// user has not opted out of sale (``optsOutOfSale``), App Tracking Transparency does not forbid tracking,
    /// and the host has not asked for no personalisation. Each of these is a row of the privacy matrix
    /// (docs/privacy.md), which this consults.
    public var allowsPersonalTargeting: Bool {
        PrivacyMatrix.withheldFieldsAnywhere(for: self).isEmpty
    }

    /// Whether the US Privacy string says the user opted out of the sale of personal data (third character
    /// `Y`, as in `1YYN`). An opt-out withholds personal targeting from every destination.
    public var optsOutOfSale: Bool {
        usPrivacySaleFlag == true
    }

    /// The US Privacy string's opt-out-of-sale flag: `true` for `Y`, `false` for `N`, `nil` for `-` or no
    /// string.
    var usPrivacySaleFlag: Bool? {
        guard let usPrivacyString, usPrivacyString.count == 4 else { return nil }
        switch Array(usPrivacyString)[2] {
        case "Y": return true
        case "N": return false
        default: return nil
        }
    }

    /// Sets or clears the TCF consent string.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `tcfConsentString` when it is
    ///   empty or has characters outside base64url and `.`; the settings are then unchanged.
    public mutating func setTCFConsentString(_ value: String?) throws(MediationError) {
        if let value {
            try Self.validateEncoded(value, field: "tcfConsentString", separators: ".")
        }
        tcfConsentString = value
    }

    /// Sets or clears the US Privacy string.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `usPrivacyString` when it is not
    ///   four characters of the form version digit then three of `Y`, `N`, `-`; the settings are then
    ///   unchanged.
    public mutating func setUSPrivacyString(_ value: String?) throws(MediationError) {
        if let value {
            let characters = Array(value)
            let flagsAreValid = characters.dropFirst().allSatisfy { "YN-".contains($0) }
            guard characters.count == 4, characters[0].isASCII, characters[0].isNumber, flagsAreValid else {
                throw .invalidConfiguration(
                    path: "usPrivacyString",
                    reason: "expected a version digit and three of Y, N or - (like 1YNN), got \"\(value)\"")
            }
        }
        usPrivacyString = value
    }

    /// Sets or clears the GPP string and its section IDs together.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `gppString` when it is empty or
    ///   has characters outside base64url, `~` and `.`, or `gppSectionIDs` when an ID is outside 1…255, repeats,
    ///   or IDs are given without a string; the settings are then unchanged.
    public mutating func setGPP(string: String?, sectionIDs: [Int] = []) throws(MediationError) {
        if let string {
            try Self.validateEncoded(string, field: "gppString", separators: "~.")
        } else if !sectionIDs.isEmpty {
            throw .invalidConfiguration(path: "gppSectionIDs", reason: "section IDs given without a GPP string")
        }
        if let bad = sectionIDs.first(where: { !(1...255).contains($0) }) {
            throw .invalidConfiguration(path: "gppSectionIDs", reason: "expected section IDs in 1...255, got \(bad)")
        }
        guard Set(sectionIDs).count == sectionIDs.count else {
            throw .invalidConfiguration(path: "gppSectionIDs", reason: "a section ID repeats in \(sectionIDs)")
        }
        gppString = string
        gppSectionIDs = sectionIDs
    }

    private static func validateEncoded(_ value: String, field: String, separators: String) throws(MediationError) {
        let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" + separators
        guard !value.isEmpty else {
            throw .invalidConfiguration(path: field, reason: "expected a non-empty IAB string, got \"\"")
        }
        if let bad = value.first(where: { !allowed.contains($0) }) {
            throw .invalidConfiguration(
                path: field,
                reason: "expected base64url characters and \(separators.map { "'\($0)'" }.joined(separator: " or ")), "
                    + "got '\(bad)' in \"\(value)\"")
        }
    }
}

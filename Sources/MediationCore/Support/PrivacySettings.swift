/// The privacy signals of one ad request, handed unchanged to every custom event of a run.
///
/// Adapters must honour them: pass consent strings on to the network, withhold personal data when
/// ``canCollectPersonalInfo`` is false, and not load when the request is child-directed and the network
/// does not support such traffic (the engine skips those custom events itself).
public struct PrivacySettings: Sendable, Hashable, Codable {
    /// Whether GDPR applies to this user; `nil` when unknown.
    public var gdprApplies: Bool?
    /// The IAB TCF v2 consent string, when the host has one.
    public var tcfConsentString: String?
    /// The IAB US Privacy (CCPA) string, four characters such as `1YNN`.
    public var usPrivacyString: String?
    /// Whether the request is directed at children (COPPA / "tag for child-directed treatment").
    public var isChildDirected: Bool
    /// Whether personal information (age, gender, identifiers) may be collected and passed on.
    public var canCollectPersonalInfo: Bool

    /// Creates privacy settings; validates the US privacy string's shape.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `usPrivacyString` when it is not
    ///   four characters of the form version digit then three of `Y`, `N`, `-`.
    public init(
        gdprApplies: Bool? = nil,
        tcfConsentString: String? = nil,
        usPrivacyString: String? = nil,
        isChildDirected: Bool = false,
        canCollectPersonalInfo: Bool = true
    ) throws(MediationError) {
        if let usPrivacyString {
            try Self.validateUSPrivacy(usPrivacyString)
        }
        self.gdprApplies = gdprApplies
        self.tcfConsentString = tcfConsentString
        self.usPrivacyString = usPrivacyString
        self.isChildDirected = isChildDirected
        self.canCollectPersonalInfo = canCollectPersonalInfo
    }

    /// No privacy restriction known: not child-directed, personal info allowed.
    public static let unrestricted = PrivacySettings(
        uncheckedGDPR: nil, isChildDirected: false, canCollectPersonalInfo: true)

    /// Whether targeting that identifies a person (age, gender) may be sent to networks.
    public var allowsPersonalTargeting: Bool {
        canCollectPersonalInfo && !isChildDirected
    }

    private init(uncheckedGDPR: Bool?, isChildDirected: Bool, canCollectPersonalInfo: Bool) {
        self.gdprApplies = uncheckedGDPR
        self.isChildDirected = isChildDirected
        self.canCollectPersonalInfo = canCollectPersonalInfo
    }

    private static func validateUSPrivacy(_ value: String) throws(MediationError) {
        let characters = Array(value)
        let flagsAreValid = characters.dropFirst().allSatisfy { "YN-".contains($0) }
        guard characters.count == 4, characters[0].isNumber, flagsAreValid else {
            throw .invalidConfiguration(
                path: "usPrivacyString",
                reason: "expected a version digit and three of Y, N or - (like 1YNN), got \"\(value)\"")
        }
    }
}

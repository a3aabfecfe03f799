extension PrivacySettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case gdprApplies, tcfConsentString, usPrivacyString, gppString, gppSectionIDs, isChildDirected
        case canCollectPersonalInfo, trackingAuthorization, isUnderAgeOfConsent, disallowsPersonalization
    }

    /// Decodes settings through the validating initialiser: a bad string is refused with
    /// ``MediationError/invalidConfiguration(path:reason:)`` whose path names the field (after the decoder's
    /// coding path). Absent keys take the initialiser's defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                gdprApplies: container.decodeIfPresent(Bool.self, forKey: .gdprApplies),
                tcfConsentString: container.decodeIfPresent(String.self, forKey: .tcfConsentString),
                usPrivacyString: container.decodeIfPresent(String.self, forKey: .usPrivacyString),
                gppString: container.decodeIfPresent(String.self, forKey: .gppString),
                gppSectionIDs: container.decodeIfPresent([Int].self, forKey: .gppSectionIDs) ?? [],
                isChildDirected: container.decodeIfPresent(Bool.self, forKey: .isChildDirected) ?? false,
                canCollectPersonalInfo: container.decodeIfPresent(Bool.self, forKey: .canCollectPersonalInfo) ?? true,
                trackingAuthorization: container.decodeIfPresent(
                    TrackingAuthorizationStatus.self, forKey: .trackingAuthorization) ?? .notDetermined)
        } catch let error as MediationError {
            throw error.prefixingPath(with: decoder.codingPath)
        }
        isUnderAgeOfConsent = try container.decodeIfPresent(Bool.self, forKey: .isUnderAgeOfConsent) ?? false
        disallowsPersonalization = try container.decodeIfPresent(Bool.self, forKey: .disallowsPersonalization) ?? false
    }

    /// Encodes every field under its property name; absent strings are left out, and so are
    /// `isUnderAgeOfConsent` and `disallowsPersonalization` when `false`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(gdprApplies, forKey: .gdprApplies)
        try container.encodeIfPresent(tcfConsentString, forKey: .tcfConsentString)
        try container.encodeIfPresent(usPrivacyString, forKey: .usPrivacyString)
        try container.encodeIfPresent(gppString, forKey: .gppString)
        if !gppSectionIDs.isEmpty { try container.encode(gppSectionIDs, forKey: .gppSectionIDs) }
        try container.encode(isChildDirected, forKey: .isChildDirected)
        try container.encode(canCollectPersonalInfo, forKey: .canCollectPersonalInfo)
        try container.encode(trackingAuthorization, forKey: .trackingAuthorization)
        if isUnderAgeOfConsent { try container.encode(true, forKey: .isUnderAgeOfConsent) }
        if disallowsPersonalization { try container.encode(true, forKey: .disallowsPersonalization) }
    }
}

extension MediationError {
    /// This error with `codingPath` put before an ``invalidConfiguration(path:reason:)`` path, so that a
    /// decoding error names the field where it sits in the document (`privacy.usPrivacyString`).
    func prefixingPath(with codingPath: [any CodingKey]) -> MediationError {
        guard case .invalidConfiguration(let path, let reason) = self, !codingPath.isEmpty else { return self }
        let prefix = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return .invalidConfiguration(path: "\(prefix).\(path)", reason: reason)
    }
}

/// The user's gender as networks accept it.
public enum TargetingGender: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not known.
    case unknown
    /// Male.
    case male
    /// Female.
    case female
}

/// Audience targeting for one request: age, gender and language.
///
/// Every value is valid by construction: the initialiser, the throwing setters and `Codable` decoding all
/// check age and language and name the field that is wrong. Adapters receive targeting already redacted for
/// the request's privacy (see ``redacted(for:)``), must pass on only what they get, and redact it again with
/// their network's profile (``redacted(for:profile:)``) where the network's SDK receives it.
public struct Targeting: Sendable, Hashable {
    /// The user's age in years, 0…120. Set it with ``setAge(_:)``.
    public private(set) var age: Int?
    /// The user's gender.
    public var gender: TargetingGender?
    /// The content or user language as an ISO 639-1 code (two lower-case letters, such as `ru`). Set it with
    /// ``setLanguage(_:)``.
    public private(set) var language: String?

    /// Creates targeting, validating each value.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `age` or `language`.
    public init(age: Int? = nil, gender: TargetingGender? = nil, language: String? = nil) throws(MediationError) {
        self.gender = gender
        try setAge(age)
        try setLanguage(language)
    }

    /// No targeting.
    public static let none = Targeting()

    private init() {}

    /// Sets or clears the age.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `age` when it is outside 0…120;
    ///   the targeting is then unchanged.
    public mutating func setAge(_ value: Int?) throws(MediationError) {
        if let value, !(0...120).contains(value) {
            throw .invalidConfiguration(path: "age", reason: "expected an age in 0...120, got \(value)")
        }
        age = value
    }

    /// Sets or clears the language.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `language` when it is not two
    ///   lower-case ASCII letters; the targeting is then unchanged.
    public mutating func setLanguage(_ value: String?) throws(MediationError) {
        if let value {
            let isISO6391 = value.count == 2 && value.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
            guard isISO6391 else {
                throw .invalidConfiguration(
                    path: "language", reason: "expected an ISO 639-1 code of two lower-case letters, got \"\(value)\"")
            }
        }
        language = value
    }

    /// This targeting with age and gender withheld when `privacy` does not allow personal targeting: the
    /// fields the privacy matrix withholds from any destination (docs/privacy.md), so that what a custom event
    /// receives is safe for every network.
    ///
    /// Language is not personal information and is kept.
    public func redacted(for privacy: PrivacySettings) -> Targeting {
        removing(PrivacyMatrix.withheldFieldsAnywhere(for: privacy))
    }

    /// This targeting with the fields the privacy matrix withholds from `destination` under `privacy` removed
    /// (adapters use ``redacted(for:profile:)``).
    package func redacted(for privacy: PrivacySettings, at destination: PrivacyDestination) -> Targeting {
        redacted(for: privacy, profile: NetworkPrivacyProfile(destination))
    }

    /// This targeting without `fields` (age and gender; language is never withheld).
    func removing(_ fields: Set<PrivacyPersonalField>) -> Targeting {
        var copy = self
        if fields.contains(.age) { copy.age = nil }
        if fields.contains(.gender) { copy.gender = nil }
        return copy
    }
}

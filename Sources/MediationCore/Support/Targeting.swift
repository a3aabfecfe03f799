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
/// Values are validated on creation. Adapters receive targeting already redacted for the request's privacy
/// (see ``redacted(for:)``) and must pass on only what they get.
public struct Targeting: Sendable, Hashable, Codable {
    /// The user's age in years, 0…120.
    public var age: Int?
    /// The user's gender.
    public var gender: TargetingGender?
    /// The content or user language as an ISO 639-1 code (two lower-case letters, such as `ru`).
    public var language: String?

    /// Creates targeting, validating each value.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `age` or `language`.
    public init(age: Int? = nil, gender: TargetingGender? = nil, language: String? = nil) throws(MediationError) {
        if let age, !(0...120).contains(age) {
            throw .invalidConfiguration(path: "age", reason: "expected an age in 0...120, got \(age)")
        }
        if let language {
            let isISO6391 = language.count == 2 && language.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
            guard isISO6391 else {
                throw .invalidConfiguration(
                    path: "language",
                    reason: "expected an ISO 639-1 code of two lower-case letters, got \"\(language)\"")
            }
        }
        self.age = age
        self.gender = gender
        self.language = language
    }

    /// No targeting.
    public static let none = Targeting(uncheckedAge: nil)

    private init(uncheckedAge: Int?) {
        self.age = uncheckedAge
    }

    /// This targeting with age and gender withheld when `privacy` does not allow personal targeting.
    ///
    /// Language is not personal information and is kept.
    public func redacted(for privacy: PrivacySettings) -> Targeting {
        guard !privacy.allowsPersonalTargeting else { return self }
        var copy = self
        copy.age = nil
        copy.gender = nil
        return copy
    }
}

extension Targeting: Codable {
    private enum CodingKeys: String, CodingKey {
        case age, gender, language
    }

    /// Decodes targeting through the validating initialiser: an age of 999 or a language of `"Russian"` is
    /// refused with ``MediationError/invalidConfiguration(path:reason:)`` whose path names the field (after the
    /// decoder's coding path).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                age: container.decodeIfPresent(Int.self, forKey: .age),
                gender: container.decodeIfPresent(TargetingGender.self, forKey: .gender),
                language: container.decodeIfPresent(String.self, forKey: .language))
        } catch let error as MediationError {
            throw error.prefixingPath(with: decoder.codingPath)
        }
    }

    /// Encodes the set fields under their property names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(age, forKey: .age)
        try container.encodeIfPresent(gender, forKey: .gender)
        try container.encodeIfPresent(language, forKey: .language)
    }
}

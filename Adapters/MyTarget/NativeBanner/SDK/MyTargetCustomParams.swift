/// Audience parameters sent with a request (`MTRGCustomParams`).
public struct MyTargetCustomParams: Sendable, Hashable {
    /// The user's age in years (`age`).
    public var age: Int?
    /// The user's gender (`gender`).
    public var gender: MyTargetGender
    /// The current language as an ISO 639-1 code (`language`).
    public var language: String?
    /// The user's email (`email`).
    public var email: String?
    /// The user's phone number (`phone`).
    public var phone: String?
    /// The user's OK ID (`okId`).
    public var okId: String?
    /// The user's VK ID (`vkId`).
    public var vkId: String?
    /// The app's own user identifier (`customUserId`).
    public var customUserId: String?
    /// Free-form parameters (`setCustomParam:forKey:`).
    public private(set) var customValues: [String: String]

    /// Creates custom params; nothing is set by default.
    public init(
        age: Int? = nil, gender: MyTargetGender = .unspecified, language: String? = nil, email: String? = nil,
        phone: String? = nil, okId: String? = nil, vkId: String? = nil, customUserId: String? = nil
    ) {
        self.age = age
        self.gender = gender
        self.language = language
        self.email = email
        self.phone = phone
        self.okId = okId
        self.vkId = vkId
        self.customUserId = customUserId
        self.customValues = [:]
    }

    /// Sets a free-form parameter; `nil` removes it (`setCustomParam:forKey:`).
    public mutating func setCustomParam(_ value: String?, forKey key: String) {
        customValues[key] = value
    }

    /// A free-form parameter (`customParamForKey:`).
    public func customParam(forKey key: String) -> String? {
        customValues[key]
    }

    /// Whether no personal field (age, gender, email, phone, OK, VK or custom user ID) is set.
    public var carriesNoPersonalData: Bool {
        age == nil && gender == .unspecified && email == nil && phone == nil && okId == nil && vkId == nil
            && customUserId == nil
    }
}

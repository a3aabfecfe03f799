/// The legal disclaimer of a banner (`MTRGDisclaimer`): its text and what it warns about.
public struct MyTargetDisclaimer: Sendable, Hashable {
    /// The text to show with the ad (`text`).
    public var text: String
    /// What the disclaimer is about (`type`).
    public var type: MyTargetDisclaimerType

    /// Creates a disclaimer.
    public init(text: String, type: MyTargetDisclaimerType = .undefined) {
        self.text = text
        self.type = type
    }
}

/// What a disclaimer warns about (`MTRGDisclaimerType`); the SDK's raw values are kept, unknown ones pass
/// through.
public struct MyTargetDisclaimerType: RawRepresentable, Sendable, Hashable {
    /// The SDK's numeric value.
    public var rawValue: Int

    /// Creates a type from the SDK's numeric value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Not specified (0).
    public static let undefined = Self(rawValue: 0)
    /// Alcohol (3).
    public static let alcohol = Self(rawValue: 3)
    /// Beer (4).
    public static let beer = Self(rawValue: 4)
    /// Tobacco (5).
    public static let tobacco = Self(rawValue: 5)
    /// Medicine (6).
    public static let medical = Self(rawValue: 6)
    /// Drugs (8).
    public static let drugs = Self(rawValue: 8)
    /// Dietary supplements (9).
    public static let dietary = Self(rawValue: 9)
    /// Declaration (10).
    public static let declaration = Self(rawValue: 10)
    /// Credits (11).
    public static let credits = Self(rawValue: 11)
}

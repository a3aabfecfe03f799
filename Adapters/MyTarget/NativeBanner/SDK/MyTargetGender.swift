import MediationBridge

/// The user's gender as the SDK's custom params take it (`MTRGGender`).
public enum MyTargetGender: Int, Sendable, Hashable, CaseIterable {
    /// Not set (-1); the SDK's default.
    case unspecified = -1
    /// Set, but not known (0).
    case unknown = 0
    /// Male (1).
    case male = 1
    /// Female (2).
    case female = 2

    /// The SDK gender for a targeting gender.
    public init(_ gender: TargetingGender) {
        switch gender {
        case .unknown: self = .unknown
        case .male: self = .male
        case .female: self = .female
        }
    }
}

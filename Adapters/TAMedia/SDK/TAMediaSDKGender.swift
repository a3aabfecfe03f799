import MediationBridge

/// The user's gender as a `TAMediaSDKRequest` takes it (`TAMediaSDKGender`: `kTADGenderUnknown`, …).
public enum TAMediaSDKGender: Int, Sendable, Hashable, CaseIterable {
    /// `kTADGenderUnknown`, what TAMedia's MoPub guide always sends.
    case unknown = 0
    /// Male.
    case male = 1
    /// Female.
    case female = 2

    /// The TAMedia gender for a targeting gender (`nil` → unknown).
    public init(_ gender: TargetingGender?) {
        switch gender {
        case .male?: self = .male
        case .female?: self = .female
        case .unknown?, nil: self = .unknown
        }
    }
}

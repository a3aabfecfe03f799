/// One TAMedia ad request (`TAMediaSDKRequest`, made with `[TAMediaSDKRequest request]`).
public struct TAMediaSDKRequest: Sendable, Hashable {
    /// Whether TAMedia serves test ads (`testing`); TAMedia's MoPub guide sends `NO`.
    public var testing: Bool
    /// The user's gender (`gender`); TAMedia's MoPub guide sends `kTADGenderUnknown`.
    public var gender: TAMediaSDKGender

    /// Creates a request; by default a live request with unknown gender, as TAMedia's MoPub guide makes.
    public init(testing: Bool = false, gender: TAMediaSDKGender = .unknown) {
        self.testing = testing
        self.gender = gender
    }
}

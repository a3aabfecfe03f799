/// One TAMedia ad request (`TADRequest`, made with `[TADRequest request]`).
public struct TADRequest: Sendable, Hashable {
    /// Whether TAMedia serves test ads (`testing`); the seed sends `NO`.
    public var testing: Bool
    /// The user's gender (`gender`); the seed sends `kTADGenderUnknown`.
    public var gender: TADGender

    /// Creates a request; by default a live request with unknown gender, as the seed makes.
    public init(testing: Bool = false, gender: TADGender = .unknown) {
        self.testing = testing
        self.gender = gender
    }
}

/// One click the sandbox SDK received: the asset it was performed on and what the SDK did.
public struct SandboxGoogleClick: Sendable, Hashable {
    /// The asset key passed to `performClickOnAsset(withKey:)`.
    public var assetKey: String
    /// What the SDK did.
    public var action: SandboxGoogleClickAction

    /// Creates a record.
    public init(assetKey: String, action: SandboxGoogleClickAction) {
        self.assetKey = assetKey
        self.action = action
    }
}

/// The version of MediationKit, sent to ad servers as the SDK version.
public enum MediationKitVersion {
    /// The current version, such as `0.1.0`.
    public static let current = "0.1.0"
}

/// The version of MediationKit, sent to ad servers as the SDK version.
public enum MediationKitVersion {
    /// The current version, such as `0.2.0`: the newest release in CHANGELOG.md, and the `from:` version of the
    /// README's install line (scripts/check-version.sh checks that the three agree).
    public static let current = "0.2.0"
}

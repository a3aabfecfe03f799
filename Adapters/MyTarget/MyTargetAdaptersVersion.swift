import MediationCore

/// Versions of the MyTargetAdapters module and of the network SDK surface it mirrors.
public enum MyTargetAdaptersVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
}

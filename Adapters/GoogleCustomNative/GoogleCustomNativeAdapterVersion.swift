import MediationCore

/// Versions of the GoogleCustomNativeAdapter module and of the network SDK surface it mirrors.
public enum GoogleCustomNativeAdapterVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
}

import MediationCore

/// Versions of the TAMediaAdapter module and of the network SDK surface it mirrors.
public enum TAMediaAdapterVersion {
    /// The adapter version.
    public static let adapter = "0.1.0"
}

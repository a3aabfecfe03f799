/// The reference adapter's versions, answered from constants so that they are instant.
public enum ReferenceAdapterVersion {
    /// The adapter version: the network SDK version it was built for, plus an adapter revision.
    public static let adapter = "1.0.0.0"
    /// The network SDK version.
    public static let networkSDK = ReferenceSandboxNetwork.sdkVersion
}

/// A custom event that says which network it loads and which adapter and network SDK versions it is, for the
/// adapter status a host shows in its debug menu (`Mediator.adapterStatuses`) and the mediation inspector.
///
/// Rules for conformers:
/// - Return constants: the values are read from a fresh custom event made by the registered factory, which
///   must not load, log or touch the network when it is made.
/// - ``adapterVersion`` is the adapter module's own version; ``networkSDKVersion`` is the network SDK version
///   the adapter was built against (or whose surface it mirrors).
public protocol AdapterVersionReporting {
    /// The readable network name, such as `myTarget`.
    var networkName: String { get }
    /// The adapter's version, such as `0.1.0`.
    var adapterVersion: String { get }
    /// The network SDK's version the adapter was built against, such as `5.46.0`.
    var networkSDKVersion: String { get }
}

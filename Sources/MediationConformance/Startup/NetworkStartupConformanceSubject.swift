import MediationCore

/// A network adapter configuration as the start-up kit sees it: how to make one over a fresh network stand-in
/// arranged for a scenario, and the parameters to start it with.
///
/// A network with no SDK-wide start (its configuration reports `not_needed`) sets ``hasStart`` to `false`: the
/// kit then checks that it answers `not_needed` exactly once and skips the checks about an SDK.
public struct NetworkStartupConformanceSubject: Sendable {
    /// A readable name for reports.
    public var name: String
    /// Whether the network has an SDK-wide start.
    public var hasStart: Bool
    /// The parameters the kit starts the network with (the test mode on); the stand-in must receive them.
    public var sampleParameters: NetworkStartParameters
    /// Makes a configuration over a fresh stand-in behaving as the scenario says, on the kit's clock.
    public var makeNetwork: @Sendable (NetworkStartupScenario, MediationClock) -> NetworkStartupConformanceNetwork

    /// Creates a subject.
    public init(
        name: String, hasStart: Bool = true,
        sampleParameters: NetworkStartParameters = NetworkStartParameters(isTestMode: true),
        makeNetwork: @escaping @Sendable (NetworkStartupScenario, MediationClock) -> NetworkStartupConformanceNetwork
    ) {
        self.name = name
        self.hasStart = hasStart
        self.sampleParameters = sampleParameters
        self.makeNetwork = makeNetwork
    }
}

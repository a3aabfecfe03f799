import MediationCore

/// How the network stand-in behind a configuration under test starts: the start-up kit arranges each one.
public enum NetworkStartupScenario: Sendable, Hashable {
    /// The SDK becomes ready after this long on the kit's clock.
    case starts(after: Duration)
    /// The SDK fails with the subject's ``NetworkStartupConformanceNetwork/failure`` after this long.
    case fails(after: Duration)
    /// The SDK never calls back.
    case neverAnswers
}

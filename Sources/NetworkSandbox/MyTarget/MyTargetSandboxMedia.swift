/// How a sandbox banner's media (icon and AdChoices icon) downloads: how long one attempt takes on the
/// sandbox clock and which attempts fail.
///
/// An attempt longer than the ad's `bannerMediaTimeout` fails when the timeout expires.
public struct MyTargetSandboxMedia: Sendable, Hashable {
    /// Which attempts fail.
    public var failures: MyTargetSandboxMediaFailures
    /// How long one attempt takes.
    public var latency: Duration

    /// Creates a media script.
    public init(failures: MyTargetSandboxMediaFailures = .none, latency: Duration = .zero) {
        self.failures = failures
        self.latency = latency
    }

    /// Media that downloads at once.
    public static let reliable = MyTargetSandboxMedia()

    /// Media whose attempts fail as `failures` says, each taking `latency`.
    public static func failing(_ failures: MyTargetSandboxMediaFailures, latency: Duration = .zero) -> Self {
        Self(failures: failures, latency: latency)
    }
}

import MyTargetAdapters

/// What a sandbox myTarget slot answers, and how it delivers the answer.
public struct MyTargetSandboxScript: Sendable, Hashable {
    /// The slot's answer to a load.
    public enum Response: Sendable, Hashable {
        /// Banners, in server order; a single ad gets the first, a loader up to its count.
        case fill([MyTargetSandboxBanner])
        /// No ad: the SDK's "no banners" error.
        case noFill
        /// A loading error, as the SDK reports it.
        case error(MyTargetAdLoadingError)
        /// No answer at all, ever: the SDK calls neither its delegate nor a loader's completion.
        case never
    }

    /// The answer.
    public var response: Response
    /// Latency before the answer (media downloads come after it), callback count and thread.
    public var behavior: SandboxBehavior

    /// Creates a script.
    public init(_ response: Response, behavior: SandboxBehavior = .prompt) {
        self.response = response
        self.behavior = behavior
    }

    /// Serves `banner`, whose media downloads as `media` says.
    public static func fill(
        _ banner: MyTargetNativeBanner, media: MyTargetSandboxMedia = .reliable, behavior: SandboxBehavior = .prompt
    ) -> Self {
        Self(.fill([MyTargetSandboxBanner(banner, media: media)]), behavior: behavior)
    }

    /// Serves `banners` in this order.
    public static func fill(_ banners: [MyTargetSandboxBanner], behavior: SandboxBehavior = .prompt) -> Self {
        Self(.fill(banners), behavior: behavior)
    }

    /// Answers "no banners".
    public static func noFill(behavior: SandboxBehavior = .prompt) -> Self {
        Self(.noFill, behavior: behavior)
    }

    /// Never answers.
    public static let never = Self(.never)

    /// Fails with `code` and `message` in `domain` (the SDK's loading-error domain by default).
    public static func error(
        code: Int, message: String, domain: String = MyTargetAdLoadingError.adLoadingErrorDomain,
        behavior: SandboxBehavior = .prompt
    ) -> Self {
        Self(.error(MyTargetAdLoadingError(domain: domain, code: code, message: message)), behavior: behavior)
    }
}

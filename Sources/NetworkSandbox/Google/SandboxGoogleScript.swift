import GoogleCustomNativeAdapter

/// What the sandbox Google network answers to a load, and how it delivers the answer.
public struct SandboxGoogleScript: Sendable {
    /// The answer.
    public enum Outcome: Sendable {
        /// An ad with this content.
        case fill(SandboxGoogleAdContent)
        /// No ad: the SDK's `GADErrorNoFill` error.
        case noFill
        /// This SDK error.
        case error(GADRequestError)
        /// No answer at all.
        case never
    }

    /// The answer.
    public var outcome: Outcome
    /// Latency, callback count and thread of the answer.
    public var behavior: SandboxBehavior

    /// Creates a script.
    public init(_ outcome: Outcome, behavior: SandboxBehavior = .prompt) {
        self.outcome = outcome
        self.behavior = behavior
    }

    /// Fill with `content`.
    public static func fill(_ content: SandboxGoogleAdContent, behavior: SandboxBehavior = .prompt) -> Self {
        Self(.fill(content), behavior: behavior)
    }

    /// No fill.
    public static func noFill(behavior: SandboxBehavior = .prompt) -> Self {
        Self(.noFill, behavior: behavior)
    }

    /// Fail with the SDK's error `code` and `message` in its own domain.
    public static func error(code: Int, message: String, behavior: SandboxBehavior = .prompt) -> Self {
        Self(
            .error(GADRequestError(domain: GADRequestError.googleDomain, code: code, localizedDescription: message)),
            behavior: behavior)
    }

    /// Never answer.
    public static let never = Self(.never)
}

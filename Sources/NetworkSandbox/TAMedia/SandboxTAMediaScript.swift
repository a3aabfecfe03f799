import TAMediaAdapter

/// What the sandbox TAMedia network answers to a load, and how it delivers the answer.
public struct SandboxTAMediaScript: Sendable {
    /// The answer.
    public enum Outcome: Sendable {
        /// An ad with this content.
        case fill(TADNativeAdContent)
        /// No ad (``TADErrorCode/noFill``).
        case noFill
        /// This SDK error.
        case error(TADRequestError)
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
    public static func fill(_ content: TADNativeAdContent, behavior: SandboxBehavior = .prompt) -> Self {
        Self(.fill(content), behavior: behavior)
    }

    /// No fill.
    public static func noFill(behavior: SandboxBehavior = .prompt) -> Self {
        Self(.noFill, behavior: behavior)
    }

    /// Fail with TAMedia's error `code` and `message`.
    public static func error(code: Int, message: String, behavior: SandboxBehavior = .prompt) -> Self {
        Self(.error(TADRequestError(code: code, localizedDescription: message)), behavior: behavior)
    }

    /// Never answer.
    public static let never = Self(.never)
}

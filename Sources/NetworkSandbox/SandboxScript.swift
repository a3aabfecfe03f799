/// An SDK error type a sandbox network can make from a scripted code and message.
public protocol SandboxNetworkError: Sendable {
    /// The SDK's error with `code` and `message`, in the SDK's own domain.
    init(sandboxCode code: Int, message: String)
}

/// What a sandbox network answers to a load, and how it delivers the answer: the script shared by the
/// Google and TAMedia stand-ins.
public struct SandboxScript<Content: Sendable, NetworkError: SandboxNetworkError>: Sendable {
    /// The answer.
    public enum Outcome: Sendable {
        /// An ad with this content.
        case fill(Content)
        /// No ad: the SDK's own no-fill error.
        case noFill
        /// This SDK error.
        case error(NetworkError)
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
    public static func fill(_ content: Content, behavior: SandboxBehavior = .prompt) -> Self {
        Self(.fill(content), behavior: behavior)
    }

    /// No fill.
    public static func noFill(behavior: SandboxBehavior = .prompt) -> Self {
        Self(.noFill, behavior: behavior)
    }

    /// Fail with the SDK's error `code` and `message` in its own domain.
    public static func error(code: Int, message: String, behavior: SandboxBehavior = .prompt) -> Self {
        Self(.error(NetworkError(sandboxCode: code, message: message)), behavior: behavior)
    }

    /// Never answer.
    public static var never: Self { Self(.never) }
}

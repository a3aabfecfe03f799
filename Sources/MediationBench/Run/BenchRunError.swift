/// A bench run that could not complete: which request and why.
public struct BenchRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The strategy being run.
    public var strategy: String
    /// The request's index.
    public var request: Int
    /// What went wrong.
    public var reason: String

    /// Creates an error.
    public init(strategy: String, request: Int, reason: String) {
        self.strategy = strategy
        self.request = request
        self.reason = reason
    }

    /// `strategy, request N: reason`.
    public var description: String { "\(strategy), request \(request): \(reason)" }
}

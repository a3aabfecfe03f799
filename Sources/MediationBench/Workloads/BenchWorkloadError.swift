/// Why a workload could not be used: what was wrong and where (a JSON path such as `networks[2].fillProbability`).
public struct BenchWorkloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the workload the problem is.
    public var path: String
    /// What is wrong there.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path.isEmpty ? "workload" : path): \(reason)" }
}

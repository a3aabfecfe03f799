import Foundation

/// Where midroll sections should play, as the host configures them before loading.
public enum InstreamMidpoints: Sendable, Hashable {
    /// Not configured: the server's midpoints are used.
    case server
    /// Positions in seconds of the content timeline.
    case seconds([Double])
    /// Positions in percent (0…100) of the content duration.
    case percent([Double])

    /// The configured positions in seconds for content of `contentDuration` seconds, sorted and without duplicates;
    /// `nil` for ``server``.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming the first bad value: a negative or
    ///   non-finite position, a percentage outside 0…100, or a non-positive content duration for percentages.
    package func positions(contentDuration: TimeInterval) throws(MediationError) -> [Double]? {
        switch self {
        case .server:
            return nil
        case .seconds(let seconds):
            for (index, value) in seconds.enumerated() where !value.isFinite || value < 0 {
                throw .invalidConfiguration(
                    path: "midpoints[\(index)]", reason: "expected a finite number of seconds >= 0, got \(value)")
            }
            return Array(Set(seconds)).sorted()
        case .percent(let percents):
            guard contentDuration.isFinite, contentDuration > 0 else {
                throw .invalidConfiguration(
                    path: "contentDuration",
                    reason: "percent midpoints need a content duration > 0 seconds, got \(contentDuration)")
            }
            for (index, value) in percents.enumerated() where !value.isFinite || !(0...100).contains(value) {
                throw .invalidConfiguration(
                    path: "midpointsP[\(index)]", reason: "expected a percentage in 0...100, got \(value)")
            }
            return Array(Set(percents.map { $0 * contentDuration / 100 })).sorted()
        }
    }
}

import MediationSupport

/// A point in time on a ``MediationClock``: the time elapsed since that clock's origin.
///
/// Instants from the same `MediationClock` compare meaningfully; instants from different clocks do not.
public struct MediationInstant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Time elapsed since the clock's origin.
    package var sinceOrigin: Duration

    /// Creates the instant `sinceOrigin` after the clock's origin.
    package init(sinceOrigin: Duration) {
        self.sinceOrigin = sinceOrigin
    }

    /// The clock's origin.
    public static let origin = MediationInstant(sinceOrigin: .zero)

    /// The instant `duration` later.
    package func advanced(by duration: Duration) -> MediationInstant {
        MediationInstant(sinceOrigin: sinceOrigin + duration)
    }

    /// The duration from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: MediationInstant) -> Duration {
        other.sinceOrigin - sinceOrigin
    }

    /// Orders instants by time.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }

    /// The offset in milliseconds, like `t+1500ms`.
    public var description: String { "t+\(sinceOrigin.wholeMilliseconds)ms" }
}

/// The documented defaults of network start-up.
@usableFromInline package enum NetworkStartupDefaults {
    /// How long a network may take to start when the ad server sets no timeout: 10 seconds, the per-line budget
    /// MoPub used. A network that has not answered by then is `timed_out`, and its lines fail with
    /// `network_not_started`.
    @usableFromInline package static let timeout: Duration = .seconds(10)
}

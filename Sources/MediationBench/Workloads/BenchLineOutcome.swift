/// What one line of one request does in the simulated world, whatever strategy runs it.
public struct BenchLineOutcome: Sendable, Hashable {
    /// How the network answers.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Loads an ad.
        case fill
        /// Answers that it has no ad.
        case noFill
        /// Fails with an error.
        case error
        /// Never answers.
        case hang
    }

    /// How the network answers.
    public var kind: Kind
    /// When it answers, after the line starts (ignored for ``Kind/hang``).
    public var latency: Duration
    /// The line's timeout.
    public var timeout: Duration

    /// Creates an outcome.
    public init(kind: Kind, latency: Duration, timeout: Duration) {
        self.kind = kind
        self.latency = latency
        self.timeout = timeout
    }

    /// Whether the line delivers an ad: it fills before its timeout.
    public var fills: Bool { kind == .fill && latency < timeout }

    /// How long after its start the line has ended: its answer, or its timeout when it answers too late or never.
    public var endTime: Duration { kind == .hang ? timeout : min(latency, timeout) }

    /// Draws the outcome of a line over `network` with `timeout` from `random`, always consuming the same
    /// number of draws.
    public static func draw(
        network: BenchNetwork, timeout: Duration, random: inout BenchRandom
    ) -> BenchLineOutcome {
        let hang = random.unit()
        let error = random.unit()
        let fill = random.unit()
        let normal = random.normal()
        let kind: Kind =
            if hang < network.hangProbability {
                .hang
            } else if error < network.errorProbability {
                .error
            } else if fill < network.fillProbability {
                .fill
            } else {
                .noFill
            }
        let distribution = kind == .fill ? network.fillLatency : network.noFillLatency
        return BenchLineOutcome(kind: kind, latency: distribution.latency(normal: normal), timeout: timeout)
    }
}

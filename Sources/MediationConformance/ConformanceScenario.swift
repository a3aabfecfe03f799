import MediationCore

/// How the network under an adapter should behave for the next load requests: what it answers, after how
/// long on the check's clock, and from which thread.
///
/// The conformance kit hands scenarios to the subject's ``ConformanceNetworkDriver``, which arranges the
/// network stand-in (a sandbox, a fake SDK) to behave so.
public struct ConformanceScenario: Sendable, Hashable {
    /// What the network answers.
    public enum Answer: Sendable, Hashable {
        /// An ad. `nil`: the stand-in's own sample content (which must let the adapter load and carry every key
        /// the subject declares). Otherwise an ad whose fields carry these values, where the stand-in can map
        /// them back onto its network's fields.
        case fill(NativeAdProperties?)
        /// The network's own "no ad".
        case noFill
        /// A network error with the network's own code and message.
        case error(code: Int, message: String)
        /// No answer at all, ever.
        case never
    }

    /// Where the answer is delivered from.
    public enum Delivery: String, Sendable, Hashable, CaseIterable {
        /// From the thread that advances the clock, or synchronously inside the load call when the latency is
        /// zero.
        case clockThread
        /// From a background dispatch queue, once the latency has passed on the clock.
        case backgroundThread
    }

    /// What the network answers.
    public var answer: Answer
    /// How long the network takes, on the clock the stand-in was made with.
    public var latency: Duration
    /// Where the answer comes from.
    public var delivery: Delivery

    /// Creates a scenario.
    public init(_ answer: Answer, latency: Duration = .zero, delivery: Delivery = .clockThread) {
        self.answer = answer
        self.latency = latency
        self.delivery = delivery
    }

    /// The stand-in's sample ad, after `latency`.
    public static func sampleFill(after latency: Duration = .zero) -> Self {
        Self(.fill(nil), latency: latency)
    }
}

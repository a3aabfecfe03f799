import MediationCore

/// How the network under an adapter should behave for the next load requests: what it answers, after how
/// long on the check's clock, from which thread, how often, and whether it honours a cancel.
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
        /// An ad whose network fields carry the generated raw values, unchecked: hostile URLs, ratings outside
        /// any scale, empty and huge texts. The stand-in puts each value on the network field that the subject's
        /// ``ConformanceFillMapping`` names, as the real SDK would hand it over.
        case generated(ConformanceGeneratedAd)
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
        /// Every callback (see ``ConformanceScenario/callbackCount``) from its own background thread, all at
        /// once, once the latency has passed: the SDK's answer racing itself and the host's `stop()`.
        case concurrentThreads
    }

    /// What the network answers.
    public var answer: Answer
    /// How long the network takes, on the clock the stand-in was made with.
    public var latency: Duration
    /// Where the answer comes from.
    public var delivery: Delivery
    /// How many times the network calls back with its answer (2 or more: an SDK that calls back twice).
    public var callbackCount: Int
    /// The time between repeated callbacks on the clock; zero repeats them back to back (a "late" double
    /// callback has a positive interval).
    public var repeatInterval: Duration
    /// Whether the network keeps quiet after the adapter cancels the load. `false`: it answers anyway, as real
    /// SDKs do whose cancel is best effort (or that have no cancel at all).
    public var honoursCancel: Bool

    /// Creates a scenario.
    public init(
        _ answer: Answer, latency: Duration = .zero, delivery: Delivery = .clockThread, callbackCount: Int = 1,
        repeatInterval: Duration = .zero, honoursCancel: Bool = true
    ) {
        self.answer = answer
        self.latency = latency
        self.delivery = delivery
        self.callbackCount = max(callbackCount, 1)
        self.repeatInterval = repeatInterval
        self.honoursCancel = honoursCancel
    }

    /// The stand-in's sample ad, after `latency`.
    public static func sampleFill(after latency: Duration = .zero) -> Self {
        Self(.fill(nil), latency: latency)
    }
}

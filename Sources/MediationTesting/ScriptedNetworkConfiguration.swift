import MediationCore
import MediationSupport

/// A network adapter configuration that starts as scripted, on a clock: for tests of start-up, of lines that
/// wait for their network, and of the conformance kit's start-up checks.
public final class ScriptedNetworkConfiguration: NetworkAdapterConfiguration {
    /// What the scripted network does when asked to start.
    public enum Outcome: Sendable, Hashable {
        /// Reports `started` after the latency.
        case starts
        /// Reports `failed` with this error after the latency.
        case fails(MediationError)
        /// Never answers.
        case silent
        /// Reports `notNeeded` after the latency.
        case notNeeded
    }

    /// The network's name.
    public let networkName: String
    /// The adapter's version.
    public let adapterVersion = "1.0.0"
    /// The network SDK's version.
    public let networkSDKVersion = "1.0.0"
    /// The custom event identifiers whose lines wait for this network.
    public let customEventIdentifiers: [String]
    /// Whether the start must run on the main actor.
    public let startsOnMainActor: Bool
    /// The bidding token, if any.
    public let biddingToken: String?

    private let outcome: Outcome
    private let latency: Duration
    private let reportCount: Int
    private let clock: MediationClock
    private let calls = Locked<[NetworkStartParameters]>([])

    /// A scripted network named `networkName` that answers `outcome` after `latency` on `clock`, `reportCount`
    /// times (more than 1 simulates an SDK that calls back twice).
    public init(
        _ networkName: String, outcome: Outcome, latency: Duration = .zero, reportCount: Int = 1,
        customEventIdentifiers: [String] = [], startsOnMainActor: Bool = false, biddingToken: String? = nil,
        clock: MediationClock
    ) {
        self.networkName = networkName
        self.outcome = outcome
        self.latency = latency
        self.reportCount = reportCount
        self.customEventIdentifiers = customEventIdentifiers
        self.startsOnMainActor = startsOnMainActor
        self.biddingToken = biddingToken
        self.clock = clock
    }

    /// The parameters of every start call, in order.
    public var startCalls: [NetworkStartParameters] { calls.current }

    /// Records the call and answers as scripted.
    public func start(
        with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void
    ) {
        calls.withLock { $0.append(parameters) }
        let status: NetworkStartStatus
        switch outcome {
        case .starts: status = .started
        case .fails(let error): status = .failed(error)
        case .notNeeded: status = .notNeeded
        case .silent: return
        }
        let count = reportCount
        let report: @Sendable () -> Void = {
            for _ in 0..<max(count, 1) { completion(status) }
        }
        if latency == .zero {
            report()
        } else {
            clock.schedule(after: latency, report)
        }
    }
}

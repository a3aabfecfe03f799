import Foundation

/// Everything ``MediationInspector`` shows about one finished run: its trace (with the auction record), the
/// privacy and targeting it ran with, the winning ad, the trackers fired and the registered adapters.
///
/// Build one from a run with ``init(result:mediator:title:trackers:decidedAt:)``, or field by field from a
/// trace a host saved from its logs (``MediationTrace/decode(json:)``); every field but the trace is optional.
public struct MediationInspection: Sendable {
    /// One tracker or notice URL the run fired, for the page's tracker table.
    public struct Tracker: Sendable, Hashable {
        /// The URL fired, macros expanded.
        package var url: URL
        /// What it reports: impression, click, win, loss, billing, ….
        package var event: TrackerPingEvent
        /// When it was handed to the pinger, from the start of the run, when known.
        package var at: Duration?
        /// How it went, as the pinger reports it (`sent`, `queued`, `failed: …`).
        package var result: String

        /// Creates a tracker record.
        public init(url: URL, event: TrackerPingEvent, at: Duration? = nil, result: String = "handed to the pinger") {
            self.url = url
            self.event = event
            self.at = at
            self.result = result
        }
    }

    /// The page's heading, such as the ad unit or the demo's name.
    package var title: String
    /// The run's trace; its ``MediationTrace/auction`` record fills the auction section.
    package var trace: MediationTrace
    /// The privacy settings the run used, when known.
    public var privacy: PrivacySettings?
    /// The host's targeting for the run, when known; the page shows it as sent, redacted for ``privacy``.
    package var targeting: Targeting?
    /// The winning ad's properties, for the ad card; `nil` when no ad was delivered or it is not known.
    public var winner: NativeAdProperties?
    /// The trackers and notices fired, in order.
    package var trackers: [Tracker]
    /// The registered adapters (``Mediator/adapterStatuses``).
    package var adapters: [MediationAdapterStatus]
    /// The strategy's description, such as `hedged(after: 500ms, maxInFlight: 2)`.
    package var strategy: String?
    /// The latency bound drawn as a reference line: the strategy's latency budget, or the run deadline.
    package var bound: Duration?
    /// When the run's outcome was delivered, from its start; derived from the trace when `nil`.
    package var decidedAt: Duration?
    /// Each network's start-up as it was when the page was built (``Mediator/networkStartupRecords``): status,
    /// time to start and error; empty when the mediator starts no network.
    public var networks: [NetworkStartupRecord] = []
    /// Whether the host-wide test mode was on (``MediatorConfiguration/isTestMode``); the page then says so.
    public var isTestMode = false

    /// Creates an inspection from its parts.
    public init(
        title: String = "Mediation run", trace: MediationTrace, privacy: PrivacySettings? = nil,
        targeting: Targeting? = nil, winner: NativeAdProperties? = nil, trackers: [Tracker] = [],
        adapters: [MediationAdapterStatus] = [], strategy: String? = nil, bound: Duration? = nil,
        decidedAt: Duration? = nil
    ) {
        self.title = title
        self.trace = trace
        self.privacy = privacy
        self.targeting = targeting
        self.winner = winner
        self.trackers = trackers
        self.adapters = adapters
        self.strategy = strategy
        self.bound = bound
        self.decidedAt = decidedAt
    }

    /// Creates an inspection of `result`, a run of `mediator`: its privacy, targeting, adapters, strategy and
    /// bound (the latency budget of ``MediationStrategy/latencyBudget(_:requestBudget:revenueTolerance:)``,
    /// else the run deadline) are read from the mediator now, so build it right after the run.
    ///
    /// With no `trackers` given, the trackers are the pings the run and its ad handed to the mediator's pinger so
    /// far (the mediator keeps the last 512 of all its runs): a page built before the ad's impression shows the
    /// win and loss notices, one built after it the impression and billing pings too, each with when it was
    /// handed to the pinger and, when the pinger reports it (``TrackerPingStatusReporting``), how it is doing.
    public init(
        result: MediationRunResult, mediator: Mediator, title: String = "Mediation run", trackers: [Tracker] = [],
        decidedAt: Duration? = nil
    ) {
        let bound: Duration?
        if case .latencyBudget(let budget, _, _) = mediator.strategy.mode {
            bound = budget
        } else {
            bound = mediator.limits.runDeadline
        }
        self.init(
            title: title, trace: result.trace, privacy: mediator.privacy, targeting: mediator.targeting,
            winner: result.ad?.properties, trackers: trackers.isEmpty ? mediator.sentTrackers(of: result) : trackers,
            adapters: mediator.adapterStatuses,
            strategy: mediator.strategy.description, bound: bound, decidedAt: decidedAt)
        networks = mediator.networkStartupRecords
        isTestMode = mediator.isTestMode
    }
}

import Foundation

/// What the driver learned about a line it was asked to resolve: facts only. The machine applies the rules to them
/// (a bid on a custom event that does not bid, a child-directed run on one that refuses it, a network that has not
/// started); a bid that expired is skipped before the driver looks anything up
/// (``WaterfallRunMachine/beginResolving(_:at:into:)``).
enum WaterfallLineResolution: Sendable {
    /// A renderer configuration and a custom event were found; the custom event supports `capabilities`, and its
    /// network needs no start-up (or has none).
    case ready(WaterfallLineCapabilities)
    /// The line fails before its request: no renderer configuration or no custom event for it
    /// (``MediationError/missingAdapter(identifier:)``).
    case failedBeforeRequest(MediationError)
    /// A frequency cap refuses the line (its network's, its creative's or its own): it is skipped with the named
    /// reason (`frequency_capped`, `paced`) and the record goes into the trace. Boxed (`indirect`): the record is
    /// large and rare, and every other resolution stays as small as before.
    indirect case capped(FrequencyCapRecord)
    /// The custom event was found, supports `capabilities`, and its network (``NetworkAdapterConfiguration``) is at
    /// `status`: the machine requests the ad if the network is ready, fails the line with `network_not_started` if
    /// its start-up failed or timed out, and otherwise makes the line wait for it.
    case needsNetwork(String, status: NetworkStartStatus, WaterfallLineCapabilities)
}

/// Something that happened to a run: the input of ``WaterfallRunMachine``.
enum WaterfallRunEvent<Loaded: WaterfallLoadable>: Sendable {
    /// The host started the run.
    case start(at: MediationInstant)
    /// The driver resolved a line the machine asked for.
    case lineResolved(line: Int, WaterfallLineResolution, at: MediationInstant)
    /// The start-up of `network`, which line `line` waits for, ended with `status`.
    case networkStartEnded(line: Int, network: String, status: NetworkStartStatus, at: MediationInstant)
    /// A line's custom event reported an ad (first, second or late: the machine decides).
    case lineLoaded(line: Int, ad: Loaded, at: MediationInstant)
    /// A line's custom event reported an ad that a frequency cap refuses (its network named a capped creative only
    /// once it loaded): counted as the line's outcome, the ad released, the refusal recorded. Boxed, as
    /// ``WaterfallLineResolution/capped(_:)`` is.
    indirect case lineLoadRefused(line: Int, ad: Loaded, record: FrequencyCapRecord, at: MediationInstant)
    /// A line's custom event reported a failure.
    case lineFailed(line: Int, error: MediationError, at: MediationInstant)
    /// The run's line-timeout timer fired: every line in flight whose deadline has passed times out.
    case lineTimeoutsDue(at: MediationInstant)
    /// The hedge timer armed as `generation` fired.
    case hedgeTimerFired(generation: Int, at: MediationInstant)
    /// The `x-next-url` page arrived; `profiles` are what the statistics say about its lines' networks, by line
    /// (the driver looks them up for the learned strategies, before it takes the run's lock; empty otherwise).
    case pageLoaded(url: URL, response: AdResponse, profiles: [NetworkProfile?] = [], at: MediationInstant)
    /// Loading the `x-next-url` page failed.
    case pageFailed(url: URL, error: MediationError, at: MediationInstant)
    /// Loading the `x-next-url` page took too long.
    case pageTimedOut(url: URL, at: MediationInstant)
    /// The run's deadline (``MediationRunLimits/runDeadline``) passed.
    case runDeadlineReached(at: MediationInstant)
    /// The strategy's latency budget passed.
    case latencyBudgetReached(at: MediationInstant)
    /// The host cancelled the run.
    case cancel(at: MediationInstant)
}

/// The settings every run of one mediator applies the same way: the strategy, the limits, where outcomes are
/// recorded, whether `x-next-url` can be followed and which log levels are recorded.
///
/// Made once per mediator and referenced by each ``WaterfallRunMachine``, so that a load in flight carries one
/// reference instead of its own copy. Immutable, so sharing it across runs and threads is safe.
final class WaterfallRunRules: Sendable {
    /// How runs walk the waterfall.
    let strategy: MediationStrategy
    /// Whether `x-next-url` can be followed (a response source exists).
    let followsNextURL: Bool
    /// How long a page load may take.
    let pageTimeout: Duration
    /// The run deadline, the page cap and the longest back-off.
    let limits: MediationRunLimits
    /// Whether the run asks the driver to record line outcomes in the mediator's statistics.
    let recordsOutcomes: Bool
    /// The levels the runs' logger records; no log action is made for the others.
    let enabledLogLevels: MediationLogLevelMask
    /// Whether the learned strategies' launch decisions that need the planner wait until the driver goes idle
    /// (``WaterfallRunMachine/decideDeferredLaunches(into:)``): the driver's runs do; a machine driven by hand
    /// (in tests) decides at once unless told.
    let defersLaunchDecisions: Bool

    init(
        strategy: MediationStrategy, followsNextURL: Bool, pageTimeout: Duration, limits: MediationRunLimits,
        recordsOutcomes: Bool, enabledLogLevels: MediationLogLevelMask, defersLaunchDecisions: Bool = false
    ) {
        self.strategy = strategy
        self.followsNextURL = followsNextURL
        self.pageTimeout = pageTimeout
        self.limits = limits
        self.recordsOutcomes = recordsOutcomes
        self.enabledLogLevels = enabledLogLevels
        self.defersLaunchDecisions = defersLaunchDecisions
    }

    /// These rules with `enabledLogLevels` in place of their own.
    func with(enabledLogLevels: MediationLogLevelMask) -> WaterfallRunRules {
        WaterfallRunRules(
            strategy: strategy, followsNextURL: followsNextURL, pageTimeout: pageTimeout, limits: limits,
            recordsOutcomes: recordsOutcomes, enabledLogLevels: enabledLogLevels,
            defersLaunchDecisions: defersLaunchDecisions)
    }
}

/// What the learned strategies (``MediationStrategy/isLearned``) keep during a run, as a value: the profiles the
/// driver looked up for the run's lines, sequential's expected requests over the
/// current page, whether the latency budget has passed, and the request-budget controller's allowance scale. The
/// launch planner's storage is not kept: each decision makes its own (``LearnedLaunchPlanner``).
///
/// Part of ``WaterfallRunMachine``. The profiles are handed in (the driver looks them up in the statistics store
/// before it takes the run's lock): the machine never reads the store.
struct WaterfallLearnedLaunches: Sendable {
    /// What the statistics said about each line's network when its page arrived, by line, up to the last network
    /// they knew; `nil` for a network they do not know, and for lines past the end.
    private var profiles: [NetworkProfile?]
    /// The expected line requests of sequential over the current page, once computed.
    private var expectedSequentialRequests: Double?
    /// Whether the latency budget has passed.
    private(set) var latencyBudgetPassed = false
    /// Whether the profiles were handed in: a run whose decisions wait for the driver to go idle has them looked up
    /// only when a decision first needs them (``WaterfallRunMachine/supplyProfiles(_:)``).
    private(set) var hasProfiles: Bool
    /// The factor the request-budget controller applies to the planner's allowance for this run (1 for the
    /// strategies without one; ``RequestBudgetController``).
    let allowanceScale: Double

    /// The state of a run whose first page's lines have `profiles` (empty for none; `nil` for not looked up yet),
    /// its allowance scaled by `allowanceScale`.
    init(profiles: [NetworkProfile?]?, allowanceScale: Double = 1) {
        self.profiles = Self.upToLastKnown(profiles ?? [])
        hasProfiles = profiles != nil
        self.allowanceScale = allowanceScale
    }

    /// The first page's profiles, looked up now; the profiles of later pages, handed in with them, are kept.
    mutating func supplyFirstPageProfiles(_ firstPage: [NetworkProfile?]) {
        guard !hasProfiles else { return }
        hasProfiles = true
        profiles.replaceSubrange(0..<min(profiles.count, firstPage.count), with: firstPage)
        profiles = Self.upToLastKnown(profiles)
    }

    /// Lets go of the profiles once the run has ended (the statistics store can then refresh its cached profiles
    /// in place).
    mutating func releaseAfterRun() {
        profiles = []
    }

    /// The profile of line `index`'s network, if one was handed in and the statistics knew it.
    func profile(_ index: Int) -> NetworkProfile? {
        profiles.indices.contains(index) ? profiles[index] : nil
    }

    /// The profiles handed in, by line (what ``LearnedLaunchPlanner`` reads, by index).
    var lineProfiles: [NetworkProfile?] { profiles }

    /// Whether ``knownProfile(_:)`` has a profile for line `index`, found without copying it.
    func hasKnownProfile(_ index: Int) -> Bool {
        guard profiles.indices.contains(index) else { return false }
        return (profiles[index]?.observationWeight ?? -1) >= MediationStrategy.minimumObservations
    }

    /// The profile of line `index`'s network when it has at least ``MediationStrategy/minimumObservations``.
    func knownProfile(_ index: Int) -> NetworkProfile? {
        hasKnownProfile(index) ? profiles[index] : nil
    }

    /// A page whose first line is `firstLine` arrived with `profiles` for its lines.
    mutating func pageLoaded(firstLine: Int, profiles pageProfiles: [NetworkProfile?]) {
        // The lines above the page have all ended: their profiles, if never looked up, are needed no more.
        hasProfiles = true
        if profiles.count < firstLine { profiles += repeatElement(nil, count: firstLine - profiles.count) }
        profiles.removeSubrange(firstLine...)
        profiles += pageProfiles
        profiles = Self.upToLastKnown(profiles)
        expectedSequentialRequests = nil
    }

    /// `profiles` without the unknown networks after the last known one: a line past the end reads as unknown
    /// (``profile(_:)``), so they need no storage, and a run whose networks the statistics do not know yet (a cold
    /// start) keeps none.
    private static func upToLastKnown(_ profiles: [NetworkProfile?]) -> [NetworkProfile?] {
        guard let last = profiles.lastIndex(where: { $0 != nil }) else { return [] }
        return last == profiles.count - 1 ? profiles : Array(profiles[...last])
    }

    /// The latency budget passed; `false` when it already had.
    mutating func passLatencyBudget() -> Bool {
        guard !latencyBudgetPassed else { return false }
        latencyBudgetPassed = true
        return true
    }

    /// Sequential's expected line requests over lines `pageStart..<lineCount`: line k is requested when every line
    /// above it fails. Unknown networks count as filling a third of the time.
    mutating func expectedSequential(pageStart: Int, lineCount: Int) -> Double {
        if let expectedSequentialRequests { return expectedSequentialRequests }
        var reached = 1.0
        var total = 0.0
        for index in pageStart..<lineCount {
            total += reached
            reached *= 1 - (profile(index)?.fillProbability ?? 1.0 / 3)
        }
        expectedSequentialRequests = total
        return total
    }

    /// The cold start of the learned strategies, a fixed schedule: lines `pageStart ..<
    /// pageStart + ``MediationStrategy/coldStartLinesAtOnce``` start at once, later ones when they come within
    /// ``MediationStrategy/coldStartWindow`` lines of the first unended one. Zero to start `candidate` now,
    /// `nil` to wait for an answer (a line ending moves the window).
    static func coldStartWait(candidate: Int, pageStart: Int, firstUnended: Int) -> Duration? {
        candidate - pageStart < MediationStrategy.coldStartLinesAtOnce
            || candidate < firstUnended + MediationStrategy.coldStartWindow ? .zero : nil
    }
}

/// What the learned strategies (``MediationStrategy/isLearned``) keep during a run, as a value: the profiles the
/// driver looked up for the run's lines, when the last line started, sequential's expected requests over the
/// current page, and whether the latency budget has passed.
///
/// Part of ``WaterfallRunMachine``. The profiles are handed in (the driver looks them up in the statistics store
/// before it takes the run's lock): the machine never reads the store.
struct WaterfallLearnedLaunches: Sendable {
    /// What the statistics said about each line's network when its page arrived, by line; `nil` for a network
    /// they do not know, and for lines past the end (none was handed in).
    private var profiles: [NetworkProfile?]
    /// When the last line started (for the learning fallback's delay).
    private var lastLaunch: MediationInstant?
    /// The expected line requests of sequential over the current page, once computed.
    private var expectedSequentialRequests: Double?
    /// Whether the latency budget has passed.
    private(set) var latencyBudgetPassed = false

    /// The state of a run whose first page's lines have `profiles` (empty for none).
    init(profiles: [NetworkProfile?]) {
        self.profiles = profiles
    }

    /// The profile of line `index`'s network, if one was handed in and the statistics knew it.
    func profile(_ index: Int) -> NetworkProfile? {
        profiles.indices.contains(index) ? profiles[index] : nil
    }

    /// The profile of line `index`'s network when it has at least ``MediationStrategy/minimumObservations``.
    func knownProfile(_ index: Int) -> NetworkProfile? {
        guard let profile = profile(index), profile.observationWeight >= MediationStrategy.minimumObservations else {
            return nil
        }
        return profile
    }

    /// A page whose first line is `firstLine` arrived with `profiles` for its lines.
    mutating func pageLoaded(firstLine: Int, profiles pageProfiles: [NetworkProfile?]) {
        if profiles.count < firstLine { profiles += repeatElement(nil, count: firstLine - profiles.count) }
        profiles.removeSubrange(firstLine...)
        profiles += pageProfiles
        expectedSequentialRequests = nil
    }

    /// A line started at `at`.
    mutating func launched(at: MediationInstant) {
        lastLaunch = at
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

    /// The fixed hedge of ``MediationStrategy/learningFallback``: the next line starts when the latest start was
    /// at least its delay ago, with at most its limit in flight (`loadingCount` lines load now).
    func fallbackWait(loadingCount: Int, at now: MediationInstant) -> Duration? {
        let fallback = MediationStrategy.learningFallback
        guard loadingCount < fallback.maxInFlight, case .hedged(let delay, _) = fallback.mode else { return nil }
        let since = lastLaunch.map { $0.duration(to: now) } ?? delay
        return since >= delay ? .zero : delay - since
    }
}

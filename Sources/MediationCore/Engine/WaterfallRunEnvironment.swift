/// What one run shares, in one place: the mediator's part (``services``, made once per mediator and referenced by
/// every run), the rules its machine applies (``rules``), and the run's own identity: its id, ad unit, logger and
/// whether its traffic is child-directed.
///
/// The driver (``WaterfallRunDriver``) holds it. The machine (``WaterfallRunMachine``) gets only ``rules`` and
/// ``isChildDirected``: it reads no clock, store or lock, and the services hold all three. What differs between
/// native ads and in-stream sources is the load kind's (``WaterfallLoadKind``), not this.
///
/// Three pieces stay types of their own, each for a reason:
/// - ``WaterfallRunServices`` is per mediator and shared by reference: its back-off windows and the ad server's
///   timeouts are state every run of the mediator sees, and a load in flight carries one reference to it;
/// - ``WaterfallRunRules`` is the machine's view of the settings, plain values only, one per mediator (made anew
///   for a run only when its logger records other levels);
/// - `NativeAdRequestRunScope` (MediationBridge) is what a native custom event sees of its run through its
///   `NativeAdRequestContext`: the module adapter authors compile against cannot see these Core types, so the
///   native kind (``NativeWaterfallKind``) holds it beside this.
struct WaterfallRunEnvironment: Sendable {
    /// What every run of the mediator shares (clock, pinger, registry, page source, statistics, back-off, network
    /// start-up, frequency caps).
    let services: WaterfallRunServices
    /// The run's rules: the mediator's, or theirs with this run's log levels.
    let rules: WaterfallRunRules
    /// The run's identifier, which names its tracker pings.
    let runID: MediationRunID
    /// The ad unit of the run's response.
    let adUnitID: String?
    /// The run's logger (stamped with the run and the ad unit).
    let logger: any MediationLogger
    /// Whether the run's traffic is child-directed (its privacy snapshot's flag).
    let isChildDirected: Bool

    /// What the mediator's statistics say about each of `lines`' networks, for a strategy that reads them (the
    /// learned ones); empty for the others, which never do.
    func profiles(of lines: [WaterfallLine]) -> [NetworkProfile?] {
        guard rules.strategy.isLearned else { return [] }
        return services.statistics.profiles(of: lines, adUnitID: adUnitID)
    }

    /// The request-budget controller's scale for an adaptive run's allowance; 1 for the other strategies.
    var allowanceScale: Double {
        guard case .adaptive(let requestBudget) = rules.strategy.mode else { return 1 }
        return services.statistics.allowanceScale(requestBudget: requestBudget)
    }
}

import Foundation

@testable import MediationCore

extension WaterfallRunMachine {
    /// A machine for `response` under `strategy`, as the driver makes one: when `statistics` is given, outcomes
    /// are recorded and, for a learned strategy, the first page's profiles are looked up in it now (the machine
    /// itself never reads the store), as is the adaptive strategy's allowance scale. The driver's machines defer
    /// launch decisions to its idle moments; a machine made here decides at once unless `defersLaunchDecisions`.
    /// `isChildDirected` is the run's privacy flag, as the driver hands it in.
    init(
        response: AdResponse, strategy: MediationStrategy, followsNextURL: Bool,
        pageTimeout: Duration = .seconds(10), limits: MediationRunLimits = .default,
        statistics: NetworkStatisticsStore? = nil, adUnitID: String? = nil,
        enabledLogLevels: MediationLogLevelMask = .all, defersLaunchDecisions: Bool = false,
        isChildDirected: Bool = false
    ) {
        // A machine that puts its decisions off has its profiles handed in when a decision first needs them.
        let profiles: [NetworkProfile?]? =
            defersLaunchDecisions && strategy.isLearned
            ? nil : strategy.isLearned ? statistics?.profiles(of: response.lines, adUnitID: adUnitID) ?? [] : []
        var allowanceScale = 1.0
        if case .adaptive(let requestBudget) = strategy.mode, let statistics {
            allowanceScale = statistics.allowanceScale(requestBudget: requestBudget)
        }
        self.init(
            response: response,
            rules: WaterfallRunRules(
                strategy: strategy, followsNextURL: followsNextURL, pageTimeout: pageTimeout, limits: limits,
                recordsOutcomes: statistics != nil, enabledLogLevels: enabledLogLevels,
                defersLaunchDecisions: defersLaunchDecisions),
            isChildDirected: isChildDirected, profiles: profiles, allowanceScale: allowanceScale)
    }
}

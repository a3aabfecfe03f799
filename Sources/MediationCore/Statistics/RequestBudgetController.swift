import Foundation

/// The feedback loop that keeps ``MediationStrategy/adaptive(requestBudget:)`` on its budget: an integral
/// controller on the planner's allowance of expected wasted requests.
///
/// The planner (``LearnedLaunchPlanner``) spends an *expected* budget computed from the statistics; what a load
/// really requests differs (the estimates are off, lines that fail early free their place, the cold start
/// spends what its fixed schedule spends). After every load the controller compares the line requests it made
/// with `requestBudget ×` the requests sequential would have made on the same network behaviour (the lines up
/// to and including the winner; every line when nothing filled) and moves the allowance's logarithm against the
/// error: `θ ← θ − gain × (requests − requestBudget × sequential)`, the allowance being `e^θ ×` the planner's.
///
/// Because the state is the integral of the error, the cumulated excess over any span of loads is
/// `−Δθ / gain`: as long as θ stays inside its bounds, the realised requests over `n` loads are within
/// `|Δθ| / (gain × Σ sequential)` of the budget, whatever the workload.
struct RequestBudgetController: Sendable, Hashable {
    /// How far θ moves per request of error: 0.05 (one request over the budget shrinks the allowance by 5 %).
    static let gain = 0.05
    /// The bounds of θ: the allowance stays within e^−8…e^4 of the planner's (anti-windup: a budget the
    /// workload cannot reach, above or below, does not accumulate an error that would take loads to unwind).
    static let bounds = -8.0...4.0

    /// The budget kept, a multiple of sequential's requests.
    let requestBudget: Double
    /// The logarithm of the allowance's multiplier.
    private(set) var logScale = 0.0
    /// The line requests of the loads recorded.
    private(set) var requests = 0
    /// The line requests sequential would have made on those loads.
    private(set) var sequentialRequests = 0

    /// A controller for `requestBudget` that has seen no load.
    init(requestBudget: Double) {
        self.requestBudget = requestBudget
    }

    /// The factor the planner's allowance is multiplied by for the next load.
    var allowanceScale: Double { exp(logScale) }

    /// A load made `requests` line requests where sequential would have made `sequentialRequests`.
    mutating func record(requests loadRequests: Int, sequentialRequests loadSequential: Int) {
        let error = Double(loadRequests) - requestBudget * Double(loadSequential)
        logScale = min(max(logScale - Self.gain * error, Self.bounds.lowerBound), Self.bounds.upperBound)
        requests += loadRequests
        sequentialRequests += loadSequential
    }
}

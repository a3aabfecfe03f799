@testable import MediationCore

extension NetworkStatisticsStore {
    /// Teaches the store that network `name` hangs (a timeout at 3 s) with share `hangs`, fills with share `fill` at
    /// `latency` and otherwise answers no fill at `latency`, over 100 observations.
    func teach(_ name: String, fill: Double, latency: Duration = .milliseconds(200), hangs: Double = 0) {
        let key = NetworkStatisticsKey(customEvent: name, network: name)
        for index in 0..<100 {
            let share = Double(index) / 100
            let outcome: NetworkOutcome = share < hangs ? .timeout : share < hangs + fill ? .fill : .noFill
            record(outcome, latency: outcome == .timeout ? .seconds(3) : latency, for: key)
        }
    }
}

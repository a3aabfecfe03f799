/// A network's statistics in the form the adaptive strategy reads in a run: shares of each outcome and running
/// sums of the latency sketches, so that each question costs a few operations.
struct NetworkProfile: Sendable {
    /// The decayed number of observations.
    let observationWeight: Double
    private let fillShare: Double
    private let noFillShare: Double
    private let errorShare: Double
    private let timeoutShare: Double
    private let fillCumulative: [Double]
    private let noFillCumulative: [Double]
    private let errorCumulative: [Double]

    /// The profile of `statistics`.
    init(_ statistics: NetworkStatistics) {
        let total = statistics.observationWeight
        observationWeight = total
        let scale = total > 0 ? 1 / total : 0
        fillShare = statistics.fills.totalWeight * scale
        noFillShare = statistics.noFills.totalWeight * scale
        errorShare = statistics.errors.totalWeight * scale
        timeoutShare = statistics.timeouts * scale
        fillCumulative = statistics.fills.cumulativeFractions()
        noFillCumulative = statistics.noFills.cumulativeFractions()
        errorCumulative = statistics.errors.cumulativeFractions()
    }

    /// The chance that a request fills.
    var fillProbability: Double { fillShare }

    /// The chance that a request still silent after `seconds` will fill.
    func fillProbability(givenSilentFor seconds: Double) -> Double {
        let fill = fillShare * (1 - LatencySketch.fraction(atOrBelow: seconds, cumulative: fillCumulative))
        let noFill = noFillShare * (1 - LatencySketch.fraction(atOrBelow: seconds, cumulative: noFillCumulative))
        let error = errorShare * (1 - LatencySketch.fraction(atOrBelow: seconds, cumulative: errorCumulative))
        let silent = fill + noFill + error + timeoutShare
        return silent > 0 ? fill / silent : 0
    }
}

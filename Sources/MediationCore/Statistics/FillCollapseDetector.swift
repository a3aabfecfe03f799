import Foundation

/// Notices when a network's fill rate collapses, so that its statistics forget what it was at once instead of
/// over the half-life (``NetworkStatisticsStore/halfLife``): a one-sided Bernoulli CUSUM on its answers.
///
/// Each answer (fill, or no fill, error or timeout) adds its log-likelihood ratio of "the fill rate is half of
/// `p`" against "it is `p`", `p` being the fill share the statistics hold before the answer: `ln(1/2)` for a fill,
/// `ln((1 − p/2) / (1 − p))` otherwise. The score is that sum, floored at zero (Page's CUSUM); it raises an alarm
/// when it passes ``threshold``. The answers since the score last stood at zero are the ones after the estimated
/// change (the change point's maximum-likelihood estimate): the detector keeps their decayed fill and other
/// weights, and on an alarm ``NetworkStatistics`` keeps those answers and only one observation's worth of the
/// earlier ones.
///
/// **False alarms.** For a CUSUM whose increments are a log-likelihood ratio, the mean number of observations
/// between false alarms on a stationary source is at least `e^threshold` (Lorden 1971: each excursion of the score
/// from zero reaches the threshold with probability at most `e^−threshold`, by Wald's likelihood-ratio
/// inequality). With ``threshold`` = ln 10,000 a stationary network raises at most one alarm per 10,000 answers,
/// and a false alarm costs little: the fill share is then estimated from the answers of the excursion (at least
/// `threshold / ln((1 − p/2) / (1 − p))` of them: 17 at p = 0.6, 48 at p = 0.3) and regains its full memory over
/// the next half-life. `p` is itself an estimate (the decayed share, about 290 answers' worth of variance at a
/// half-life of 100), which the Krichevsky–Trofimov form (fills + ½) / (answers + 1) keeps off 0 and 1; simulated,
/// 200,000 answers at a fill rate of 0.05, 0.3, 0.6 or 0.9 raise no alarm.
///
/// **Delay.** After a fall from `p` to `q`, the score climbs by `q ln(1/2) + (1 − q) ln((1 − p/2) / (1 − p))` per
/// answer: 0.50 from 0.6 to 0.05, so the alarm comes after about ln 10,000 / 0.50 ≈ 19 answers (simulated: median
/// 18, at most 31 in 200 changes), where the decay alone takes 114 answers to bring the share from 0.6 under 0.3.
///
/// **Stopped lines.** A stop (a censored observation) counts as the statistics count it: a fill with the share `s`
/// of fills among what they know beyond its silence, another answer with `1 − s`, adding `s ln(1/2) + (1 − s)
/// ln((1 − p/2) / (1 − p))`. Left out, stops would bias the test: the answers that come back are the fast ones, and
/// where fills are slow they fill less often than the share `p`, which counts the stops, says. By convexity,
/// `e^(s a + (1 − s) b) ≤ s e^a + (1 − s) e^b`, so a stop's increment keeps the score's excursions under the same
/// bound.
struct FillCollapseDetector: Sendable, Hashable, Codable {
    /// The score at which the detector raises an alarm: ln 10,000 ≈ 9.21, at most one false alarm per 10,000
    /// answers of a stationary network.
    static let threshold = log(10_000.0)

    /// The CUSUM score, ≥ 0.
    private(set) var score = 0.0
    /// The decayed number of fills since the score last stood at zero.
    private(set) var recentFills = 0.0
    /// The decayed number of other answers (no fill, error, timeout) since the score last stood at zero.
    private(set) var recentOthers = 0.0

    /// Nothing observed.
    init() {}

    /// Takes in one answer that is a fill with weight `filled` (1 for a fill, 0 for another answer, the share of
    /// fills beyond its silence for a stop) when the statistics held `fillWeight` of fills in `weight` of
    /// observations before it, every earlier weight being multiplied by `decay`; returns whether the score passed
    /// ``threshold`` (a collapse). Until the statistics hold ``MediationStrategy/minimumObservations`` there is no
    /// fill share to compare with, and the detector stays at rest.
    mutating func observe(filled: Double, fillWeight: Double, weight: Double, decay: Double) -> Bool {
        recentFills *= decay
        recentOthers *= decay
        guard weight >= MediationStrategy.minimumObservations else {
            reset()
            return false
        }
        let share = (fillWeight + 0.5) / (weight + 1)
        let increment = filled * log(0.5) + (1 - filled) * log((1 - share / 2) / (1 - share))
        score = max(score + increment, 0)
        guard score > 0 else {
            reset()
            return false
        }
        recentFills += filled
        recentOthers += 1 - filled
        return score > Self.threshold
    }

    /// Back to rest: a zero score and no recent answers.
    mutating func reset() {
        score = 0
        recentFills = 0
        recentOthers = 0
    }

    /// Decodes and checks the state.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        score = try container.decode(Double.self, forKey: .score)
        recentFills = try container.decode(Double.self, forKey: .recentFills)
        recentOthers = try container.decode(Double.self, forKey: .recentOthers)
        for (key, value) in [(CodingKeys.score, score), (.recentFills, recentFills), (.recentOthers, recentOthers)]
        where !value.isFinite || value < 0 {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "expected a finite value ≥ 0, got \(value)")
        }
    }
}

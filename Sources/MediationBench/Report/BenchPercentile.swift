import MediationCore
import MediationSupport

/// Percentiles by the nearest-rank method: the smallest sample with at least `p` % of the samples at or below it.
public enum BenchPercentile {
    /// The `percent` (0…100) percentile of `sorted` (ascending); `nil` for no samples.
    public static func nearestRank(_ percent: Double, of sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int(saturating: percent / 100 * Double(sorted.count), rounding: .up)
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

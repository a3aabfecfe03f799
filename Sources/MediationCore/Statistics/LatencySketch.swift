import Foundation
import MediationSupport

/// A compact latency distribution: a fixed histogram of 33 log-spaced buckets (upper bounds 10 ms × 1.25^k for
/// k = 0…31, about 10 s, then one overflow bucket), with decaying weights.
///
/// Memory is fixed (33 doubles) whatever the number of observations; quantiles are read by linear interpolation
/// inside a bucket, so they are within one bucket width (25 %) of the truth.
package struct LatencySketch: Sendable, Hashable, Codable {
    /// The number of buckets.
    package static let bucketCount = 33
    /// Each bucket's upper bound in seconds; the last bucket has none (it holds everything above ~10.1 s).
    static let upperBounds: [Double] = (0..<(bucketCount - 1)).map { 0.010 * pow(1.25, Double($0)) }
    private static let logGrowth = log(1.25)

    /// The weight of each bucket (decayed observation counts).
    package private(set) var weights: [Double]

    /// An empty sketch.
    package init() {
        weights = Array(repeating: 0, count: Self.bucketCount)
    }

    /// A sketch with these bucket weights.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` naming `weights` when there are not
    ///   ``bucketCount`` weights or one is negative or not finite.
    package init(weights: [Double]) throws(MediationError) {
        guard weights.count == Self.bucketCount else {
            throw .invalidConfiguration(
                path: "weights", reason: "expected \(Self.bucketCount) bucket weights, got \(weights.count)")
        }
        if let bad = weights.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw .invalidConfiguration(
                path: "weights[\(bad)]", reason: "expected a finite weight ≥ 0, got \(weights[bad])")
        }
        self.weights = weights
    }

    /// Decodes and validates the weights.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let weights = try container.decode([Double].self, forKey: .weights)
        do {
            try self.init(weights: weights)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .weights, in: container, debugDescription: error.description)
        }
    }

    /// The total weight.
    package var totalWeight: Double { weights.reduce(0, +) }

    /// Sets every weight to zero, keeping the storage.
    mutating func reset() {
        for bucket in weights.indices { weights[bucket] = 0 }
    }

    /// Adds an observation of `latency` with weight `weight`.
    package mutating func add(_ latency: Duration, weight: Double = 1) {
        weights[Self.bucket(of: latency.seconds)] += weight
    }

    /// Multiplies every weight by `factor` (0…1), so that older observations count less.
    package mutating func decay(by factor: Double) {
        for index in weights.indices { weights[index] *= factor }
    }

    /// The latency below which a fraction `quantile` (0…1) of the observations lie, or `nil` when empty.
    package func quantile(_ quantile: Double) -> Duration? {
        let total = totalWeight
        guard total > 0 else { return nil }
        let target = min(max(quantile, 0), 1) * total
        var cumulative = 0.0
        for (index, weight) in weights.enumerated() where weight > 0 {
            if cumulative + weight >= target {
                let (lower, upper) = Self.bounds(of: index)
                let fraction = (target - cumulative) / weight
                return .seconds(lower + (upper - lower) * fraction)
            }
            cumulative += weight
        }
        return .seconds(Self.bounds(of: Self.bucketCount - 1).upper)
    }

    /// The weight of the observations slower than `seconds` (the part of `seconds`'s bucket above it counted
    /// in proportion).
    func weightAbove(_ seconds: Double) -> Double {
        var total = 0.0
        for (index, weight) in weights.enumerated() where weight > 0 {
            total += weight * Self.shareAbove(seconds, inBucket: index)
        }
        return total
    }

    /// Adds to every bucket `scale ×` its weight above `seconds` (see ``weightAbove(_:)``).
    mutating func addShareAbove(_ seconds: Double, scale: Double) {
        for index in weights.indices where weights[index] > 0 {
            weights[index] += weights[index] * Self.shareAbove(seconds, inBucket: index) * scale
        }
    }

    /// The share of bucket `index`'s range that lies above `seconds`.
    private static func shareAbove(_ seconds: Double, inBucket index: Int) -> Double {
        let (lower, upper) = bounds(of: index)
        if seconds <= lower { return 1 }
        if seconds >= upper { return 0 }
        return (upper - seconds) / (upper - lower)
    }

    /// Running sums of the weights, normalised to 1 (empty for an empty sketch): entry k is the fraction of
    /// observations at or below bucket k's upper bound.
    func cumulativeFractions() -> [Double] {
        let total = totalWeight
        guard total > 0 else { return [] }
        var sum = 0.0
        return weights.map { weight in
            sum += weight
            return min(sum / total, 1)
        }
    }

    /// The fraction of observations at or below `seconds`, from `cumulative` (see ``cumulativeFractions()``).
    static func fraction(atOrBelow seconds: Double, cumulative: [Double]) -> Double {
        guard !cumulative.isEmpty else { return 0 }
        return fraction(at: Position(seconds), cumulative: cumulative, start: 0)
    }

    /// The bucket `seconds` falls in.
    static func bucket(of seconds: Double) -> Int {
        guard seconds > upperBounds[0] else { return 0 }
        let index = Int(saturating: log(seconds / upperBounds[0]) / logGrowth, rounding: .up)
        return min(max(index, 0), bucketCount - 1)
    }

    /// A bucket's range in seconds (the overflow bucket is taken as one more doubling).
    static func bounds(of index: Int) -> (lower: Double, upper: Double) {
        let lower = index == 0 ? 0 : upperBounds[index - 1]
        let upper = index < upperBounds.count ? upperBounds[index] : upperBounds[upperBounds.count - 1] * 2
        return (lower, upper)
    }
}

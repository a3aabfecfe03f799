extension LatencySketch {
    /// Where a latency falls among the buckets: its bucket and how far into the bucket it lies (0 to 1), worked out
    /// once (a logarithm and the bucket's bounds) for as many sketches as are asked about that latency.
    struct Position {
        /// Whether the latency is above zero (no observation lies at or below zero or less).
        var isPositive: Bool
        var index: Int
        var withinBucket: Double

        init(_ seconds: Double) {
            isPositive = seconds > 0
            index = LatencySketch.bucket(of: seconds)
            let (lower, upper) = LatencySketch.bounds(of: index)
            withinBucket = min(max((seconds - lower) / (upper - lower), 0), 1)
        }
    }

    /// The fraction of observations at or below the latency at `position`, from a sketch's running sums
    /// (``cumulativeFractions()``) that start at `start` in `cumulative`.
    static func fraction(at position: Position, cumulative: [Double], start: Int) -> Double {
        guard position.isPositive else { return 0 }
        let below = position.index == 0 ? 0 : cumulative[start + position.index - 1]
        let within = cumulative[start + position.index] - below
        return below + within * position.withinBucket
    }
}

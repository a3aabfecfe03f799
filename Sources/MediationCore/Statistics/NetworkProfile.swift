/// A network's statistics in the form the adaptive strategy reads in a run: shares of each outcome and running
/// sums of the latency sketches, so that each question costs a few operations.
///
/// Every figure lives in one buffer (the observation weight, the four shares, then the running sums of the three
/// sketches), so that a profile is that buffer's reference and three offsets: a run keeps one per line (16 bytes,
/// not the 64 that five figures held inline took), and the statistics store keeps each network's profile and
/// refreshes it in place when the network has new observations and no run still holds the old one
/// (``refresh(from:)``).
package struct NetworkProfile: Sendable {
    /// ``observationWeight``, the fill, no-fill, error and timeout shares (at ``Figure``'s offsets), then the
    /// running sums of the fill, no-fill and error sketches, one after the other, each
    /// ``LatencySketch/bucketCount`` long or absent (an empty sketch).
    private var figures: [Double]
    /// Where each sketch's running sums start in ``figures``; -1 for an empty sketch.
    private var fillStart: Int8 = -1
    private var noFillStart: Int8 = -1
    private var errorStart: Int8 = -1

    /// Where each figure is in ``figures``, before the running sums.
    private enum Figure: Int {
        case observationWeight, fillShare, noFillShare, errorShare, timeoutShare
    }

    /// The decayed number of observations.
    var observationWeight: Double { figures[Figure.observationWeight.rawValue] }
    private var fillShare: Double { figures[Figure.fillShare.rawValue] }
    private var noFillShare: Double { figures[Figure.noFillShare.rawValue] }
    private var errorShare: Double { figures[Figure.errorShare.rawValue] }
    private var timeoutShare: Double { figures[Figure.timeoutShare.rawValue] }

    /// The profile of `statistics`.
    init(_ statistics: NetworkStatistics) {
        figures = []
        refresh(from: statistics)
    }

    /// Recomputes the profile from `statistics`, reusing the buffer when no one else holds it.
    ///
    /// Each sketch's total is summed once and used for its share and its running sums alike (it was summed three
    /// times: for the observation weight, the share and the running sums). The sums are taken in the same order,
    /// so the profile is the same bit for bit.
    mutating func refresh(from statistics: NetworkStatistics) {
        let fillTotal = statistics.fills.totalWeight
        let noFillTotal = statistics.noFills.totalWeight
        let errorTotal = statistics.errors.totalWeight
        // `NetworkStatistics.observationWeight`'s sum, in its order.
        let total = fillTotal + noFillTotal + errorTotal + statistics.timeouts
        let scale = total > 0 ? 1 / total : 0
        figures.removeAll(keepingCapacity: true)
        // In ``Figure``'s order.
        figures.append(total)
        figures.append(fillTotal * scale)
        figures.append(noFillTotal * scale)
        figures.append(errorTotal * scale)
        figures.append(statistics.timeouts * scale)
        fillStart = Self.appendCumulative(of: statistics.fills, total: fillTotal, to: &figures)
        noFillStart = Self.appendCumulative(of: statistics.noFills, total: noFillTotal, to: &figures)
        errorStart = Self.appendCumulative(of: statistics.errors, total: errorTotal, to: &figures)
    }

    /// The chance that a request fills.
    var fillProbability: Double { fillShare }

    /// The chance that a request still silent after `seconds` will fill.
    func fillProbability(givenSilentFor seconds: Double) -> Double {
        // Where `seconds` falls among the buckets is worked out once for the three sketches (a logarithm and the
        // bucket's bounds), not once per sketch: the planner asks this for every line at every moment it tries.
        let position = LatencySketch.Position(seconds)
        let fill = fillShare * (1 - fraction(at: position, start: fillStart))
        let noFill = noFillShare * (1 - fraction(at: position, start: noFillStart))
        let error = errorShare * (1 - fraction(at: position, start: errorStart))
        let silent = fill + noFill + error + timeoutShare
        return silent > 0 ? fill / silent : 0
    }

    /// The fraction of a sketch's observations at or below the latency at `position`, from its running sums at
    /// `start` (0 for an empty sketch).
    private func fraction(at position: LatencySketch.Position, start: Int8) -> Double {
        guard start >= 0 else { return 0 }
        return LatencySketch.fraction(at: position, cumulative: figures, start: Int(start))
    }

    /// Appends `sketch`'s running sums, normalised to 1 by its `total` (``LatencySketch/totalWeight``), to `buffer`
    /// and returns where they start; -1 (nothing appended) for an empty sketch.
    private static func appendCumulative(of sketch: LatencySketch, total: Double, to buffer: inout [Double]) -> Int8 {
        guard total > 0 else { return -1 }
        let start = buffer.count
        var sum = 0.0
        for weight in sketch.weights {
            sum += weight
            buffer.append(min(sum / total, 1))
        }
        return Int8(start)
    }
}

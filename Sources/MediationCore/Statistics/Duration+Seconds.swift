import Foundation

extension Duration {
    /// The duration in seconds, as a `Double`.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// ``secondsValue`` of the duration of `nanoseconds` (`Duration.packedNanoseconds`), bit for bit, worked out
    /// on the 64-bit count: `components` divides a 128-bit number, which costs more than the rest of a learned
    /// strategy's look at a line.
    static func secondsValue(ofPackedNanoseconds nanoseconds: Int64) -> Double {
        // Both parts carry the sign and division truncates toward zero, as `components` does.
        let seconds = nanoseconds / 1_000_000_000
        let attoseconds = (nanoseconds % 1_000_000_000) * 1_000_000_000
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

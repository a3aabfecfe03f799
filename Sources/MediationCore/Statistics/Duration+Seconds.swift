import Foundation

extension Duration {
    /// The duration in seconds, as a `Double`.
    var secondsValue: Double {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) { return secondsValueByDivision }
        return secondsValueByComponents
    }

    /// ``secondsValue`` from the parts `components` gives, worked out by one 128-bit division of `attoseconds`,
    /// which costs about a third as much.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    var secondsValueByDivision: Double {
        let (seconds, attoseconds) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000_000_000)
        return Self.secondsValue(
            seconds: Int64(truncatingIfNeeded: seconds), attoseconds: Int64(truncatingIfNeeded: attoseconds))
    }

    /// ``secondsValue`` from `components`, where the platform has no 128-bit integers.
    var secondsValueByComponents: Double {
        let (seconds, attoseconds) = components
        return Self.secondsValue(seconds: seconds, attoseconds: attoseconds)
    }

    /// ``secondsValue`` of the duration of `nanoseconds` (`Duration.packedNanoseconds`), bit for bit, worked out
    /// on the 64-bit count: `components` divides a 128-bit number, which costs more than the rest of a learned
    /// strategy's look at a line.
    static func secondsValue(ofPackedNanoseconds nanoseconds: Int64) -> Double {
        // Both parts carry the sign and division truncates toward zero, as `components` does.
        secondsValue(seconds: nanoseconds / 1_000_000_000, attoseconds: (nanoseconds % 1_000_000_000) * 1_000_000_000)
    }

    /// The one formula both read the seconds with, so that they agree bit for bit.
    private static func secondsValue(seconds: Int64, attoseconds: Int64) -> Double {
        Double(seconds) + Double(attoseconds) * 1e-18
    }
}

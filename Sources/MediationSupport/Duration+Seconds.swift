extension Duration {
    /// The duration in seconds, as a `Double`.
    package var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The largest magnitude ``wholeMilliseconds`` gives: 10¹² ms, about 31 years.
    package static let maximumWholeMilliseconds: Int64 = 1_000_000_000_000

    /// The duration in whole milliseconds, rounded toward zero and clamped to ±``maximumWholeMilliseconds``: a
    /// duration read from a file may hold any number, and no sum or span of milliseconds may then overflow.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let limit = Self.maximumWholeMilliseconds / 1_000
        guard seconds < limit else { return Self.maximumWholeMilliseconds }
        guard seconds > -limit else { return -Self.maximumWholeMilliseconds }
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}

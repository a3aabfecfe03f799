extension Duration {
    /// The stored value that stands for "none" where the trace recorder keeps a time as packed nanoseconds.
    static var noPackedNanoseconds: Int64 { .min }

    /// `duration` as packed nanoseconds, or ``noPackedNanoseconds`` for `nil`.
    static func packing(_ duration: Duration?) -> Int64 {
        duration?.packedNanoseconds ?? noPackedNanoseconds
    }

    /// The duration `packed` nanoseconds stand for, or `nil` for ``noPackedNanoseconds``.
    static func unpacking(_ packed: Int64) -> Duration? {
        packed == noPackedNanoseconds ? nil : .nanoseconds(packed)
    }

    /// The duration in nanoseconds, rounded up, within `Int64.min + 1 ... Int64.max` (the smallest value is left to
    /// stand for "none"): how ``WaterfallTraceRecorder`` keeps its entries' times, one word each, so that a load's
    /// trace costs 32 bytes an entry while the load is in flight (memory per load).
    ///
    /// Every clock MediationKit reads ticks in nanoseconds or coarser, so a time from a clock is kept exactly; a
    /// time between two nanoseconds is kept as the later one.
    var packedNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let attosecondsPerNanosecond: Int64 = 1_000_000_000
        // Both components carry the duration's sign, and division truncates toward zero, which already rounds a
        // negative fraction up.
        var fraction = attoseconds / attosecondsPerNanosecond
        if attoseconds % attosecondsPerNanosecond > 0 { fraction += 1 }
        let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflowed { return seconds < 0 ? Self.noPackedNanoseconds + 1 : .max }
        let (total, overflowedAgain) = scaled.addingReportingOverflow(fraction)
        if overflowedAgain { return fraction < 0 ? Self.noPackedNanoseconds + 1 : .max }
        return Swift.max(total, Self.noPackedNanoseconds + 1)
    }
}

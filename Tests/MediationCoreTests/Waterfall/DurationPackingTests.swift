import Foundation
import MediationBridge
import MediationSupport
import Testing

@testable import MediationCore

/// The trace recorder keeps times as nanoseconds, rounded up, and every reading of a duration in seconds or
/// milliseconds goes through one helper.
@Suite struct DurationPackingTests {
    /// The nanoseconds `duration` is kept as, from `components`: rounded up, clamped to `Int64.min + 1 ... Int64.max`.
    private func referenceNanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let fraction = attoseconds / 1_000_000_000 + (attoseconds % 1_000_000_000 > 0 ? 1 : 0)
        let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflowed { return seconds < 0 ? Int64.min + 1 : .max }
        let (total, overflowedAgain) = scaled.addingReportingOverflow(fraction)
        if overflowedAgain { return fraction < 0 ? Int64.min + 1 : .max }
        return max(total, Int64.min + 1)
    }

    private var edgeDurations: [Duration] {
        [
            .zero, .nanoseconds(1), .nanoseconds(-1), .seconds(1) / 3, .zero - .seconds(1) / 3,
            .seconds(1) / 1_000_000_000_000, .zero - .seconds(1) / 1_000_000_000_000,
            .seconds(-3) + .nanoseconds(7), .nanoseconds(Int64.max), .nanoseconds(Int64.min),
            .nanoseconds(Int64.min) + .nanoseconds(1), .seconds(Int64.max / 2), .seconds(Int64.min / 2),
            .seconds(365 * 86_400) + .nanoseconds(123_456_789), .milliseconds(10_000),
        ]
    }

    /// The edge durations, then 20,000 random ones with whole seconds in `seconds` and any fraction of a second.
    private func durations(seconds: ClosedRange<Int64>) -> [Duration] {
        var random = SystemRandomNumberGenerator()
        return edgeDurations
            + (0..<20_000).map { _ in
                Duration(
                    secondsComponent: Int64.random(in: seconds, using: &random),
                    attosecondsComponent: Int64.random(in: 0..<1_000_000_000_000_000_000, using: &random))
            }
    }

    @Test func nanosecondsAreTheSameAsFromComponents() {
        let durations = durations(seconds: -4_000_000_000...4_000_000_000)
        let mismatches = durations.filter { duration in
            let expected = referenceNanoseconds(duration)
            return duration.packedNanoseconds != expected
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(3))")
        #expect((Duration.seconds(1) / 3).packedNanoseconds == 333_333_334, "a time between nanoseconds rounds up")
        #expect(Duration.nanoseconds(Int64.min).packedNanoseconds == Int64.min + 1, "the smallest stands for none")
    }

    @Test func secondsAndMillisecondsReadTheWholeDuration() {
        #expect((Duration.seconds(1) + .milliseconds(500)).seconds == 1.5)
        #expect(Duration.milliseconds(-250).seconds == -0.25)
        #expect((Duration.seconds(2) + .microseconds(500)).milliseconds == 2_000.5)
        #expect(Duration.milliseconds(1_999).wholeMilliseconds == 1_999)
        #expect((Duration.zero - .microseconds(1_500)).wholeMilliseconds == -1, "rounded toward zero")
        #expect(Duration.nanoseconds(1).seconds == 1e-9)
    }

    /// A duration read from a file may hold any number: whole milliseconds clamp at about 31 years, never trap.
    @Test func wholeMillisecondsClampInsteadOfOverflowing() {
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == 1_000_000_000_000)
        #expect(Duration.seconds(Int64.min).wholeMilliseconds == -1_000_000_000_000)
        #expect(Duration.seconds(999_999_999).wholeMilliseconds == 999_999_999_000, "just inside the bound: exact")
        #expect(Duration.seconds(1_000_000_000).wholeMilliseconds == Duration.maximumWholeMilliseconds)
    }
}

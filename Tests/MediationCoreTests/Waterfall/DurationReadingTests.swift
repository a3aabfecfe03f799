import Foundation
import MediationBridge
import MediationSupport
import Testing

@testable import MediationCore

/// Every reading of a duration in seconds or milliseconds goes through one helper.
@Suite struct DurationReadingTests {
    @Test func secondsAndMillisecondsReadTheWholeDuration() {
        #expect((Duration.seconds(1) + .milliseconds(500)).seconds == 1.5)
        #expect(Duration.milliseconds(-250).seconds == -0.25)
        #expect((Duration.seconds(2) + .microseconds(500)).milliseconds == 2_000.5)
        #expect(Duration.milliseconds(1_999).wholeMilliseconds == 1_999)
        #expect((Duration.zero - .microseconds(1_500)).wholeMilliseconds == -1, "rounded toward zero")
        #expect(Duration.nanoseconds(1).seconds == 1e-9)
    }
}

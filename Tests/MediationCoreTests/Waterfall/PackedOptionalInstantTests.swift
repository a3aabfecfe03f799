import Testing

@testable import MediationBridge
@testable import MediationCore

@Suite struct PackedOptionalInstantTests {
    @Test func keepsAnyRunInstantOrNone() {
        var packed = PackedOptionalInstant()
        #expect(packed.value == nil)
        let beforeOrigin = MediationInstant(sinceOrigin: .seconds(-3) + .nanoseconds(7))
        packed.value = beforeOrigin
        #expect(packed.value == beforeOrigin, "an instant before the clock's origin is still an instant")
        packed.value = .origin
        #expect(packed.value == .origin)
        let aYearOn = MediationInstant(sinceOrigin: .seconds(365 * 86_400) + .nanoseconds(123_456_789))
        packed.value = aYearOn
        #expect(packed.value == aYearOn, "nanoseconds are kept exactly")
        packed.value = nil
        #expect(packed == PackedOptionalInstant())
        #expect(PackedOptionalInstant(beforeOrigin).value == beforeOrigin)
    }

    @Test func anInstantBetweenNanosecondsIsKeptAsTheLaterOne() {
        let third = MediationInstant(sinceOrigin: .seconds(1) / 3)
        let kept = PackedOptionalInstant(third).value
        #expect(kept == MediationInstant(sinceOrigin: .nanoseconds(333_333_334)))
        #expect(kept.map { $0 >= third } == true, "a deadline is never early")
        let beforeOrigin = MediationInstant(sinceOrigin: .zero - .seconds(1) / 3)
        #expect(PackedOptionalInstant(beforeOrigin).value == MediationInstant(sinceOrigin: .nanoseconds(-333_333_333)))
    }

    @Test func instantsBeyondTheRangeAreKeptAsTheFarthestAndNeverReadAsNone() {
        let far = MediationInstant(sinceOrigin: .seconds(Int64.max / 2))
        #expect(PackedOptionalInstant(far).value == MediationInstant(sinceOrigin: .nanoseconds(Int64.max)))
        let farBefore = MediationInstant(sinceOrigin: .seconds(Int64.min / 2))
        #expect(PackedOptionalInstant(farBefore).value == MediationInstant(sinceOrigin: .nanoseconds(Int64.min + 1)))
    }
}

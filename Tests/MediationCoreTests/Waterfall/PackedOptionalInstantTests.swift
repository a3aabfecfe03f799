import Testing

@testable import MediationBridge
@testable import MediationCore

@Suite struct PackedOptionalInstantTests {
    @Test func keepsAnyRunInstantOrNoneInAnInstantsSize() {
        #expect(MemoryLayout<PackedOptionalInstant>.size == MemoryLayout<MediationInstant>.size)
        #expect(MemoryLayout<MediationInstant?>.stride > MemoryLayout<PackedOptionalInstant>.stride)
        var packed = PackedOptionalInstant()
        #expect(packed.value == nil)
        let beforeOrigin = MediationInstant(sinceOrigin: .seconds(-3))
        packed.value = beforeOrigin
        #expect(packed.value == beforeOrigin, "an instant before the clock's origin is still an instant")
        packed.value = .origin
        #expect(packed.value == .origin)
        packed.value = nil
        #expect(packed == PackedOptionalInstant())
        #expect(PackedOptionalInstant(beforeOrigin).value == beforeOrigin)
    }
}

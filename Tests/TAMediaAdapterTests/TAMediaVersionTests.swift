import MediationCore
import TAMediaAdapter
import Testing

@Suite struct TAMediaVersionTests {
    @Test func theAdapterReportsTheMediationKitVersion() {
        #expect(TAMediaAdapterVersion.mediationKit == MediationKitVersion.current)
        #expect(!TAMediaAdapterVersion.mediationKit.isEmpty)
    }
}

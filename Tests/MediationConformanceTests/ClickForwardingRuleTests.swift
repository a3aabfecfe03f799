import MediationTesting
import Testing

@testable import MediationConformance

@Suite struct ClickForwardingRuleTests {
    @Test func aClickMayAnnounceTheModalItOpensOnce() {
        #expect([RecordingAdapterDelegate.Event.didClick, .willPresentModal].matchesForwarding(of: [.didClick]))
        #expect([RecordingAdapterDelegate.Event.didClick, .willLeaveApplication].matchesForwarding(of: [.didClick]))
    }

    @Test func doubledOrUnrelatedEventsStillFail() {
        #expect(![RecordingAdapterDelegate.Event.didClick, .didClick].matchesForwarding(of: [.didClick]))
        #expect(
            ![RecordingAdapterDelegate.Event.didClick, .willPresentModal, .willPresentModal].matchesForwarding(
                of: [.didClick]))
        #expect(![RecordingAdapterDelegate.Event.didClick, .willLogImpression].matchesForwarding(of: [.didClick]))
        #expect(![RecordingAdapterDelegate.Event.willPresentModal].matchesForwarding(of: [.willLogImpression]))
        #expect(![RecordingAdapterDelegate.Event]().matchesForwarding(of: [.didClick]))
    }
}

import MediationCore
import MediationTesting
import Testing

@Suite struct CustomEventContractTests {
    @Test func missingRequiredInfoFailsAtOnce() {
        let event = ScriptedCustomEvent(
            identifier: "E", script: CustomEventScript(.fill(NativeAdProperties()), requiredInfoKeys: ["slotId"]))
        let delegate = RecordingCustomEventDelegate()
        let context = NativeAdRequestContext(
            delegate: delegate, trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
        event.requestAd(info: ["other": .string("x")], adMarkup: nil, context: context)
        #expect(delegate.outcomes.count == 1)
        #expect(delegate.error == .missingRequiredInfo(key: "slotId"))
    }

    @Test func infoAcceptsIDsAsStringsOrNumbers() throws {
        let info: CustomEventInfo = ["slotId": .number(12345), "name": .string("x"), "empty": .string("")]
        #expect(try info.requiredString("slotId") == "12345")
        #expect(info.string("name") == "x")
        #expect(info.string("empty") == nil)
        #expect(throws: MediationError.missingRequiredInfo(key: "empty")) { try info.requiredString("empty") }
        #expect(info.strings("name") == ["x"])
    }

    @Test func contextRedactsTargetingForPrivacy() throws {
        let targeting = try Targeting(age: 30, gender: .female, language: "ru")
        let restricted = try PrivacySettings(isChildDirected: false, canCollectPersonalInfo: false)
        let context = NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), privacy: restricted, targeting: targeting,
            trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
        #expect(context.targeting.age == nil)
        #expect(context.targeting.gender == nil)
        #expect(context.targeting.language == "ru")
        let open = NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), targeting: targeting, trackerPinger: DiscardingTrackerPinger(),
            source: Fixtures.source())
        #expect(open.targeting == targeting)
    }
}

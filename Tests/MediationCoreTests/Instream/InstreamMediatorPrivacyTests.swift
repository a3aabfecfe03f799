import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// In-stream runs take the mediator's privacy, as native runs do: no in-stream path falls back to unrestricted.
@Suite struct InstreamMediatorPrivacyTests {
    @Test func eachRunTakesTheMediatorsPrivacyAndRedactsTheTargetingForIt() throws {
        let harness = try InstreamWaterfallTests.Harness(
            ["Net": InstreamWaterfallTests.preroll("Net")], lines: ["Net"])
        var privacy = try PrivacySettings(gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB")
        privacy.canCollectPersonalInfo = false
        harness.mediator.privacy = privacy
        let targeting = try Targeting(age: 34, gender: .female, language: "ru")
        let request = InstreamAdRequest(
            info: [:], midpoints: nil, contentDuration: 120, targeting: targeting, privacy: .unrestricted,
            player: harness.player, clock: harness.mediationClock)
        let delivered = Locked<InstreamMediationResult?>(nil)
        harness.mediator.mediateInstream(
            AdResponse(lines: [
                WaterfallLine(customEventIdentifier: "Net", info: ["slotId": .string("Net")], timeout: .seconds(3))
            ]), request: request, delivery: .immediate
        ) { result in delivered.withLock { $0 = result } }
        harness.clock.runUntilIdle()
        let seen = try #require(harness.networks["Net"]?.lastRequest)
        #expect(seen.privacy == privacy, "the mediator's privacy, not the request's unrestricted one")
        #expect(seen.targeting.age == nil && seen.targeting.gender == nil, "redacted for the mediator's privacy")
        #expect(seen.targeting.language == "ru")
        #expect(delivered.withLock { $0 } != nil)
    }

    @Test func aMediatedSessionCarriesTheMediatorsPrivacy() throws {
        let harness = try InstreamWaterfallTests.Harness(
            ["Net": InstreamWaterfallTests.preroll("Net")], lines: ["Net"])
        let privacy = try PrivacySettings(isChildDirected: true, trackingAuthorization: .denied)
        harness.mediator.privacy = privacy
        let session = InstreamAdSession(
            mediator: harness.mediator,
            response: AdResponse(lines: [WaterfallLine(customEventIdentifier: "Net", info: ["slotId": .string("Net")])]
            ),
            player: harness.player, configuration: InstreamAdSessionConfiguration(info: [:], privacy: .unrestricted),
            urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
        #expect(session.configuration.privacy == privacy)
        #expect(session.load() == .accepted)
        harness.clock.runUntilIdle()
        #expect(harness.networks["Net"]?.lastRequest?.privacy == privacy)
    }
}

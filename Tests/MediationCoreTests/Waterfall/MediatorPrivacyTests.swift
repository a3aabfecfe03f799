import Foundation
import MediationCore
import MediationTesting
import Testing

/// Privacy and targeting reach every line unchanged; child-directed requests skip lines that refuse them.
@Suite struct MediatorPrivacyTests {
    @Test func everyLineGetsTheSamePrivacyAndTargetingSnapshot() throws {
        let harness = WaterfallHarness()
        let privacy = try PrivacySettings(gdprApplies: true, tcfConsentString: "CO-consent", usPrivacyString: "1YNN")
        let targeting = try Targeting(age: 30, gender: .female, language: "ru")
        let mediator = try harness.mediator(
            ["A": Fixture.noFill(after: 100), "B": Fixture.noFill(), "C": Fixture.fill("C")], privacy: privacy,
            targeting: targeting)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        mediator.privacy = .unrestricted
        mediator.targeting = .none
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "C")
        let requests = ["A", "B", "C"].compactMap { harness.event($0)?.requests.first }
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.privacy == privacy && $0.targeting == targeting })
    }

    @Test func ageAndGenderAreWithheldWhenPersonalInfoMayNotBeCollected() throws {
        let harness = WaterfallHarness()
        let privacy = try PrivacySettings(gdprApplies: true, canCollectPersonalInfo: false)
        let mediator = try harness.mediator(
            ["A": Fixture.fill("A")], privacy: privacy, targeting: try Targeting(age: 30, gender: .male, language: "en")
        )
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in }
        let request = try #require(harness.event("A")?.requests.first)
        #expect(request.targeting == (try Targeting(language: "en")))
        #expect(request.privacy == privacy)
    }

    @Test func childDirectedRequestsSkipLinesThatRefuseThem() throws {
        let harness = WaterfallHarness()
        let adultOnly = CustomEventScript(.fill(Fixture.properties("A")), supportsChildDirectedTraffic: false)
        let mediator = try harness.mediator(
            ["A": adultOnly, "B": Fixture.fill("B")], privacy: try PrivacySettings(isChildDirected: true),
            targeting: try Targeting(age: 9))
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            try Fixture.line("A", before: ["before-A"]), WaterfallLine(customEventIdentifier: "B"),
        ])
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "B")
        #expect(result.trace.results == [.skipped, .loaded])
        #expect(result.trace.entries.first?.detail == "A does not support child-directed traffic")
        #expect(harness.event("A")?.requests.isEmpty == true)
        #expect(harness.pinger.pinged.isEmpty, "a skipped line fires no before-load URL")
        #expect(harness.event("B")?.requests.first?.targeting.age == nil)
    }

    @Test func linesThatRefuseChildTrafficRunForOtherRequests() throws {
        let harness = WaterfallHarness()
        let adultOnly = CustomEventScript(.fill(Fixture.properties("A")), supportsChildDirectedTraffic: false)
        let mediator = try harness.mediator(["A": adultOnly])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "A")
    }
}

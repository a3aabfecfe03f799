import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// After-load URL templates are expanded by the driver, outside the engine's lock, and only for a
/// pinger that sends pings.
@Suite struct AfterLoadExpansionTests {
    /// Records every ping, and says it discards them when told to.
    final class Pinger: TrackerPinging, Sendable {
        let discardsPings: Bool
        let pings = Locked<[TrackerPing]>([])
        init(discards: Bool) { discardsPings = discards }
        func ping(_ url: URL) { pings.withLock { $0.append(TrackerPing(url: url, event: .afterLoad, owner: nil)) } }
        func ping(_ ping: TrackerPing) { pings.withLock { $0.append(ping) } }
    }

    private func run(with pinger: Pinger) throws -> MediationRunResult? {
        let harness = WaterfallHarness()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") { ScriptedCustomEvent(identifier: "A", script: Fixture.noFill()) }
        try registry.registerCustomEvent("B") { ScriptedCustomEvent(identifier: "B", script: Fixture.fill("B")) }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A", "B"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, trackerPinger: pinger,
                imagePrecacher: NoImagePrecaching()))
        let response = AdResponse(lines: [
            try Fixture.line(
                "A", before: ["before-A"], after: ["https://t.example/after?r=%%LOAD_RESULT%%"],
                fail: ["https://t.example/fail?d=%%LOAD_DURATION_MS%%"]),
            try Fixture.line(
                "B", after: ["https://t.example/after?r=%%LOAD_RESULT%%"], success: ["https://t.example/won"]),
        ])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        return recorder.single
    }

    @Test func aSendingPingerGetsEveryAfterLoadURLExpandedInOrder() throws {
        let pinger = Pinger(discards: false)
        let result = try run(with: pinger)
        #expect(Fixture.title(result) == "B")
        #expect(
            pinger.pings.current.filter { $0.event == .afterLoad }.map(\.url.absoluteString) == [
                "https://t.example/after?r=error", "https://t.example/fail?d=0",
                "https://t.example/after?r=ad_loaded", "https://t.example/won",
            ])
        let owners = Set(pinger.pings.current.map(\.owner))
        #expect(owners.count == 2, "each line names its own pings")
        #expect(!owners.contains(nil))
    }

    @Test func aDiscardingPingerGetsNoAfterLoadURLAtAll() throws {
        let pinger = Pinger(discards: true)
        let result = try run(with: pinger)
        #expect(Fixture.title(result) == "B")
        #expect(pinger.pings.current.filter { $0.event == .afterLoad }.isEmpty)
        #expect(pinger.pings.current.map(\.event) == [.beforeLoad], "before-load URLs are still handed over")
        #expect(
            pinger.pings.current.allSatisfy { $0.owner == nil }, "no owner's name is built for a pinger that drops it")
        #expect(DiscardingTrackerPinger().discardsPings)
        #expect(!RecordingTrackerPinger().discardsPings)
    }
}

import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A line's time counts from the moment the run decided to start it: making its custom event (an SDK's set-up) is
/// part of what the line costs the slot, and the driver reads no clock to resolve it.
@Suite struct LineStartInstantTests {
    @Test func linesStartedTogetherStartAtTheSameMomentHoweverLongTheirMakingTakes() throws {
        let time = Locked(Duration.zero)
        var registry = MediationRegistry()
        for name in ["A", "B", "C"] {
            try registry.registerCustomEvent(name) {
                // The network's SDK takes 5 ms to set up.
                time.withLock { $0 += .milliseconds(5) }
                return ScriptedCustomEvent(identifier: name, script: CustomEventScript(.never))
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A", "B", "C"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: try .hedged(after: .zero, maxInFlight: 3), clock: MediationClock(SteppedClock(time: time)),
                trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        let delivered = Locked<MediationRunResult?>(nil)
        let run = mediator.mediate(
            AdResponse(lines: ["A", "B", "C"].map { WaterfallLine(customEventIdentifier: $0) }), delivery: .immediate
        ) { result in delivered.withLock { $0 = result } }
        // The three lines start together when the run starts; making them took 15 ms, which each is charged from
        // the run's decision on (a line made after the others does not look faster than they are).
        #expect(time.current == .milliseconds(15))
        #expect(run.trace.entries.map(\.start) == [.zero, .zero, .zero])
        run.cancel()
        #expect(try #require(delivered.current).error == .cancelled)
        #expect(
            try #require(delivered.current).trace.entries.map(\.duration)
                == Array(repeating: .milliseconds(15), count: 3))
    }
}

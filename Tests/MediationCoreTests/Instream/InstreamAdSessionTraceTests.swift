import Foundation
import MediationCore
import MediationTesting
import Testing

/// What a host reads of a session's waterfall run through the session alone: its trace once the run ended.
@Suite struct InstreamAdSessionTraceTests {
    /// A session made with `harness`'s mediator over `lines`, as a host makes one.
    static func mediatedSession(_ harness: InstreamWaterfallTests.Harness, lines: [String]) -> InstreamAdSession {
        InstreamAdSession(
            mediator: harness.mediator,
            response: AdResponse(
                lines: lines.map {
                    WaterfallLine(customEventIdentifier: $0, info: ["slotId": .string($0)], timeout: .seconds(3))
                }),
            player: harness.player,
            configuration: InstreamAdSessionConfiguration(info: [:], privacy: .unrestricted),
            urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
    }

    /// A session made with a custom event of its own, on `harness`'s clock.
    static func plainSession(_ harness: InstreamWaterfallTests.Harness) -> InstreamAdSession {
        InstreamAdSession(
            customEvent: SimulatedInstreamCustomEvent(script: InstreamWaterfallTests.preroll("plain")),
            player: harness.player, configuration: InstreamAdSessionConfiguration(info: [:], privacy: .unrestricted),
            clock: harness.mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
    }

    static func slowPreroll(_ id: String) -> InstreamSimulationScript {
        var script = InstreamWaterfallTests.preroll(id)
        script.loadLatency = .milliseconds(800)
        return script
    }

    @Test func theTraceIsTheMediatedRunsOnceItEnded() throws {
        let harness = try InstreamWaterfallTests.Harness(
            ["A": InstreamSimulationScript(outcome: .noAd(reason: "no banners")), "B": Self.slowPreroll("b1")],
            lines: [])
        let session = Self.mediatedSession(harness, lines: ["A", "B"])
        #expect(session.trace == nil, "no run before load()")
        session.load()
        harness.clock.advance(by: .milliseconds(400))
        #expect(session.trace == nil, "B still loads: the run has not ended")
        harness.clock.advance(by: .seconds(1))
        #expect(session.reportedEvents == [.loaded(midpoints: [30])])
        let trace = try #require(session.trace)
        #expect(trace.results == [.noFill, .loaded])
        #expect(trace.winner == 1)
    }

    @Test func aRunWithoutAWinnerHasATraceToo() throws {
        let harness = try InstreamWaterfallTests.Harness(
            ["A": InstreamSimulationScript(outcome: .noAd(reason: "empty"))], lines: [])
        let session = Self.mediatedSession(harness, lines: ["A"])
        session.load()
        harness.clock.runUntilIdle()
        #expect(session.trace?.results == [.noFill])
        #expect(session.trace?.winner == nil)
    }

    @Test func aSessionWithACustomEventOfItsOwnHasNoTrace() throws {
        let harness = try InstreamWaterfallTests.Harness([:], lines: [])
        let session = Self.plainSession(harness)
        session.load()
        harness.clock.runUntilIdle()
        #expect(session.reportedEvents == [.loaded(midpoints: [30])])
        #expect(session.trace == nil)
    }
}

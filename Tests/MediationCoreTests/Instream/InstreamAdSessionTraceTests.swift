import Foundation
import MediationCore
import MediationTesting
import Testing

/// What a host reads of a session's waterfall run through the session alone: its trace once the run ended, and
/// the inspector page made from the session.
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
        #expect(MediationInspection(instream: session, mediator: harness.mediator) == nil)
    }

    @Test func theInspectionOfASessionIsItsRunsOnceTheRunEnded() throws {
        let harness = try InstreamWaterfallTests.Harness(
            ["A": InstreamSimulationScript(outcome: .noAd(reason: "no banners")), "B": Self.slowPreroll("b1")],
            lines: ["A", "B"])
        #expect(MediationInspection(instream: harness.session, mediator: harness.mediator) == nil, "before load()")
        harness.session.load()
        harness.clock.advance(by: .milliseconds(400))
        #expect(
            MediationInspection(instream: harness.session, mediator: harness.mediator) == nil,
            "B still loads: the run has not ended")
        harness.clock.advance(by: .seconds(1))
        let inspection = try #require(MediationInspection(instream: harness.session, mediator: harness.mediator))
        let trace = try #require(harness.session.trace)
        #expect(inspection.trace == trace)
        #expect(inspection.trace.results == [.noFill, .loaded])
        #expect(inspection.title == "In-stream run")
        #expect(inspection.winner == nil, "no native ad card")
        // As the run's own result makes it (the mediator's strategy, bound, privacy and notices).
        let result = try #require(harness.source.result)
        let expected = MediationInspection(instream: result, mediator: harness.mediator)
        #expect(inspection.trace == expected.trace)
        #expect(inspection.trackers == expected.trackers)
        #expect(inspection.strategy == expected.strategy)
        #expect(inspection.strategy == harness.mediator.strategy.description)
        #expect(inspection.bound == expected.bound)
        #expect(inspection.bound == harness.mediator.limits.runDeadline)
        #expect(inspection.privacy == expected.privacy)
        #expect(MediationInspector.htmlPage(for: inspection) == MediationInspector.htmlPage(for: expected))

        let titled = try #require(
            MediationInspection(
                instream: harness.session, mediator: harness.mediator, title: "Preroll", decidedAt: .seconds(1)))
        #expect(titled.title == "Preroll" && titled.decidedAt == .seconds(1))
    }
}

import Foundation
import MediationCore
import MediationTesting
import Testing

/// A waterfall picks the in-stream source, through the one engine native ads use (generic over what a
/// line loads), and the session plays the winner.
@Suite struct InstreamWaterfallTests {
    /// Networks by identifier, a mediator over them and a session that loads through the waterfall.
    final class Harness: Sendable {
        let clock = ManualClock()
        let mediationClock: MediationClock
        let networks: [String: SimulatedInstreamCustomEvent]
        let mediator: Mediator
        let player: SimulatedInstreamAdPlayer
        let session: InstreamAdSession
        let source: MediatedInstreamCustomEvent

        init(
            _ scripts: [String: InstreamSimulationScript], lines: [String], strategy: MediationStrategy = .sequential,
            lineTimeout: Duration = .seconds(3), loadingTimeout: Duration = .seconds(10)
        ) throws {
            mediationClock = MediationClock(clock)
            var networks: [String: SimulatedInstreamCustomEvent] = [:]
            var registry = MediationRegistry()
            for (identifier, script) in scripts {
                let network = SimulatedInstreamCustomEvent(script: script)
                networks[identifier] = network
                // Weakly: the network holds its line's relay, which leads back to the mediator and this registry.
                try registry.registerInstreamCustomEvent(identifier) { [weak network] in
                    network ?? SimulatedInstreamCustomEvent(script: InstreamSimulationScript(outcome: .neverAnswers))
                }
            }
            self.networks = networks
            mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: strategy, clock: mediationClock, trackerPinger: RecordingTrackerPinger(),
                    imagePrecacher: NoImagePrecaching()))
            player = SimulatedInstreamAdPlayer(
                clock: mediationClock, durations: [:], defaultDuration: .seconds(2), failures: [:])
            let response = AdResponse(
                lines: lines.map {
                    WaterfallLine(customEventIdentifier: $0, info: ["slotId": .string($0)], timeout: lineTimeout)
                })
            // What InstreamAdSession(mediator:response:…) builds, kept here to read the run's trace.
            source = MediatedInstreamCustomEvent(mediator: mediator, response: response)
            session = InstreamAdSession(
                customEvent: source, player: player,
                configuration: InstreamAdSessionConfiguration(
                    info: [:], loadingTimeout: loadingTimeout, privacy: .unrestricted),
                clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
        }

        var trace: MediationTrace? { source.trace }
    }

    static func preroll(_ id: String) -> InstreamSimulationScript {
        InstreamSimulationScript(
            sections: [
                .preroll: [
                    SimulatedInstreamBanner(
                        banner: InstreamAdBanner(
                            identifier: id, format: .video, duration: 2, clickURL: nil, allowClose: false,
                            allowCloseDelay: 0, allowSkip: false, companionBanners: []),
                        mediaURL: URL(string: "https://media.example/\(id).mp4")!)
                ]
            ], midrolls: [30: []])
    }

    @Test func theFirstLineThatLoadsWinsAndTheSessionPlaysIt() throws {
        let harness = try Harness(
            ["A": InstreamSimulationScript(outcome: .noAd(reason: "no banners")), "B": Self.preroll("b1")],
            lines: ["A", "B"])
        harness.session.load()
        harness.clock.advance(by: .seconds(1))
        #expect(harness.session.reportedEvents == [.loaded(midpoints: [30])])
        #expect(harness.trace?.results == [.noFill, .loaded])
        #expect(harness.networks["B"]?.lastRequest?.info["slotId"] == .string("B"), "each line loads with its info")
        harness.session.start(.preroll)
        harness.clock.advance(by: .seconds(5))
        let events = harness.session.reportedEvents
        #expect(
            events.contains { if case .bannerStarted(let banner) = $0 { banner.identifier == "b1" } else { false } })
        #expect(events.last == .sectionCompleted(.preroll))
        #expect(harness.networks["B"]?.calls.contains("start(preroll)") == true)
        #expect(harness.networks["A"]?.calls.contains("start(preroll)") == false)
    }

    @Test func aHedgedRunKeepsTheHigherLinesWinnerAndCancelsTheLoser() throws {
        var slow = Self.preroll("a1")
        slow.loadLatency = .milliseconds(900)
        var fast = Self.preroll("b1")
        fast.loadLatency = .milliseconds(100)
        let harness = try Harness(
            ["A": slow, "B": fast], lines: ["A", "B"], strategy: try .hedged(after: .zero, maxInFlight: 2))
        harness.session.load()
        harness.clock.advance(by: .milliseconds(500))
        #expect(harness.session.reportedEvents.isEmpty, "B's ad is held while A, above it, still loads")
        harness.clock.advance(by: .milliseconds(500))
        #expect(harness.session.reportedEvents == [.loaded(midpoints: [30])])
        #expect(harness.trace?.winner == 0)
        #expect(harness.networks["B"]?.calls.last == "cancel", "the losing line is told to cancel")
        harness.session.start(.preroll)
        harness.clock.advance(by: .seconds(5))
        #expect(harness.networks["A"]?.calls.contains("start(preroll)") == true)
        #expect(harness.networks["B"]?.calls.contains("start(preroll)") == false)
    }

    @Test func noLineLoadsMeansNoAdWithTheRunsSummary() throws {
        let harness = try Harness(
            [
                "A": InstreamSimulationScript(outcome: .noAd(reason: "empty")),
                "B": InstreamSimulationScript(outcome: .neverAnswers),
            ],
            lines: ["A", "B", "Missing"], lineTimeout: .seconds(2))
        harness.session.load()
        harness.clock.advance(by: .seconds(5))
        let events = harness.session.reportedEvents
        #expect(events.count == 1)
        guard case .noAd(let reason) = events.first else {
            Issue.record("expected no ad, got \(events)")
            return
        }
        #expect(reason.contains("no fill") || reason.contains("missing_adapter"), "reason: \(reason)")
        #expect(harness.trace?.results == [.noFill, .timeout, .missingAdapter])
    }

    @Test func theSessionsLoadingTimeoutCancelsTheRun() throws {
        let harness = try Harness(
            ["A": InstreamSimulationScript(outcome: .neverAnswers)], lines: ["A"], lineTimeout: .seconds(30),
            loadingTimeout: .seconds(5))
        harness.session.load()
        harness.clock.advance(by: .seconds(5))
        #expect(harness.session.reportedEvents == [.noAd(reason: "loading timed out after 5000 ms")])
        #expect(harness.trace?.results == [.cancelled])
        #expect(harness.networks["A"]?.calls == ["load", "cancel"])
    }

    @Test func theConvenienceInitializerLoadsThroughTheWaterfall() throws {
        let harness = try Harness(["A": Self.preroll("a1")], lines: ["A"])
        let session = InstreamAdSession(
            mediator: harness.mediator,
            response: AdResponse(lines: [WaterfallLine(customEventIdentifier: "A", timeout: .seconds(3))]),
            player: harness.player, configuration: InstreamAdSessionConfiguration(info: [:], privacy: .unrestricted),
            urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
        session.load()
        harness.clock.advance(by: .seconds(1))
        #expect(session.reportedEvents == [.loaded(midpoints: [30])])
    }

    @Test func nativeAndInstreamRegistrationsAreSeparate() throws {
        var registry = MediationRegistry()
        try registry.registerInstreamCustomEvent("V") { SimulatedInstreamCustomEvent(script: .init()) }
        #expect(registry.instreamCustomEventIdentifiers == ["V"])
        #expect(registry.customEventIdentifiers.isEmpty)
        #expect(throws: MediationError.missingAdapter(identifier: "V")) { try registry.makeCustomEvent("V") }
        #expect(throws: MediationError.self) {
            try registry.registerInstreamCustomEvent("V") { SimulatedInstreamCustomEvent(script: .init()) }
        }
    }
}

extension InstreamWaterfallTests {
    @Test func aWinnersDuplicateLoadIsTracedAndDoesNotCancelIt() throws {
        var double = Self.preroll("a1")
        double.misbehaviors = [.doubleCallbacks]
        let harness = try Harness(["A": double], lines: ["A"])
        harness.session.load()
        harness.clock.advance(by: .seconds(1))
        #expect(harness.session.reportedEvents == [.loaded(midpoints: [30])])
        #expect(harness.trace?.results == [.loaded, .duplicateCallback])
        #expect(harness.networks["A"]?.calls == ["load"], "the winner was not cancelled")
    }
}

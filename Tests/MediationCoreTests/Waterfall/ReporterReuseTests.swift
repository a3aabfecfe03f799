import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A native run hands a line's reporter that no custom event holds any more to its next line; a reporter a custom
/// event still holds is never handed on, so every outcome still reaches the line it belongs to.
@Suite struct ReporterReuseTests {
    /// What the custom events of one test saw, shared between them.
    private final class Sightings: Sendable {
        private struct WeakDelegate {
            weak var delegate: (any NativeCustomEventDelegate)?
        }

        private struct State {
            var delegates: [WeakDelegate] = []
            var sameAsEveryEarlier: [Bool] = []
        }

        private let state = Locked(State())

        /// Notes the delegate a request was given (weakly: a strong reference would keep it from being handed on)
        /// and whether it is the very object every earlier request was given.
        func saw(_ delegate: any NativeCustomEventDelegate) {
            state.withLock { state in
                state.sameAsEveryEarlier.append(state.delegates.allSatisfy { $0.delegate === delegate })
                state.delegates.append(WeakDelegate(delegate: delegate))
            }
        }

        /// Whether a request was given `delegate`.
        func includes(_ delegate: any NativeCustomEventDelegate) -> Bool {
            state.withLock { $0.delegates.contains { $0.delegate === delegate } }
        }

        /// For each request in order: whether its delegate was every earlier request's delegate.
        var sameAsEveryEarlier: [Bool] { state.withLock { $0.sameAsEveryEarlier } }
    }

    /// Answers within `requestAd` and keeps nothing of its context.
    private final class AnswerAtOnceCustomEvent: NativeCustomEvent, Sendable {
        let identifier: String
        private let fills: Bool
        private let sightings: Sightings

        init(identifier: String, fills: Bool, sightings: Sightings) {
            self.identifier = identifier
            self.fills = fills
            self.sightings = sightings
        }

        func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
            sightings.saw(context.delegate)
            guard fills else {
                context.delegate.nativeCustomEvent(self, didFailWith: .noFill)
                return
            }
            let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(identifier)))
            context.delegate.nativeCustomEvent(self, didLoad: ad)
        }
    }

    private func mediator(
        _ harness: WaterfallHarness, answering: [String: Bool], manual: [ManualCustomEvent] = [],
        sightings: Sightings, strategy: MediationStrategy = .sequential
    ) throws -> Mediator {
        var registry = try harness.registry([:], renderable: answering.keys.sorted() + manual.map(\.identifier))
        for (identifier, fills) in answering {
            try registry.registerCustomEvent(identifier) {
                AnswerAtOnceCustomEvent(identifier: identifier, fills: fills, sightings: sightings)
            }
        }
        for event in manual {
            try registry.registerCustomEvent(event.identifier) { [weak event] in
                event ?? ManualCustomEvent(identifier: "released")
            }
        }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: harness.mediationClock, logger: harness.logger,
                trackerPinger: harness.pinger, imagePrecacher: NoImagePrecaching()))
    }

    @Test func linesWhoseNetworksAnswerAndLetGoShareOneReporter() throws {
        let harness = WaterfallHarness()
        let sightings = Sightings()
        let mediator = try mediator(harness, answering: ["A": false, "B": false, "C": true], sightings: sightings)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(sightings.sameAsEveryEarlier == [true, true, true], "one reporter served the three lines")
        #expect(Fixture.title(recorder.single) == "C")
        let trace = try #require(recorder.single?.trace)
        #expect(trace.results == [.noFill, .noFill, .loaded])
        #expect(trace.entries.map(\.line) == [0, 1, 2])
        #expect(trace.winner == 2)
    }

    @Test func aReporterItsCustomEventStillHoldsIsNotHandedOnAndItsLateOutcomeStaysOnItsLine() throws {
        let harness = WaterfallHarness()
        let sightings = Sightings()
        let slow = ManualCustomEvent(identifier: "A")
        let held = ManualCustomEvent(identifier: "B")
        let mediator = try mediator(harness, answering: [:], manual: [slow, held], sightings: sightings)
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1), networkName: "Alpha"),
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta"),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(1))
        let slowDelegate = try #require(slow.context?.delegate)
        let heldDelegate = try #require(held.context?.delegate)
        #expect(slowDelegate !== heldDelegate, "line 0's custom event still holds its reporter")
        slow.load("late A")
        #expect(recorder.results.isEmpty, "the late ad is not line 1's")
        held.load("B")
        #expect(Fixture.title(recorder.single) == "B")
        #expect(run.trace.entries(forLine: 0).map(\.result) == [.timeout, .lateCallback])
        #expect(run.trace.entries(forLine: 1).map(\.result) == [.loaded])
        #expect(run.trace.winner == 1)
    }

    @Test func aReporterHandedOnReportsForItsNewLineOnly() throws {
        let harness = WaterfallHarness()
        let sightings = Sightings()
        let held = ManualCustomEvent(identifier: "B")
        let mediator = try mediator(harness, answering: ["A": false], manual: [held], sightings: sightings)
        let recorder = RunRecorder(harness.clock)
        // Line 0 answers within its request; no time passes (line 1's timeout stays ahead).
        let run = mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        // Line 0's custom event answered and let go: its reporter now serves line 1.
        #expect(sightings.includes(try #require(held.context?.delegate)))
        held.fail(.noFill)
        held.load("B, twice")
        #expect(recorder.single?.outcome.failure == .noFill)
        #expect(run.trace.entries(forLine: 0).map(\.result) == [.noFill])
        #expect(run.trace.entries(forLine: 1).map(\.result) == [.noFill, .duplicateCallback])
    }
}

extension Result {
    /// The failure, if any.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// An outcome reaches the line it belongs to, or nothing, however the custom event holds its delegate: every line
/// reports through a reporter of its own, which names the line, never handed on to another line.
@Suite struct ReporterIsolationTests {
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

    /// Keeps its delegate weakly and its context not at all (MoPub's convention for a custom event's delegate),
    /// and answers only when the test says, with the ad it made at the request.
    private final class WeakDelegateCustomEvent: NativeCustomEvent, Sendable {
        private struct State {
            weak var delegate: (any NativeCustomEventDelegate)?
            var ad: NativeAd?
        }

        let identifier: String
        private let state = Locked(State())

        init(identifier: String) {
            self.identifier = identifier
        }

        func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
            let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties("late A")))
            state.withLock { state in
                state.delegate = context.delegate
                state.ad = ad
            }
        }

        /// Reports the ad through the weak delegate, if it is still there.
        func answer() {
            let (delegate, ad) = state.withLock { ($0.delegate, $0.ad) }
            guard let delegate, let ad else { return }
            delegate.nativeCustomEvent(self, didLoad: ad)
        }
    }

    private func mediator(
        _ harness: WaterfallHarness, answering: [String: Bool], manual: [ManualCustomEvent] = [],
        weakHolders: [WeakDelegateCustomEvent] = [], sightings: Sightings, strategy: MediationStrategy = .sequential
    ) throws -> Mediator {
        var registry = try harness.registry(
            [:], renderable: answering.keys.sorted() + manual.map(\.identifier) + weakHolders.map(\.identifier))
        for (identifier, fills) in answering {
            try registry.registerCustomEvent(identifier) {
                AnswerAtOnceCustomEvent(identifier: identifier, fills: fills) { sightings.saw($0.delegate) }
            }
        }
        for event in manual {
            try registry.registerCustomEvent(event.identifier) { [weak event] in
                event ?? ManualCustomEvent(identifier: "released")
            }
        }
        for event in weakHolders {
            try registry.registerCustomEvent(event.identifier) { event }
        }
        return harness.mediator(registry: registry, strategy: strategy)
    }

    @Test func everyLineReportsThroughItsOwnReporterAndCountsForItsOwnLine() throws {
        let harness = WaterfallHarness()
        let sightings = Sightings()
        let mediator = try mediator(harness, answering: ["A": false, "B": false, "C": true], sightings: sightings)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(sightings.sameAsEveryEarlier == [true, false, false], "three lines, three reporters")
        #expect(Fixture.title(recorder.single) == "C")
        let trace = try #require(recorder.single?.trace)
        #expect(trace.results == [.noFill, .noFill, .loaded])
        #expect(trace.winner == 2)
    }

    /// A custom event that kept only a weak reference to its delegate answers after its line timed out and the
    /// next line started: its ad must not become the next line's (with that line's trackers and price). Its
    /// reporter is gone, so the answer is lost, and the next line's own outcome decides.
    @Test func aLateAnswerThroughAWeakDelegateNeverCountsForAnotherLine() throws {
        let harness = WaterfallHarness()
        let sightings = Sightings()
        let weakHolder = WeakDelegateCustomEvent(identifier: "A")
        let next = ManualCustomEvent(identifier: "B")
        let mediator = try mediator(
            harness, answering: [:], manual: [next], weakHolders: [weakHolder], sightings: sightings)
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1), networkName: "Alpha", price: 1),
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta", price: 9),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .seconds(1))
        #expect(next.wasRequested, "line 1 started after line 0's timeout")
        weakHolder.answer()
        #expect(recorder.results.isEmpty, "line 0's late ad did not end the run as line 1's")
        next.fail(.noFill)
        #expect(recorder.single?.outcome.failure == .noFill)
        #expect(run.trace.entries(forLine: 1).map(\.result) == [.noFill])
        #expect(run.trace.entries(forLine: 0).first?.result == .timeout)
        #expect(sightings.sameAsEveryEarlier.isEmpty)
    }

    /// A factory that hands out one instance for every line of its identifier: each line still has a reporter of
    /// its own, and each outcome counts for the line whose request it answers.
    @Test func aCustomEventInstanceOnTwoLinesReportsForEachLineApart() throws {
        let harness = WaterfallHarness()
        let shared = ManualCustomEvent(identifier: "A")
        let mediator = try harness.mediator(manual: [shared])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", networkName: "first", price: 2),
            WaterfallLine(customEventIdentifier: "A", networkName: "second", price: 1),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        let firstDelegate = try #require(shared.context?.delegate)
        shared.fail(.noFill)
        let secondDelegate = try #require(shared.context?.delegate)
        #expect(firstDelegate !== secondDelegate, "line 1 reports through its own reporter")
        // A second answer through line 0's reporter stays on line 0, as a duplicate.
        let lateAd = shared.context!.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties("x")))
        firstDelegate.nativeCustomEvent(shared, didLoad: lateAd)
        #expect(recorder.results.isEmpty)
        #expect(run.trace.entries(forLine: 0).map(\.result) == [.noFill, .duplicateCallback])
        shared.load("second")
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "second")
        #expect(result.trace.winner == 1)
        #expect(result.trace.entries(forLine: 1).map(\.result) == [.loaded])
    }

    /// Names another object than itself in its outcomes (against the contract: `context.report(_:from: self)`).
    private final class ForeignNamingCustomEvent: NativeCustomEvent, Sendable {
        let identifier: String
        private let context = Locked<NativeAdRequestContext?>(nil)

        init(identifier: String) {
            self.identifier = identifier
        }

        func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
            self.context.withLock { $0 = context }
        }

        /// Reports a load naming `other`, once (the context is let go, as a one-shot custom event does).
        func load(naming other: any NativeCustomEvent) {
            guard
                let context = context.withLock({ context in
                    defer { context = nil }
                    return context
                })
            else { return }
            let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties("foreign")))
            context.delegate.nativeCustomEvent(other, didLoad: ad)
        }
    }

    /// An outcome naming another object than the custom event counts for the line whose reporter it came through:
    /// the reporter, not the object named, says which line answered.
    @Test func anOutcomeNamingAnotherObjectCountsForTheLineItsReporterServes() throws {
        let harness = WaterfallHarness()
        let foreign = ForeignNamingCustomEvent(identifier: "A")
        let next = ManualCustomEvent(identifier: "B")
        var registry = try harness.registry([:], renderable: ["A", "B"])
        // Weakly, as for B: a registry holding the custom event that holds the run's context would be a cycle.
        try registry.registerCustomEvent("A") { [weak foreign] in
            foreign ?? ForeignNamingCustomEvent(identifier: "released")
        }
        try registry.registerCustomEvent("B") { [weak next] in next ?? ManualCustomEvent(identifier: "released") }
        let mediator = harness.mediator(registry: registry)
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1), networkName: "Alpha"),
            WaterfallLine(customEventIdentifier: "B", networkName: "Beta"),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        foreign.load(naming: ManualCustomEvent(identifier: "stranger"))
        #expect(Fixture.title(recorder.single) == "foreign", "the load counted for line 0")
        #expect(run.trace.entries(forLine: 0).map(\.result) == [.loaded])
        #expect(run.trace.winner == 0)
        #expect(!next.wasRequested)
    }

    @Test func aLateOutcomeThroughAHeldReporterStaysOnItsLine() throws {
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
        #expect(slowDelegate !== heldDelegate, "each line has a reporter of its own")
        slow.load("late A")
        #expect(recorder.results.isEmpty, "the late ad is not line 1's")
        held.load("B")
        #expect(Fixture.title(recorder.single) == "B")
        #expect(run.trace.entries(forLine: 0).map(\.result) == [.timeout, .lateCallback])
        #expect(run.trace.entries(forLine: 1).map(\.result) == [.loaded])
        #expect(run.trace.winner == 1)
    }
}

extension Result {
    /// The failure, if any.
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

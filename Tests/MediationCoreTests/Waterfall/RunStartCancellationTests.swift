import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// A run cancelled in the gap before it starts (its load was cancelled as the run was made) starts nothing: no
/// custom event is made, no line requested, no image downloaded, no URL fired, no auction notice sent; its outcome,
/// `cancelled`, is delivered exactly once.
@Suite struct RunStartCancellationTests {
    /// Lines that would fire before- and after-load URLs and download images, had they run.
    private func response() throws -> AdResponse {
        var response = AdResponse(
            lines: [
                try Fixture.line("A", before: ["before/a"], after: ["https://track.example/after/a?r=%%LOAD_RESULT%%"]),
                try Fixture.line("B", before: ["before/b"], after: ["https://track.example/after/b?r=%%LOAD_RESULT%%"]),
            ], adUnitID: "unit")
        response.lines[0].impressionTrackers = [Fixture.url("imp/a")]
        return response
    }

    /// A mediator whose custom events precache an image (through a scripted precacher) before they answer; `made`
    /// counts the custom events made.
    private func mediator(
        _ harness: WaterfallHarness, precacher: ScriptedImagePrecacher, made: Locked<Int>
    ) throws -> Mediator {
        var registry = MediationRegistry()
        for identifier in ["A", "B"] {
            try registry.registerCustomEvent(identifier) {
                made.withLock { $0 += 1 }
                return ImageLoadingCustomEvent(identifier: identifier)
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A", "B"]))
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: try .hedged(after: .zero, maxInFlight: 2), clock: harness.mediationClock,
                logger: harness.logger, trackerPinger: harness.pinger, imagePrecacher: precacher))
    }

    @Test func aRunCancelledBeforeItStartsStartsNothingAndEndsCancelledOnce() throws {
        let harness = WaterfallHarness()
        let precacher = ScriptedImagePrecacher()
        let made = Locked(0)
        let mediator = try mediator(harness, precacher: precacher, made: made)
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(
            try response(), delivery: .immediate, runID: .next(), willStart: { $0.cancel() },
            completion: recorder.completion)
        #expect(recorder.results.map(\.error) == [.cancelled])
        let trace = try #require(recorder.single?.trace)
        #expect(trace.entries.isEmpty, "no line ran")
        #expect(trace.outcome == "cancelled")
        #expect(trace.notes.contains { $0.contains("cancelled before the run started") })
        #expect(made.current == 0, "no custom event was made")
        #expect(precacher.requests.isEmpty, "no image was downloaded")
        #expect(harness.pinger.pings.isEmpty, "no URL was fired")
        #expect(harness.clock.pendingCount == 0, "no timer was armed")
        #expect(run.isFinished)
        #expect(run.trace.outcome == "cancelled")
        run.cancel()
        harness.clock.advance(by: .seconds(20))
        #expect(recorder.results.count == 1)
        #expect(made.current == 0)
    }

    @Test func theSameRunNotCancelledMakesItsLinesFiresItsURLsAndDownloadsItsImages() throws {
        // The control for the test above: the response and the custom events do reach the wire when not cancelled.
        let harness = WaterfallHarness()
        let precacher = ScriptedImagePrecacher()
        let made = Locked(0)
        let mediator = try mediator(harness, precacher: precacher, made: made)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(try response(), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "A")
        #expect(made.current == 2)
        #expect(precacher.requests.count == 2)
        #expect(harness.pinger.pings.filter { $0.event == .beforeLoad }.count == 2)
        #expect(harness.pinger.pings.contains { $0.event == .afterLoad && $0.url.path == "/after/a" })
    }

    @Test func anAuctionCancelledBeforeItStartsSendsNoNoticeAndKeepsItsRecord() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["High": Fixture.fill("High"), "Line": Fixture.fill("Line")])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(
            lines: [try AuctionFixture.bid("High", price: 4), AuctionFixture.line("Line", price: 1)], adUnitID: "unit")
        _ = mediator.mediate(
            response, delivery: .immediate, runID: .next(), willStart: { $0.cancel() },
            completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(result.error == .cancelled)
        #expect(harness.pinger.pings.isEmpty, "no win, loss or billing notice")
        let record = try #require(result.trace.auction)
        #expect(record.order.map(\.customEvent) == ["High", "Line"])
        #expect(record.notices.isEmpty)
        #expect(result.trace.notes.contains { $0.contains("no auction notice was sent") })
        #expect(harness.events("High").isEmpty && harness.events("Line").isEmpty)
    }

    @Test func aGateCancelledBeforeTheRunIsMadeEndsItUnstartedAndOneCancelledLaterStopsIt() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never])
        let first = RunRecorder(harness.clock)
        let early = MediationRunStartGate()
        early.cancel()
        _ = mediator.mediate(
            Fixture.response(["A"]), delivery: .immediate, runID: .next(), willStart: early.willStart,
            completion: first.completion)
        #expect(first.results.map(\.error) == [.cancelled])
        #expect(harness.events("A").isEmpty)

        let second = RunRecorder(harness.clock)
        let late = MediationRunStartGate()
        _ = mediator.mediate(
            Fixture.response(["A"]), delivery: .immediate, runID: .next(), willStart: late.willStart,
            completion: second.completion)
        #expect(second.results.isEmpty)
        late.cancel()
        late.cancel()
        #expect(second.results.map(\.error) == [.cancelled])
        #expect(harness.event("A")?.stopCount == 1)
        #expect(harness.clock.pendingCount == 0)
    }

    @Test func aCancelRacingTheRunsStartDeliversOnceAndLeavesNoLineRunning() throws {
        // The host cancels on another thread while the run is made and started: whichever comes first, the outcome is
        // delivered once, and a line that started was stopped.
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": .never, "B": .never], strategy: try .hedged(after: .zero, maxInFlight: 2))
        var recorders: [RunRecorder] = []
        for _ in 0..<300 {
            let recorder = RunRecorder(harness.clock)
            recorders.append(recorder)
            let gate = MediationRunStartGate()
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    _ = mediator.mediate(
                        Fixture.response(["A", "B"]), delivery: .immediate, runID: .next(), willStart: gate.willStart,
                        completion: recorder.completion)
                } else {
                    gate.cancel()
                }
            }
        }
        #expect(recorders.allSatisfy { $0.results.map(\.error) == [.cancelled] }, "each run ends once, cancelled")
        let requested = (harness.events("A") + harness.events("B")).filter { !$0.requests.isEmpty }
        #expect(requested.allSatisfy { $0.stopCount == 1 }, "every line that was requested was stopped")
        #expect(harness.clock.pendingCount == 0, "no timeout left armed")
    }
}

/// A custom event that downloads its ad's image through the context's precacher, then fills.
private final class ImageLoadingCustomEvent: NativeCustomEvent, Sendable {
    let identifier: String

    init(identifier: String) {
        self.identifier = identifier
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        let image = Fixture.url("image/\(identifier).png")
        context.imagePrecacher.precacheImages([image]) { [self] _ in
            let adapter = ScriptedNativeAdAdapter(properties: Fixture.properties(identifier))
            context.report(.success(context.makeNativeAd(adapter: adapter)), from: self)
        }
    }

    func stop() {}
}

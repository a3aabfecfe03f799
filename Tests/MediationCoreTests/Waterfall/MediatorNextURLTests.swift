import Foundation
import MediationCore
import MediationTesting
import Testing

/// `x-next-url`: followed once when every line failed, never looped.
@Suite struct MediatorNextURLTests {
    private let page1 = URL(string: "https://ads.example/page1") ?? URL(fileURLWithPath: "/1")
    private let page2 = URL(string: "https://ads.example/page2") ?? URL(fileURLWithPath: "/2")
    private let page3 = URL(string: "https://ads.example/page3") ?? URL(fileURLWithPath: "/3")

    private func page(_ identifiers: [String], next: URL?, url: URL? = nil) -> AdResponse {
        AdResponse(lines: identifiers.map { WaterfallLine(customEventIdentifier: $0) }, nextURL: next, url: url)
    }

    @Test func followsTheNextURLOnceWhenEveryLineFailed() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(pages: [page2: page(["B"], next: page2)])
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2, url: page1), delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "B")
        #expect(source.requestedURLs == [page2])
        #expect(result.trace.entries.map(\.page) == [0, 1])
        #expect(result.trace.winner == 1)
    }

    @Test func doesNotFollowTheNextURLWhenALineLoaded() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(pages: [page2: page(["B"], next: nil)])
        let mediator = try harness.mediator(["A": Fixture.fill("A")], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "A")
        #expect(source.requestedURLs.isEmpty)
    }

    @Test func neverLoopsBetweenPages() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(pages: [
            page1: page(["A"], next: page2), page2: page(["A"], next: page3), page3: page(["A"], next: page2),
        ])
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2, url: page1), delivery: .immediate, completion: recorder.completion)
        let result = try #require(recorder.single)
        #expect(result.error == .noFill)
        #expect(source.requestedURLs == [page2, page3])
        #expect(result.trace.entries.map(\.page) == [0, 1, 2])
        #expect(
            result.trace.notes.last == "x-next-url \(page2.absoluteString) not followed: already loaded in this run")
    }

    @Test func neverFollowsTheURLJustLoaded() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(pages: [page1: page(["A"], next: page1)])
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page1, url: page1), delivery: .immediate, completion: recorder.completion)
        #expect(recorder.single?.error == .noFill)
        #expect(source.requestedURLs.isEmpty)
        #expect(
            recorder.single?.trace.notes == [
                "x-next-url \(page1.absoluteString) not followed: it is the URL just loaded"
            ])
    }

    @Test func withoutASourceTheNextURLIsNotFollowedAndTheTraceSaysSo() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.noFill()])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        #expect(recorder.single?.error == .noFill)
        #expect(recorder.single?.trace.notes.first?.hasSuffix("not followed: no ad response source") == true)
    }

    @Test func aFailingPageEndsInNoFill() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource()
        source.fail(page2, with: .networkError(NetworkErrorInfo(domain: "http", code: 500, message: "server error")))
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        #expect(recorder.single?.error == .noFill)
        #expect(recorder.single?.trace.notes.last?.contains("server error") == true)
    }

    @Test func aSlowPageTimesOutAfterTenSeconds() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(
            pages: [page2: page(["B"], next: nil)], latency: .seconds(11), clock: harness.mediationClock)
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(recorder.single?.error == .noFill)
        #expect(recorder.deliveredAt == .seconds(10))
        #expect(harness.events("B").isEmpty, "the page that arrived late was ignored")
    }

    @Test func aPageArrivingOnTheClockContinuesTheRun() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource(
            pages: [page2: page(["B"], next: nil)], latency: .milliseconds(300), clock: harness.mediationClock)
        let mediator = try harness.mediator(
            ["A": Fixture.noFill(after: 100), "B": Fixture.fill("B", after: 50)], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == .milliseconds(450))
        #expect(recorder.single?.trace.entries.last?.start == .milliseconds(400))
    }

    @Test func parsedPagesReportTheirDroppedEntries() throws {
        let harness = WaterfallHarness()
        let next = try AdResponse.parse(
            json: Data(#"{"ad-responses": [{"content": "x"}, {"metadata": {"x-custom-event-class-name": "B"}}]}"#.utf8))
        let source = InMemoryAdResponseSource(pages: [page2: next])
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")], responseSource: source)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(page(["A"], next: page2), delivery: .immediate, completion: recorder.completion)
        #expect(
            recorder.single?.trace.droppedEntries.map(\.description) == [
                "$.ad-responses[0] (page 1): dropped (no metadata)"
            ])
    }
}

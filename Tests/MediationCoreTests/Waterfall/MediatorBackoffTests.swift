import Foundation
import MediationCore
import MediationTesting
import Testing

/// `backoff_ms`: loads for the ad unit inside the window fail at once.
@Suite struct MediatorBackoffTests {
    private func response(_ adUnitID: String?, backoff: Duration?) -> AdResponse {
        AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")], adUnitID: adUnitID, backoff: backoff)
    }

    @Test func loadsInsideTheWindowFailAtOnceWithRateLimited() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response("feed", backoff: .seconds(5)), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == "A", "the response carrying the back-off still runs")
        harness.clock.advance(by: .milliseconds(4999))
        mediator.mediate(response("feed", backoff: nil), delivery: .immediate, completion: recorder.completion)
        let limited = try #require(recorder.results.last)
        let until = MediationInstant(sinceOrigin: .seconds(5))
        #expect(limited.error == .rateLimited(until: until))
        #expect(limited.trace.outcome == "rate_limited")
        #expect(limited.trace.entries.isEmpty)
        #expect(harness.events("A").count == 1, "no custom event was made for the refused load")
        #expect(mediator.rateLimit(forAdUnit: "feed") == until)
        harness.clock.advance(by: .milliseconds(1))
        #expect(mediator.rateLimit(forAdUnit: "feed") == nil)
        mediator.mediate(response("feed", backoff: nil), delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.results.last) == "A")
    }

    @Test func theWindowIsPerAdUnit() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response("feed", backoff: .seconds(5)), delivery: .immediate, completion: recorder.completion)
        mediator.mediate(response("article", backoff: nil), delivery: .immediate, completion: recorder.completion)
        mediator.mediate(response(nil, backoff: nil), delivery: .immediate, completion: recorder.completion)
        #expect(recorder.results.map { $0.ad != nil } == [true, true, true])
    }

    @Test func aNewValueRestartsTheWindowAndZeroLiftsIt() throws {
        let harness = WaterfallHarness()
        let source = InMemoryAdResponseSource()
        let page2 = try #require(URL(string: "https://ads.example/2"))
        source.serve(AdResponse(lines: [WaterfallLine(customEventIdentifier: "A")], backoff: .zero), at: page2)
        let mediator = try harness.mediator(["A": Fixture.noFill()], responseSource: source)
        var first = response("feed", backoff: .seconds(60))
        first.nextURL = page2
        mediator.mediate(first, delivery: .immediate) { _ in }
        #expect(mediator.rateLimit(forAdUnit: "feed") == nil, "the next page's backoff_ms 0 lifted the window")
        mediator.mediate(response("feed", backoff: .seconds(2)), delivery: .immediate) { _ in }
        harness.clock.advance(by: .seconds(1))
        #expect(mediator.rateLimit(forAdUnit: "feed") == MediationInstant(sinceOrigin: .seconds(2)))
    }

    @Test func theAsyncAPIThrowsRateLimited() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        _ = try await mediator.loadNativeAd(from: response("feed", backoff: .seconds(30)))
        do {
            _ = try await mediator.loadNativeAd(from: response("feed", backoff: nil))
            Issue.record("expected rate limiting")
        } catch {
            #expect(error.error == .rateLimited(until: MediationInstant(sinceOrigin: .seconds(30))))
        }
    }
}

import Foundation
import MediationTesting
import Testing

@testable import MediationCore

/// The mediation inspector's page: each line's row with its outcome, the winner, loss reasons and notices, for a
/// hedged run, an auction and a failed run; hostile strings escaped; nothing that runs, loads or links.
@Suite struct MediationInspectorTests {
    /// A hedged run: A wins at 1000 ms, B's ad (300 ms) is held then released, C is stopped when A wins.
    @Test func aHedgedRunShowsEachLineWithItsOutcomeTheHedgesAndTheDecision() throws {
        let harness = WaterfallHarness()
        let strategy = try MediationStrategy.hedged(after: .milliseconds(200), maxInFlight: 3)
        let mediator = try harness.mediator(
            [
                "A": Fixture.fill("A", after: 1000), "B": Fixture.fill("B", after: 300),
                "C": Fixture.fill("C", after: 5000),
            ],
            strategy: strategy)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let result = try #require(recorder.single)
        #expect(result.trace.results == [.loaded, .loaded, .stopped])
        let page = InspectorPage(
            MediationInspection(result: result, mediator: mediator, title: "hedged", decidedAt: recorder.deliveredAt))
        #expect(page.bars.map(\.line) == [0, 1, 2])
        #expect(page.bar(line: 0) == "won")
        #expect(page.bar(line: 1) == "held")
        #expect(page.bar(line: 2) == "stopped")
        #expect(page.count("<path class=\"hedge\"") == 2, "B and C started while A was loading")
        #expect(page.html.contains("decision 1000ms"))
        #expect(page.html.contains("winner alone 1000ms"))
        #expect(page.html.contains("bound 30000ms"), "the run deadline, off the scale")
        #expect(page.html.contains("winner <b>line 0: A</b>"))
        #expect(page.html.contains("<tr class=\"winner\"><td>0</td><td>A</td>"))
        #expect(page.html.contains("<h2 class=\"title\">A</h2>"), "the winner's ad card")
        #expect(page.html.contains("released: line 0 won"))
        #expect(page.safetyProblems.isEmpty, "\(page.safetyProblems)")
    }

    /// An auction: the winner, every loss reason and every notice with its URL escaped.
    @Test func anAuctionShowsTheOrderPricesLossReasonsAndNotices() throws {
        let harness = WaterfallHarness()
        let mediator = Mediator(
            registry: try harness.registry([
                "High": Fixture.noFill(after: 5), "Mid": Fixture.fill("Mid", after: 40),
                "Line": Fixture.noFill(after: 5), "Low": Fixture.fill("Low"),
            ]),
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, trackerPinger: harness.pinger,
                imagePrecacher: NoImagePrecaching()))
        var response = AdResponse(
            lines: [
                try AuctionFixture.bid("High", price: 4), try AuctionFixture.bid("Mid", price: 2.5),
                AuctionFixture.line("Line", price: 3), try AuctionFixture.bid("Low", price: 1),
            ], adUnitID: "unit")
        response.bidFloor = 1.5
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let result = try #require(recorder.single)
        let auction = try #require(result.trace.auction)
        let trackers = harness.pinger.pings.map { MediationInspection.Tracker(url: $0.url, event: $0.event) }
        let page = InspectorPage(MediationInspection(result: result, mediator: mediator, trackers: trackers))
        let html = page.html
        #expect(page.bar(line: auction.order.first { $0.customEvent == "High" }?.line ?? -1) == "nofill")
        #expect(page.bar(line: auction.order.first { $0.customEvent == "Mid" }?.line ?? -1) == "won")
        #expect(html.contains("winner <b>line"))
        #expect(html.contains("<td>won</td>"))
        #expect(html.contains("<td>1 internal_error</td>"), "High did not fill")
        #expect(html.contains("<td>100 below_auction_floor</td>"), "Low is under the floor")
        #expect(html.contains("font-style=\"italic\">not run"), "Low's timeline row, without a bar")
        #expect(html.contains("floor <b>1.5</b>"))
        #expect(html.contains("2.5 USD"))
        #expect(auction.notices.count >= 3)
        for notice in auction.notices {
            #expect(html.contains(MediationInspector.text(notice.url.absoluteString)), "\(notice.url)")
        }
        #expect(html.contains("https://track.example/win/bid-Mid?price=2.5&amp;cur=USD"), "& escaped in the URL")
        #expect(html.contains("<td>billing</td>"))
        #expect(html.contains("at the first impression"))
        #expect(page.safetyProblems.isEmpty, "\(page.safetyProblems)")
    }

    /// A failed run: no fill, an error and a timeout followed by a late callback, and no winner.
    @Test func aFailedRunShowsEveryFailureTheLateCallbackAndNoWinner() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "A": Fixture.noFill(after: 100),
            "B": .fail(.invalidConfiguration(path: "x", reason: "broken"), after: .milliseconds(20)),
            "C": CustomEventScript(.fill(Fixture.properties("C")), latency: .seconds(2), ignoresStop: true),
        ])
        let response = AdResponse(lines: [
            try Fixture.line("A"), try Fixture.line("B"), try Fixture.line("C", timeoutMilliseconds: 500),
        ])
        let recorder = RunRecorder(harness.clock)
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        let result = try #require(recorder.single)
        #expect(result.ad == nil)
        // The run's handle keeps the late callback that came after the outcome.
        let trace = run.trace
        #expect(trace.results.contains(.lateCallback))
        let page = InspectorPage(
            MediationInspection(
                result: MediationRunResult(outcome: result.outcome, trace: trace), mediator: mediator))
        #expect(page.bars.map(\.line) == [0, 1, 2], "one row per line; the late callback is a mark on C's row")
        #expect(page.bar(line: 0) == "nofill")
        #expect(page.bar(line: 1) == "error")
        #expect(page.bar(line: 2) == "timeout")
        #expect(page.count("<path class=\"marker o-late\"") == 1)
        #expect(page.html.contains("winner <b>none</b>"))
        #expect(page.html.contains("outcome <b>\(MediationInspector.text(trace.outcome))</b>"))
        #expect(page.html.contains("No ad was delivered."))
        #expect(page.html.contains("invalid_configuration"))
        #expect(!page.html.contains(">winner alone "), "no winner, no winner-alone line")
        #expect(page.safetyProblems.isEmpty, "\(page.safetyProblems)")
    }
}

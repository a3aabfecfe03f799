import Foundation
import MediationCore
import MediationTesting
import Testing

/// With a pinger that discards pings and a silent logger, an auction's record is made when the trace is read: the
/// same record, notes and billing URLs as a run whose pinger sends (which settles when the run ends).
@Suite struct AuctionDeferredSettlementTests {
    /// The result of one run of `lines` through a mediator whose pinger sends (`discards` false) or discards.
    private func run(
        _ lines: [WaterfallLine], scripts: [String: CustomEventScript], discards: Bool,
        cancelAfter: Duration? = nil
    ) throws -> MediationRunResult {
        let harness = WaterfallHarness()
        let pinger: any TrackerPinging = discards ? DiscardingTrackerPinger() : harness.pinger
        let configuration = MediatorConfiguration(
            strategy: .sequential, clock: harness.mediationClock, trackerPinger: pinger,
            imagePrecacher: NoImagePrecaching())
        let mediator = Mediator(registry: try harness.registry(scripts), configuration: configuration)
        var response = AdResponse(lines: lines, adUnitID: "unit")
        response.bidFloor = 1.5
        let recorder = RunRecorder(harness.clock)
        let handle = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        if let cancelAfter {
            harness.clock.advance(by: cancelAfter)
            handle.cancel()
        }
        harness.clock.runUntilIdle()
        return try #require(recorder.single)
    }

    private func lines() throws -> [WaterfallLine] {
        [
            try AuctionFixture.bid("High", price: 4), try AuctionFixture.bid("Mid", price: 2.5),
            AuctionFixture.line("Line", price: 3), try AuctionFixture.bid("Low", price: 1),
            try AuctionFixture.bid("NoMarkup", price: 3.5, markup: nil),
        ]
    }

    private let scripts: [String: CustomEventScript] = [
        "High": Fixture.noFill(after: 5), "Line": Fixture.noFill(after: 5), "Mid": Fixture.fill("Mid", after: 5),
        "Low": Fixture.fill("Low"), "NoMarkup": Fixture.fill("NoMarkup"),
    ]

    @Test func theRecordIsTheSameWhetherTheNoticesAreSentOrNot() throws {
        let sent = try run(lines(), scripts: scripts, discards: false)
        let discarded = try run(lines(), scripts: scripts, discards: true)
        let record = try #require(sent.trace.auction)
        #expect(record.notices.contains { $0.kind == .loss })
        #expect(discarded.trace.auction == record)
        #expect(discarded.trace.notes == sent.trace.notes)
        #expect(Fixture.title(discarded) == "Mid")
        #expect(discarded.ad?.source.billingURLs == sent.ad?.source.billingURLs)
        #expect(discarded.ad?.source.billingURLs.isEmpty == false)
    }

    @Test func aCancelledRunHasTheSameRecordEitherWay() throws {
        let sent = try run(lines(), scripts: scripts, discards: false, cancelAfter: .zero)
        let discarded = try run(lines(), scripts: scripts, discards: true, cancelAfter: .zero)
        #expect(discarded.trace.auction == sent.trace.auction)
        #expect(discarded.trace.notes == sent.trace.notes)
    }
}

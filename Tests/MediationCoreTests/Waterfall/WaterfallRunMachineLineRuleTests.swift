import Foundation
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The rules the machine applies to a line before its request, on facts the driver hands in (the run's start, the
/// line's bid and the custom event's capabilities): a bid that expired, a bid on a custom event that does not bid,
/// a child-directed run on a custom event that refuses such traffic. The driver only looks the facts up.
@Suite struct WaterfallRunMachineLineRuleTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func machine(_ lines: [WaterfallLine], isChildDirected: Bool = false) -> WaterfallRunMachine<NativeAd> {
        WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: lines), strategy: .sequential, followsNextURL: false,
            isChildDirected: isChildDirected)
    }

    /// A run started at 1 s over a plain line and a bid expiring 500 ms after the run's start, whose plain line
    /// answered no fill `after` milliseconds into the run: the bid's turn has come.
    private func bidsTurn(after milliseconds: Int64) throws -> WaterfallRunMachine<NativeAd> {
        var run = machine([
            WaterfallLine(customEventIdentifier: "Slow"),
            try AuctionFixture.bid("Bid", price: 2, expiryMilliseconds: 500),
        ])
        _ = run.handle(.start(at: at(1000)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(1000)))
        let actions = run.handle(.lineFailed(line: 0, error: .noFill, at: at(1000 + milliseconds)))
        #expect(actions.summary.contains("resolve 1"))
        return run
    }

    @Test func aBidWhoseExpiryPassedSinceTheRunStartedIsSkippedWithoutBeingResolved() throws {
        var run = try bidsTurn(after: 800)
        var actions: [WaterfallRunAction<NativeAd>] = []
        #expect(!run.beginResolving(1, at: at(1800), into: &actions), "nothing is looked up for an expired bid")
        #expect(actions.summary == ["finish failed no_fill"])
        let entry = try #require(run.trace.entries.last)
        #expect(entry.line == 1)
        #expect(entry.result == .skipped)
        #expect(entry.duration == nil)
        #expect(entry.detail == "bid expired: its x-bid-expiry-ms of 500ms passed before its turn")
        #expect(run.isFinished)
    }

    @Test func aBidWithinItsExpiryCountedFromTheRunsStartIsResolved() throws {
        // 1.4 s after the clock's origin, but 400 ms after the run's start: not expired.
        var run = try bidsTurn(after: 400)
        var actions: [WaterfallRunAction<NativeAd>] = []
        #expect(run.beginResolving(1, at: at(1400), into: &actions))
        #expect(actions.isEmpty)
        #expect(run.handle(.lineResolved(line: 1, .ready(.all), at: at(1400))).summary.contains("request 1"))
    }

    @Test func aLineWithoutABidIsAlwaysResolved() {
        var run = machine([WaterfallLine(customEventIdentifier: "A")])
        _ = run.handle(.start(at: at(0)))
        var actions: [WaterfallRunAction<NativeAd>] = []
        #expect(run.beginResolving(0, at: at(1_000_000), into: &actions))
        #expect(actions.isEmpty)
    }

    @Test func aBidOnACustomEventThatDoesNotBidFailsBeforeItsRequest() throws {
        var run = machine([try AuctionFixture.bid("NoBidding", price: 2), WaterfallLine(customEventIdentifier: "B")])
        _ = run.handle(.start(at: at(0)))
        let noBidding = WaterfallLineCapabilities(supportsBidding: false, supportsChildDirectedTraffic: true)
        #expect(run.handle(.lineResolved(line: 0, .ready(noBidding), at: at(0))).summary == ["resolve 1"])
        let entry = try #require(run.trace.entries.first)
        let error = MediationError.invalidBidMarkup(
            path: "adm", reason: "custom event 'NoBidding' declares no bidding support (supportsBidding)")
        #expect(entry.result == .error)
        #expect(entry.errorCode == "invalid_bid_markup")
        #expect(entry.detail == error.description)
        #expect(entry.duration == .zero)
    }

    @Test func aPlainLineOnACustomEventThatDoesNotBidIsRequested() {
        var run = machine([WaterfallLine(customEventIdentifier: "A")])
        _ = run.handle(.start(at: at(0)))
        let noBidding = WaterfallLineCapabilities(supportsBidding: false, supportsChildDirectedTraffic: true)
        #expect(
            run.handle(.lineResolved(line: 0, .ready(noBidding), at: at(0))).summary == [
                "line timeouts after 10000ms", "request 0",
            ])
    }

    @Test func aChildDirectedRunSkipsACustomEventThatRefusesChildDirectedTraffic() throws {
        var run = machine(
            [try Fixture.line("Adult", before: ["before"]), WaterfallLine(customEventIdentifier: "B")],
            isChildDirected: true)
        _ = run.handle(.start(at: at(0)))
        let adultsOnly = WaterfallLineCapabilities(supportsBidding: true, supportsChildDirectedTraffic: false)
        #expect(run.handle(.lineResolved(line: 0, .ready(adultsOnly), at: at(0))).summary == ["resolve 1"])
        let entry = try #require(run.trace.entries.first)
        #expect(entry.result == .skipped)
        #expect(entry.detail == "Adult does not support child-directed traffic")
        #expect(run.handle(.lineResolved(line: 1, .ready(adultsOnly), at: at(0))).summary == ["finish failed no_fill"])
    }

    @Test func aRunThatIsNotChildDirectedRequestsThatCustomEvent() {
        var run = machine([WaterfallLine(customEventIdentifier: "Adult")], isChildDirected: false)
        _ = run.handle(.start(at: at(0)))
        let adultsOnly = WaterfallLineCapabilities(supportsBidding: true, supportsChildDirectedTraffic: false)
        #expect(
            run.handle(.lineResolved(line: 0, .ready(adultsOnly), at: at(0))).summary == [
                "line timeouts after 10000ms", "request 0",
            ])
    }

    @Test func theRulesComeBeforeANetworksStartUp() throws {
        var line = try Fixture.line("Adult")
        line.info = ["appId": .string("app")]
        var run = machine([line], isChildDirected: true)
        _ = run.handle(.start(at: at(0)))
        let adultsOnly = WaterfallLineCapabilities(supportsBidding: true, supportsChildDirectedTraffic: false)
        let refused = run.handle(.lineResolved(line: 0, .needsNetwork("Net", status: .starting, adultsOnly), at: at(0)))
        #expect(refused.summary == ["finish failed no_fill"], "no server parameters handed over, nothing awaited")
        #expect(run.trace.entries.first?.detail == "Adult does not support child-directed traffic")

        var admitted = machine([line], isChildDirected: true)
        _ = admitted.handle(.start(at: at(0)))
        #expect(
            admitted.handle(.lineResolved(line: 0, .needsNetwork("Net", status: .starting, .all), at: at(0))).summary
                == ["server parameters of 0 for Net", "line timeouts after 10000ms", "await Net for 0"])
    }
}

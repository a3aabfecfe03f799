import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// The run's rules on their own: events in, actions out, no threads and no clock.
@Suite struct WaterfallRunMachineTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func ad(_ title: String) -> NativeAd {
        NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(title)),
            source: NativeAdSource(customEventIdentifier: title), trackerPinger: DiscardingTrackerPinger())
    }

    private func machine(
        _ lines: [WaterfallLine], strategy: MediationStrategy = .sequential, nextURL: URL? = nil, url: URL? = nil,
        followsNextURL: Bool = true
    ) -> WaterfallRunMachine<NativeAd> {
        WaterfallRunMachine<NativeAd>(
            response: AdResponse(lines: lines, nextURL: nextURL, url: url), strategy: strategy,
            followsNextURL: followsNextURL)
    }

    private func lines(_ identifiers: String...) -> [WaterfallLine] {
        identifiers.map { WaterfallLine(customEventIdentifier: $0) }
    }

    @Test func startsTheFirstLineOnly() {
        var run = machine(lines("A", "B"))
        #expect(run.handle(.start(at: at(0))).summary == ["resolve 0"])
        #expect(run.handle(.start(at: at(0))).isEmpty)
    }

    @Test func aReadyLineFiresBeforeLoadStartsItsTimeoutThenRequests() throws {
        var run = machine([try Fixture.line("A", timeoutMilliseconds: 2500, before: ["before"])])
        _ = run.handle(.start(at: at(0)))
        #expect(
            run.handle(.lineResolved(line: 0, .ready(.all), at: at(0))).summary == [
                "fire https://track.example/before", "line timeouts after 2500ms", "request 0",
            ])
        #expect(run.trace.entries.map(\.result) == [.loading])
    }

    @Test func aFailureFiresAfterLoadAndStartsTheNextLine() throws {
        var run = machine([
            try Fixture.line("A", after: ["https://t.example/a?r=%%LOAD_RESULT%%&d=%%LOAD_DURATION_MS%%"]),
            WaterfallLine(customEventIdentifier: "B"),
        ])
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(
            run.handle(.lineFailed(line: 0, error: .noFill, at: at(120))).summary == [
                "fire https://t.example/a?r=error&d=120", "resolve 1",
            ])
        #expect(run.trace.entries.first?.result == .noFill)
        #expect(run.trace.entries.first?.duration == .milliseconds(120))
    }

    @Test func aLoadFinishesTheRunWithTheAd() {
        var run = machine(lines("A", "B"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        let actions = run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(50)))
        #expect(actions.summary == ["finish loaded 0"])
        #expect(run.isFinished)
        #expect(run.trace.winner == 0)
        #expect(run.trace.outcome == "loaded")
        #expect(run.trace.entries.first?.isWinner == true)
    }

    @Test func aSecondOutcomeIsADuplicateAndNeverFinishesAgain() {
        var run = machine(lines("A"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(10)))
        let second = run.handle(.lineLoaded(line: 0, ad: ad("A2"), at: at(20)))
        #expect(second.summary == ["release 0"])
        let third = run.handle(.lineFailed(line: 0, error: .noFill, at: at(30)))
        #expect(third.summary.isEmpty)
        #expect(run.trace.results == [.loaded, .duplicateCallback, .duplicateCallback])
    }

    @Test func theTimeoutStopsTheLineAndALaterOutcomeIsLate() {
        var run = machine([WaterfallLine(customEventIdentifier: "A", timeout: .seconds(1))] + lines("B"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.lineTimeoutsDue(at: at(1000))).summary == ["stop 0", "resolve 1"])
        #expect(run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(1500))).summary == ["release 0"])
        #expect(run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(1600))).summary == ["release 0"])
        #expect(run.trace.results == [.timeout, .lateCallback, .duplicateCallback])
        #expect(run.trace.entries[0].duration == .seconds(1))
        #expect(run.trace.entries[1].detail == "loaded after the line timed out")
    }

    @Test func aStaleTimeoutIsIgnored() {
        var run = machine(lines("A", "B"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.lineFailed(line: 0, error: .noFill, at: at(10)))
        #expect(run.handle(.lineTimeoutsDue(at: at(10_000))).isEmpty)
    }

    @Test func aMissingAdapterFiresBothURLsAndTheWaterfallContinues() throws {
        var run = machine([
            try Fixture.line("Missing", before: ["before"], after: ["https://t.example/a?r=%%LOAD_RESULT%%"]),
            WaterfallLine(customEventIdentifier: "B"),
        ])
        _ = run.handle(.start(at: at(0)))
        let actions = run.handle(
            .lineResolved(line: 0, .failedBeforeRequest(.missingAdapter(identifier: "Missing")), at: at(0)))
        #expect(
            actions.summary == [
                "fire https://track.example/before", "fire https://t.example/a?r=missing_adapter", "resolve 1",
            ])
        #expect(run.trace.results == [.missingAdapter])
    }

    @Test func everyLineFailingEndsInNoFill() {
        var run = machine(lines("A"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(
            run.handle(.lineFailed(line: 0, error: .noFill, at: at(5))).summary == [
                "finish failed no_fill"
            ])
        #expect(run.trace.outcome == "no_fill")
    }

    @Test func anEmptyResponseEndsInNoFillAtOnce() {
        var run = machine([])
        #expect(run.handle(.start(at: at(0))).summary == ["finish failed no_fill"])
    }

    @Test func cancelStopsLinesInFlightAndFinishesOnce() {
        var run = machine(lines("A", "B"))
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.cancel(at: at(300))).summary == ["stop 0", "finish failed cancelled"])
        #expect(run.handle(.cancel(at: at(400))).isEmpty)
        #expect(run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(500))).summary == ["release 0"])
        #expect(run.trace.results == [.cancelled, .lateCallback])
    }

    @Test func cancelBeforeStartFinishesWithoutStartingLines() {
        var run = machine(lines("A"))
        #expect(run.handle(.cancel(at: at(0))).summary == ["finish failed cancelled"])
        #expect(run.handle(.start(at: at(0))).isEmpty)
    }

    @Test func followsTheNextURLWhenEveryLineFailed() throws {
        let next = try #require(URL(string: "https://ads.example/2"))
        var run = machine(lines("A"), nextURL: next)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(
            run.handle(.lineFailed(line: 0, error: .noFill, at: at(10))).summary == [
                "fetch https://ads.example/2", "page timeout",
            ])
        let page = AdResponse(lines: lines("B"), nextURL: next)
        #expect(
            run.handle(.pageLoaded(url: next, response: page, at: at(20))).summary == [
                "cancel page timeout", "resolve 1",
            ])
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(20)))
        #expect(
            run.handle(.lineFailed(line: 1, error: .noFill, at: at(30))).summary == [
                "finish failed no_fill"
            ])
        #expect(run.trace.entries.map(\.page) == [0, 1])
        #expect(run.trace.notes.last == "x-next-url https://ads.example/2 not followed: it is the URL just loaded")
    }

    @Test func neverFollowsTheURLJustLoaded() throws {
        let url = try #require(URL(string: "https://ads.example/1"))
        var run = machine(lines("A"), nextURL: url, url: url)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.lineFailed(line: 0, error: .noFill, at: at(10))).summary.last == "finish failed no_fill")
    }

    @Test func aPageTimeoutEndsInNoFill() throws {
        let next = try #require(URL(string: "https://ads.example/2"))
        var run = machine([], nextURL: next)
        #expect(run.handle(.start(at: at(0))).summary == ["fetch https://ads.example/2", "page timeout"])
        #expect(run.handle(.pageTimedOut(url: next, at: at(10_000))).summary == ["finish failed no_fill"])
        #expect(run.handle(.pageLoaded(url: next, response: AdResponse(lines: lines("B")), at: at(11_000))).isEmpty)
    }

    // MARK: Hedged

    private var hedged: MediationStrategy {
        (try? MediationStrategy.hedged(after: .milliseconds(200), maxInFlight: 2)) ?? .sequential
    }

    @Test func hedgingStartsTheNextLineWhenTheTimerFires() {
        var run = machine(lines("A", "B", "C"), strategy: hedged)
        #expect(run.handle(.start(at: at(0))).summary == ["resolve 0", "hedge 1 after 200ms"])
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        #expect(run.handle(.hedgeTimerFired(generation: 1, at: at(200))).summary == ["resolve 1"])
        #expect(run.handle(.hedgeTimerFired(generation: 1, at: at(200))).isEmpty)
    }

    @Test func aLowerLinesAdIsHeldUntilTheLinesAboveFail() {
        var run = machine(lines("A", "B", "C"), strategy: hedged)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.hedgeTimerFired(generation: 1, at: at(200)))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(200)))
        #expect(run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(300))).summary == [])
        #expect(!run.isFinished)
        #expect(
            run.handle(.lineFailed(line: 0, error: .noFill, at: at(400))).summary == [
                "finish loaded 1"
            ])
        #expect(run.trace.winner == 1)
    }

    @Test func theHigherLineWinsAndTheHeldAdIsReleased() {
        var run = machine(lines("A", "B", "C"), strategy: hedged)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.hedgeTimerFired(generation: 1, at: at(200)))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(200)))
        _ = run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(300)))
        #expect(
            run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(400))).summary == [
                "release 1", "finish loaded 0",
            ])
        #expect(run.trace.entries[1].detail == "released: line 0 won")
    }

    @Test func aWinnerStopsTheLosersInFlight() {
        var run = machine(lines("A", "B", "C"), strategy: hedged)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.hedgeTimerFired(generation: 1, at: at(200)))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(200)))
        #expect(
            run.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(250))).summary == [
                "stop 1", "finish loaded 0",
            ])
        #expect(run.trace.results == [.loaded, .stopped])
        #expect(run.handle(.lineLoaded(line: 1, ad: ad("B"), at: at(260))).summary == ["release 1"])
        #expect(run.trace.entries.last?.detail == "loaded after another line won")
    }

    @Test func neverMoreLinesInFlightThanTheLimit() {
        var run = machine(lines("A", "B", "C", "D"), strategy: hedged)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.hedgeTimerFired(generation: 1, at: at(200)))
        _ = run.handle(.lineResolved(line: 1, .ready(.all), at: at(200)))
        #expect(run.lines.count { $0.isLoading } == 2)
        let afterFailure = run.handle(.lineFailed(line: 1, error: .noFill, at: at(250)))
        #expect(afterFailure.summary == ["resolve 2"])
    }

    @Test func aZeroHedgeDelayStartsTheLimitAtOnce() throws {
        var run = machine(lines("A", "B", "C"), strategy: try .hedged(after: .zero, maxInFlight: 2))
        #expect(run.handle(.start(at: at(0))).summary == ["resolve 0", "resolve 1"])
    }
}

extension [WaterfallRunAction<NativeAd>] {
    /// The actions as short strings, without log messages and the run deadline (RunLimitsTests cover it).
    var summary: [String] {
        compactMap { action in
            switch action {
            case .resolveLine(let line, _): "resolve \(line)"
            case .recordServerParameters(let line, let network): "server parameters of \(line) for \(network)"
            case .requestAd(let line): "request \(line)"
            case .awaitNetwork(let line, let network): "await \(network) for \(line)"
            case .stopLine(let line): "stop \(line)"
            case .fireURLs(let urls, _, _): "fire " + urls.map(\.absoluteString).joined(separator: " ")
            case .fireAfterLoad(let templates, let duration, let result, _):
                "fire "
                    + templates.compactMap { $0.url(loadDuration: duration, result: result)?.absoluteString }
                    .joined(separator: " ")
            case .scheduleLineTimeouts(let delay): "line timeouts after \(delay.wholeMilliseconds)ms"
            case .scheduleHedgeTimer(let generation, let delay):
                "hedge \(generation) after \(delay.wholeMilliseconds)ms"
            case .cancelHedgeTimer: "cancel hedge"
            case .fetchPage(let url): "fetch \(url.absoluteString)"
            case .schedulePageTimeout: "page timeout"
            case .cancelPageTimeout: "cancel page timeout"
            case .applyBackoff: "backoff"
            case .releaseAd(let line, _): "release \(line)"
            case .log, .scheduleRunDeadline, .recordRequests: nil
            case .scheduleLatencyBudget(let delay): "latency budget after \(delay.wholeMilliseconds)ms"
            case .recordOutcome(let line, let outcome, let latency):
                "record \(line) \(outcome.rawValue) \(latency.wholeMilliseconds)ms"
            case .finish(.loaded(let line, _), _): "finish loaded \(line)"
            case .finish(.failed(let error), _): "finish failed \(error.code)"
            }
        }
    }
}

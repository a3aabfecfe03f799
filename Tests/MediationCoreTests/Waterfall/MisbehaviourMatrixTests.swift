import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Every way a network SDK misbehaves, under every strategy. Each case runs a two-line waterfall:
/// line 0 is the misbehaving network `M` (1 s timeout unless the case says otherwise), line 1 a healthy
/// network `B` that fills after 100 ms. Each case checks that exactly one outcome reaches the host, that the
/// right line wins, that the trace records what was absorbed, and that once the host lets go nothing the run
/// touched is still alive: not the mediator, the run, the custom events, the ads, nor the clock.
@Suite struct MisbehaviourMatrixTests {
    /// One misbehaviour and what the engine must make of it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [MisbehavingCustomEvent.Step]
        /// Line 0's timeout; `nil` for none (`x-ad-timeout-ms: 0`), bounded by the run deadline only.
        var timeout: Duration? = .seconds(1)
        var holdsEventWeakly = false
        /// When the host cancels the run, if it does.
        var cancelAt: Duration?
        /// The winning line, or `nil` when the run must fail.
        var winner: Int?
        /// The error when the run fails.
        var error: MediationError?
        /// Line 0's results in the trace, in order.
        var lineZeroResults: [MediationLineResult]
        /// Line 0's error code in the trace, if any.
        var lineZeroErrorCode: String?
        /// A fragment every trace note list must contain, if any.
        var note: String?
        /// The winner and error under ``MediationStrategy/sequential`` when they differ from the others'.
        var sequentialOutcome: (winner: Int?, error: MediationError?)?
        /// When to check that the engine no longer holds line 0's custom event, if at all.
        var checkEventReleasedAt: Duration?

        var testDescription: String { name }
    }

    static let hostileProperties: NativeAdProperties = {
        var properties = Fixture.properties("hostile")
        try? properties.set(.url(URL(string: "javascript:alert(1)")!), for: .privacyClickURL)
        try? properties.set(.url(URL(string: "file:///etc/passwd")!), for: "clickurl")
        try? properties.setImage(AdImage(url: URL(string: "data:image/png;base64,AAAA")!), for: .mainImage)
        return properties
    }()

    static let cases: [Case] = [
        Case(
            name: "load twice",
            steps: [
                .init(after: .milliseconds(10), answer: .load(Fixture.properties("M"))),
                .init(after: .milliseconds(20), answer: .load(Fixture.properties("M again"))),
            ],
            winner: 0, lineZeroResults: [.loaded, .duplicateCallback]),
        Case(
            name: "load then fail",
            steps: [
                .init(after: .milliseconds(10), answer: .load(Fixture.properties("M"))),
                .init(after: .milliseconds(20), answer: .fail(.noFill)),
            ],
            winner: 0, lineZeroResults: [.loaded, .duplicateCallback]),
        Case(
            name: "fail then load",
            steps: [
                .init(after: .milliseconds(10), answer: .fail(.noFill)),
                .init(after: .milliseconds(20), answer: .load(Fixture.properties("M"))),
            ],
            winner: 1, lineZeroResults: [.noFill, .duplicateCallback]),
        Case(
            name: "callback after timeout",
            steps: [.init(after: .seconds(2), answer: .load(Fixture.properties("M")))],
            winner: 1, lineZeroResults: [.timeout, .lateCallback], lineZeroErrorCode: "timeout"),
        Case(
            name: "callback after cancel",
            steps: [.init(after: .milliseconds(50), answer: .load(Fixture.properties("M")))],
            cancelAt: .milliseconds(5), error: .cancelled, lineZeroResults: [.cancelled, .lateCallback]),
        Case(
            name: "synchronous callbacks inside requestAd",
            steps: [
                .init(after: .zero, answer: .load(Fixture.properties("M"))),
                .init(after: .zero, answer: .fail(.noFill)),
            ],
            winner: 0, lineZeroResults: [.loaded, .duplicateCallback]),
        Case(
            name: "callbacks from other threads",
            steps: [.init(after: .milliseconds(10), answer: .concurrent(count: 8))],
            winner: nil, lineZeroResults: []),
        Case(
            name: "never, with a line timeout",
            steps: [],
            winner: 1, lineZeroResults: [.timeout], lineZeroErrorCode: "timeout"),
        Case(
            name: "never, without a line timeout",
            steps: [], timeout: nil,
            winner: 1, lineZeroResults: [.timeout], lineZeroErrorCode: "timeout", note: "run deadline",
            // Sequential never starts B, so the run deadline ends the run unfilled; a hedge holds B's ad,
            // which wins at the deadline.
            sequentialOutcome: (winner: nil, error: .timeout)),
        Case(
            name: "empty properties",
            steps: [.init(after: .milliseconds(10), answer: .load(NativeAdProperties()))],
            winner: 1, lineZeroResults: [.error], lineZeroErrorCode: "missing_required_assets"),
        Case(
            name: "wrong value types",
            steps: [.init(after: .milliseconds(10), answer: .mapJSON(#"{"title": 5, "starrating": "five"}"#))],
            winner: 1, lineZeroResults: [.error], lineZeroErrorCode: "invalid_configuration"),
        Case(
            name: "hostile URLs",
            steps: [.init(after: .milliseconds(10), answer: .load(hostileProperties))],
            winner: 0, lineZeroResults: [.loaded], note: "dropped URLs that are not http(s)"),
        Case(
            name: "a 10 MB text asset",
            steps: [.init(after: .milliseconds(10), answer: .mapTitle(byteCount: 10_000_000))],
            winner: 1, lineZeroResults: [.error], lineZeroErrorCode: "invalid_configuration"),
        Case(
            name: "custom event deallocated mid-load",
            steps: [.init(after: .seconds(2), answer: .load(Fixture.properties("M")))],
            holdsEventWeakly: true,
            winner: 1, lineZeroResults: [.timeout], lineZeroErrorCode: "timeout",
            checkEventReleasedAt: .milliseconds(1500)),
    ]

    static let strategies: [MediationStrategy] = [
        .sequential, .default, (try? .hedged(after: .zero, maxInFlight: 3)) ?? .sequential,
    ]

    /// What one run left behind, with weak references to everything it touched.
    struct Observation {
        var outcomeCount = 0
        var winner: Int?
        var error: MediationError?
        var title: String?
        var hostileValues: [NativeAdPropertyKey] = []
        var trace = MediationTrace()
        var stopsOfLineZero = 0
        var mediator = WeakBox<Mediator>(nil)
        var run = WeakBox<MediationRun>(nil)
        var clock = WeakBox<ManualClock>(nil)
        var events: [WeakBox<MisbehavingCustomEvent>] = []
        var ads: [WeakBox<NativeAd>] = []
        var winningAd = WeakBox<NativeAd>(nil)
        var pendingTimers = 0
        var eventAliveAtCheck: Bool?
    }

    @Test(arguments: cases, strategies)
    func exactlyOneOutcomeAndNothingLeftAlive(_ testCase: Case, strategy: MediationStrategy) throws {
        let observed = try Self.observe(testCase, strategy: strategy)
        #expect(observed.outcomeCount == 1, "exactly one outcome reaches the host")
        #expect(observed.pendingTimers == 0, "no timer outlives the run")

        let lineZero = observed.trace.entries(forLine: 0)
        if testCase.name == "callbacks from other threads" {
            // Which of the 8 racing answers counts is up to the race; exactly one does, the rest are duplicates.
            #expect(lineZero.count == 8)
            #expect(lineZero.count { $0.result == .duplicateCallback } == 7)
            let first = try #require(lineZero.first { $0.result != .duplicateCallback })
            #expect(observed.winner == (first.result == .loaded ? 0 : 1))
        } else {
            #expect(lineZero.map(\.result) == testCase.lineZeroResults)
            if let code = testCase.lineZeroErrorCode {
                #expect(lineZero.first?.errorCode == code)
            }
            let expected = strategy.isSequential ? testCase.sequentialOutcome : nil
            #expect(observed.winner == (expected.map(\.winner) ?? testCase.winner))
            #expect(observed.error == (expected.map(\.error) ?? testCase.error))
        }
        if let note = testCase.note {
            #expect(observed.trace.notes.contains { $0.contains(note) }, "notes: \(observed.trace.notes)")
        }
        if testCase.name == "hostile URLs" {
            #expect(observed.title == "hostile")
            #expect(observed.hostileValues.isEmpty, "no refused URL reached the unified ad: \(observed.hostileValues)")
        }
        if testCase.checkEventReleasedAt != nil {
            #expect(observed.eventAliveAtCheck == false, "the engine let go of the timed-out custom event")
            #expect(observed.stopsOfLineZero == 1)
        }

        #expect(!observed.mediator.isAlive, "the mediator was released")
        #expect(!observed.run.isAlive, "the run was released")
        #expect(!observed.clock.isAlive, "the clock was released")
        #expect(observed.events.allSatisfy { !$0.isAlive }, "every custom event was released")
        #expect(observed.ads.allSatisfy { !$0.isAlive }, "every ad was released")
        #expect(!observed.winningAd.isAlive, "the winning ad was released once the host dropped it")
    }

    /// Runs `testCase` in a scope of its own and returns what it saw, holding nothing strongly.
    private static func observe(_ testCase: Case, strategy: MediationStrategy) throws -> Observation {
        var observation = Observation()
        let clock = ManualClock()
        observation.clock = WeakBox(clock)
        let log = MisbehavingCustomEvent.Log()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("M") {
            MisbehavingCustomEvent(steps: testCase.steps, holdsEventWeakly: testCase.holdsEventWeakly, log: log)
        }
        try registry.registerCustomEvent("B") {
            ScriptedCustomEvent(identifier: "B", script: Fixture.fill("B", after: 100))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["M", "B"]))
        let results = Locked<[MediationRunResult]>([])
        // The host keeps the run (to cancel it, and to read its full trace at the end) but drops the mediator
        // at once: the run must still end on its own.
        let run: MediationRun
        do {
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    strategy: strategy, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                    imagePrecacher: NoImagePrecaching()))
            observation.mediator = WeakBox(mediator)
            let response = AdResponse(lines: [
                WaterfallLine(customEventIdentifier: "M", timeout: testCase.timeout),
                WaterfallLine(customEventIdentifier: "B", timeout: .seconds(10)),
            ])
            run = mediator.mediate(response, delivery: .immediate) { result in
                results.withLock { $0.append(result) }
            }
        }
        observation.run = WeakBox(run)
        if let cancelAt = testCase.cancelAt {
            clock.advance(by: cancelAt)
            run.cancel()
        }
        if let checkAt = testCase.checkEventReleasedAt {
            clock.advance(to: ManualClock.Instant(offset: checkAt))
            observation.eventAliveAtCheck = log.events.first?.isAlive
        }
        clock.advance(by: .seconds(120))
        observation.pendingTimers = clock.pendingCount
        // The run's own trace, which keeps recording callbacks absorbed after the outcome was delivered.
        observation.trace = run.trace

        let delivered = results.withLock { results in
            defer { results = [] }
            return results
        }
        observation.outcomeCount = delivered.count
        if let result = delivered.first {
            observation.winner = result.trace.winner
            observation.error = result.error
            observation.title = result.ad?.properties.text(.title)
            observation.hostileValues = [.privacyClickURL, "clickurl", .mainImage].filter {
                result.ad?.properties[$0] != nil
            }
            observation.winningAd = WeakBox(result.ad)
        }
        observation.stopsOfLineZero = log.stopCount
        observation.events = log.events
        observation.ads = log.ads
        return observation
    }
}

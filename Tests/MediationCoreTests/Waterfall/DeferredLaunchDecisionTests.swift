import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// Under the learned strategies, a launch decision that needs the planner waits until the driver goes idle: made
/// then, it is the decision the machine would have made at the event that called for it, and a line that answers
/// within its request makes it anew, so that it is never made in vain.
@Suite struct DeferredLaunchDecisionTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func ad(_ title: String) -> NativeAd {
        NativeAd(
            adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(title)),
            source: NativeAdSource(customEventIdentifier: title), trackerPinger: DiscardingTrackerPinger())
    }

    /// A store that knows networks N0…N(count-1): each fills with its own chance, answers at its own latency and
    /// sometimes hangs.
    private func taughtStore(networks count: Int, seed: UInt64) -> NetworkStatisticsStore {
        let store = NetworkStatisticsStore()
        var random = SeededRandom(seed: seed)
        for network in 0..<count {
            let key = NetworkStatisticsKey(customEvent: "N\(network)", network: "N\(network)")
            let fill = random.unit()
            let latency = Duration.milliseconds(50 + Int(random.unit() * 900))
            for _ in 0..<60 {
                let draw = random.unit()
                let outcome: NetworkOutcome = draw < 0.1 ? .timeout : draw < 0.1 + fill * 0.9 ? .fill : .noFill
                store.record(outcome, latency: outcome == .timeout ? .seconds(2) : latency, for: key)
            }
        }
        return store
    }

    private struct SeededRandom {
        var state: UInt64
        init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        /// A number in 0..<1.
        mutating func unit() -> Double { Double(next() % (1 << 52)) / Double(1 << 52) }
    }

    /// `actions` as three streams, each in order: the hedge timer's, the line timer's, and the rest. The streams
    /// are independent (a decision made at idle arms the hedge timer after a timeout's event has re-armed the line
    /// timer, where the machine deciding at once armed it before), and within each the order is the machine's.
    private static func streams(_ actions: [WaterfallRunAction<NativeAd>]) -> [[String]] {
        let summary = actions.summary
        let hedge = summary.filter { $0.hasPrefix("hedge ") || $0 == "cancel hedge" }
        let lineTimer = summary.filter { $0.hasPrefix("line timeouts") }
        return [hedge, lineTimer, summary.filter { !hedge.contains($0) && !lineTimer.contains($0) }]
    }

    /// A timed event of the simulated world.
    private struct Pending {
        var time: Int64
        var order: Int
        var event: WaterfallRunEvent<NativeAd>
    }

    /// Random worlds run on two machines side by side, one deciding at once and one putting decisions off and
    /// making them after each event, as the driver does when it goes idle: after every event both have asked for
    /// the same actions, in the same order, and both end with the same trace.
    @Test(arguments: [
        MediationStrategy.recommendedAdaptive, try MediationStrategy.adaptive(requestBudget: 1.8),
        try MediationStrategy.earlyWin(), try MediationStrategy.latencyBudget(.milliseconds(700)),
    ])
    func aDecisionPutOffIsTheOneMadeAtOnce(strategy: MediationStrategy) throws {
        var decisionsPutOff = 0
        for seed in UInt64(1)...60 {
            var random = SeededRandom(seed: seed)
            let count = 3 + Int(random.next() % 8)
            let store = taughtStore(networks: count, seed: seed)
            let lines = (0..<count).map { index in
                WaterfallLine(
                    customEventIdentifier: "N\(index)", timeout: .seconds(2), price: Double(count - index))
            }
            let response = AdResponse(lines: lines)
            var eager = WaterfallRunMachine<NativeAd>(
                response: response, strategy: strategy, followsNextURL: false,
                limits: MediationRunLimits(runDeadline: .seconds(5)), statistics: store, enabledLogLevels: [])
            var deferring = WaterfallRunMachine<NativeAd>(
                response: response, strategy: strategy, followsNextURL: false,
                limits: MediationRunLimits(runDeadline: .seconds(5)), statistics: store, enabledLogLevels: [],
                defersLaunchDecisions: true)
            // Each line's scripted answer: a fill, a no fill or a hang, after a random latency.
            let answers = (0..<count).map { _ in (kind: random.next() % 3, latency: Int64(random.next() % 1_500)) }
            var pending = [Pending(time: 0, order: 0, event: .start(at: at(0)))]
            var order = 1
            var steps = 0
            while let next = pending.indices.min(by: {
                (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order)
            }), steps < 500 {
                steps += 1
                let event = pending.remove(at: next)
                let expected = eager.handle(event.event)
                var actual = deferring.handle(event.event)
                if deferring.hasDeferredLaunchDecision { decisionsPutOff += 1 }
                if deferring.hasDeferredLaunchDecision, deferring.needsProfiles {
                    // As the driver does: looked up once, when a decision first needs them.
                    deferring.supplyProfiles(store.profiles(of: lines, adUnitID: nil))
                }
                deferring.decideDeferredLaunches(into: &actual)
                #expect(!deferring.hasDeferredLaunchDecision)
                #expect(Self.streams(actual) == Self.streams(expected), "seed \(seed), event \(steps)")
                guard Self.streams(actual) == Self.streams(expected) else { return }
                for action in expected {
                    let now = event.time
                    func add(_ time: Int64, _ event: WaterfallRunEvent<NativeAd>) {
                        pending.append(Pending(time: time, order: order, event: event))
                        order += 1
                    }
                    switch action {
                    case .resolveLine(let line, _):
                        add(now, .lineResolved(line: line, .ready(.all), at: at(now)))
                    case .requestAd(let line):
                        let answer = answers[line]
                        let time = now + answer.latency
                        switch answer.kind {
                        case 0: add(time, .lineLoaded(line: line, ad: ad("N\(line)"), at: at(time)))
                        case 1: add(time, .lineFailed(line: line, error: .noFill, at: at(time)))
                        default: break
                        }
                    case .scheduleHedgeTimer(let generation, let delay):
                        let time = now + delay.wholeMilliseconds
                        add(time, .hedgeTimerFired(generation: generation, at: at(time)))
                    case .scheduleLineTimeouts(let delay):
                        let time = now + delay.wholeMilliseconds
                        add(time, .lineTimeoutsDue(at: at(time)))
                    case .scheduleRunDeadline(let delay):
                        let time = now + delay.wholeMilliseconds
                        add(time, .runDeadlineReached(at: at(time)))
                    case .scheduleLatencyBudget(let delay):
                        let time = now + delay.wholeMilliseconds
                        add(time, .latencyBudgetReached(at: at(time)))
                    default:
                        break
                    }
                }
                if eager.isFinished { break }
            }
            #expect(eager.isFinished && deferring.isFinished, "seed \(seed)")
            #expect(eager.trace == deferring.trace, "seed \(seed)")
        }
        #expect(decisionsPutOff > 50, "the worlds put decisions off (\(decisionsPutOff))")
    }

    /// The network above rarely fills, so the planner starts the next line at once; the first line fills within its
    /// request. Deciding at once started the second line in vain; putting the decision off never starts it.
    @Test func aLineThatAnswersWithinItsRequestLeavesNoDecisionMadeInVain() {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.5)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .seconds(3)),
            WaterfallLine(customEventIdentifier: "B", timeout: .seconds(3)),
        ])
        var eager = WaterfallRunMachine<NativeAd>(
            response: response, strategy: .recommendedAdaptive, followsNextURL: false, statistics: store)
        #expect(eager.handle(.start(at: at(0))).summary.prefix(2) == ["resolve 0", "resolve 1"])

        var deferring = WaterfallRunMachine<NativeAd>(
            response: response, strategy: .recommendedAdaptive, followsNextURL: false, statistics: store,
            defersLaunchDecisions: true)
        let start = deferring.handle(.start(at: at(0))).summary
        #expect(start.contains("resolve 0"))
        #expect(!start.contains("resolve 1"), "the decision on line 1 waits for the driver to go idle")
        #expect(deferring.hasDeferredLaunchDecision)
        #expect(deferring.handle(.lineResolved(line: 0, .ready(.all), at: at(0))).summary.contains("request 0"))
        // Line 0 fills inside its request, before the driver goes idle: it wins, and line 1 never starts.
        let loaded = deferring.handle(.lineLoaded(line: 0, ad: ad("A"), at: at(0))).summary
        #expect(loaded.contains("finish loaded 0"))
        var idle: [WaterfallRunAction<NativeAd>] = []
        deferring.decideDeferredLaunches(into: &idle)
        #expect(idle.isEmpty)
        #expect(!(start + loaded).contains("resolve 1"))
        #expect(deferring.needsProfiles, "no decision needed the statistics: they were never looked up")
    }

    /// A mediator over custom events A and B answering as `scripts` say, learning into `store`, on `clock`; each
    /// custom event made is named in `made`.
    private func makeMediator(
        _ scripts: [String: CustomEventScript], store: NetworkStatisticsStore, clock: ManualClock,
        made: Locked<[String]>
    ) throws -> Mediator {
        var registry = MediationRegistry()
        for (name, script) in scripts {
            try registry.registerCustomEvent(name) {
                made.withLock { $0.append(name) }
                return ScriptedCustomEvent(identifier: name, script: script)
            }
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A", "B"]))
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .recommendedAdaptive, clock: MediationClock(clock),
                trackerPinger: DiscardingTrackerPinger(), imagePrecacher: NoImagePrecaching(), statistics: store))
    }

    private let linesAThenB = AdResponse(lines: [
        WaterfallLine(customEventIdentifier: "A", timeout: .seconds(3)),
        WaterfallLine(customEventIdentifier: "B", timeout: .seconds(3)),
    ])

    /// Through the driver: the network above fills within its request, so the mediator never asks the one below.
    @Test func theDriverMakesTheDecisionWhenItGoesIdleAndNotWhenAnAnswerCameFirst() throws {
        let store = NetworkStatisticsStore()
        store.teach("A", fill: 0.05)
        store.teach("B", fill: 0.5)
        let harness = WaterfallHarness()
        let requests = Locked<[String]>([])
        let mediator = try makeMediator(
            ["A": CustomEventScript(.fill(Fixture.properties("A"))), "B": CustomEventScript(.fail(.noFill))],
            store: store, clock: harness.clock, made: requests)
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(linesAThenB, delivery: .immediate, completion: recorder.completion)
        #expect(try #require(recorder.single).trace.winner == 0)
        #expect(requests.current == ["A"], "line B was never made, let alone asked")

        // A world where A usually fills within 200 ms and answers later this time: the decision is made when the
        // driver goes idle, with the profiles looked up then. They say to wait for A (with no profiles, the cold
        // start would have started B at once); B starts when A's silence says it is unlikely to fill.
        let patient = NetworkStatisticsStore()
        patient.teach("A", fill: 0.9, hangs: 0.1)
        patient.teach("B", fill: 0.5, hangs: 0.1)
        requests.withLock { $0 = [] }
        let later = CustomEventScript(.fail(.noFill), latency: .seconds(1))
        let slower = try makeMediator(["A": later, "B": later], store: patient, clock: harness.clock, made: requests)
        let second = RunRecorder(harness.clock)
        slower.mediate(linesAThenB, delivery: .immediate, completion: second.completion)
        #expect(requests.current == ["A"], "the profiles, looked up at idle, say to wait for A")
        harness.clock.advance(by: .milliseconds(900))
        #expect(requests.current == ["A", "B"], "B starts once A's silence says it is unlikely to fill")
        harness.clock.runUntilIdle()
        #expect(try #require(second.single).error == .noFill)
    }
}

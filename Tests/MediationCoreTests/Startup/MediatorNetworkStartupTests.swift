import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// The mediator starts the registry's networks (issue 47), on a manual clock: three in parallel (one slow, one
/// failing, one silent past its timeout); a waterfall that arrives first waits for the slow one within its line's
/// timeout; the failing one's lines fail with `network_not_started` and its error; a network never started starts
/// when its first line needs it, with the ad server's timeout.
private let startupFailure = MediationError.networkError(
    NetworkErrorInfo(domain: "com.example.sdk", code: 7, message: "bad application key"))

@MainActor @Suite struct MediatorNetworkStartupTests {
    private static var failure: MediationError { startupFailure }

    private struct World {
        let harness = WaterfallHarness()
        let slow: ScriptedNetworkConfiguration
        let failing: ScriptedNetworkConfiguration
        let silent: ScriptedNetworkConfiguration

        init() {
            let clock = harness.mediationClock
            slow = ScriptedNetworkConfiguration(
                "Slow", outcome: .starts, latency: .seconds(3), customEventIdentifiers: ["S"], clock: clock)
            failing = ScriptedNetworkConfiguration(
                "Failing", outcome: .fails(startupFailure), latency: .milliseconds(200),
                customEventIdentifiers: ["F"], clock: clock)
            silent = ScriptedNetworkConfiguration(
                "Silent", outcome: .silent, customEventIdentifiers: ["Q"], clock: clock)
        }

        func mediator(testMode: Bool = false, cacheDirectory: URL? = nil) throws -> Mediator {
            var registry = try harness.registry([
                "S": Fixture.fill("S", after: 100), "F": Fixture.fill("F"), "Q": Fixture.fill("Q"),
                "B": Fixture.fill("B"),
            ])
            for configuration in [slow, failing, silent] { try registry.registerNetworkConfiguration(configuration) }
            var configuration = MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, logger: harness.logger,
                trackerPinger: harness.pinger,
                imagePrecacher: NoImagePrecaching())
            configuration.isTestMode = testMode
            configuration.networkStartup = NetworkStartupSettings(
                parameters: ["Slow": ["appId": "host-app", "region": "eu"]], cacheDirectory: cacheDirectory)
            configuration.networkStartLauncher = NetworkStartup.immediateLauncher
            return Mediator(registry: registry, configuration: configuration)
        }
    }

    @Test func threeNetworksStartInParallelAndTheCallCompletesWithEachRecord() throws {
        let world = World()
        let mediator = try world.mediator(testMode: true)
        #expect(mediator.networkStartupRecords.map(\.status) == [.notStarted, .notStarted, .notStarted])
        let delivered = Locked<[[NetworkStartupRecord]]>([])
        mediator.startNetworks(delivery: .immediate) { records in delivered.withLock { $0.append(records) } }
        #expect([world.slow, world.failing, world.silent].map(\.startCalls.count) == [1, 1, 1])
        #expect(world.slow.startCalls.first?.values == ["appId": "host-app", "region": "eu"])
        #expect(world.slow.startCalls.first?.isTestMode == true)
        #expect(mediator.networkStartupRecords.map(\.status) == [.starting, .starting, .starting])

        world.harness.clock.advance(by: .milliseconds(200))
        #expect(mediator.networkStartupRecords[1].status == .failed(Self.failure))
        world.harness.clock.advance(by: .milliseconds(2800))
        #expect(mediator.networkStartupRecords[0].status == .started)
        #expect(delivered.current.isEmpty, "the silent network has not timed out yet")
        world.harness.clock.advance(by: .seconds(7))

        let records = try #require(delivered.current.count == 1 ? delivered.current.first : nil)
        #expect(records.map(\.network) == ["Slow", "Failing", "Silent"])
        #expect(records.map(\.status.code) == ["started", "failed", "timed_out"])
        #expect(records.map(\.startMilliseconds) == [3000, 200, 10_000])
        #expect(records[1].errorDescription?.contains("bad application key") == true)
        // A second call joins: nothing starts twice.
        mediator.startNetworks(delivery: .immediate) { records in delivered.withLock { $0.append(records) } }
        #expect(delivered.current.count == 2)
        #expect([world.slow, world.failing, world.silent].map(\.startCalls.count) == [1, 1, 1])
    }

    @Test func aWaterfallThatArrivesFirstWaitsForTheSlowNetworkWithinItsLineTimeout() throws {
        let world = World()
        let mediator = try world.mediator()
        mediator.startNetworks(delivery: .immediate) { _ in }
        let recorder = RunRecorder(world.harness.clock)
        let run = mediator.mediate(
            AdResponse(lines: [WaterfallLine(customEventIdentifier: "S", timeout: .seconds(5))]),
            delivery: .immediate, completion: recorder.completion)
        #expect(run.trace.results == [.loading])
        #expect(world.harness.event("S")?.requests.isEmpty == true, "no request before the network has started")

        world.harness.clock.advance(by: .milliseconds(2999))
        #expect(world.harness.event("S")?.requests.isEmpty == true)
        world.harness.clock.advance(by: .milliseconds(1))
        #expect(world.harness.event("S")?.requests.count == 1)
        world.harness.clock.advance(by: .milliseconds(100))

        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "S")
        #expect(result.trace.results == [.loaded])
        #expect(result.trace.entries.first?.duration == .milliseconds(3100), "the wait counts in the line's time")
        #expect(result.trace.notes.contains("line 0 waited 3000ms for Slow to start"))
    }

    @Test func aLineWhoseNetworkIsStillStartingAtItsTimeoutFailsWithNetworkNotStarted() throws {
        let world = World()
        let mediator = try world.mediator()
        mediator.startNetworks(delivery: .immediate) { _ in }
        let recorder = RunRecorder(world.harness.clock)
        mediator.mediate(
            AdResponse(lines: [
                WaterfallLine(customEventIdentifier: "S", timeout: .seconds(2)),
                WaterfallLine(customEventIdentifier: "B"),
            ]),
            delivery: .immediate, completion: recorder.completion)
        world.harness.clock.advance(by: .seconds(2))

        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "B")
        let entry = try #require(result.trace.entries.first)
        #expect(entry.result == .error && entry.errorCode == "network_not_started")
        #expect(entry.duration == .seconds(2))
        #expect(entry.detail == "network Slow has not started: timed out")
        #expect(world.harness.event("S")?.requests.isEmpty == true)
        // The network itself goes on starting: a later line finds it started.
        world.harness.clock.advance(by: .seconds(1))
        #expect(mediator.networkStartupRecords[0].status == .started)
    }

    @Test func theFailingNetworksLinesFailWithNetworkNotStartedAndItsError() throws {
        let world = World()
        let mediator = try world.mediator()
        mediator.startNetworks(delivery: .immediate) { _ in }
        // One line waits while the network starts, and fails when it fails.
        let waiting = RunRecorder(world.harness.clock)
        mediator.mediate(
            Fixture.response(["F", "B"]), delivery: .immediate, completion: waiting.completion)
        #expect(waiting.results.isEmpty)
        world.harness.clock.advance(by: .milliseconds(200))
        let first = try #require(waiting.single)
        #expect(Fixture.title(first) == "B")
        #expect(first.trace.entries.first?.errorCode == "network_not_started")
        #expect(first.trace.entries.first?.detail?.contains("bad application key") == true)
        #expect(first.trace.entries.first?.duration == .milliseconds(200))

        // A line after the failure fails at once, before its request.
        let later = RunRecorder(world.harness.clock)
        mediator.mediate(Fixture.response(["F", "B"]), delivery: .immediate, completion: later.completion)
        let second = try #require(later.single)
        #expect(second.trace.entries.first?.errorCode == "network_not_started")
        #expect(
            second.trace.entries.first?.detail
                == MediationError.networkNotStarted(
                    network: "Failing", reason: Self.failure
                ).description)
        let requests = world.harness.events("F").map(\.requests.count)
        #expect(requests == [0, 0], "no ad request to a network not started")
        #expect(world.failing.startCalls.count == 1)
    }

    @Test func aLineOfANetworkNeverStartedStartsItWithTheServersTimeout() throws {
        let world = World()
        let mediator = try world.mediator()
        let json = #"""
            {"x-network-start-timeout-ms": {"Silent": 1500},
             "ad-responses": [{"metadata": {"x-custom-event-class-name": "Q"}},
                              {"metadata": {"x-custom-event-class-name": "S"}}]}
            """#
        let response = try AdResponse.parse(json: Data(json.utf8))
        #expect(response.networkStartTimeouts == ["Silent": .milliseconds(1500)])
        let recorder = RunRecorder(world.harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        #expect(world.silent.startCalls.count == 1, "the line started its network")
        #expect(world.slow.startCalls.isEmpty, "only the networks a line needs start lazily")
        world.harness.clock.advance(by: .milliseconds(1500))
        #expect(mediator.networkStartupRecords[2].status == .timedOut)
        #expect(mediator.networkStartupRecords[2].startDuration == .milliseconds(1500))
        #expect(world.slow.startCalls.count == 1, "the next line started its own network")
        world.harness.clock.advance(by: .milliseconds(3100))

        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "S")
        #expect(result.trace.entries.map(\.errorCode) == ["network_not_started", nil])
    }

    @Test func aLinesServerParametersAreCachedAndStartTheNetworkAtTheNextLaunch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = #"""
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "S",
                            "x-custom-event-class-data": {"appId": "server-app", "slot": 42, "extra": {"a": 1}}}}]}
            """#
        let response = try AdResponse.parse(json: Data(json.utf8))

        // This launch: the network started with the host's parameters; the line's are recorded, not started again.
        let first = World()
        let mediator = try first.mediator(cacheDirectory: directory)
        mediator.startNetworks(delivery: .immediate) { _ in }
        first.harness.clock.advance(by: .seconds(3))
        let recorder = RunRecorder(first.harness.clock)
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        first.harness.clock.advance(by: .milliseconds(100))
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "S")
        #expect(first.slow.startCalls.map(\.values) == [["appId": "host-app", "region": "eu"]])
        let cached = try NetworkStartParameterCache(directory: directory).load()
        #expect(cached == ["Slow": ["appId": "server-app", "slot": "42"]], "its strings and numbers, not its objects")

        // The next launch (a new mediator over the same directory) starts the network with them.
        let next = World()
        let relaunched = try next.mediator(cacheDirectory: directory)
        relaunched.startNetworks(delivery: .immediate) { _ in }
        #expect(next.slow.startCalls.map(\.values) == [["appId": "server-app", "region": "eu", "slot": "42"]])
    }

    @Test func aNetworkFirstMetInAResponseStartsWithItsLinesServerParameters() throws {
        let world = World()
        let mediator = try world.mediator()
        let line = WaterfallLine(
            customEventIdentifier: "S", info: ["appId": .string("server-app")], timeout: .seconds(5))
        let recorder = RunRecorder(world.harness.clock)
        mediator.mediate(AdResponse(lines: [line]), delivery: .immediate, completion: recorder.completion)
        #expect(world.slow.startCalls.map(\.values) == [["appId": "server-app", "region": "eu"]])
        world.harness.clock.advance(by: .milliseconds(3100))
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "S")
    }

    @Test func theStartTimeoutKeyIsValidatedWithItsPath() {
        func problem(_ json: String) -> String {
            do {
                _ = try AdResponse.parse(json: Data(json.utf8))
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            problem(#"{"x-network-start-timeout-ms": {"Silent": 0}, "ad-responses": []}"#).contains(
                "$.x-network-start-timeout-ms.Silent"))
        #expect(
            problem(#"{"x-network-start-timeout-ms": 5000, "ad-responses": []}"#).contains(
                "expected an object of network names to milliseconds"))
    }

    /// The waiter `startNetworks(delivery:completion:)` leaves on each start held the start-up, which holds it until
    /// the start ends: with the clock released before the silent network's timeout, the start-up, its
    /// configurations and the mediator's clock stayed alive for ever (LeakSanitizer's report).
    @Test func aStartThatCanNeverEndReleasesTheStartUpWithItsClock() throws {
        weak var manual: ManualClock?
        weak var silent: ScriptedNetworkConfiguration?
        do {
            let world = World()
            manual = world.harness.clock
            silent = world.silent
            let mediator = try world.mediator()
            mediator.startNetworks(delivery: .immediate) { _ in }
            #expect(mediator.networkStartupRecords.map(\.status) == [.starting, .starting, .starting])
        }
        #expect(manual == nil)
        #expect(silent == nil, "the start-up, and the configurations it holds, outlived the mediator and its clock")
    }

    /// A host that drops its mediator while its networks start still hears their end: each start's timeout keeps
    /// the start-up until then.
    @Test func aMediatorDroppedWhileItsNetworksStartStillCompletes() throws {
        let world = World()
        let delivered = Locked<[[NetworkStartupRecord]]>([])
        do {
            let mediator = try world.mediator()
            mediator.startNetworks(delivery: .immediate) { records in delivered.withLock { $0.append(records) } }
        }
        world.harness.clock.advance(by: NetworkStartupDefaults.timeout)
        #expect(delivered.current.map { $0.map(\.status.code) } == [["started", "failed", "timed_out"]])
        #expect(world.harness.clock.pendingCount == 0)
    }

    @Test func aMediatorWithoutNetworkConfigurationsStartsNothing() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        #expect(await mediator.startNetworks().isEmpty)
        #expect(mediator.networkStartupRecords.isEmpty && !mediator.isTestMode)
    }
}

import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Network start-up on a manual clock: parallel starts, each with its own ending (slow, failing, silent past its
/// timeout), a second start that joins the first, exactly one ending per network, and parameters merged and
/// cached for the next launch.
@Suite struct NetworkStartupTests {
    private static let failure = MediationError.networkError(
        NetworkErrorInfo(domain: "com.example.sdk", code: 7, message: "bad application key"))

    private struct World {
        let manual = ManualClock()
        let clock: MediationClock
        let slow: ScriptedNetworkConfiguration
        let failing: ScriptedNetworkConfiguration
        let silent: ScriptedNetworkConfiguration

        init() {
            clock = MediationClock(manual)
            slow = ScriptedNetworkConfiguration("Slow", outcome: .starts, latency: .seconds(3), clock: clock)
            failing = ScriptedNetworkConfiguration(
                "Failing", outcome: .fails(NetworkStartupTests.failure), latency: .milliseconds(200), clock: clock)
            silent = ScriptedNetworkConfiguration("Silent", outcome: .silent, clock: clock)
        }

        func startup(
            hostParameters: [String: [String: String]] = [:], cacheDirectory: URL? = nil, logger: RecordingLogger? = nil
        ) -> NetworkStartup {
            NetworkStartup(
                configurations: [slow, failing, silent], hostParameters: hostParameters, cacheDirectory: cacheDirectory,
                clock: clock, logger: logger ?? RecordingLogger(), launcher: NetworkStartup.immediateLauncher)
        }
    }

    @Test func threeNetworksStartInParallelEachWithItsOwnEnding() async {
        let world = World()
        let startup = world.startup()
        startup.launchAll()
        #expect(startup.records.map(\.status) == [.starting, .starting, .starting])
        #expect(world.slow.startCalls.count == 1 && world.failing.startCalls.count == 1)
        #expect(world.silent.startCalls.count == 1)

        world.manual.advance(by: .milliseconds(200))
        #expect(startup.record(for: "Failing").status == .failed(Self.failure))
        #expect(startup.record(for: "Failing").startDuration == .milliseconds(200))
        #expect(startup.record(for: "Slow").status == .starting)

        world.manual.advance(by: .milliseconds(2800))
        #expect(startup.record(for: "Slow").status == .started)
        #expect(startup.record(for: "Slow").startMilliseconds == 3000)
        #expect(startup.record(for: "Silent").status == .starting)

        world.manual.advance(by: .seconds(7))
        let records = await startup.startAll()
        #expect(records.map(\.network) == ["Slow", "Failing", "Silent"])
        #expect(records.map(\.status.code) == ["started", "failed", "timed_out"])
        #expect(records[2].startDuration == NetworkStartupDefaults.timeout)
        #expect(records[1].errorDescription?.contains("bad application key") == true)
        #expect(world.manual.pendingCount == 0)
    }

    @Test func aSecondStartJoinsTheFirstAndBothHearItsOneEnd() async {
        let world = World()
        let startup = world.startup()
        let heard = Locked<[NetworkStartStatus]>([])
        startup.launch("Slow")
        startup.whenFinished("Slow") { record in heard.withLock { $0.append(record.status) } }
        startup.launch("Slow")
        startup.whenFinished("Slow") { record in heard.withLock { $0.append(record.status) } }
        #expect(world.slow.startCalls.count == 1)
        #expect(heard.current.isEmpty)
        world.manual.advance(by: .seconds(3))
        #expect(heard.current == [.started, .started])
        let again = await startup.start("Slow")
        #expect(again.status == .started && world.slow.startCalls.count == 1)
    }

    @Test func aNetworkThatCallsBackTwiceOrAfterItsTimeoutEndsOnce() {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let twice = ScriptedNetworkConfiguration(
            "Twice", outcome: .starts, latency: .seconds(1), reportCount: 2, clock: clock)
        let late = ScriptedNetworkConfiguration(
            "Late", outcome: .fails(Self.failure), latency: .seconds(12), clock: clock)
        let startup = NetworkStartup(
            configurations: [twice, late], clock: clock, logger: RecordingLogger(),
            launcher: NetworkStartup.immediateLauncher)
        let endings = Locked<[String]>([])
        startup.launchAll()
        for network in ["Twice", "Late"] {
            startup.whenFinished(network) { record in
                endings.withLock { $0.append("\(record.network):\(record.status.code)") }
            }
        }
        manual.advance(by: .seconds(12))
        #expect(endings.current == ["Twice:started", "Late:timed_out"])
        #expect(startup.record(for: "Late").status == .timedOut)
    }

    @Test func aServerTimeoutReplacesTheDefault() {
        let world = World()
        let startup = world.startup()
        startup.launch("Silent", timeout: .seconds(2))
        world.manual.advance(by: .seconds(2))
        #expect(startup.record(for: "Silent").status == .timedOut)
        #expect(startup.record(for: "Silent").startDuration == .seconds(2))
    }

    @Test func serverParametersOverrideTheHostsAndAreUsedAtTheNextLaunch() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let host = ["Slow": ["appId": "host-app", "region": "eu"]]

        let first = World()
        let firstLaunch = first.startup(hostParameters: host, cacheDirectory: directory)
        firstLaunch.launch("Slow", serverParameters: ["appId": "server-app"])
        #expect(first.slow.startCalls.first?.values == ["appId": "server-app", "region": "eu"])

        let next = World()
        let nextLaunch = next.startup(hostParameters: host, cacheDirectory: directory)
        #expect(nextLaunch.cacheProblem == nil)
        nextLaunch.launch("Slow")
        #expect(next.slow.startCalls.first?.values == ["appId": "server-app", "region": "eu"])
        let file = directory.appendingPathComponent(NetworkStartParameterCache.fileName)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"server-app\""))
    }

    @Test func aDamagedCacheIsAClearErrorAndTheHostsParametersStillStart() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(NetworkStartParameterCache.fileName)
        try Data(#"{"format": 1, "networks": {"Slow": {"appId": 42}}}"#.utf8).write(to: file)

        let world = World()
        let logger = RecordingLogger()
        let startup = world.startup(
            hostParameters: ["Slow": ["appId": "host-app"]], cacheDirectory: directory, logger: logger)
        #expect(startup.cacheProblem?.reason == "\"networks.Slow.appId\" is not a string")
        #expect(startup.cacheProblem?.path == file.path)
        startup.launch("Slow")
        #expect(world.slow.startCalls.first?.values == ["appId": "host-app"])

        try Data("not json".utf8).write(to: file)
        #expect(throws: NetworkStartParameterCacheError.self) {
            _ = try NetworkStartParameterCache(directory: directory).load()
        }

        try Data(repeating: 0x20, count: NetworkStartParameterCache.maximumBytes + 1).write(to: file)
        let tooLarge = #expect(throws: NetworkStartParameterCacheError.self) {
            _ = try NetworkStartParameterCache(directory: directory).load()
        }
        #expect(tooLarge?.reason == "more than the \(NetworkStartParameterCache.maximumBytes) bytes a cache may hold")
    }

    @Test func theTestModeAndPrivacyReachTheNetwork() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let network = ScriptedNetworkConfiguration("Net", outcome: .starts, clock: clock)
        let startup = NetworkStartup(
            configurations: [network], isTestMode: true, privacy: try PrivacySettings(isChildDirected: true),
            clock: clock,
            launcher: NetworkStartup.immediateLauncher)
        startup.launch("Net")
        #expect(network.startCalls.first?.isTestMode == true)
        #expect(network.startCalls.first?.privacy.isChildDirected == true)
        #expect(startup.record(for: "Net").status == .started)
        #expect(startup.record(for: "Net").startDuration == .zero)
    }

    @Test func anUnknownNetworkEndsAtOnceAsAMissingAdapter() async {
        let world = World()
        let record = await world.startup().start("Nobody")
        #expect(record.status == .failed(.missingAdapter(identifier: "Nobody")))
    }

    @Test func statusCodesAreStable() {
        let all: [NetworkStartStatus] = [.notStarted, .starting, .started, .failed(.noFill), .timedOut, .notNeeded]
        #expect(all.map(\.code) == ["not_started", "starting", "started", "failed", "timed_out", "not_needed"])
        #expect(all.map(\.isFinal) == [false, false, true, true, true, true])
        #expect(all.map(\.isReady) == [false, false, true, false, false, true])
    }
}

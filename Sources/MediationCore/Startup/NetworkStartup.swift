import Dispatch
import Foundation
import MediationSupport

/// Starts the host's networks: each once per process, in parallel, each within a timeout, off the main thread
/// unless the network declares otherwise, and records each one's status and time to start.
///
/// - **Idempotent.** The first ``launch(_:serverParameters:timeout:)`` of a network starts it; every later one
///   (from any thread, while it starts or after) joins that start, and every waiter hears its one end.
/// - **Exactly once.** The network's answer and the timeout race; the first ends the start-up, anything after it
///   (a second callback, an answer after the timeout) is logged and dropped.
/// - **Parameters.** The host's, overridden key by key by the ad server's: those of an ad response this launch
///   or, before one arrives, those cached on disk from an earlier launch (``NetworkStartParameterCache``).
package final class NetworkStartup: Sendable {
    /// Runs a configuration's start: on the main actor when `onMainActor`, else off it.
    package typealias Launcher = @Sendable (_ onMainActor: Bool, _ start: @escaping @Sendable () -> Void) -> Void

    /// Production: the main actor for a network that declares it, a background queue for every other.
    package static let backgroundLauncher: Launcher = { onMainActor, start in
        if onMainActor {
            Task { @MainActor in start() }
        } else {
            DispatchQueue.global(qos: .userInitiated).async(execute: start)
        }
    }

    /// Tests: on the caller's thread, at once, so that a manual clock decides every instant.
    package static let immediateLauncher: Launcher = { _, start in start() }

    private struct Entry {
        var status = NetworkStartStatus.notStarted
        var startedAt: MediationInstant?
        var duration: Duration?
        var waiters: [@Sendable (NetworkStartupRecord) -> Void] = []
        var timer: ScheduledAction?
        var parameters: NetworkStartParameters?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var serverParameters: [String: [String: String]]
        var privacy: PrivacySettings
    }

    /// The configurations in the host's order.
    package let configurations: [any NetworkAdapterConfiguration]
    private let configurationsByNetwork: [String: any NetworkAdapterConfiguration]
    private let networksByCustomEvent: [String: String]
    private let hostParameters: [String: [String: String]]
    /// Whether the host asked for test ads everywhere.
    package let isTestMode: Bool
    /// The timeout of a start the ad server sets none for.
    package let defaultTimeout: Duration
    private let cache: NetworkStartParameterCache?
    /// Why the cache could not be read at launch, when it could not (the start-up went on without it).
    package let cacheProblem: NetworkStartParameterCacheError?
    private let clock: MediationClock
    private let logger: any MediationLogger
    private let launcher: Launcher
    private let state: Locked<State>

    /// A start-up for `configurations` (the first one per network name counts).
    ///
    /// - Parameters:
    ///   - hostParameters: the host's parameters by network name.
    ///   - cacheDirectory: where the server's parameters are kept between launches; `nil` keeps them in memory.
    package init(
        configurations: [any NetworkAdapterConfiguration], hostParameters: [String: [String: String]] = [:],
        isTestMode: Bool = false, privacy: PrivacySettings = .unrestricted,
        defaultTimeout: Duration = NetworkStartupDefaults.timeout, cacheDirectory: URL? = nil,
        clock: MediationClock, logger: any MediationLogger = SilentLogger(),
        launcher: @escaping Launcher = NetworkStartup.backgroundLauncher
    ) {
        var byNetwork: [String: any NetworkAdapterConfiguration] = [:]
        var byCustomEvent: [String: String] = [:]
        var ordered: [any NetworkAdapterConfiguration] = []
        for configuration in configurations where byNetwork[configuration.networkName] == nil {
            byNetwork[configuration.networkName] = configuration
            ordered.append(configuration)
            for identifier in configuration.customEventIdentifiers where byCustomEvent[identifier] == nil {
                byCustomEvent[identifier] = configuration.networkName
            }
        }
        self.configurations = ordered
        configurationsByNetwork = byNetwork
        networksByCustomEvent = byCustomEvent
        self.hostParameters = hostParameters
        self.isTestMode = isTestMode
        self.defaultTimeout = defaultTimeout
        self.clock = clock
        self.logger = logger
        self.launcher = launcher
        let cache = cacheDirectory.map(NetworkStartParameterCache.init(directory:))
        self.cache = cache
        var cached: [String: [String: String]] = [:]
        var problem: NetworkStartParameterCacheError?
        do {
            cached = try cache?.load() ?? [:]
        } catch {
            problem = error
            logger.log(.warning, "network start-up: \(error); starting with the host's parameters")
        }
        cacheProblem = problem
        state = Locked(State(serverParameters: cached, privacy: privacy))
    }

    /// The network whose start-up lines of `customEventIdentifier` need, or `nil` when none does.
    package func network(forCustomEvent customEventIdentifier: String) -> String? {
        networksByCustomEvent[customEventIdentifier]
    }

    /// The parameters `network` starts (or started) with: the host's, then the server's on top.
    package func parameters(for network: String) -> NetworkStartParameters {
        state.withLock { state in
            if let parameters = state.entries[network]?.parameters { return parameters }
            return NetworkStartParameters(
                values: NetworkStartParameters.merging(
                    host: hostParameters[network] ?? [:], server: state.serverParameters[network] ?? [:]),
                isTestMode: isTestMode, privacy: state.privacy)
        }
    }

    /// The server's parameters for `network` as known now (this launch's, else the cached ones).
    package func serverParameters(for network: String) -> [String: String] {
        state.withLock { $0.serverParameters[network] ?? [:] }
    }

    /// The privacy signals the next starts receive.
    package func updatePrivacy(_ privacy: PrivacySettings) {
        state.withLock { $0.privacy = privacy }
    }

    /// Keeps the ad server's `parameters` for `network` (on top of those it sent before) for the next launch's
    /// start; a network that has not started yet starts with them.
    package func recordServerParameters(_ parameters: [String: String], for network: String) {
        guard !parameters.isEmpty else { return }
        let snapshot: [String: [String: String]]? = state.withLock { state in
            let merged = NetworkStartParameters.merging(
                host: state.serverParameters[network] ?? [:], server: parameters)
            guard merged != state.serverParameters[network] else { return nil }
            state.serverParameters[network] = merged
            return state.serverParameters
        }
        guard let snapshot, let cache else { return }
        do {
            try cache.save(snapshot)
        } catch {
            logger.log(.warning, "network start-up: \(error)")
        }
    }

    /// The start parameters a line's custom-event info (`x-custom-event-class-data`) carries for its network: its
    /// string members, and its numbers as strings; empty strings and other members (objects, arrays, Booleans,
    /// `null`) are left out.
    package static func serverParameters(in info: CustomEventInfo) -> [String: String] {
        info.values.compactMapValues { value in value.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
    }

    /// Starts `network` unless it is starting or has started (then this call joins that start).
    ///
    /// - Parameters:
    ///   - serverParameters: the ad server's parameters for it, if an ad response carried some.
    ///   - timeout: the start-up timeout the server set; ``defaultTimeout`` when `nil` or not positive. A start
    ///     under way keeps the timeout it began with.
    package func launch(_ network: String, serverParameters: [String: String]? = nil, timeout: Duration? = nil) {
        if let serverParameters { recordServerParameters(serverParameters, for: network) }
        guard let configuration = configurationsByNetwork[network] else { return }
        let parameters = parameters(for: network)
        let now = clock.now
        let begins = state.withLock { state -> Bool in
            guard state.entries[network, default: Entry()].status == .notStarted else { return false }
            state.entries[network, default: Entry()].status = .starting
            state.entries[network]?.startedAt = now
            state.entries[network]?.parameters = parameters
            return true
        }
        guard begins else { return }
        logger.log(.info, "network start-up: starting \(network)", metadata: ["network": network])
        let limit = timeout.flatMap { $0 > .zero ? $0 : nil } ?? defaultTimeout
        // The timeout keeps the start-up (and the waiters it holds) until the start ends, as a run's timer keeps its
        // run: the host may drop its mediator while a network starts and still hear the end. Finishing cancels the
        // timer, and a clock released before it fires releases it (nothing could end the start any more).
        let timer = clock.schedule(after: limit) {
            self.finish(network, with: .timedOut, source: "timeout")
        }
        let cancelTimer = state.withLock { state -> Bool in
            guard state.entries[network]?.status == .starting else { return true }
            state.entries[network]?.timer = timer
            return false
        }
        if cancelTimer { timer.cancel() }
        launcher(configuration.startsOnMainActor) { [weak self] in
            configuration.start(with: parameters) { [weak self] status in
                self?.finish(network, with: status, source: "network")
            }
        }
    }

    /// Starts every network at once (those already starting or started are joined).
    package func launchAll() {
        for configuration in configurations { launch(configuration.networkName) }
    }

    /// Starts every network in parallel and returns once all have ended, in the host's order.
    package func startAll() async -> [NetworkStartupRecord] {
        launchAll()
        var records: [NetworkStartupRecord] = []
        for configuration in configurations { records.append(await finished(configuration.networkName)) }
        return records
    }

    /// Starts `network` (or joins its start) and returns once the start-up has ended.
    package func start(
        _ network: String, serverParameters: [String: String]? = nil, timeout: Duration? = nil
    ) async -> NetworkStartupRecord {
        launch(network, serverParameters: serverParameters, timeout: timeout)
        return await finished(network)
    }

    /// Waits for `network`'s start-up to end without starting it; returns at once when it has ended or when no
    /// configuration has that name (as `failed` with ``MediationError/missingAdapter(identifier:)``).
    package func finished(_ network: String) async -> NetworkStartupRecord {
        await withCheckedContinuation { continuation in
            whenFinished(network) { continuation.resume(returning: $0) }
        }
    }

    /// Calls `callback` once, when `network`'s start-up has ended (at once, on this thread, when it has).
    package func whenFinished(_ network: String, _ callback: @escaping @Sendable (NetworkStartupRecord) -> Void) {
        guard configurationsByNetwork[network] != nil else {
            callback(NetworkStartupRecord(network: network, status: .failed(.missingAdapter(identifier: network))))
            return
        }
        let done = state.withLock { state -> Bool in
            guard !state.entries[network, default: Entry()].status.isFinal else { return true }
            state.entries[network, default: Entry()].waiters.append(callback)
            return false
        }
        if done { callback(record(for: network)) }
    }

    /// `network`'s start-up as it is now.
    package func record(for network: String) -> NetworkStartupRecord {
        let entry = state.withLock { $0.entries[network] } ?? Entry()
        let configuration = configurationsByNetwork[network]
        return NetworkStartupRecord(
            network: network, status: entry.status, startDuration: entry.duration,
            adapterVersion: configuration?.adapterVersion ?? "",
            networkSDKVersion: configuration?.networkSDKVersion ?? "")
    }

    /// Every network's start-up as it is now, in the host's order.
    package var records: [NetworkStartupRecord] {
        configurations.map { record(for: $0.networkName) }
    }

    /// Ends `network`'s start-up with `status` unless it has ended; `source` names who ended it, for the log.
    private func finish(_ network: String, with status: NetworkStartStatus, source: String) {
        guard status.isFinal else {
            logger.log(
                .warning, "network start-up: \(network) reported \(status.code), which is not a final status; ignored",
                metadata: ["network": network])
            return
        }
        let now = clock.now
        let ended = state.withLock {
            state -> (waiters: [@Sendable (NetworkStartupRecord) -> Void], timer: ScheduledAction?)? in
            guard var entry = state.entries[network], entry.status == .starting else { return nil }
            entry.status = status
            entry.duration = entry.startedAt.map { $0.duration(to: now) }
            let ended = (entry.waiters, entry.timer)
            entry.waiters = []
            entry.timer = nil
            state.entries[network] = entry
            return ended
        }
        guard let ended else {
            logger.log(
                .debug,
                "network start-up: \(network)'s \(source) answer \(status.code) came after the start-up ended; dropped",
                metadata: ["network": network])
            return
        }
        ended.timer?.cancel()
        let record = record(for: network)
        logger.log(
            status.isReady ? .info : .warning,
            "network start-up: \(network) \(status.code)\(record.errorDescription.map { ": \($0)" } ?? "")",
            metadata: ["network": network, "status": status.code])
        for waiter in ended.waiters { waiter(record) }
    }
}

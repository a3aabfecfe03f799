import MediationCore
import MediationSupport
import MediationTesting

/// Runs the requests of a ``BenchWorld`` through the real ``Mediator``, one request at a time, each on its own
/// ``ManualClock`` with ``BenchCustomEvent`` lines answering as the world says. The requests of one strategy's
/// run share one ``NetworkStatisticsStore``, in request order, so that the learned strategies learn across the
/// run as they would across a host's loads (every strategy starts with an empty store).
public struct BenchRunner: Sendable {
    /// The world every strategy meets.
    public let world: BenchWorld

    /// Creates a runner over `world`.
    public init(world: BenchWorld) {
        self.world = world
    }

    /// Runs every request under `strategy`; `progress` is told how many requests are done, now and then.
    ///
    /// - Throws: ``BenchRunError`` when a run does not finish once its clock has nothing left to do.
    public func run(
        _ strategy: BenchStrategy, progress: (@Sendable (Int) -> Void)? = nil
    ) throws(BenchRunError) -> [BenchRequestResult] {
        let counter = Locked(0)
        let registry = BenchCustomEvent.registry(counting: counter)
        var results: [BenchRequestResult] = []
        results.reserveCapacity(world.requests.count)
        let statistics = NetworkStatisticsStore()
        for request in world.requests.indices {
            let before = counter.current
            let (winner, time) = try runRequest(
                request, strategy: strategy, registry: registry, statistics: statistics)
            results.append(
                BenchRequestResult(
                    winner: winner, timeToFill: time, attempts: counter.current - before,
                    revenue: winner.map { world.prices[$0] } ?? 0))
            if let progress, (request + 1).isMultiple(of: 500) { progress(request + 1) }
        }
        return results
    }

    private func runRequest(
        _ request: Int, strategy: BenchStrategy, registry: MediationRegistry, statistics: NetworkStatisticsStore
    ) throws(BenchRunError) -> (winner: Int?, time: Duration?) {
        let clock = ManualClock()
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy.strategy, clock: MediationClock(clock), trackerPinger: DiscardingTrackerPinger(),
                imagePrecacher: NoImagePrecaching(), limits: MediationRunLimits(runDeadline: nil),
                statistics: statistics))
        // The world's line index of each line the response holds (a late bidder's bid is not in it).
        let responseLines = world.responseLines(forRequest: request)
        let worldIndex = responseLines.map(\.worldIndex)
        let lines = responseLines.map(\.line)
        // The bid signals are collected before the ad request: their time is part of the time to fill.
        clock.advance(by: world.signalTime(request))
        let finished = Locked<MediationRunResult?>(nil)
        let finishedAt = Locked<Duration>(.zero)
        mediator.mediate(AdResponse(lines: lines), delivery: .immediate) { result in
            finishedAt.withLock { $0 = clock.elapsedSinceStart }
            finished.withLock { $0 = result }
        }
        while finished.current == nil, clock.advanceToNextDeadline() {}
        guard let result = finished.current else {
            throw BenchRunError(strategy: strategy.name, request: request, reason: "the run never finished")
        }
        guard result.ad != nil, let winner = result.trace.winner, worldIndex.indices.contains(winner) else {
            return (nil, nil)
        }
        return (worldIndex[winner], finishedAt.current)
    }
}

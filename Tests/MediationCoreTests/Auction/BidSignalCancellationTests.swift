import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// A cancelled bid signal collection ends at once, whatever the providers' timeouts: the providers that have not
/// answered are left out as `cancelled`, nothing of the collection is left on the clock, their late answers are
/// ignored quietly, and the completion runs exactly once.
@Suite struct BidSignalCancellationTests {
    private func mediator(
        _ providers: [(ScriptedBidSignalProvider, Duration)], clock: MediationClock, logger: RecordingLogger,
        privacy: PrivacySettings = .unrestricted
    ) throws -> Mediator {
        var registry = MediationRegistry()
        for (provider, timeout) in providers {
            try registry.registerBidSignalProvider(provider, timeout: timeout)
        }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                clock: clock, privacy: privacy, logger: logger, trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
    }

    /// The collections delivered, with the manual clock's time at each.
    private final class Deliveries: Sendable {
        private let recorded = Locked<[(collection: BidSignalCollection, at: Duration)]>([])
        private let clock: ManualClock

        init(_ clock: ManualClock) {
            self.clock = clock
        }

        var completion: @Sendable (BidSignalCollection) -> Void {
            { [recorded, clock] collection in recorded.withLock { $0.append((collection, clock.elapsedSinceStart)) } }
        }

        var all: [(collection: BidSignalCollection, at: Duration)] { recorded.current }
    }

    @Test func aCancelAt500msWithAn8sProviderEndsTheCollectionAt500msAndIgnoresTheLateAnswer() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger()
        let fast = ScriptedBidSignalProvider("Fast", .signal("token-fast", after: .milliseconds(100)), clock: clock)
        let slow = ScriptedBidSignalProvider("Slow", .signal("token-slow", after: .seconds(8)), clock: clock)
        let silent = ScriptedBidSignalProvider("Silent", .never, clock: clock)
        let mediator = try mediator(
            [(fast, .seconds(1)), (slow, .seconds(5)), (silent, .seconds(10))], clock: clock, logger: logger)
        let collector = BidSignalCollector(clock: clock, logger: logger)
        let deliveries = Deliveries(manual)
        mediator.collectBidSignals(
            adUnitID: "unit", format: .native, using: collector, completion: deliveries.completion)
        manual.advance(by: .milliseconds(500))
        #expect(deliveries.all.isEmpty, "two providers still have time")

        collector.cancel()
        #expect(deliveries.all.count == 1, "delivered within the cancel")
        let (collection, at) = try #require(deliveries.all.first)
        #expect(at == .milliseconds(500), "at the cancel, not at the 5 s timeout nor at the 8 s answer")
        #expect(collection.signals.map(\.signal) == ["token-fast"], "what arrived before the cancel is kept")
        let results = Dictionary(uniqueKeysWithValues: collection.records.map { ($0.customEvent, $0.result) })
        #expect(results == ["Fast": .collected, "Slow": .cancelled, "Silent": .cancelled])
        #expect(collection.records.first { $0.customEvent == "Slow" }?.took == .milliseconds(500))
        #expect(manual.pendingCount == 1, "the collection's timers are gone; only the slow provider's own answer is")

        collector.cancel()
        manual.advance(by: .seconds(10))
        manual.runUntilIdle()
        #expect(deliveries.all.count == 1, "the late answer and a second cancel deliver nothing more")
        #expect(!logger.entries.contains { $0.level >= .warning }, "a cancel is not a provider's failure")
        #expect(logger.entries.contains { $0.level == .info && $0.message.contains("cancelled: 2 provider(s)") })
    }

    @Test func aCollectorCancelledBeforeItStartsAsksNoProviderAndCompletesAtOnce() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger()
        let asked = ScriptedBidSignalProvider("Asked", .signal("token", after: .zero), clock: clock)
        let barred = ScriptedBidSignalProvider(
            "Barred", .signal("token", after: .zero), clock: clock, supportsChildDirectedTraffic: false)
        var childDirected = PrivacySettings.unrestricted
        childDirected.isChildDirected = true
        let mediator = try mediator(
            [(asked, .seconds(1)), (barred, .seconds(1))], clock: clock, logger: logger, privacy: childDirected)
        let collector = BidSignalCollector(clock: clock, logger: logger)
        collector.cancel()
        let deliveries = Deliveries(manual)
        mediator.collectBidSignals(
            adUnitID: "unit", format: .native, using: collector, completion: deliveries.completion)
        #expect(deliveries.all.count == 1)
        #expect(asked.asked.current.isEmpty && barred.asked.current.isEmpty)
        let collection = try #require(deliveries.all.first?.collection)
        #expect(collection.signals.isEmpty)
        let asRecorded = Dictionary(uniqueKeysWithValues: collection.records.map { ($0.customEvent, $0) })
        #expect(asRecorded["Asked"]?.result == .cancelled)
        #expect(asRecorded["Asked"]?.took == nil, "never asked")
        #expect(asRecorded["Barred"]?.result == .barredByPrivacy, "privacy decides first, as without a cancel")
        #expect(manual.pendingCount == 0, "no timer armed")
    }

    @Test func cancellingAfterTheCollectionEndedChangesNothing() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger()
        let provider = ScriptedBidSignalProvider("Fast", .signal("token", after: .milliseconds(10)), clock: clock)
        let mediator = try mediator([(provider, .seconds(1))], clock: clock, logger: logger)
        let collector = BidSignalCollector(clock: clock, logger: logger)
        let deliveries = Deliveries(manual)
        mediator.collectBidSignals(
            adUnitID: "unit", format: .native, using: collector, completion: deliveries.completion)
        manual.advance(by: .milliseconds(10))
        collector.cancel()
        #expect(deliveries.all.count == 1)
        #expect(deliveries.all.first?.collection.records.map(\.result) == [.collected])
        #expect(!logger.entries.contains { $0.message.contains("collection cancelled") })
    }

    @Test func aMainThreadProviderIsNotAskedOnceTheCollectionIsCancelled() async throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger()
        let provider = ScriptedBidSignalProvider(
            "OnMain", .signal("token", after: .zero), clock: clock, requiresMainThread: true)
        let mediator = try mediator([(provider, .seconds(1))], clock: clock, logger: logger)
        let collector = BidSignalCollector(clock: clock, logger: logger)
        let deliveries = Deliveries(manual)
        let (asks, ready) = await MainActor.run {
            // On the main actor, so that the provider's turn on the main queue cannot come before the cancel.
            mediator.collectBidSignals(
                adUnitID: "unit", format: .native, using: collector, completion: deliveries.completion)
            collector.cancel()
            return (provider.asked.current.count, deliveries.all.count)
        }
        #expect(asks == 0 && ready == 1)
        // Everything queued on the main queue before this has run once this runs.
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(provider.asked.current.isEmpty, "its turn came after the cancel: not asked")
        #expect(deliveries.all.count == 1)
        #expect(deliveries.all.first?.collection.records.map(\.result) == [.cancelled])
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheTaskReturnsTheAsyncCollectionAtOnce() async throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger()
        let slow = ScriptedBidSignalProvider("Slow", .signal("token", after: .seconds(8)), clock: clock)
        let mediator = try mediator([(slow, .seconds(5))], clock: clock, logger: logger)
        let returned = Locked(false)
        let task = Task {
            let collection = await mediator.collectBidSignals(adUnitID: "unit", format: .native)
            returned.withLock { $0 = true }
            return collection
        }
        while slow.asked.current.isEmpty { await Task.yield() }
        task.cancel()
        for _ in 0..<10_000 where !returned.current { await Task.yield() }
        let returnedBeforeTheClockMoved = returned.current
        // A collection that ignored the cancel would end here, at its timeout, rather than hang the test.
        manual.advance(by: .seconds(10))
        let collection = await task.value
        #expect(returnedBeforeTheClockMoved, "returned at the cancel, with the clock at 0: no timeout ended it")
        #expect(collection.records.map(\.result) == [.cancelled])
        #expect(collection.signals.isEmpty)
    }

    @Test func anAlreadyCancelledTaskAsksNoProvider() async throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let provider = ScriptedBidSignalProvider("Slow", .signal("token", after: .seconds(8)), clock: clock)
        let mediator = try mediator([(provider, .seconds(5))], clock: clock, logger: RecordingLogger())
        let collection = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await mediator.collectBidSignals(adUnitID: "unit", format: .native)
        }.value
        #expect(provider.asked.current.isEmpty)
        #expect(collection.records.map(\.result) == [.cancelled])
        #expect(manual.pendingCount == 0)
    }

    @Test func aCancelRacingTheAnswersOnOtherThreadsDeliversExactlyOnce() throws {
        // Three providers answer from other threads while a fourth thread cancels: whichever comes first, the
        // completion runs once, and every provider's record is either its answer or `cancelled`.
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let logger = RecordingLogger(minimumLevel: .warning)
        for round in 0..<200 {
            let providers = (0..<3).map { ThreadAnsweringProvider("P\($0)", token: "t\(round)-\($0)") }
            var registry = MediationRegistry()
            for provider in providers { try registry.registerBidSignalProvider(provider, timeout: .seconds(1)) }
            let mediator = Mediator(
                registry: registry,
                configuration: MediatorConfiguration(
                    clock: clock, logger: logger, trackerPinger: RecordingTrackerPinger(),
                    imagePrecacher: NoImagePrecaching()))
            let collector = BidSignalCollector(clock: clock, logger: logger)
            let deliveries = Locked<[BidSignalCollection]>([])
            mediator.collectBidSignals(adUnitID: "unit", format: .native, using: collector) { collection in
                deliveries.withLock { $0.append(collection) }
            }
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                if index == 3 { collector.cancel() } else { providers[index].answer() }
            }
            let delivered = deliveries.current
            #expect(delivered.count == 1, "round \(round)")
            for record in delivered.first?.records ?? [] {
                #expect(record.result == .collected || record.result == .cancelled, "round \(round)")
            }
            let collected = Set(delivered.first?.records.filter { $0.result == .collected }.map(\.customEvent) ?? [])
            #expect(Set(delivered.first?.signals.map(\.customEventIdentifier) ?? []) == collected)
        }
        #expect(logger.entries.isEmpty, "no warning: nothing timed out, nothing answered after a normal end")
    }
}

/// A provider that answers when the test calls ``answer()``, from the caller's thread.
private final class ThreadAnsweringProvider: BidSignalProvider {
    let customEventIdentifier: String
    let networkName: String
    private let token: String
    private let completion = Locked<(@Sendable (Result<String, MediationError>) -> Void)?>(nil)

    init(_ identifier: String, token: String) {
        customEventIdentifier = identifier
        networkName = "Net-\(identifier)"
        self.token = token
    }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        self.completion.withLock { $0 = completion }
    }

    /// Answers with the token, if the provider was asked.
    func answer() {
        completion.withLock { $0 }?(.success(token))
    }
}

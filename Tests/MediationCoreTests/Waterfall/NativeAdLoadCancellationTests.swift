import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// A multi-ad load cancelled while it makes its next run (between reserving the run and starting it) starts that run
/// no line, and the batch arrives at once.
@Suite struct NativeAdLoadCancellationTests {
    /// A logger that records nothing and, once armed, runs its hook the first time it is asked whether it records
    /// errors: each run asks that as it is made, before it starts (`MediationLogLevelMask.enabled(in:)`), and
    /// nothing in these runs logs an error, so the hook runs in the gap between one run's end and the next's start.
    private final class HookLogger: MediationLogger {
        private let hook = Locked<(@Sendable () -> Void)?>(nil)

        func arm(_ action: @escaping @Sendable () -> Void) { hook.withLock { $0 = action } }

        func isEnabled(_ level: MediationLogLevel) -> Bool {
            if level == .error,
                let action = hook.withLock({ hook in
                    defer { hook = nil }
                    return hook
                })
            {
                action()
            }
            return false
        }

        func record(_ entry: MediationLogEntry) {}
    }

    @Test func aCancelAsTheNextRunIsMadeEndsThatRunUnstartedAndDeliversTheBatch() throws {
        let harness = WaterfallHarness()
        let logger = HookLogger()
        let mediator = Mediator(
            registry: try harness.registry(["A": Fixture.fill("A", after: 100)]),
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: harness.mediationClock, logger: logger, trackerPinger: harness.pinger,
                imagePrecacher: NoImagePrecaching()))
        let loader = try NativeAdLoader(mediator: mediator, maxConcurrentRuns: 1)
        let batches = Locked<[NativeAdBatch]>([])
        let load = try loader.loadAds(count: 3, from: Fixture.response(["A"]), delivery: .immediate) { batch in
            batches.withLock { $0.append(batch) }
        }
        #expect(harness.events("A").count == 1, "one run at a time")
        // When the first run's ad arrives, the second run is made: the host cancels right then.
        logger.arm { load.cancel() }
        harness.clock.advance(by: .milliseconds(100))
        #expect(harness.events("A").count == 1, "the second run started no line")
        let batch = try #require(batches.current.first)
        #expect(batches.current.count == 1)
        #expect(batch.ads.count == 1)
        #expect(batch.results.map(\.error) == [nil, .cancelled])
        #expect(batch.results.last?.trace.entries.isEmpty == true)
        #expect(load.isComplete)
        harness.clock.advance(by: .seconds(20))
        #expect(harness.events("A").count == 1)
        #expect(batches.current.count == 1)
    }
}

import Dispatch
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct CallbackDeliveryTests {
    private static let queueKey = DispatchSpecificKey<String>()

    @Test func immediateRunsOnTheCallersThreadBeforeReturning() {
        let ran = Locked(false)
        CallbackDelivery.immediate.deliver { ran.withLock { $0 = true } }
        #expect(ran.current)
    }

    @Test func queueRunsOnTheGivenQueue() async {
        let queue = DispatchQueue(label: "delivery.test")
        queue.setSpecific(key: Self.queueKey, value: "delivery.test")
        let label = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            CallbackDelivery.queue(queue).deliver {
                continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey))
            }
        }
        #expect(label == "delivery.test")
    }

    @Test func mainActorRunsOnTheMainQueue() async {
        DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
        let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            CallbackDelivery.mainActor.deliver {
                continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey) == "main")
            }
        }
        #expect(onMain)
    }

    @Test func loaderDeliversItsBatchOnTheMainQueueByDefault() async throws {
        DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
        let harness = WaterfallHarness()
        let loader = try NativeAdLoader(mediator: try harness.mediator(["A": Fixture.fill("A")]))
        let onMain = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
            do {
                try loader.loadAds(count: 2, from: Fixture.response(["A"])) { batch in
                    let onMain = DispatchQueue.getSpecific(key: Self.queueKey) == "main"
                    continuation.resume(returning: onMain && batch.ads.count == 2)
                }
            } catch {
                continuation.resume(throwing: error)
            }
            harness.clock.runUntilIdle()
        }
        #expect(onMain)
    }

    /// Every host callback of the mediator defaults to the main queue, in-stream runs included.
    @Test func mediateInstreamDeliversOnTheMainQueueByDefault() async throws {
        DispatchQueue.main.setSpecific(key: Self.queueKey, value: "main")
        let harness = try InstreamWaterfallTests.Harness(["A": InstreamWaterfallTests.preroll("a1")], lines: ["A"])
        let response = AdResponse(lines: [WaterfallLine(customEventIdentifier: "A", timeout: .seconds(3))])
        let request = InstreamAdRequest(
            info: [:], midpoints: nil, contentDuration: 120, targeting: .none, privacy: .unrestricted,
            player: harness.player, clock: harness.mediationClock)
        let onMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            harness.mediator.mediateInstream(response, request: request) { result in
                let loaded = (try? result.outcome.get()) != nil
                continuation.resume(returning: loaded && DispatchQueue.getSpecific(key: Self.queueKey) == "main")
            }
            // The line loads while the clock advances; `.immediate` would call back here, off the main queue.
            harness.clock.advance(by: .seconds(1))
        }
        #expect(onMain)
    }
}

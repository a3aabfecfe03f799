import Dispatch
import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

/// A host app in Swift 6 mode: a `@MainActor` view and controller load a Google custom native ad over the
/// sandbox, render it and report an impression and a click, with every host call on the main actor.
@MainActor @Suite struct HostIntegrationTests {
    static let impressionTracker = URL(string: "https://tracking.example/imp")
    static let clickTracker = URL(string: "https://tracking.example/click")

    let pinger = RecordingTrackerPinger()
    let network = SandboxGoogleNetwork(
        script: .fill(.sample(seed: 7), behavior: SandboxBehavior(callsBackOnBackgroundThread: true)))

    func makeMediator() throws -> Mediator {
        try GoogleSandboxHost.mediator(network: network, pinger: pinger) {
            StaticNativeAdRenderer.configuration(customEvents: $0)
        }
    }

    func response() throws -> AdResponse {
        GoogleSandboxHost.response(
            impressionTrackers: [try #require(Self.impressionTracker)], clickTrackers: [try #require(Self.clickTracker)]
        )
    }

    @Test func backgroundCompletionHopsToTheMainActorToRenderAndCallbacksArriveThere() async throws {
        MainQueueProbe.install()
        let mediator = try makeMediator()
        let controller = HostAdController()
        let background = DispatchQueue(label: "host.background")
        let request = try response()
        let completionWasOffMain = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Bool, any Error>) in
            mediator.loadNativeAd(from: request, delivery: .queue(background)) { result in
                let offMain = !MainQueueProbe.isOnMainQueue
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        do {
                            try controller.show(result.get())
                            continuation.resume(returning: offMain)
                        } catch {
                            continuation.resume(throwing: error)
                        }
                    }
                }
            }
        }
        #expect(completionWasOffMain, "the completion ran on the background queue it was given")
        #expect(controller.adView.everyFillOnMainQueue)
        #expect(controller.adView.filled[.title]?.text?.isEmpty == false)
        #expect(controller.adView.filled[.advertisingLabel]?.text == "Ad")

        let ad = try #require(controller.ad)
        ad.recordImpression()
        ad.recordClick()
        #expect(controller.events.isEmpty, "callbacks are queued on the main actor, never run re-entrantly")
        await MainQueueProbe.drain()

        #expect(controller.events == ["impression", "click"])
        #expect(controller.everyCallbackOnMainQueue)
        #expect(pinger.count(of: try #require(Self.impressionTracker)) == 1)
        #expect(pinger.count(of: try #require(Self.clickTracker)) == 1)
    }

    @Test func defaultDeliveryRunsTheCompletionOnTheMainActor() async throws {
        MainQueueProbe.install()
        let mediator = try makeMediator()
        let controller = HostAdController()
        let request = try response()
        let completionOnMain = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Bool, any Error>) in
            mediator.loadNativeAd(from: request) { result in
                let onMain = MainQueueProbe.isOnMainQueue
                MainActor.assumeIsolated {
                    do {
                        try controller.show(result.get())
                        continuation.resume(returning: onMain)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
        #expect(completionOnMain)
        #expect(controller.adView.filled[.callToAction] != nil)
    }

    @Test func callbacksFromNetworkThreadsArriveOnTheMainActorInOrder() async throws {
        MainQueueProbe.install()
        let mediator = try makeMediator()
        let controller = HostAdController()
        let ad = try await mediator.loadNativeAd(from: try response())
        try controller.show(ad)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                ad.recordImpression()
                ad.recordClick()
                continuation.resume()
            }
        }
        await MainQueueProbe.drain()
        #expect(controller.events == ["impression", "click"])
        #expect(controller.everyCallbackOnMainQueue)
    }
}

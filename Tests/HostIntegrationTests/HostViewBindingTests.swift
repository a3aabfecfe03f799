import Dispatch
import Foundation
import GoogleCustomNativeAdapter
import MediationCore
import MediationTesting
import NetworkSandbox
import Testing

/// A host app in Swift 6 mode shows a view-binding ad: its `@MainActor` view hands its asset views to the Google
/// adapter (`bindAssetViews`), impressions count only after binding, and revenue and close events reported from
/// network threads arrive on the main actor, once each.
@MainActor @Suite struct HostViewBindingTests {
    static let impressionTracker = URL(string: "https://tracking.example/bound-imp")

    let pinger = RecordingTrackerPinger()
    let network = SandboxGoogleNetwork(
        script: .fill(.sample(seed: 11), behavior: SandboxBehavior(callsBackOnBackgroundThread: true)))

    func makeMediator() throws -> Mediator {
        try GoogleSandboxHost.mediator(network: network, pinger: pinger) {
            ViewBindingNativeAdRenderer.configuration(customEvents: $0)
        }
    }

    func response() throws -> AdResponse {
        GoogleSandboxHost.response(impressionTrackers: [try #require(Self.impressionTracker)], bindsAssetViews: true)
    }

    @Test func theHostsViewsAreBoundAndImpressionsCountOnlyAfterwards() async throws {
        MainQueueProbe.install()
        let mediator = try makeMediator()
        let ad = try await mediator.loadNativeAd(from: try response())
        let sdkAd = try #require(network.lastAd)
        let controller = HostAdController()
        ad.delegate = controller

        ad.recordImpression()
        await MainQueueProbe.drain()
        #expect(controller.events.isEmpty, "no impression before the views are bound")
        #expect(sdkAd.impressionCallCount == 0)

        let view = HostBindingAdView()
        try ad.render(into: view)
        #expect(view.everyCallOnMainQueue)
        #expect(view.titleView.content?.text?.isEmpty == false)
        #expect(view.advertisingLabelView.content?.text == "Ad")

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                ad.recordImpression()
                continuation.resume()
            }
        }
        ad.recordClick(onAssetView: view.titleView)
        await MainQueueProbe.drain()

        #expect(controller.events == ["impression", "click"])
        #expect(controller.everyCallbackOnMainQueue)
        #expect(sdkAd.impressionCallCount == 1)
        #expect(sdkAd.clicks.map(\.assetKey) == ["Headline"])
        #expect(pinger.count(of: try #require(Self.impressionTracker)) == 1)
    }

    @Test func revenueAndCloseFromNetworkThreadsReachTheHostOnceOnTheMainActor() async throws {
        MainQueueProbe.install()
        let mediator = try makeMediator()
        let ad = try await mediator.loadNativeAd(from: try response())
        let controller = HostAdController()
        ad.delegate = controller
        try ad.render(into: HostBindingAdView())
        let adapter = ad.adapter
        let revenue = try AdRevenue(
            micros: 2_500, currencyCode: "USD", precision: .precise, networkName: "Google",
            adUnitID: "/6499/example/native")

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                adapter.delegate?.nativeAd(adapter, didRecordRevenue: revenue)
                adapter.delegate?.nativeAdDidClose(adapter)
            }
            continuation.resume()
        }
        await MainQueueProbe.drain()

        // Threads race, so the two events may arrive in either order; each arrives once.
        #expect(controller.events.sorted() == ["close", "revenue 0.0025 USD"])
        #expect(controller.everyCallbackOnMainQueue)
        #expect(controller.ad == nil, "the host removed the closed ad")
    }
}

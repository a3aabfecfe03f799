import MediationCore
import MediationTesting

extension ConformanceRun {
    private struct WeakReferences {
        weak var customEvent: AnyObject?
        weak var adapter: AnyObject?
        weak var ad: NativeAd?
    }

    /// Loads, renders, detaches and reports events on an ad, drops every reference, and checks with weak
    /// references that the custom event, the adapter and the ad are gone.
    func checkReleasedAfterAd() -> ConformanceCheckResult {
        let check = ConformanceCheck.releasedAfterAd
        let references: WeakReferences
        switch useAndDropAd() {
        case .success(let weak): references = weak
        case .failure(let failure): return .failed(check, failure.reason)
        }
        let survivors = [
            references.ad.map { _ in "the NativeAd" },
            references.adapter.map { _ in "the adapter" },
            references.customEvent.map { _ in "the custom event" },
        ].compactMap(\.self)
        guard survivors.isEmpty else {
            return .failed(
                check,
                "\(survivors.joined(separator: " and ")) still alive after the ad, the custom event, the network"
                    + " and the clock were released: a retain cycle (hold delegates and back references weakly)")
        }
        return .passed(check, "custom event, adapter and ad released once the ad was released (weak references)")
    }

    /// Builds the ad's whole world in a scope that ends on return, so that only cycles keep anything alive.
    private func useAndDropAd() -> Result<WeakReferences, SampleLoadFailure> {
        let session = makeSession()
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failure(failure)
        }
        let ad = loaded.ad
        let identifier = subject.customEventIdentifier
        if let configuration = subject.rendererConfigurations.first(where: { $0.supports(identifier) }) {
            let renderer = configuration.makeRenderer()
            MainActorDelivery.runSynchronously {
                try? ad.render(into: NativeAdCard(), using: renderer)
                ad.detachSurface()
            }
        }
        for event in ConformanceNetworkEvent.allCases {
            _ = session.harness.trigger(event, ad)
        }
        // Timers the adapter left on the clock run now, so that only true cycles survive the scope.
        session.settle()
        var references = WeakReferences()
        references.customEvent = loaded.load.customEvent
        references.adapter = ad.adapter
        references.ad = ad
        return .success(references)
    }
}

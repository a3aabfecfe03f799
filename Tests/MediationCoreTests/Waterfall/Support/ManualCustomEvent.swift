import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// A custom event the test answers by hand, from any thread, as often as it likes; it remembers the ads it
/// made weakly, so a test can check that the engine let go of them.
final class ManualCustomEvent: NativeCustomEvent, Sendable {
    let identifier: String
    let supportsChildDirectedTraffic: Bool

    private struct State {
        var context: NativeAdRequestContext?
        var stopCount = 0
        var madeAds: [WeakAd] = []
    }

    struct WeakAd: Sendable {
        weak var ad: NativeAd?
    }

    private let state = Locked(State())

    init(identifier: String, supportsChildDirectedTraffic: Bool = true) {
        self.identifier = identifier
        self.supportsChildDirectedTraffic = supportsChildDirectedTraffic
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        state.withLock { $0.context = context }
    }

    func stop() {
        state.withLock { $0.stopCount += 1 }
    }

    var wasRequested: Bool { state.withLock { $0.context != nil } }
    /// The context of the last request, if any.
    var context: NativeAdRequestContext? { state.withLock { $0.context } }
    var stopCount: Int { state.withLock { $0.stopCount } }

    /// How many of the ads this event made are still alive.
    var liveAdCount: Int { state.withLock { $0.madeAds.count { $0.ad != nil } } }

    /// Reports a load of an ad titled `title`; the event keeps no strong reference to the ad.
    func load(_ title: String) {
        guard let context = state.withLock({ $0.context }) else { return }
        let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(title)))
        state.withLock { $0.madeAds.append(WeakAd(ad: ad)) }
        context.delegate.nativeCustomEvent(self, didLoad: ad)
    }

    /// Reports a failure.
    func fail(_ error: MediationError) {
        guard let context = state.withLock({ $0.context }) else { return }
        context.delegate.nativeCustomEvent(self, didFailWith: error)
    }
}

extension WaterfallHarness {
    /// A mediator whose custom events are the given manual events (renderable), plus scripted ones.
    func mediator(
        manual: [ManualCustomEvent], scripts: [String: CustomEventScript] = [:],
        strategy: MediationStrategy = .sequential, privacy: PrivacySettings = .unrestricted
    ) throws -> Mediator {
        var registry = try registry(scripts, renderable: scripts.keys.sorted() + manual.map(\.identifier))
        for event in manual {
            // Weakly: the event keeps its request context (as an SDK keeps its delegate until it answers), the
            // context leads back to this mediator, and a strong capture here would close that loop for good.
            try registry.registerCustomEvent(event.identifier) { [weak event] in
                event ?? ManualCustomEvent(identifier: "released")
            }
        }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, privacy: privacy, logger: logger, trackerPinger: pinger,
                imagePrecacher: NoImagePrecaching()))
    }
}

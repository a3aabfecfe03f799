import MediationBridge
import MediationSupport
import TAMediaAdapter

/// An in-memory TAMedia SDK: the factory the TAMedia custom event uses on Linux.
///
/// Scriptable (fill, no fill, error, never; latency on the request's clock, double callbacks, background
/// thread through ``SandboxBehavior``), deterministic, and recording every ad, view and load.
///
/// ```swift
/// let network = SandboxTAMediaNetwork(script: .fill(SandboxTAMediaSamples.content(seed: 3)))
/// let customEvent = TAMediaCustomNativeAdEvent(factory: network)
/// ```
public final class SandboxTAMediaNetwork: TAMediaSDKFactory, Sendable {
    private struct State {
        var script: SandboxTAMediaScript
        var ads: [SandboxTADNativeAd] = []
        var views: [SandboxTADNativeAdView] = []
        var loadRequests: [SandboxTAMediaLoadRequest] = []
        var callbacksDelivered = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Locked<State>

    /// Creates a network answering every load with `script`.
    public init(script: SandboxTAMediaScript = .fill(SandboxTAMediaSamples.content())) {
        state = Locked(State(script: script))
    }

    /// What every load answers.
    public var script: SandboxTAMediaScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// Every ad made, in order.
    public var ads: [SandboxTADNativeAd] { state.withLock { $0.ads } }

    /// The last ad made.
    public var lastAd: SandboxTADNativeAd? { state.withLock { $0.ads.last } }

    /// Every view made, in order.
    public var views: [SandboxTADNativeAdView] { state.withLock { $0.views } }

    /// Every load received, in order.
    public var loadRequests: [SandboxTAMediaLoadRequest] { state.withLock { $0.loadRequests } }

    /// How many load answers ads have delivered to their delegates.
    public var callbacksDelivered: Int { state.withLock { $0.callbacksDelivered } }

    /// Makes an ad answering from this network, delivering on `context.clock`.
    public func makeNativeAd(adUnitId: String, context: NativeAdRequestContext) -> any TAMediaSDKNativeAd {
        let ad = SandboxTADNativeAd(adUnitId: adUnitId, network: self, clock: context.clock)
        state.withLock { $0.ads.append(ad) }
        return ad
    }

    /// Makes an empty recording view.
    public func makeNativeAdView() -> any TAMediaSDKNativeAdView {
        let view = SandboxTADNativeAdView()
        state.withLock { $0.views.append(view) }
        return view
    }

    /// Returns once ads have delivered `count` answers in all, whichever thread they deliver on.
    public func waitForCallbacks(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumesNow = state.withLock { state in
                guard state.callbacksDelivered < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if resumesNow { continuation.resume() }
        }
    }

    func recordLoad(_ request: SandboxTAMediaLoadRequest) -> SandboxTAMediaScript {
        state.withLock { state in
            state.loadRequests.append(request)
            return state.script
        }
    }

    func didDeliverCallback() {
        let ready = state.withLock { state in
            state.callbacksDelivered += 1
            let delivered = state.callbacksDelivered
            let ready = state.waiters.filter { $0.count <= delivered }.map(\.continuation)
            state.waiters.removeAll { $0.count <= delivered }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}

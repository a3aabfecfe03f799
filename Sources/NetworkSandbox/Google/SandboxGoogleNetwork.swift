import GoogleCustomNativeAdapter
import MediationBridge
import MediationSupport

/// An in-memory Google Mobile Ads SDK for custom native ads: the factory the custom event uses on Linux.
///
/// Scriptable (fill, no fill, error, never; latency on the request's clock, double callbacks, background
/// thread through ``SandboxBehavior``), deterministic, and recording every load and every ad it served.
///
/// ```swift
/// let network = SandboxGoogleNetwork(script: .fill(.sample(seed: 7)))
/// let customEvent = GoogleCustomNativeCustomEvent(factory: network)
/// ```
public final class SandboxGoogleNetwork: GoogleCustomNativeSDKFactory, Sendable {
    /// The sandbox's AdChoices asset key (the real SDK's value comes from `GADNativeAdChoicesViewAsset`).
    public static let sandboxAdChoicesViewAssetKey = "_adChoicesViewAsset"
    /// The sandbox's media view asset key (the real SDK's value comes from `GADCustomNativeAdMediaViewKey`).
    public static let sandboxMediaViewAssetKey = "_mediaView"

    /// The AdChoices asset key this network serves the AdChoices image under.
    public let adChoicesViewAssetKey = SandboxGoogleNetwork.sandboxAdChoicesViewAssetKey
    /// The media view asset key.
    public let mediaViewAssetKey = SandboxGoogleNetwork.sandboxMediaViewAssetKey

    private let installedAppSchemes: Set<String>
    private let dedupesImpressions: Bool
    private let measurementFailsToStart: Bool
    private let state: Locked<State>

    private struct State {
        var script: SandboxGoogleScript
        var loadRequests: [SandboxGoogleLoadRequest] = []
        var loaders: [SandboxGoogleAdLoader] = []
        var ads: [SandboxGoogleCustomNativeAd] = []
        var callbacksDelivered = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// Creates a network.
    ///
    /// - Parameters:
    ///   - script: what every load answers (change it with ``script``).
    ///   - installedAppSchemes: the URL schemes installed apps handle, for deep-link clicks.
    ///   - dedupesImpressions: whether ads ignore repeated `recordImpression` calls like the real SDK; `false`
    ///     counts every call, to prove a caller records once by itself.
    ///   - measurementFailsToStart: whether the ads' Open Measurement fails to start.
    public init(
        script: SandboxGoogleScript = .fill(.sample()), installedAppSchemes: Set<String> = [],
        dedupesImpressions: Bool = true, measurementFailsToStart: Bool = false
    ) {
        self.state = Locked(State(script: script))
        self.installedAppSchemes = installedAppSchemes
        self.dedupesImpressions = dedupesImpressions
        self.measurementFailsToStart = measurementFailsToStart
    }

    /// What every load answers.
    public var script: SandboxGoogleScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// Every load received, in order.
    public var loadRequests: [SandboxGoogleLoadRequest] { state.withLock { $0.loadRequests } }

    /// How many loaders were made.
    public var loaderCount: Int { state.withLock { $0.loaders.count } }

    /// Every ad served, in order.
    public var servedAds: [SandboxGoogleCustomNativeAd] { state.withLock { $0.ads } }

    /// The last ad served.
    public var lastAd: SandboxGoogleCustomNativeAd? { state.withLock { $0.ads.last } }

    /// Makes a loader answering from this network, delivering on `context.clock`.
    public func makeAdLoader(
        adUnitID: String, adTypes: [GoogleSDKAdLoaderAdType], options: GoogleSDKNativeAdImageAdLoaderOptions,
        context: NativeAdRequestContext
    ) -> any GoogleSDKAdLoader {
        let loader = SandboxGoogleAdLoader(
            adUnitID: adUnitID, adTypes: adTypes, options: options, network: self, clock: context.clock)
        state.withLock { $0.loaders.append(loader) }
        return loader
    }

    /// How many load answers (ads or errors) loaders have delivered to their delegates.
    public var callbacksDelivered: Int { state.withLock { $0.callbacksDelivered } }

    /// Returns once loaders have delivered `count` answers in all, whichever thread they deliver on.
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

    func recordLoad(_ request: SandboxGoogleLoadRequest) -> SandboxGoogleScript {
        state.withLock { state in
            state.loadRequests.append(request)
            return state.script
        }
    }

    func makeAd(content: SandboxGoogleAdContent, loadsImages: Bool) -> SandboxGoogleCustomNativeAd {
        let ad = SandboxGoogleCustomNativeAd(
            content: content, loadsImages: loadsImages, adChoicesAssetKey: adChoicesViewAssetKey,
            installedAppSchemes: installedAppSchemes, dedupesImpressions: dedupesImpressions,
            measurementFailsToStart: measurementFailsToStart)
        state.withLock { $0.ads.append(ad) }
        return ad
    }
}

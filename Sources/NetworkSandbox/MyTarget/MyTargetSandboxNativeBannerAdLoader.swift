import MediationBridge
import MediationSupport
import MyTargetAdapters

/// The sandbox's `MTRGNativeBannerAdLoader`: serves up to ``count`` of its slot's banners, each as an already
/// loaded ``MyTargetSandboxNativeBannerAd`` carrying the loader's settings.
///
/// With a cache policy that preloads images, every banner's media downloads in parallel on the sandbox clock
/// under the recovery policy and timeout; a banner whose media fails for good is skipped. With cache policy
/// none, the ads load their media lazily at register time.
public final class MyTargetSandboxNativeBannerAdLoader: MyTargetNativeBannerAdLoaderLoading {
    /// The most ads to load.
    public let count: Int
    /// The slot.
    public let slotId: UInt

    private let sandbox: MyTargetSandbox
    private let adChoicesMenuFactory: (any MyTargetMenuFactory)?
    private let state = Locked(State())

    private struct State {
        var settings = MyTargetSandboxAdSettings()
        var loadCount = 0
        var mediaAttemptCount = 0
        var pending: [ScheduledAction] = []
    }

    init(count: Int, slotId: UInt, sandbox: MyTargetSandbox, adChoicesMenuFactory: (any MyTargetMenuFactory)?) {
        self.count = count
        self.slotId = slotId
        self.sandbox = sandbox
        self.adChoicesMenuFactory = adChoicesMenuFactory
    }

    /// Which media to download while loading.
    public var cachePolicy: MyTargetCachePolicy {
        get { state.withLock { $0.settings.cachePolicy } }
        set { state.withLock { $0.settings.cachePolicy = newValue } }
    }

    /// Where the AdChoices icon goes on the loaded ads.
    public var adChoicesPlacement: MyTargetAdChoicesPlacement {
        get { state.withLock { $0.settings.adChoicesPlacement } }
        set { state.withLock { $0.settings.adChoicesPlacement = newValue } }
    }

    /// What to do when a banner's media fails to download.
    public var bannerMediaRecovery: MyTargetBannerMediaRecovery {
        get { state.withLock { $0.settings.bannerMediaRecovery } }
        set { state.withLock { $0.settings.bannerMediaRecovery = newValue } }
    }

    /// How long one media attempt may take.
    public var bannerMediaTimeout: Duration? {
        get { state.withLock { $0.settings.bannerMediaTimeout } }
        set { state.withLock { $0.settings.bannerMediaTimeout = newValue } }
    }

    /// The custom params sent with the load.
    public var customParams: MyTargetCustomParams {
        get { state.withLock { $0.settings.customParams } }
        set { state.withLock { $0.settings.customParams = newValue } }
    }

    /// How many times `load` was called.
    public var loadCount: Int { state.withLock { $0.loadCount } }

    /// How many media download attempts were made across the banners.
    public var mediaAttemptCount: Int { state.withLock { $0.mediaAttemptCount } }

    /// Loads as the slot's script says and calls `completion` (more than once if the script's behaviour says so).
    public func load(
        completion: @escaping @Sendable ([any MyTargetNativeBannerAdLoading], MyTargetAdLoadingError?) -> Void
    ) {
        let settings = state.withLock { state in
            state.loadCount += 1
            return state.settings
        }
        let record = sandbox.recordLoaderLoad(
            MyTargetSandboxLoaderLoad(
                count: count, slotId: slotId, cachePolicy: settings.cachePolicy,
                adChoicesPlacement: settings.adChoicesPlacement, bannerMediaRecovery: settings.bannerMediaRecovery,
                bannerMediaTimeout: settings.bannerMediaTimeout, customParams: settings.customParams,
                mediaAttemptCount: 0))
        let script = sandbox.script(forSlot: slotId)
        if case .never = script.response { return }
        let deliver: @Sendable ([any MyTargetNativeBannerAdLoading], MyTargetAdLoadingError?) -> Void = {
            [self] ads, error in
            let delivery = SandboxBehavior(
                callbackCount: script.behavior.callbackCount,
                callsBackOnBackgroundThread: script.behavior.callsBackOnBackgroundThread)
            keep(delivery.deliver(on: sandbox.clock) { completion(ads, error) })
        }
        let start: @Sendable () -> Void = { [self] in
            switch script.response {
            case .never:
                return
            case .noFill:
                deliver([], .noBanners)
            case .error(let error):
                deliver([], error)
            case .fill(let served):
                loadBanners(Array(served.prefix(count)), settings: settings, record: record) { ads in
                    deliver(ads, nil)
                }
            }
        }
        if script.behavior.latency == .zero {
            start()
        } else {
            keep(sandbox.clock.schedule(after: script.behavior.latency, start))
        }
    }

    private func loadBanners(
        _ served: [MyTargetSandboxBanner], settings: MyTargetSandboxAdSettings, record: Int,
        completion: @escaping @Sendable ([any MyTargetNativeBannerAdLoading]) -> Void
    ) {
        guard settings.cachePolicy.preloadsBannerImages else {
            completion(served.map { makeAd($0.banner, media: $0.media, settings: settings, attempts: 0) })
            return
        }
        guard !served.isEmpty else {
            completion([])
            return
        }
        let results = Locked([MyTargetSandboxNativeBannerAd?](repeating: nil, count: served.count))
        let remaining = Locked(served.count)
        for (index, item) in served.enumerated() {
            let attempts = Locked(0)
            let download = MyTargetSandboxMediaDownload(
                media: item.media, recovery: settings.bannerMediaRecovery, timeout: settings.bannerMediaTimeout,
                clock: sandbox.clock)
            download.start(
                onAttempt: { [self] in
                    attempts.withLock { $0 += 1 }
                    state.withLock { $0.mediaAttemptCount += 1 }
                    sandbox.recordLoaderMediaAttempt(at: record)
                },
                schedule: { [self] action in keep(action) },
                completion: { [self] succeeded in
                    if succeeded {
                        let ad = makeAd(
                            MyTargetSandboxMediaDownload.loaded(item.banner), media: item.media, settings: settings,
                            attempts: attempts.current)
                        results.withLock { $0[index] = ad }
                    }
                    let isLast = remaining.withLock { remaining in
                        remaining -= 1
                        return remaining == 0
                    }
                    if isLast { completion(results.current.compactMap { $0 }) }
                })
        }
    }

    private func makeAd(
        _ banner: MyTargetNativeBanner, media: MyTargetSandboxMedia, settings: MyTargetSandboxAdSettings, attempts: Int
    ) -> MyTargetSandboxNativeBannerAd {
        MyTargetSandboxNativeBannerAd(
            slotId: slotId, sandbox: sandbox, adChoicesMenuFactory: adChoicesMenuFactory, settings: settings,
            banner: banner, media: media, mediaAttempts: attempts)
    }

    private func keep(_ action: ScheduledAction?) {
        guard let action else { return }
        state.withLock { $0.pending.append(action) }
    }
}

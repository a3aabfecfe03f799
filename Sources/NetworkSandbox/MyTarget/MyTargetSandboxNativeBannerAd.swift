import MediationBridge
import MediationSupport
import MyTargetAdapters

/// The sandbox's `MTRGNativeBannerAd`: loads what its slot's ``MyTargetSandboxScript`` says on the sandbox
/// clock, applies the media policy, tracks the registered view, and lets a test play the user's part
/// (show, click, modal, leave, AdChoices).
///
/// Delegates are held weakly, as the SDK does. Callbacks run on the clock's thread, or on a background queue
/// when the script's behaviour asks for it.
public final class MyTargetSandboxNativeBannerAd: MyTargetNativeBannerAdLoading {
    /// How the ad was asked to load.
    public enum LoadRequest: Sendable, Hashable {
        /// `load`.
        case load
        /// `loadFromBid:` with this bid ID.
        case bid(String)
    }

    /// The state of the lazy media download started at register time (cache policy none).
    public enum LazyMediaState: Sendable, Hashable {
        /// Not started.
        case notStarted
        /// Downloading.
        case loading
        /// Downloaded.
        case loaded
        /// Failed after the recovery policy gave up.
        case failed
    }

    /// The slot the ad loads.
    public let slotId: UInt
    /// The host's AdChoices menu factory given at creation; `nil` means the SDK's own menu.
    public let adChoicesMenuFactory: (any MyTargetMenuFactory)?

    private let sandbox: MyTargetSandbox
    let state: Locked<State>

    struct State {
        var settings = MyTargetSandboxAdSettings()
        weak var delegate: (any MyTargetNativeBannerAdDelegate)?
        weak var mediaDelegate: (any MyTargetNativeBannerAdMediaDelegate)?
        weak var adChoicesOptionDelegate: (any MyTargetNativeBannerAdChoicesOptionDelegate)?
        var banner: MyTargetNativeBanner?
        var media = MyTargetSandboxMedia.reliable
        var loadRequests: [LoadRequest] = []
        weak var registeredView: (any AnyObject & Sendable)?
        var isRegistered = false
        var clickableViews: [ObjectIdentifier]?
        var registerCount = 0
        var unregisterCount = 0
        var lazyMedia = LazyMediaState.notStarted
        var mediaAttemptCount = 0
        var adChoicesClickCount = 0
        var adChoicesMenuCount = 0
        var adReportCount = 0
        var isHiddenBySDK = false
        var pending: [ScheduledAction] = []
    }

    init(slotId: UInt, sandbox: MyTargetSandbox, adChoicesMenuFactory: (any MyTargetMenuFactory)?) {
        self.slotId = slotId
        self.adChoicesMenuFactory = adChoicesMenuFactory
        self.sandbox = sandbox
        self.state = Locked(State())
    }

    init(
        slotId: UInt, sandbox: MyTargetSandbox, adChoicesMenuFactory: (any MyTargetMenuFactory)?,
        settings: MyTargetSandboxAdSettings, banner: MyTargetNativeBanner, media: MyTargetSandboxMedia,
        mediaAttempts: Int
    ) {
        self.slotId = slotId
        self.adChoicesMenuFactory = adChoicesMenuFactory
        self.sandbox = sandbox
        var initial = State()
        initial.settings = settings
        initial.banner = banner
        initial.media = media
        initial.mediaAttemptCount = mediaAttempts
        self.state = Locked(initial)
    }

    // MARK: Settings

    /// Which media to download while loading.
    public var cachePolicy: MyTargetCachePolicy {
        get { state.withLock { $0.settings.cachePolicy } }
        set { state.withLock { $0.settings.cachePolicy = newValue } }
    }

    /// Where the AdChoices icon goes.
    public var adChoicesPlacement: MyTargetAdChoicesPlacement {
        get { state.withLock { $0.settings.adChoicesPlacement } }
        set { state.withLock { $0.settings.adChoicesPlacement = newValue } }
    }

    /// What to do when media fails to download.
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

    /// The load and show delegate (weak).
    public var delegate: (any MyTargetNativeBannerAdDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The lazy media delegate (weak).
    public var mediaDelegate: (any MyTargetNativeBannerAdMediaDelegate)? {
        get { state.withLock { $0.mediaDelegate } }
        set { state.withLock { $0.mediaDelegate = newValue } }
    }

    /// The AdChoices option delegate (weak).
    public var adChoicesOptionDelegate: (any MyTargetNativeBannerAdChoicesOptionDelegate)? {
        get { state.withLock { $0.adChoicesOptionDelegate } }
        set { state.withLock { $0.adChoicesOptionDelegate = newValue } }
    }

    /// The loaded banner; its images carry bytes once downloaded.
    public var banner: MyTargetNativeBanner? { state.withLock { $0.banner } }

    // MARK: Loading

    /// Loads as the slot's script says.
    public func load() {
        startLoad(.load)
    }

    /// Loads as the slot's script says, recording the bid ID.
    public func loadFromBid(_ bidId: String) {
        startLoad(.bid(bidId))
    }

    private func startLoad(_ request: LoadRequest) {
        state.withLock { $0.loadRequests.append(request) }
        let rejected = sandbox.recordLoadRequest(request)
        var arranged = sandbox.script(forSlot: slotId)
        if rejected { arranged.response = .error(MyTargetSandbox.rejectedBidError) }
        let script = arranged
        if case .never = script.response { return }
        let settings = state.withLock { $0.settings }
        after(script.behavior.latency) { [self] in
            switch script.response {
            case .never:
                return
            case .noFill:
                deliver(.failure(.noBanners), behavior: script.behavior)
            case .error(let error):
                deliver(.failure(error), behavior: script.behavior)
            case .fill(let served):
                guard let first = served.first else {
                    deliver(.failure(.noBanners), behavior: script.behavior)
                    return
                }
                state.withLock { $0.media = first.media }
                guard settings.cachePolicy.preloadsBannerImages else {
                    deliver(.success(first.banner), behavior: script.behavior)
                    return
                }
                download(first.media, settings: settings) { [self] succeeded in
                    let result: Result<MyTargetNativeBanner, MyTargetAdLoadingError> =
                        succeeded
                        ? .success(MyTargetSandboxMediaDownload.loaded(first.banner))
                        : .failure(MyTargetSandbox.mediaFailureError)
                    deliver(result, behavior: script.behavior)
                }
            }
        }
    }

    private func deliver(_ result: Result<MyTargetNativeBanner, MyTargetAdLoadingError>, behavior: SandboxBehavior) {
        let delivery = SandboxBehavior(
            callbackCount: behavior.callbackCount, callsBackOnBackgroundThread: behavior.callsBackOnBackgroundThread,
            repeatInterval: behavior.repeatInterval, callsBackConcurrently: behavior.callsBackConcurrently)
        if case .success(let banner) = result {
            state.withLock { $0.banner = banner }
        }
        keep(
            delivery.deliver(on: sandbox.clock) { [self] in
                let delegate = state.withLock { $0.delegate }
                switch result {
                case .success(let banner): delegate?.onLoad(with: banner, nativeBannerAd: self)
                case .failure(let error): delegate?.onLoadFailed(with: error, nativeBannerAd: self)
                }
            })
    }

    private func download(
        _ media: MyTargetSandboxMedia, settings: MyTargetSandboxAdSettings,
        completion: @escaping @Sendable (Bool) -> Void
    ) {
        let download = MyTargetSandboxMediaDownload(
            media: media, recovery: settings.bannerMediaRecovery, timeout: settings.bannerMediaTimeout,
            clock: sandbox.clock)
        download.start(
            onAttempt: { [self] in state.withLock { $0.mediaAttemptCount += 1 } },
            schedule: { [self] action in keep(action) },
            completion: completion)
    }

    private func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
        if delay == .zero {
            work()
        } else {
            keep(sandbox.clock.schedule(after: delay, work))
        }
    }

    private func keep(_ action: ScheduledAction?) {
        guard let action else { return }
        state.withLock { $0.pending.append(action) }
    }

    // MARK: Views

    /// Registers `view`; with cache policy none, starts the lazy media download on the first register.
    public func register(view: any AnyObject & Sendable, clickableViews: [AnyObject]?) {
        let lazyDownload = state.withLock { state -> (MyTargetSandboxMedia, MyTargetSandboxAdSettings)? in
            state.registeredView = view
            state.isRegistered = true
            state.clickableViews = clickableViews.map { $0.map(ObjectIdentifier.init) }
            state.registerCount += 1
            guard state.banner != nil, !state.settings.cachePolicy.preloadsBannerImages,
                state.lazyMedia == .notStarted
            else { return nil }
            state.lazyMedia = .loading
            return (state.media, state.settings)
        }
        guard let (media, settings) = lazyDownload else { return }
        download(media, settings: settings) { [self] succeeded in finishLazyDownload(succeeded) }
    }

    private func finishLazyDownload(_ succeeded: Bool) {
        let (banner, delegate) = state.withLock {
            state -> (MyTargetNativeBanner?, (any MyTargetNativeBannerAdMediaDelegate)?) in
            state.lazyMedia = succeeded ? .loaded : .failed
            if succeeded, let banner = state.banner {
                state.banner = MyTargetSandboxMediaDownload.loaded(banner)
            }
            return (state.banner, state.mediaDelegate)
        }
        guard succeeded else {
            delegate?.onMediaLoadFailed(with: self)
            return
        }
        if banner?.icon != nil { delegate?.onIconLoad(with: self) }
        if banner?.hasAdChoices == true, banner?.adChoicesIcon != nil { delegate?.onAdChoicesIconLoad(with: self) }
    }

    /// Unregisters the registered view.
    public func unregisterView() {
        state.withLock { state in
            state.unregisterCount += 1
            state.isRegistered = false
            state.registeredView = nil
            state.clickableViews = nil
        }
    }

    /// Records the host's AdChoices tap and opens the AdChoices menu when the banner has AdChoices.
    public func handleAdChoicesClick(sourceView: AnyObject?) {
        let hasAdChoices = state.withLock { state in
            state.adChoicesClickCount += 1
            return state.banner?.hasAdChoices == true
        }
        if hasAdChoices { openAdChoicesMenu(sourceView: sourceView) }
    }

    /// Opens the AdChoices menu: the host's, built from ``adChoicesMenuFactory`` with the entries "Hide ad",
    /// "Report ad" and "Cancel", or else the SDK's own (counted only; play it with ``simulateAdChoicesHideAd()``).
    func openAdChoicesMenu(sourceView: AnyObject?) {
        state.withLock { $0.adChoicesMenuCount += 1 }
        guard let adChoicesMenuFactory else { return }
        let menu = adChoicesMenuFactory.makeMenu()
        menu.addMenuAction(
            MyTargetMenuAction(title: "Hide ad", style: .default) { [weak self] in self?.simulateAdChoicesHideAd() })
        menu.addMenuAction(
            MyTargetMenuAction(title: "Report ad", style: .default) { [weak self] in
                self?.state.withLock { $0.adReportCount += 1 }
            })
        menu.addMenuAction(MyTargetMenuAction(title: "Cancel", style: .cancel) {})
        menu.present(in: nil, sourceView: sourceView)
    }
}

import MediationBridge
import MediationSupport
import MyTargetAdapters

/// An in-memory stand-in for the myTarget SDK's native banner classes: the ``MyTargetNativeBannerAdFactory``
/// the custom event uses on Linux, in tests, the demo and the benchmark.
///
/// Each slot answers as its ``MyTargetSandboxScript`` says (fill, no fill, error, never; latency, double callbacks,
/// background thread; media failures and media latency), on the sandbox's clock, deterministically.
/// Slots without a script answer with ``defaultScript``.
public final class MyTargetSandbox: MyTargetNativeBannerAdFactory {
    /// The error a single ad reports when its media fails for good: "banner has no image(s)" (3001).
    public static let mediaFailureError = MyTargetAdLoadingError(
        code: MyTargetAdLoadingError.missedImagesCode, message: "Banner has no image(s)")

    /// The clock latencies and media downloads run on.
    public let clock: MediationClock
    /// The answer of slots without their own script.
    public let defaultScript: MyTargetSandboxScript

    private let state = Locked(State())

    private struct WeakAd {
        weak var ad: MyTargetSandboxNativeBannerAd?
    }

    private struct State {
        var scripts: [UInt: MyTargetSandboxScript] = [:]
        var privacy: MyTargetPrivacy?
        var ads: [WeakAd] = []
        var loaderLoads: [MyTargetSandboxLoaderLoad] = []
        var createdAdCount = 0
        var createdLoaderCount = 0
        var loadRequestCount = 0
        var bidLoads: [String] = []
        var ordinaryLoadCount = 0
        var rejectedBidIds: Set<String> = []
    }

    /// Creates a sandbox on `clock`; slots without a script answer with `defaultScript` (no fill by default).
    public init(clock: MediationClock = .continuous, defaultScript: MyTargetSandboxScript = .noFill()) {
        self.clock = clock
        self.defaultScript = defaultScript
    }

    /// Sets what `slotId` answers from now on.
    public func setScript(_ script: MyTargetSandboxScript, forSlot slotId: UInt) {
        state.withLock { $0.scripts[slotId] = script }
    }

    /// What `slotId` answers.
    public func script(forSlot slotId: UInt) -> MyTargetSandboxScript {
        state.withLock { $0.scripts[slotId] } ?? defaultScript
    }

    // MARK: MyTargetNativeBannerAdFactory

    /// A new, unloaded sandbox ad for `slotId`, using the host's AdChoices menu when a factory is given.
    public func makeNativeBannerAd(slotId: UInt, adChoicesMenuFactory: (any MyTargetMenuFactory)?)
        -> any MyTargetNativeBannerAdLoading
    {
        let ad = MyTargetSandboxNativeBannerAd(
            slotId: slotId, sandbox: self, adChoicesMenuFactory: adChoicesMenuFactory)
        state.withLock { state in
            state.ads = state.ads.filter { $0.ad != nil } + [WeakAd(ad: ad)]
            state.createdAdCount += 1
        }
        return ad
    }

    /// A new sandbox loader of up to `count` ads for `slotId`; its ads use `adChoicesMenuFactory`.
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `count` outside 1…20.
    public func makeNativeBannerAdLoader(count: Int, slotId: UInt, adChoicesMenuFactory: (any MyTargetMenuFactory)?)
        throws(MediationError) -> any MyTargetNativeBannerAdLoaderLoading
    {
        try MyTargetNativeBannerAdLoaderCount.validate(count)
        let loader = MyTargetSandboxNativeBannerAdLoader(
            count: count, slotId: slotId, sandbox: self, adChoicesMenuFactory: adChoicesMenuFactory)
        state.withLock { $0.createdLoaderCount += 1 }
        return loader
    }

    /// Records the SDK-wide privacy flags.
    public func setPrivacy(_ privacy: MyTargetPrivacy) {
        state.withLock { $0.privacy = privacy }
    }

    // MARK: Inspection

    /// The last privacy flags set, if any.
    public var privacy: MyTargetPrivacy? { state.withLock { $0.privacy } }

    /// How many single ads were created.
    public var createdAdCount: Int { state.withLock { $0.createdAdCount } }

    /// How many loaders were created.
    public var createdLoaderCount: Int { state.withLock { $0.createdLoaderCount } }

    /// The sandbox's stand-in for the SDK's answer to a bid it cannot load (``rejectBid(_:)``): the myTarget
    /// reference does not give the SDK's own error for that, so the sandbox uses a domain of its own.
    public static let rejectedBidError = MyTargetAdLoadingError(
        domain: "MyTargetSandbox.Bid", code: 1, message: "unknown bid (sandbox stand-in)")

    /// How many loads (`load`, `loadFromBid:`, loader loads) were started.
    public var loadRequestCount: Int { state.withLock { $0.loadRequestCount } }

    /// The single ads still alive (someone holds them), in creation order.
    public var liveNativeBannerAds: [MyTargetSandboxNativeBannerAd] {
        state.withLock { $0.ads.compactMap(\.ad) }
    }

    /// The most recently created single ad, while alive.
    public var lastNativeBannerAd: MyTargetSandboxNativeBannerAd? { liveNativeBannerAds.last }

    /// Every loader load so far, in order.
    public var loaderLoads: [MyTargetSandboxLoaderLoad] { state.withLock { $0.loaderLoads } }

    /// The bid IDs given to `loadFromBid:` on the sandbox's single ads so far, in order.
    public var bidLoads: [String] { state.withLock { $0.bidLoads } }

    /// How many ordinary `load` calls the sandbox's single ads got.
    public var ordinaryLoadCount: Int { state.withLock { $0.ordinaryLoadCount } }

    /// Makes later `loadFromBid:` calls with `bidId` fail with ``rejectedBidError``, whatever the slot's script.
    public func rejectBid(_ bidId: String) {
        state.withLock { _ = $0.rejectedBidIds.insert(bidId) }
    }

    /// Records a single ad's load; returns whether it is a bid the sandbox rejects.
    func recordLoadRequest(_ request: MyTargetSandboxNativeBannerAd.LoadRequest) -> Bool {
        state.withLock { state in
            state.loadRequestCount += 1
            switch request {
            case .load:
                state.ordinaryLoadCount += 1
                return false
            case .bid(let bidId):
                state.bidLoads.append(bidId)
                return state.rejectedBidIds.contains(bidId)
            }
        }
    }

    /// Records a loader load; returns its index in ``loaderLoads``.
    func recordLoaderLoad(_ load: MyTargetSandboxLoaderLoad) -> Int {
        state.withLock { state in
            state.loadRequestCount += 1
            state.loaderLoads.append(load)
            return state.loaderLoads.count - 1
        }
    }

    func recordLoaderMediaAttempt(at index: Int) {
        state.withLock { state in
            if state.loaderLoads.indices.contains(index) { state.loaderLoads[index].mediaAttemptCount += 1 }
        }
    }
}

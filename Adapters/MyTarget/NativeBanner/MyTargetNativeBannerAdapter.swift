import Foundation
import MediationBridge
import MediationSupport

/// Wraps one loaded myTarget native banner ad for the bridge.
///
/// - ``properties`` come from ``MyTargetNativeBannerPropertyMapper``.
/// - myTarget counts impressions and detects clicks on the registered view itself, so ``handlesImpressions``
///   and ``handlesClicks`` are `true` and ``defaultActionURL`` is `nil`.
/// - ``willAttach(to:)`` registers the surface with the SDK (with its clickable sub-views when it provides
///   them through ``MyTargetClickableViewsProviding``); a surface still registered on another myTarget ad is
///   unregistered from that ad first. ``didDetach(from:)`` unregisters it.
/// - The SDK's show, click, show-modal, dismiss-modal and leave-application events are forwarded to
///   ``delegate`` once each; lazy media and AdChoices closing events go to ``eventHandler`` and the log.
/// - The adapter is the SDK ad's delegate, media delegate and AdChoices option delegate, and keeps the SDK ad
///   alive.
public final class MyTargetNativeBannerAdapter: NativeAdAdapter {
    /// The unified ad dictionary.
    public let properties: NativeAdProperties
    /// The SDK ad this adapter wraps.
    public let nativeBannerAd: any MyTargetNativeBannerAdLoading
    /// The banner the SDK loaded.
    public let banner: MyTargetNativeBanner
    /// Whether the SDK hides the ad itself when the user picks "hide ad" in the AdChoices menu.
    public let closesAutomatically: Bool

    private let logger: any MediationLogger
    private let viewRegistry: MyTargetViewRegistry
    private let delegateReference = WeakAdapterDelegate()
    private let state = Locked(State())

    private struct State {
        weak var surface: (any NativeAdRendering)?
        var isRegistered = false
        var eventHandler: (@Sendable (MyTargetNativeBannerEvent) -> Void)?
    }

    /// Wraps a loaded SDK ad and becomes its delegate, media delegate and AdChoices option delegate.
    ///
    /// - Parameters:
    ///   - nativeBannerAd: the loaded SDK ad.
    ///   - banner: the banner it loaded.
    ///   - closesAutomatically: the answer to the SDK's `shouldCloseAutomatically`.
    ///   - logger: where dropped values and media events are logged.
    ///   - viewRegistry: which ad each view is registered on.
    /// - Throws: ``MediationError/missingRequiredAssets(_:)`` when the banner lacks a title, an icon or a call
    ///   to action.
    public init(
        nativeBannerAd: any MyTargetNativeBannerAdLoading,
        banner: MyTargetNativeBanner,
        closesAutomatically: Bool = true,
        logger: any MediationLogger = SilentLogger(),
        viewRegistry: MyTargetViewRegistry = .shared
    ) throws(MediationError) {
        self.properties = try MyTargetNativeBannerPropertyMapper.properties(
            for: banner, adChoicesPlacement: nativeBannerAd.adChoicesPlacement, logger: logger)
        self.nativeBannerAd = nativeBannerAd
        self.banner = banner
        self.closesAutomatically = closesAutomatically
        self.logger = logger
        self.viewRegistry = viewRegistry
        nativeBannerAd.delegate = self
        nativeBannerAd.mediaDelegate = self
        nativeBannerAd.adChoicesOptionDelegate = self
    }

    /// `nil`: the SDK opens the destination itself when the registered view is tapped.
    public var defaultActionURL: URL? { nil }

    /// `true`: myTarget counts impressions on the registered view.
    public var handlesImpressions: Bool { true }

    /// `true`: myTarget detects clicks on the registered view.
    public var handlesClicks: Bool { true }

    /// The ``NativeAd``'s event sink, held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// Receives lazy media and AdChoices closing events, on the SDK's thread.
    public var eventHandler: (@Sendable (MyTargetNativeBannerEvent) -> Void)? {
        get { state.withLock { $0.eventHandler } }
        set { state.withLock { $0.eventHandler = newValue } }
    }

    /// The surface currently registered with the SDK, if any.
    public var registeredSurface: (any NativeAdRendering)? {
        state.withLock { $0.isRegistered ? $0.surface : nil }
    }

    /// Registers `surface` with the SDK, first unregistering it from any other myTarget ad and unregistering
    /// this ad's previous surface.
    @MainActor
    public func willAttach(to surface: any NativeAdRendering) {
        if let previousOwner = viewRegistry.claim(surface, for: self) {
            previousOwner.releaseRegistration(of: surface)
        }
        let (wasRegistered, oldSurface) = state.withLock { state in
            defer {
                state.surface = surface
                state.isRegistered = true
            }
            return (state.isRegistered, state.surface)
        }
        if wasRegistered {
            nativeBannerAd.unregisterView()
            if let oldSurface, oldSurface !== surface { viewRegistry.release(oldSurface, for: self) }
        }
        let clickableViews = (surface as? any MyTargetClickableViewsProviding)?.myTargetClickableViews
        nativeBannerAd.register(view: surface, clickableViews: clickableViews?.isEmpty == false ? clickableViews : nil)
    }

    /// Unregisters `surface` from the SDK when it is the registered one.
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) {
        releaseRegistration(of: surface)
    }

    /// Reports a tap on a host-drawn AdChoices icon (placement drawing-manual) to the SDK, which shows the
    /// AdChoices menu.
    public func handleAdChoicesClick(sourceView: AnyObject? = nil) {
        nativeBannerAd.handleAdChoicesClick(sourceView: sourceView)
    }

    func releaseRegistration(of surface: any NativeAdRendering) {
        let wasRegistered = state.withLock { state -> Bool in
            guard state.isRegistered, state.surface === surface else { return false }
            state.surface = nil
            state.isRegistered = false
            return true
        }
        guard wasRegistered else { return }
        nativeBannerAd.unregisterView()
        viewRegistry.release(surface, for: self)
    }

    func isWrapping(_ ad: any MyTargetNativeBannerAdLoading) -> Bool {
        ad === nativeBannerAd
    }

    func logLateLoadCallback(_ callback: String) {
        logger.log(
            .warning, "myTarget native banner: dropped \(callback) for an ad already loaded",
            metadata: ["slotId": "\(nativeBannerAd.slotId)"])
    }

    func emit(_ event: MyTargetNativeBannerEvent) {
        let level: MediationLogLevel = event == .mediaLoadFailed ? .warning : .info
        logger.log(level, "myTarget native banner: \(event.rawValue)", metadata: ["slotId": "\(nativeBannerAd.slotId)"])
        let handler = state.withLock { $0.eventHandler }
        handler?(event)
    }
}

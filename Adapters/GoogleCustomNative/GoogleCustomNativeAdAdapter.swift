import Foundation
import MediationBridge
import MediationSupport

/// Wraps one loaded Google custom native ad for the bridge.
///
/// - Impressions: a custom format's app must record impressions itself. ``trackImpression()`` (called by
///   ``NativeAd`` for the host's impression) calls the SDK's `recordImpression` exactly once, however often it
///   is asked; the SDK also ignores repeats, but the adapter does not rely on it.
/// - Clicks: ``trackClick()`` (called by ``NativeAd`` for the host's tap) reports the click with
///   `performClickOnAsset(withKey:)` on the asset the tap hit (see ``NativeAd/recordClick(onAsset:)``), else on
///   the line's `clickAssetKey`, else on the main image's asset, else the title's. The SDK then runs the custom
///   click handler if one is set (and nothing else), else opens the first deep link an app can handle, else the
///   click URL.
/// - AdChoices: the AdChoices asset is the privacy icon; ``performAdChoicesClick()`` performs the click on it.
/// - Events: the SDK's impression, click and screen events are forwarded to the ``delegate``, each once per SDK
///   event (the impression once in all). Google reports no "leave application" since SDK 8, and a custom
///   native ad has no paid event handler and no close event, so no revenue or close is forwarded.
/// - View binding (line info `bindAssetViews: true`): rendered by ``ViewBindingNativeAdRenderer``, the adapter
///   takes the host's asset views per slot, requires a view for the title's asset (and the AdChoices asset
///   when the ad has one, as Google's policy requires it on screen), remembers which asset each view shows so
///   that ``NativeAd/recordClick(onAssetView:)`` reports a tap on the right asset, and points Open Measurement
///   at the surface. Impressions count only once bound; ``didDetach(from:)`` unbinds.
public final class GoogleCustomNativeAdAdapter: NativeAdAdapter, NativeAdViewBindingAdapter,
    GoogleSDKCustomNativeAdDelegate
{
    /// The unified ad dictionary.
    public let properties: NativeAdProperties
    /// The SDK's ad.
    public let customNativeAd: any GoogleSDKCustomNativeAd
    /// The asset key of the AdChoices image.
    public let adChoicesAssetKey: String
    /// The asset key of the media view.
    public let mediaViewAssetKey: String
    /// The asset plain host clicks are reported on, or `nil` when the ad has no asset to click.
    public let defaultClickAssetKey: String?

    private let assetKeysByProperty: [NativeAdPropertyKey: String]
    private let logger: any MediationLogger
    private let delegateReference = WeakAdapterDelegate()
    private let state = Locked(State())

    private struct State {
        var impressionRecordedWithSDK = false
        var impressionForwarded = false
        var nextClickAssetKey: String?
        var measurementStarted = false
        var boundAssetKeys: [ObjectIdentifier: String] = [:]
        weak var boundSurface: (any NativeAdRendering)?
        var isBound = false
    }

    /// Whether ads are shown by binding the host's asset views (the line's `bindAssetViews`).
    public let bindsAssetViews: Bool

    /// Wraps `customNativeAd` and becomes its delegate.
    ///
    /// - Parameters:
    ///   - customNativeAd: the loaded ad.
    ///   - properties: its unified properties.
    ///   - assetKeysByProperty: the asset behind each unified key that came from an asset.
    ///   - clickAssetKey: the line's `clickAssetKey`, if any.
    ///   - adChoicesAssetKey: the SDK's AdChoices asset key.
    ///   - mediaViewAssetKey: the SDK's media view asset key.
    ///   - bindsAssetViews: whether the ad is shown by binding the host's asset views.
    ///   - logger: where warnings go.
    public init(
        customNativeAd: any GoogleSDKCustomNativeAd,
        properties: NativeAdProperties,
        assetKeysByProperty: [NativeAdPropertyKey: String],
        clickAssetKey: String? = nil,
        adChoicesAssetKey: String,
        mediaViewAssetKey: String,
        bindsAssetViews: Bool = false,
        logger: any MediationLogger = SilentLogger()
    ) {
        self.bindsAssetViews = bindsAssetViews
        self.customNativeAd = customNativeAd
        self.properties = properties
        self.assetKeysByProperty = assetKeysByProperty
        self.adChoicesAssetKey = adChoicesAssetKey
        self.mediaViewAssetKey = mediaViewAssetKey
        self.logger = logger
        self.defaultClickAssetKey =
            clickAssetKey
            ?? [NativeAdPropertyKey.mainImage, .title].lazy.compactMap { assetKeysByProperty[$0] }.first
            ?? customNativeAd.availableAssetKeys.filter { $0 != adChoicesAssetKey }.sorted().first
        customNativeAd.delegate = self
    }

    /// `nil`: the SDK handles the click destination itself.
    public var defaultActionURL: URL? { nil }

    /// The ad's delegate, held weakly.
    public var delegate: (any NativeAdAdapterDelegate)? {
        get { delegateReference.value }
        set { delegateReference.value = newValue }
    }

    /// The ad's format ID.
    public var formatID: String { customNativeAd.formatID }

    /// The app's own click action, passed to the SDK's `customClickHandler`: when set, it receives the clicked
    /// asset's ID and the SDK does nothing else.
    public var customClickHandler: GoogleSDKCustomClickHandler? {
        get { customNativeAd.customClickHandler }
        set { customNativeAd.customClickHandler = newValue }
    }

    /// The asset that fills unified `key` (the AdChoices asset for the privacy icon), or `nil`.
    public func assetKey(for key: NativeAdPropertyKey) -> String? {
        assetKeysByProperty[key]
    }

    // MARK: Impressions

    /// Records the impression with the SDK, once however often it is called, and tells the delegate once.
    public func trackImpression() {
        let (callsSDK, forwards) = state.withLock { state in
            defer {
                state.impressionRecordedWithSDK = true
                state.impressionForwarded = true
            }
            return (!state.impressionRecordedWithSDK, !state.impressionForwarded)
        }
        if forwards { delegate?.nativeAdWillLogImpression(self) }
        if callsSDK { customNativeAd.recordImpression() }
    }

    // MARK: Clicks

    /// Reports the host's click with `performClickOnAsset(withKey:)` on the asset the tap hit, else on
    /// ``defaultClickAssetKey``.
    public func trackClick() {
        let hitAsset = state.withLock { state in
            defer { state.nextClickAssetKey = nil }
            return state.nextClickAssetKey
        }
        guard let assetKey = hitAsset ?? defaultClickAssetKey else {
            logger.log(.warning, "Google custom native: click dropped, the ad has no asset to click")
            return
        }
        customNativeAd.performClickOnAsset(withKey: assetKey)
    }

    /// Makes the next ``trackClick()`` report its click on `assetKey`.
    func setNextClickAsset(_ assetKey: String) {
        state.withLock { $0.nextClickAssetKey = assetKey }
    }

    /// Performs a click on the AdChoices asset (the privacy icon), as the SDK requires the app to.
    public func performAdChoicesClick() {
        customNativeAd.performClickOnAsset(withKey: adChoicesAssetKey)
    }

    // MARK: Attaching

    /// Starts Open Measurement on `surface` the first time; later surfaces replace the measured view.
    @MainActor
    public func willAttach(to surface: any NativeAdRendering) {
        guard let measurement = customNativeAd.displayAdMeasurement else { return }
        measurement.view = surface
        let starts = state.withLock { state in
            defer { state.measurementStarted = true }
            return !state.measurementStarted
        }
        guard starts else { return }
        do {
            try measurement.start()
        } catch {
            logger.log(.warning, "Google custom native: display measurement did not start: \(error)")
        }
    }

    /// Stops measuring `surface` when it is the measured view, and unbinds its asset views.
    @MainActor
    public func didDetach(from surface: any NativeAdRendering) {
        state.withLock { state in
            guard state.boundSurface === surface else { return }
            state.boundSurface = nil
            state.boundAssetKeys = [:]
            state.isBound = false
        }
        guard let measurement = customNativeAd.displayAdMeasurement, measurement.view === surface else { return }
        measurement.view = nil
    }

    // MARK: NativeAdViewBindingAdapter

    /// The title's slot, and the AdChoices slot when the ad carries the AdChoices asset.
    public var requiredAssetViewSlots: Set<NativeAdAssetViewSlot> {
        var slots: Set<NativeAdAssetViewSlot> = [.title]
        if properties.image(.privacyIcon) != nil { slots.insert(.privacyIcon) }
        return slots
    }

    /// The Google asset behind `slot` (such as `Headline`), when the ad has one.
    public func assetName(for slot: NativeAdAssetViewSlot) -> String? {
        if slot == .privacyIcon { return adChoicesAssetKey }
        if slot == .media { return mediaViewAssetKey }
        return assetKeysByProperty.first { NativeAdAssetViewSlot.forPropertyKey($0.key) == slot }?.value
    }

    /// Whether the ad is bound to a surface's views.
    public var isBoundToAssetViews: Bool { state.withLock { $0.isBound } }

    /// Remembers the asset each of `views` shows, for per-view clicks; `surface` becomes the bound one.
    @MainActor
    public func bind(_ views: NativeAdAssetViews, in surface: any NativeAdRendering) throws(MediationError) {
        var assetKeys: [ObjectIdentifier: String] = [:]
        for slot in views.slots {
            guard let view = views[slot], let assetKey = assetName(for: slot) else { continue }
            assetKeys[ObjectIdentifier(view)] = assetKey
        }
        state.withLock { state in
            state.boundAssetKeys = assetKeys
            state.boundSurface = surface
            state.isBound = true
        }
    }

    /// The asset shown by the bound `view`, or `nil` when the view is not bound.
    public func boundAssetKey(of view: AnyObject) -> String? {
        state.withLock { $0.boundAssetKeys[ObjectIdentifier(view)] }
    }

    // MARK: GoogleSDKCustomNativeAdDelegate

    /// Forwards the SDK's impression as "will log impression", once in all.
    public func customNativeAdDidRecordImpression(_ nativeAd: any GoogleSDKCustomNativeAd) {
        let forwards = state.withLock { state in
            defer { state.impressionForwarded = true }
            return !state.impressionForwarded
        }
        if forwards { delegate?.nativeAdWillLogImpression(self) }
    }

    /// Forwards the SDK's click as "did click".
    public func customNativeAdDidRecordClick(_ nativeAd: any GoogleSDKCustomNativeAd) {
        delegate?.nativeAdDidClick(self)
    }

    /// Forwards as "will present modal".
    public func customNativeAdWillPresentScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {
        delegate?.nativeAdWillPresentModal(self)
    }

    /// Not forwarded: the bridge has one dismissal event, sent on ``customNativeAdDidDismissScreen(_:)``.
    public func customNativeAdWillDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {}

    /// Forwards as "did dismiss modal".
    public func customNativeAdDidDismissScreen(_ nativeAd: any GoogleSDKCustomNativeAd) {
        delegate?.nativeAdDidDismissModal(self)
    }
}

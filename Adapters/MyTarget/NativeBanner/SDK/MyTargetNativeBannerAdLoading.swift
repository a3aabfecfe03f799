/// One native banner ad of the SDK (`MTRGNativeBannerAd`): load it, then register the view that shows it.
///
/// Rules for conformers (the SDK's behaviour, which the adapter relies on):
/// - Hold ``delegate``, ``mediaDelegate`` and ``adChoicesOptionDelegate`` weakly.
/// - After ``load()`` or ``loadFromBid(_:)``, report `onLoad` with the banner or `onLoadFailed` with an error.
///   With a cache policy that preloads images, media is downloaded before `onLoad`; when it fails for good
///   under ``MyTargetNativeBannerAdConfigurable/bannerMediaRecovery``, report `onLoadFailed` instead.
/// - ``register(view:clickableViews:)`` makes the view (or only `clickableViews`, when given) track
///   impressions and clicks; with cache policy none it starts the lazy media download and reports it through
///   ``mediaDelegate``. One view at a time: a host must ``unregisterView()`` before registering the view on
///   another ad.
/// - Report show, click, modal and leave-application events through ``delegate``; AdChoices "hide ad" through
///   ``adChoicesOptionDelegate``.
public protocol MyTargetNativeBannerAdLoading: MyTargetNativeBannerAdConfigurable {
    /// The loaded banner (`banner`), `nil` before the load.
    var banner: MyTargetNativeBanner? { get }
    /// Receives load, show, click, modal and leave events (`delegate`, weak).
    var delegate: (any MyTargetNativeBannerAdDelegate)? { get set }
    /// Receives lazy media download events (`mediaDelegate`, weak).
    var mediaDelegate: (any MyTargetNativeBannerAdMediaDelegate)? { get set }
    /// Decides and hears about closing the ad from the AdChoices menu (`adChoicesOptionDelegate`, weak).
    var adChoicesOptionDelegate: (any MyTargetNativeBannerAdChoicesOptionDelegate)? { get set }

    /// Loads the ad (`load`).
    func load()
    /// Loads the ad for a bid (`loadFromBid:`).
    func loadFromBid(_ bidId: String)
    /// Registers the view showing the ad (`registerView:withController:withClickableViews:`); `nil`
    /// `clickableViews` makes the whole view clickable.
    func register(view: any AnyObject & Sendable, clickableViews: [AnyObject]?)
    /// Unregisters the registered view (`unregisterView`).
    func unregisterView()
    /// Reports a tap on a host-drawn AdChoices icon (`handleAdChoicesClickWithController:sourceView:`).
    func handleAdChoicesClick(sourceView: AnyObject?)
}

/// The content of a loaded native banner (`MTRGNativeBanner`), as the SDK hands it to
/// `onLoadWithNativeBanner:nativeBannerAd:`.
///
/// Every field is optional, as in the SDK. Which fields are filled depends on ``navigationType``: store ads
/// carry ``rating`` and ``votes``, web ads a ``domain``.
public struct MyTargetNativeBanner: Sendable, Hashable {
    /// The headline (`title`).
    public var title: String?
    /// The body text (`descriptionText`).
    public var descriptionText: String?
    /// The button text (`ctaText`).
    public var ctaText: String?
    /// The advertised site's domain, for web ads (`domain`).
    public var domain: String?
    /// The text of the "Ad" label, such as "Реклама" (`advertisingLabel`).
    public var advertisingLabel: String?
    /// The age restriction label, such as "18+" (`ageRestrictions`).
    public var ageRestrictions: String?
    /// The plain disclaimer text. Deprecated by the SDK in favour of ``disclaimerInfo``; read it only as a
    /// fallback.
    public var disclaimer: String?
    /// The disclaimer with its type (`disclaimerInfo`).
    public var disclaimerInfo: MyTargetDisclaimer?
    /// The app's store rating, 0…5, for store ads (`rating`).
    public var rating: Double?
    /// The number of store ratings, 0 when absent (`votes`).
    public var votes: Int
    /// What a click opens (`navigationType`).
    public var navigationType: MyTargetNavigationType
    /// The icon (`icon`).
    public var icon: MyTargetImageData?
    /// The AdChoices icon, for hosts that draw it themselves (`adChoicesIcon`).
    public var adChoicesIcon: MyTargetImageData?
    /// Whether the banner has AdChoices (`hasAdChoices`).
    public var hasAdChoices: Bool
    /// The advertised app's store category (`category`, as in `MTRGMediationNativeAdBanner`).
    public var category: String?
    /// The advertised app's store sub-category (`subcategory`).
    public var subcategory: String?
    /// The advertised app's bundle identifier (`bundleId`).
    public var bundleId: String?
    /// The Russian ad-marking token (`erid`).
    public var erid: String?

    /// Creates banner content; everything is empty by default, navigation type web.
    public init(
        title: String? = nil, descriptionText: String? = nil, ctaText: String? = nil, domain: String? = nil,
        advertisingLabel: String? = nil, ageRestrictions: String? = nil, disclaimer: String? = nil,
        disclaimerInfo: MyTargetDisclaimer? = nil, rating: Double? = nil, votes: Int = 0,
        navigationType: MyTargetNavigationType = .web, icon: MyTargetImageData? = nil,
        adChoicesIcon: MyTargetImageData? = nil, hasAdChoices: Bool = false, category: String? = nil,
        subcategory: String? = nil, bundleId: String? = nil, erid: String? = nil
    ) {
        self.title = title
        self.descriptionText = descriptionText
        self.ctaText = ctaText
        self.domain = domain
        self.advertisingLabel = advertisingLabel
        self.ageRestrictions = ageRestrictions
        self.disclaimer = disclaimer
        self.disclaimerInfo = disclaimerInfo
        self.rating = rating
        self.votes = votes
        self.navigationType = navigationType
        self.icon = icon
        self.adChoicesIcon = adChoicesIcon
        self.hasAdChoices = hasAdChoices
        self.category = category
        self.subcategory = subcategory
        self.bundleId = bundleId
        self.erid = erid
    }
}

import MediationCore
import MyTargetAdapters
import NetworkSandbox

extension MyTargetSandboxContent {
    /// A native banner whose fields carry `properties`, so that the adapter's mapping gives the same unified
    /// values back (see ``MyTargetNativeBannerPropertyMapper``):
    ///
    /// - `title` → `title`, `text` → `descriptionText`, `ctatext` → `ctaText`, `iconimage` → `icon`,
    ///   `agerestriction` → `ageRestrictions`, `disclaimer` → `disclaimerInfo` (type undefined),
    ///   `advertisinglabel` → `advertisingLabel`, `category`, `subcategory`, `erid` → the same fields;
    /// - `starrating` → `rating`, `votes` → `votes` (a whole number), `domain` (or, lacking it, `sponsored`, which
    ///   the adapter fills from the domain) → `domain`;
    /// - `navigationtype` (`web`, `store`, `webform`) → `navigationType`; without it, a store ad when a rating or
    ///   votes are given and no domain or sponsor, else a web ad, since the adapter maps rating and votes for store
    ///   ads only and the domain for web ads only;
    /// - `privacyicon` → the AdChoices icon, with `hasAdChoices`; the adapter maps it back only for the
    ///   drawing-manual AdChoices placement.
    ///
    /// Other keys (main image and media, short title, rectangle image, URLs) are left out: a native banner has no
    /// field for them. Images carry their URL and size only, as the server announces them; the sandbox adds the
    /// bytes when it downloads them. Title, icon and call to action are the adapter's required assets: a banner
    /// lacking one fails to load with `missingRequiredAssets`, as it would with the real SDK.
    public static func banner(carrying properties: NativeAdProperties) -> MyTargetNativeBanner {
        func image(_ key: NativeAdPropertyKey) -> MyTargetImageData? {
            properties.image(key).flatMap { image in image.url.map { MyTargetImageData(url: $0, size: image.size) } }
        }
        let domain = properties.text(.domain) ?? properties.text(.sponsored)
        let votes = properties.number(.votes).flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil } ?? 0
        let adChoicesIcon = image(.privacyIcon)
        return MyTargetNativeBanner(
            title: properties.text(.title),
            descriptionText: properties.text(.text),
            ctaText: properties.text(.callToAction),
            domain: domain,
            advertisingLabel: properties.text(.advertisingLabel),
            ageRestrictions: properties.text(.ageRestriction),
            disclaimerInfo: properties.text(.disclaimer).map { MyTargetDisclaimer(text: $0) },
            rating: properties.number(.starRating),
            votes: votes,
            navigationType: navigationType(of: properties, domain: domain),
            icon: image(.iconImage),
            adChoicesIcon: adChoicesIcon,
            hasAdChoices: adChoicesIcon != nil,
            category: properties.text(.category),
            subcategory: properties.text(.subcategory),
            erid: properties.text(.adMarkingToken))
    }

    private static func navigationType(of properties: NativeAdProperties, domain: String?) -> MyTargetNavigationType {
        if let name = properties.text(.navigationType),
            let given = MyTargetNavigationType.allCases.first(where: { $0.unifiedName == name })
        {
            return given
        }
        let hasStoreFields = properties.number(.starRating) != nil || properties.number(.votes) != nil
        return hasStoreFields && domain == nil ? .store : .web
    }
}

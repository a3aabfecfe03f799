import MediationBridge

/// Maps a myTarget native banner onto the unified ad dictionary.
///
/// | Unified key | myTarget field |
/// |---|---|
/// | `title` | `title` |
/// | `text` | `descriptionText` |
/// | `ctatext` | `ctaText` |
/// | `iconimage` | `icon` (URL, size, and bytes when preloaded) |
/// | `agerestriction` | `ageRestrictions` |
/// | `disclaimer` | `disclaimerInfo.text`, else the deprecated `disclaimer` |
/// | `advertisinglabel` | `advertisingLabel` |
/// | `navigationtype` | `navigationType`: `web`, `store`, `webform` |
/// | `starrating` | `rating`, store ads only, when in 0…5 (otherwise dropped and logged) |
/// | `votes` | `votes`, store ads only, when > 0 |
/// | `domain` | `domain`, web and web-form ads |
/// | `sponsored` | `domain` (see below) |
/// | `category`, `subcategory` | `category`, `subcategory` |
/// | `privacyicon` | `adChoicesIcon`, when `hasAdChoices` and the placement is drawing-manual |
/// | `erid` | `erid` |
///
/// **Sponsored**: vendors disagree (myTarget's old AdMob adapter and MAX use `advertisingLabel`, Google's
/// adapter and myTarget's Android mapper use `domain`). `advertisingLabel` is the text of the "Ad" marker
/// ("Реклама"), not a sponsor, so "Sponsored by Реклама" would be wrong and would also bury the marker that
/// Russian law requires to be shown as given. `domain` names the advertiser, so it fills `sponsored`; both
/// stay available under `domain` and `advertisinglabel`.
///
/// **Privacy icon**: with every placement except drawing-manual the SDK draws the AdChoices icon on the
/// registered view itself; putting it in `privacyicon` too would make a renderer draw a second one.
public enum MyTargetNativeBannerPropertyMapper {
    /// The assets a native banner cannot be shown without (title, icon and call to action, as myTarget's MoPub
    /// adapter required).
    public static let requiredKeys: [NativeAdPropertyKey] = [.title, .iconImage, .callToAction]

    /// The unified properties of `banner`.
    ///
    /// - Parameters:
    ///   - banner: the loaded banner.
    ///   - adChoicesPlacement: the ad's AdChoices placement; the AdChoices icon becomes the privacy icon only
    ///     for ``MyTargetAdChoicesPlacement/drawingManual``.
    ///   - logger: where a dropped out-of-range rating is reported.
    /// - Throws: ``MediationError/missingRequiredAssets(_:)`` listing the absent ``requiredKeys``.
    public static func properties(
        for banner: MyTargetNativeBanner, adChoicesPlacement: MyTargetAdChoicesPlacement,
        logger: any MediationLogger = SilentLogger()
    ) throws(MediationError) -> NativeAdProperties {
        var properties = NativeAdProperties()
        try properties.setText(banner.title, for: .title)
        try properties.setText(banner.descriptionText, for: .text)
        try properties.setText(banner.ctaText, for: .callToAction)
        try properties.setImage(banner.icon?.adImage, for: .iconImage)
        try properties.setText(banner.ageRestrictions, for: .ageRestriction)
        try properties.setText(disclaimerText(of: banner), for: .disclaimer)
        try properties.setText(banner.advertisingLabel, for: .advertisingLabel)
        try properties.setText(banner.navigationType.unifiedName, for: .navigationType)
        try properties.setText(banner.category, for: .category)
        try properties.setText(banner.subcategory, for: .subcategory)
        try properties.setText(banner.erid, for: .adMarkingToken)
        switch banner.navigationType {
        case .store:
            if let rating = checkedRating(banner.rating, logger: logger) {
                try properties.set(.number(rating), for: .starRating)
            }
            if banner.votes > 0 {
                try properties.set(.number(Double(banner.votes)), for: .votes)
            }
        case .web, .webForm:
            try properties.setText(banner.domain, for: .domain)
            try properties.setText(banner.domain, for: .sponsored)
        }
        if banner.hasAdChoices, adChoicesPlacement == .drawingManual {
            try properties.setImage(banner.adChoicesIcon?.adImage, for: .privacyIcon)
        }
        try properties.checkRequired(requiredKeys)
        return properties
    }

    /// `disclaimerInfo.text` when not empty, else the deprecated `disclaimer`.
    public static func disclaimerText(of banner: MyTargetNativeBanner) -> String? {
        if let text = banner.disclaimerInfo?.text, !text.isEmpty { return text }
        return banner.disclaimer
    }

    /// The rating when it lies in 0…5; otherwise `nil`, with a warning: a wrong rating is not clamped into a
    /// plausible-looking one, and it does not cost the fill either.
    private static func checkedRating(_ rating: Double?, logger: any MediationLogger) -> Double? {
        guard let rating else { return nil }
        guard rating.isFinite, NativeAdProperties.starRatingRange.contains(rating) else {
            logger.log(
                .warning, "myTarget: dropped a star rating outside 0...5",
                metadata: ["rating": "\(rating)", "key": NativeAdPropertyKey.starRating.rawValue])
            return nil
        }
        return rating
    }
}

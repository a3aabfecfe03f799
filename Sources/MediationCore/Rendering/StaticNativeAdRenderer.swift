import Foundation

/// The reference renderer (MoPub's `MPStaticNativeAdRenderer`): fills whatever slots a surface offers from
/// the unified properties.
///
/// - Texts go to their labels as they are; an empty or absent sponsor hides the sponsored label.
/// - The call to action is a ``NativeAdSlotContent/link(title:url:)`` to the ad's `defaultActionURL` when that
///   is http or https, plain text otherwise.
/// - Ad marking: the advertising label (``defaultAdvertisingLabel`` when the ad has none), the age
///   restriction, the disclaimer and the advertiser (`domain`) line go to their slots.
/// - The star rating is laid out only for a number in 0…5.
/// - The main media slot gets the media content; a surface without one gets the main image instead.
/// - Extra assets go to the custom-assets slot when it exists.
public struct StaticNativeAdRenderer: NativeAdRenderer {
    /// The badge shown when an ad carries no advertising label of its own.
    public static let defaultAdvertisingLabel = "Ad"

    /// The settings the renderer was made with.
    public let settings: any NativeAdRendererSettings

    /// Creates the renderer.
    public init(settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings()) {
        self.settings = settings
    }

    /// A configuration listing `customEvents`.
    public static func configuration(
        settings: any NativeAdRendererSettings = StaticNativeAdRendererSettings(), customEvents: [String]
    ) -> NativeAdRendererConfiguration {
        NativeAdRendererConfiguration(
            rendererType: StaticNativeAdRenderer.self, settings: settings, supportedCustomEvents: customEvents)
    }

    /// Fills the surface's slots from `adapter.properties`, the CTA linking to `adapter.defaultActionURL`.
    @MainActor
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        let contents = Self.contents(for: adapter.properties, clickURL: adapter.defaultActionURL, surface: surface)
        for (slot, content) in contents {
            surface.fill(slot, with: content)
        }
    }

    /// What each offered slot of `surface` gets from `properties`, in slot order.
    @MainActor
    public static func contents(
        for properties: NativeAdProperties, clickURL: URL? = nil, surface: any NativeAdRendering
    ) -> [(NativeAdSlot, NativeAdSlotContent)] {
        contents(for: properties, clickURL: clickURL, slots: surface.availableSlots) { sponsor in
            surface.localizedSponsoredByText(sponsorName: sponsor)
        }
    }

    /// What each of `slots` gets from `properties`, in slot order, without a surface (for HTML and previews).
    ///
    /// - Parameters:
    ///   - properties: the unified ad dictionary.
    ///   - clickURL: where the call to action leads; used only when http or https.
    ///   - slots: the slots to fill.
    ///   - sponsoredByText: the "Sponsored by" text for a sponsor name, `nil` for the default.
    public static func contents(
        for properties: NativeAdProperties, clickURL: URL? = nil, slots: Set<NativeAdSlot>,
        sponsoredByText: (String) -> String? = { _ in nil }
    ) -> [(NativeAdSlot, NativeAdSlotContent)] {
        var contents: [(NativeAdSlot, NativeAdSlotContent)] = []
        func offer(_ slot: NativeAdSlot, _ content: NativeAdSlotContent?) {
            if slots.contains(slot), let content { contents.append((slot, content)) }
        }
        func nonEmptyText(_ key: NativeAdPropertyKey) -> String? {
            properties.text(key).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        }
        offer(.advertisingLabel, .text(nonEmptyText(.advertisingLabel) ?? defaultAdvertisingLabel))
        offer(.ageRestriction, nonEmptyText(.ageRestriction).map { .text($0) })
        offer(.title, .text(properties.text(.title)))
        offer(.advertiser, nonEmptyText(.domain).map { .text($0) })
        offer(.mainText, .text(properties.text(.text)))
        if let title = properties.text(.callToAction), let url = safeLinkURL(clickURL) {
            offer(.callToAction, .link(title: title, url: url))
        } else {
            offer(.callToAction, .text(properties.text(.callToAction)))
        }
        offer(.icon, properties.image(.iconImage).map(NativeAdSlotContent.image))
        offer(.mainImage, properties.image(.mainImage).map(NativeAdSlotContent.image))
        if let media = properties.media(.mainMedia) {
            offer(.mainMedia, .media(media))
        } else if !slots.contains(.mainImage), let image = properties.image(.mainImage) {
            offer(.mainMedia, .media(MediaContent(hasVideo: false, image: image)))
        }
        let sponsor = properties.text(.sponsored).flatMap { $0.isEmpty ? nil : $0 }
        offer(.sponsoredBy, .text(sponsor.map { sponsoredByText($0) ?? "Sponsored by \($0)" }))
        if let rating = properties.number(.starRating), NativeAdProperties.starRatingRange.contains(rating) {
            offer(.starRating, .starRating(rating))
        }
        offer(.disclaimer, nonEmptyText(.disclaimer).map { .text($0) })
        offer(.privacyIcon, properties.image(.privacyIcon).map(NativeAdSlotContent.image))
        let extras = properties.extras
        offer(.customAssets, extras.isEmpty ? nil : .customAssets(extras))
        return contents
    }

    /// `url` when ``MediationURLPolicy`` allows it as content (absolute http or https with a host); `nil` otherwise.
    public static func safeLinkURL(_ url: URL?) -> URL? {
        url.flatMap { MediationURLPolicy.isAllowedContentURL($0) ? $0 : nil }
    }
}

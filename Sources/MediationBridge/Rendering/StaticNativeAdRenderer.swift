import Foundation

/// The reference renderer (MoPub's `MPStaticNativeAdRenderer`): fills whatever slots a surface offers from
/// the unified properties.
///
/// - Texts go to their labels as they are; an empty or absent sponsor hides the sponsored label.
/// - The call to action is a ``NativeAdSlotContent/link(title:url:)`` to the ad's `defaultActionURL` when that
///   is http or https, plain text otherwise.
/// - Ad marking: the advertising label ("Ad" when the ad has none), the age restriction, the disclaimer and the
///   advertiser (`domain`) line go to their slots.
/// - The star rating is laid out only for a number in 0…5.
/// - The main media slot gets the media content; a surface without one gets the main image instead.
/// - Extra assets go to the custom-assets slot when it exists.
/// - An ad whose network draws an asset itself into a view the host provides
///   (``NativeAdViewBindingAdapter/networkDrawnSlots``) is refused before anything is filled: the slots would
///   get a card without that asset.
public struct StaticNativeAdRenderer: NativeAdRenderer {
    /// The badge shown when an ad carries no advertising label of its own.
    package static let defaultAdvertisingLabel = "Ad"

    /// The settings the renderer was made with.
    package let settings: any NativeAdRendererSettings

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
    ///
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `renderer`, naming the slot and
    ///   pointing to ``ViewBindingNativeAdRenderer``, when the network draws an asset itself
    ///   (``NativeAdViewBindingAdapter/networkDrawnSlots`` of an adapter that binds asset views); nothing is
    ///   filled then.
    @MainActor
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        if let binding = adapter as? any NativeAdViewBindingAdapter, binding.bindsAssetViews,
            let drawn = binding.networkDrawnSlots.min()
        {
            let name = binding.assetName(for: drawn).map { " (\($0))" } ?? ""
            throw .invalidConfiguration(
                path: "renderer",
                reason: "the ad's network draws the '\(drawn)' asset\(name) itself into a view the host provides;"
                    + " StaticNativeAdRenderer has no such view and would show the ad without it"
                    + " (use ViewBindingNativeAdRenderer with a NativeAdViewBindingSurface)")
        }
        fill(adapter, into: surface)
    }

    /// Fills the surface's slots without refusing network-drawn assets (the view-binding renderer binds them).
    @MainActor
    func fill(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) {
        let contents = Self.contents(for: adapter.properties, clickURL: adapter.defaultActionURL, surface: surface)
        for (slot, content) in contents {
            surface.fill(slot, with: content)
        }
    }

    /// What each offered slot of `surface` gets from `properties`, in slot order.
    @MainActor
    package static func contents(
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
    package static func contents(
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
    package static func safeLinkURL(_ url: URL?) -> URL? {
        url.flatMap { MediationURLPolicy.isAllowedContentURL($0) ? $0 : nil }
    }
}

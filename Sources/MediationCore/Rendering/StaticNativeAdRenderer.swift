/// The reference renderer (MoPub's `MPStaticNativeAdRenderer`): fills whatever slots a surface offers from
/// the unified properties.
///
/// - Texts go to their labels as they are; an empty or absent sponsor hides the sponsored label.
/// - The star rating is laid out only for a number in 0…5.
/// - The main media slot gets the media content; a surface without one gets the main image instead.
/// - Extra assets go to the custom-assets slot when it exists.
public struct StaticNativeAdRenderer: NativeAdRenderer {
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

    /// Fills the surface's slots from `adapter.properties`.
    public func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError) {
        for (slot, content) in Self.contents(for: adapter.properties, surface: surface) {
            surface.fill(slot, with: content)
        }
    }

    /// What each offered slot of `surface` gets from `properties`, in slot order.
    public static func contents(for properties: NativeAdProperties, surface: any NativeAdRendering)
        -> [(NativeAdSlot, NativeAdSlotContent)]
    {
        let slots = surface.availableSlots
        var contents: [(NativeAdSlot, NativeAdSlotContent)] = []
        func offer(_ slot: NativeAdSlot, _ content: NativeAdSlotContent?) {
            if slots.contains(slot), let content { contents.append((slot, content)) }
        }
        offer(.title, .text(properties.text(.title)))
        offer(.mainText, .text(properties.text(.text)))
        offer(.callToAction, .text(properties.text(.callToAction)))
        offer(.icon, properties.image(.iconImage).map(NativeAdSlotContent.image))
        offer(.mainImage, properties.image(.mainImage).map(NativeAdSlotContent.image))
        if let media = properties.media(.mainMedia) {
            offer(.mainMedia, .media(media))
        } else if !slots.contains(.mainImage), let image = properties.image(.mainImage) {
            offer(.mainMedia, .media(MediaContent(hasVideo: false, image: image)))
        }
        let sponsor = properties.text(.sponsored).flatMap { $0.isEmpty ? nil : $0 }
        offer(
            .sponsoredBy,
            .text(sponsor.map { surface.localizedSponsoredByText(sponsorName: $0) ?? "Sponsored by \($0)" }))
        if let rating = properties.number(.starRating), NativeAdProperties.starRatingRange.contains(rating) {
            offer(.starRating, .starRating(rating))
        }
        offer(.privacyIcon, properties.image(.privacyIcon).map(NativeAdSlotContent.image))
        let extras = properties.extras
        offer(.customAssets, extras.isEmpty ? nil : .customAssets(extras))
        return contents
    }
}

/// A slot of a rendering surface that a renderer can fill.
public enum NativeAdSlot: String, Sendable, Hashable, Codable, CaseIterable {
    /// Headline label.
    case title
    /// Body text label.
    case mainText
    /// Call-to-action button.
    case callToAction
    /// Icon image view.
    case icon
    /// Main image view.
    case mainImage
    /// Main media view (video or image content).
    case mainMedia
    /// "Sponsored by" label.
    case sponsoredBy
    /// Star rating view.
    case starRating
    /// Privacy / AdChoices icon view.
    case privacyIcon
    /// Whatever the surface lays out from the network's extra assets.
    case customAssets
}

/// What a renderer puts into a slot.
public enum NativeAdSlotContent: Sendable, Hashable {
    /// Text for a label; `nil` means "hide the label".
    case text(String?)
    /// An image for an image view.
    case image(AdImage)
    /// Media for the media view.
    case media(MediaContent)
    /// A star rating in 0…5.
    case starRating(Double)
    /// The extra assets, for custom layout.
    case customAssets(NativeAdProperties)
}

/// The surface a renderer fills (MoPub's `MPNativeAdRendering`): a view with optional slots.
///
/// Rules for conformers: list the slots you have in ``availableSlots``; renderers fill only those, like
/// MoPub's static renderer filling only the labels a view responds to. A UIKit view conforms on Apple
/// platforms; on Linux, ``NativeAdCard`` records what was filled.
public protocol NativeAdRendering: AnyObject, Sendable {
    /// The slots this surface has.
    var availableSlots: Set<NativeAdSlot> { get }

    /// Puts `content` into `slot`; called only for slots in ``availableSlots``.
    func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent)

    /// The surface's own "Sponsored by" text for `sponsorName`, or `nil` for the default. `nil` by default.
    func localizedSponsoredByText(sponsorName: String) -> String?
}

extension NativeAdRendering {
    /// `nil` by default: renderers then use "Sponsored by NAME".
    public func localizedSponsoredByText(sponsorName: String) -> String? { nil }
}

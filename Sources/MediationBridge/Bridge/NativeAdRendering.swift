import Foundation

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
    /// The advertising label or badge ("Реклама", "Ad"); renderers fill "Ad" when the ad has none.
    case advertisingLabel
    /// The age restriction label ("18+").
    case ageRestriction
    /// The legal disclaimer text (medicines, financial services, …).
    case disclaimer
    /// The advertiser or domain line ("example.com").
    case advertiser
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
    /// A call to action that opens `url` (always http or https): a button or link.
    case link(title: String, url: URL)

    /// The text of a text or link content; `nil` otherwise.
    public var text: String? {
        switch self {
        case .text(let text): text
        case .link(let title, _): title
        default: nil
        }
    }
}

/// The surface a renderer fills (MoPub's `MPNativeAdRendering`): a view with optional slots.
///
/// Rendering runs on the main actor, so a UIKit view (a `@MainActor` class) adopts it directly:
/// `final class AdView: UIView, NativeAdRendering`. On Linux, `NativeAdCard` records what was filled.
///
/// Rules for conformers: list the slots you have in ``availableSlots``; renderers fill only those, like
/// MoPub's static renderer filling only the labels a view responds to. Show the ad-marking slots
/// (``NativeAdSlot/advertisingLabel``, ``NativeAdSlot/ageRestriction``, ``NativeAdSlot/disclaimer``) when the
/// ad's network requires them on screen (docs/unified-ad.md lists which).
@MainActor
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

/// Names one of the host's asset views that a view-binding network registers (Google Mobile Ads'
/// `GADNativeAdView` outlets: `headlineView`, `bodyView`, `callToActionView`, `iconView`, `mediaView`, …).
///
/// The well-known slots below cover the outlets the big SDKs share; a network-specific view (Yandex's
/// `feedbackButton`, a sponsored-label view) uses its own name: `NativeAdAssetViewSlot(rawValue: "feedback")`.
public struct NativeAdAssetViewSlot: RawRepresentable, Sendable, Hashable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The slot's name.
    public let rawValue: String

    /// Creates a slot from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a slot from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The name.
    public var description: String { rawValue }

    /// Orders by name.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Headline label (`headlineView`).
    public static let title: Self = "title"
    /// Body text label (`bodyView`).
    public static let body: Self = "body"
    /// Call-to-action button (`callToActionView`).
    public static let callToAction: Self = "callToAction"
    /// Icon image view (`iconView`).
    public static let icon: Self = "icon"
    /// Main image view (`imageView`, older SDKs).
    public static let mainImage: Self = "mainImage"
    /// Main media view (`mediaView`).
    public static let media: Self = "media"
    /// Advertiser label (`advertiserView`).
    public static let advertiser: Self = "advertiser"
    /// Star rating view (`starRatingView`).
    public static let starRating: Self = "starRating"
    /// Price label (`priceView`).
    public static let price: Self = "price"
    /// Store label (`storeView`).
    public static let store: Self = "store"
    /// AdChoices / privacy icon view (`adChoicesView`).
    public static let privacyIcon: Self = "privacyIcon"
    /// The "Ad" / «Реклама» label (Yandex's `sponsoredLabel`).
    public static let advertisingLabel: Self = "advertisingLabel"
    /// Age restriction label (Yandex's `ageLabel`).
    public static let ageRestriction: Self = "ageRestriction"
    /// Legal disclaimer label (Yandex's `warningLabel`).
    public static let disclaimer: Self = "disclaimer"
    /// Domain label (Yandex's `domainLabel`).
    public static let domain: Self = "domain"

    /// The slot whose view shows unified `key`, for the well-known keys that have one; `nil` otherwise.
    public static func forPropertyKey(_ key: NativeAdPropertyKey) -> Self? {
        switch key {
        case .title: .title
        case .text: .body
        case .callToAction: .callToAction
        case .iconImage: .icon
        case .mainImage: .mainImage
        case .mainMedia: .media
        case .sponsored: .advertiser
        case .starRating: .starRating
        case .privacyIcon: .privacyIcon
        case .advertisingLabel: .advertisingLabel
        case .ageRestriction: .ageRestriction
        case .disclaimer: .disclaimer
        case .domain: .domain
        default: nil
        }
    }
}

/// A key of the unified ad dictionary.
///
/// Well-known keys keep MoPub's exact strings where MoPub had one; the rest name what myTarget, Google custom
/// native and TAMedia carry. Any other string is a valid key too: networks' extra assets pass through under
/// their own names.
public struct NativeAdPropertyKey: RawRepresentable, Sendable, Hashable, Comparable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The key's string, as it appears in JSON.
    public var rawValue: String

    /// Creates a key from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The key's string.
    public var description: String { rawValue }

    /// Orders keys by their strings.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension NativeAdPropertyKey {
    /// Headline (MoPub `title`). Text.
    public static let title: Self = "title"
    /// Body text (MoPub `text`). Text.
    public static let text: Self = "text"
    /// Call-to-action button text (MoPub `ctatext`). Text.
    public static let callToAction: Self = "ctatext"
    /// Small square icon (MoPub `iconimage`). Image.
    public static let iconImage: Self = "iconimage"
    /// Large main image (MoPub `mainimage`). Image.
    public static let mainImage: Self = "mainimage"
    /// Main media: video or image content (MoPub `mainmediaview`). Media.
    public static let mainMedia: Self = "mainmediaview"
    /// Star rating, 0…5 (MoPub `starrating`). Number.
    public static let starRating: Self = "starrating"
    /// Sponsor or advertiser name shown as "Sponsored by …" (MoPub `sponsored`). Text.
    public static let sponsored: Self = "sponsored"
    /// Privacy / AdChoices icon (MoPub `privacyicon`). Image.
    public static let privacyIcon: Self = "privacyicon"
    /// Where a tap on the privacy icon leads (MoPub `privacyclkurl`). URL.
    public static let privacyClickURL: Self = "privacyclkurl"
    /// Age restriction label such as `18+` (myTarget `ageRestrictions`). Text.
    public static let ageRestriction: Self = "agerestriction"
    /// Legal disclaimer, such as a medicine or alcohol warning (myTarget `disclaimerInfo.text`). Text.
    public static let disclaimer: Self = "disclaimer"
    /// The network's "Ad"/"Advertising" label text (myTarget `advertisingLabel`). Text.
    public static let advertisingLabel: Self = "advertisinglabel"
    /// The advertised site's domain (myTarget `domain`, web ads). Text.
    public static let domain: Self = "domain"
    /// Number of store ratings behind the star rating (myTarget `votes`, store ads). Number.
    public static let votes: Self = "votes"
    /// Store category of the advertised app (myTarget `category`). Text.
    public static let category: Self = "category"
    /// Store sub-category of the advertised app (myTarget `subcategory`). Text.
    public static let subcategory: Self = "subcategory"
    /// What a click opens: `store`, `web` or `webform` (myTarget `navigationType`). Text.
    public static let navigationType: Self = "navigationtype"
    /// Short headline, when the network has a long and a short one (TAMedia `shortSubject`). Text.
    public static let shortTitle: Self = "shorttitle"
    /// Rectangular (landscape) image, besides the square icon (TAMedia `iconRect`). Image.
    public static let rectangleImage: Self = "rectimage"
    /// Russian ad-marking token (myTarget `erid`). Text.
    public static let adMarkingToken: Self = "erid"

    /// Every well-known key, in the order of docs/unified-ad.md.
    package static let wellKnown: [Self] = [
        .title, .text, .callToAction, .iconImage, .mainImage, .mainMedia, .starRating, .sponsored, .privacyIcon,
        .privacyClickURL, .ageRestriction, .disclaimer, .advertisingLabel, .domain, .votes, .category,
        .subcategory, .navigationType, .shortTitle, .rectangleImage, .adMarkingToken,
    ]

    /// Whether this is one of ``wellKnown``; other keys are extras.
    package var isWellKnown: Bool { Self.expectedKinds[self] != nil }

    /// The value kind a well-known key must hold; `nil` for extras, which may hold any kind.
    public var expectedKind: NativeAdValue.Kind? { Self.expectedKinds[self] }

    private static let expectedKinds: [Self: NativeAdValue.Kind] = [
        .title: .text, .text: .text, .callToAction: .text, .iconImage: .image, .mainImage: .image,
        .mainMedia: .media, .starRating: .number, .sponsored: .text, .privacyIcon: .image,
        .privacyClickURL: .url, .ageRestriction: .text, .disclaimer: .text, .advertisingLabel: .text,
        .domain: .text, .votes: .number, .category: .text, .subcategory: .text, .navigationType: .text,
        .shortTitle: .text, .rectangleImage: .image, .adMarkingToken: .text,
    ]
}

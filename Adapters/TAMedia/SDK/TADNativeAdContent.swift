/// What a loaded TAMedia native ad carries (`TADNativeAdContent`, read from `nativeAd.adContent`).
///
/// Every field is optional: the seed's adapter put them straight into a dictionary literal, which a missing
/// field would crash; the adapter here treats each as optional.
public struct TADNativeAdContent: Sendable, Hashable {
    /// The long headline (`longSubject`).
    public var longSubject: String?
    /// The short headline (`shortSubject`).
    public var shortSubject: String?
    /// The body text (`body`).
    public var body: String?
    /// The call-to-action text (`callToAction`).
    public var callToAction: String?
    /// The square icon (`iconSquare`).
    public var iconSquare: TADNativeAdImage?
    /// The rectangular image (`iconRect`), shown in the view's `rectangleImgeView`.
    public var iconRect: TADNativeAdImage?
    /// The media view's content (`mediaContent`).
    public var mediaContent: TADMediaContent?

    /// Creates content.
    public init(
        longSubject: String? = nil, shortSubject: String? = nil, body: String? = nil, callToAction: String? = nil,
        iconSquare: TADNativeAdImage? = nil, iconRect: TADNativeAdImage? = nil, mediaContent: TADMediaContent? = nil
    ) {
        self.longSubject = longSubject
        self.shortSubject = shortSubject
        self.body = body
        self.callToAction = callToAction
        self.iconSquare = iconSquare
        self.iconRect = iconRect
        self.mediaContent = mediaContent
    }
}

/// What a loaded TAMedia native ad carries (`TAMediaSDKNativeAdContent`, read from `nativeAd.adContent`).
///
/// Every field is optional: TAMedia's sample adapter put them straight into a dictionary literal, which a missing
/// field would crash; the adapter here treats each as optional.
public struct TAMediaSDKNativeAdContent: Sendable, Hashable {
    /// The long headline (`longSubject`).
    public var longSubject: String?
    /// The short headline (`shortSubject`).
    public var shortSubject: String?
    /// The body text (`body`).
    public var body: String?
    /// The call-to-action text (`callToAction`).
    public var callToAction: String?
    /// The square icon (`iconSquare`).
    public var iconSquare: TAMediaSDKNativeAdImage?
    /// The rectangular image (`iconRect`), shown in the view's `rectangleImgeView`.
    public var iconRect: TAMediaSDKNativeAdImage?
    /// The media view's content (`mediaContent`).
    public var mediaContent: TAMediaSDKMediaContent?

    /// Creates content.
    public init(
        longSubject: String? = nil, shortSubject: String? = nil, body: String? = nil, callToAction: String? = nil,
        iconSquare: TAMediaSDKNativeAdImage? = nil, iconRect: TAMediaSDKNativeAdImage? = nil,
        mediaContent: TAMediaSDKMediaContent? = nil
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

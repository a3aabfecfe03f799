/// The media of a Google native ad (`GoogleSDKMediaContent`, Swift `MediaContent`), as a snapshot.
///
/// Google's guide: when ``hasVideoContent`` is `true` show the media (a `GADMediaView` on iOS); otherwise show
/// an image asset (`MainImage`) instead.
public struct GoogleSDKMediaContent: Sendable, Hashable {
    /// Whether the ad has video content (`hasVideoContent`).
    public var hasVideoContent: Bool
    /// Width divided by height (`aspectRatio`); 0 when the ad has no media.
    public var aspectRatio: Double
    /// The video's length in seconds (`duration`); 0 without video.
    public var duration: Double
    /// The playback position in seconds (`currentTime`).
    public var currentTime: Double
    /// The image shown in the media view when there is no video, or the video's poster (`mainImage`).
    public var mainImage: GoogleSDKNativeAdImage?

    /// Creates media content.
    public init(
        hasVideoContent: Bool, aspectRatio: Double = 0, duration: Double = 0, currentTime: Double = 0,
        mainImage: GoogleSDKNativeAdImage? = nil
    ) {
        self.hasVideoContent = hasVideoContent
        self.aspectRatio = aspectRatio
        self.duration = duration
        self.currentTime = currentTime
        self.mainImage = mainImage
    }

    /// No media: no video, aspect ratio 0.
    public static let none = GoogleSDKMediaContent(hasVideoContent: false)
}

import Foundation

/// The content a `TADNativeMediaView` shows (`adContent.mediaContent`): a video or a still image.
///
/// No public header describes it; the fields are the ones a media view needs.
public struct TAMediaSDKMediaContent: Sendable, Hashable {
    /// Whether the content is a video.
    public var hasVideoContent: Bool
    /// Width divided by height, when known.
    public var aspectRatio: Double?
    /// The video's length in seconds, when a video.
    public var duration: Double?
    /// Where the video plays from, when exposed.
    public var videoURL: URL?
    /// The still image (the picture itself, or a video's poster).
    public var image: TAMediaSDKNativeAdImage?

    /// Creates media content.
    public init(
        hasVideoContent: Bool, aspectRatio: Double? = nil, duration: Double? = nil, videoURL: URL? = nil,
        image: TAMediaSDKNativeAdImage? = nil
    ) {
        self.hasVideoContent = hasVideoContent
        self.aspectRatio = aspectRatio
        self.duration = duration
        self.videoURL = videoURL
        self.image = image
    }
}

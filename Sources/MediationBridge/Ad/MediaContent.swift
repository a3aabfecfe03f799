import Foundation

/// The main media of an ad: a video, or image content shown in the media slot.
public struct MediaContent: Sendable, Hashable, Codable {
    /// Whether the media is a video.
    public var hasVideo: Bool
    /// Width divided by height, when known.
    public var aspectRatio: Double?
    /// Video length in seconds, when a video.
    public var durationSeconds: Double?
    /// Where the video is played from, when the network exposes it.
    public var videoURL: URL?
    /// A still image for the media slot (poster frame or main image), when there is one.
    public var image: AdImage?

    /// Creates media content.
    public init(
        hasVideo: Bool, aspectRatio: Double? = nil, durationSeconds: Double? = nil, videoURL: URL? = nil,
        image: AdImage? = nil
    ) {
        self.hasVideo = hasVideo
        self.aspectRatio = aspectRatio
        self.durationSeconds = durationSeconds
        self.videoURL = videoURL
        self.image = image
    }
}

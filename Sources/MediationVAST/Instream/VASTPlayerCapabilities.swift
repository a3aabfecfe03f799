/// What the host's player can play, for ``VASTMediaSelector``.
public struct VASTPlayerCapabilities: Sendable, Equatable {
    /// The MIME types the player plays (compared ignoring case and parameters such as `; codecs=…`).
    public var mimeTypes: [String]
    /// The highest bitrate in kbit/s the player should take; `nil` for no cap.
    public var maxBitrate: Int?
    /// The screen (or player) width in pixels; `0` when unknown.
    public var screenWidth: Int
    /// The screen (or player) height in pixels; `0` when unknown.
    public var screenHeight: Int
    /// Whether progressive files are preferred over streaming ones of the same ad (default `true`).
    public var prefersProgressive: Bool
    /// Whether streaming delivery is played at all (default `true`).
    public var playsStreaming: Bool

    /// Creates capabilities.
    public init(
        mimeTypes: [String], maxBitrate: Int? = nil, screenWidth: Int = 0, screenHeight: Int = 0,
        prefersProgressive: Bool = true, playsStreaming: Bool = true
    ) {
        self.mimeTypes = mimeTypes
        self.maxBitrate = maxBitrate
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.prefersProgressive = prefersProgressive
        self.playsStreaming = playsStreaming
    }

    /// MP4, WebM, HLS and the common audio types, no bitrate cap, size unknown.
    public static let standard = VASTPlayerCapabilities(
        mimeTypes: [
            "video/mp4", "video/webm", "video/quicktime", "application/x-mpegURL", "application/vnd.apple.mpegurl",
            "audio/mpeg", "audio/mp4", "audio/aac",
        ])
}

/// Whether an in-stream ad is video or audio.
public enum InstreamAdFormat: String, Sendable, Hashable, Codable {
    /// In-stream video.
    case video
    /// In-stream audio.
    case audio
}

import Foundation
import MediationBridge

/// One scripted in-stream ad: what the session reports about it and the media the player plays.
public struct SimulatedInstreamBanner: Sendable, Hashable {
    /// The banner as reported at start and complete.
    public var banner: InstreamAdBanner
    /// The media URL handed to the player.
    public var mediaURL: URL

    /// Creates a scripted ad.
    public init(banner: InstreamAdBanner, mediaURL: URL) {
        self.banner = banner
        self.mediaURL = mediaURL
    }
}

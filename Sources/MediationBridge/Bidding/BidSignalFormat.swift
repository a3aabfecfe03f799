/// The ad format a bid signal is collected for.
public enum BidSignalFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// A native ad.
    case native
    /// An in-stream video ad.
    case instreamVideo
    /// An in-stream audio ad.
    case instreamAudio
}

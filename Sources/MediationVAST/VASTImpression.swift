import Foundation

/// An `Impression` URL.
public struct VASTImpression: Sendable, Hashable {
    /// `id`, when given.
    public var id: String?
    /// The URL to ping when the ad's first frame shows.
    public var url: URL
}

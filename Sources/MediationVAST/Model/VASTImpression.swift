import Foundation

/// An `Impression` URL.
public struct VASTImpression: Sendable, Hashable {
    /// `id`, when given.
    public var id: String?
    /// The URL to ping when the ad's first frame shows, made from its text when asked for.
    public var url: URL {
        get { urlText.url }
        set { urlText = VASTURLText(newValue) }
    }
    /// The URL's text.
    var urlText: VASTURLText
}

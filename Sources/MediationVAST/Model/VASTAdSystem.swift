/// `AdSystem`: the ad server that returned the ad.
public struct VASTAdSystem: Sendable, Hashable {
    /// The server's name.
    public var name: String
    /// `version`, when given.
    public var version: String?
}

/// What a ``BidSignalProvider`` is asked for: the ad unit, the format and the request's privacy.
public struct BidSignalRequest: Sendable, Hashable {
    /// The ad unit the ad request is for.
    public var adUnitID: String
    /// The format the ad unit serves.
    public var format: BidSignalFormat
    /// The request's privacy settings; pass them to the network's token call.
    public var privacy: PrivacySettings

    /// Creates a request.
    public init(adUnitID: String, format: BidSignalFormat, privacy: PrivacySettings) {
        self.adUnitID = adUnitID
        self.format = format
        self.privacy = privacy
    }
}

import Foundation

/// What an ``InstreamCustomEvent`` needs to load: its line's info, the midpoints, targeting and the player.
public struct InstreamAdRequest: Sendable {
    /// The custom event's configuration (such as myTarget's `slotId`), as in a waterfall line.
    public var info: CustomEventInfo
    /// The midpoints the host configured, in seconds; `nil` means the server's.
    public var midpoints: [Double]?
    /// The midpoints as the host configured them (seconds, percent or the server's), for networks that take
    /// percentages themselves; ``midpoints`` holds the same in seconds.
    public var midpointConfiguration: InstreamMidpoints
    /// The content duration in seconds.
    public var contentDuration: TimeInterval
    /// Targeting, already redacted for ``privacy``.
    public var targeting: Targeting
    /// The user's privacy choices.
    public var privacy: PrivacySettings
    /// The player the network must play through.
    public var player: any InstreamAdPlayer
    /// The session's clock; every delay the network takes must use it.
    public var clock: MediationClock
    /// Which click URLs the host may open (the session's ``MediationURLPolicy``). Report a banner's click URL only
    /// when `urlPolicy.isAllowedClickURL(_:)` allows it; leave it `nil` otherwise (the session drops a refused one
    /// too, and still passes the click on to ``InstreamCustomEvent/trackClick()``).
    public var urlPolicy: MediationURLPolicy = .default
    /// The line's bid markup (`adm`), when the line is a bid, such as a video bid's VAST document; `nil` for an
    /// ordinary line. Only custom events that declare ``InstreamCustomEvent/supportsBidding`` get one.
    public var adMarkup: String?

    /// Creates a request.
    public init(
        info: CustomEventInfo, midpoints: [Double]?, midpointConfiguration: InstreamMidpoints = .server,
        contentDuration: TimeInterval, targeting: Targeting,
        privacy: PrivacySettings, player: any InstreamAdPlayer, clock: MediationClock
    ) {
        self.info = info
        self.midpoints = midpoints
        self.midpointConfiguration = midpointConfiguration
        self.contentDuration = contentDuration
        self.targeting = targeting
        self.privacy = privacy
        self.player = player
        self.clock = clock
    }
}

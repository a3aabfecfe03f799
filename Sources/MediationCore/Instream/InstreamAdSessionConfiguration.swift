import Foundation

/// How an ``InstreamAdSession`` loads: loading timeout, midpoints, content duration, targeting and privacy.
public struct InstreamAdSessionConfiguration: Sendable {
    /// The default loading timeout, 10 seconds.
    @usableFromInline package static let defaultLoadingTimeout: Duration = .seconds(10)
    /// The shortest loading timeout, 5 seconds; shorter values are raised to it.
    package static let minimumLoadingTimeout: Duration = .seconds(5)

    /// The custom event's info (such as myTarget's `slotId`).
    public var info: CustomEventInfo
    /// The loading timeout as asked (10 seconds by default); a session raises one under 5 seconds to 5 seconds.
    public var loadingTimeout: Duration
    /// The midpoints; ``InstreamMidpoints/server`` by default.
    public var midpoints: InstreamMidpoints
    /// The content duration in seconds (needed for percent midpoints).
    public var contentDuration: TimeInterval
    /// Age, gender and language; redacted for ``privacy`` before they reach the network.
    public var targeting: Targeting
    /// The user's privacy choices; there is no unrestricted default. A session made with a mediator
    /// (``InstreamAdSession/init(mediator:response:player:configuration:urlOpener:trackerPinger:)``) takes the
    /// mediator's instead, as native runs do: ``Mediator/privacy`` when each run starts.
    public var privacy: PrivacySettings
    /// Which click URLs may be opened: http(s) and the declared deep-link schemes.
    public var urlPolicy: MediationURLPolicy

    /// Creates a configuration; `privacy` is the user's (there is no default: pass the mediator's, or your CMP's).
    public init(
        info: CustomEventInfo, loadingTimeout: Duration = defaultLoadingTimeout,
        midpoints: InstreamMidpoints = .server, contentDuration: TimeInterval = 0, targeting: Targeting = .none,
        privacy: PrivacySettings, urlPolicy: MediationURLPolicy = .default
    ) {
        self.info = info
        self.loadingTimeout = loadingTimeout
        self.midpoints = midpoints
        self.contentDuration = contentDuration
        self.targeting = targeting
        self.privacy = privacy
        self.urlPolicy = urlPolicy
    }

    /// The loading timeout in force: ``loadingTimeout`` raised to at least 5 seconds.
    package var effectiveLoadingTimeout: Duration {
        max(loadingTimeout, Self.minimumLoadingTimeout)
    }
}

import Foundation

/// One ad (video or audio) within a section, as banner start and complete report it.
///
/// Video uses ``allowClose``, ``allowCloseDelay``, ``width``/``height`` and ``ctaText``; audio uses `allowSeek`,
/// ``allowSkip``, `allowTrackChange`, ``adText`` and ``companionBanners``.
public struct InstreamAdBanner: Sendable, Hashable {
    /// The banner's identifier within its session.
    public var identifier: String
    /// Video or audio.
    public var format: InstreamAdFormat
    /// The duration in seconds.
    public var duration: TimeInterval
    /// Where a click leads (http(s), or a deep link the URL policy declares).
    public var clickURL: URL?
    /// Video: whether the user may close (skip) the ad.
    public var allowClose: Bool
    /// Video: seconds after the banner starts before it may be closed.
    public var allowCloseDelay: TimeInterval
    /// Video: the media width in pixels.
    public var width: Double
    /// Video: the media height in pixels.
    public var height: Double
    /// Video: the call-to-action text.
    public var ctaText: String?
    /// Audio: whether the user may seek within the ad.
    package var allowSeek: Bool
    /// Audio: whether the user may skip the ad.
    public var allowSkip: Bool
    /// Audio: whether the user may change track during the ad.
    package var allowTrackChange: Bool
    /// Audio: the advertising text.
    public var adText: String?
    /// Audio: companion banners to show beside the ad.
    public var companionBanners: [InstreamCompanionBanner]

    /// Creates a banner; every permission defaults to "not allowed".
    public init(
        identifier: String, format: InstreamAdFormat, duration: TimeInterval, clickURL: URL? = nil,
        allowClose: Bool = false, allowCloseDelay: TimeInterval = 0, width: Double = 0, height: Double = 0,
        ctaText: String? = nil, allowSeek: Bool = false, allowSkip: Bool = false, allowTrackChange: Bool = false,
        adText: String? = nil, companionBanners: [InstreamCompanionBanner] = []
    ) {
        self.identifier = identifier
        self.format = format
        self.duration = duration
        self.clickURL = clickURL
        self.allowClose = allowClose
        self.allowCloseDelay = allowCloseDelay
        self.width = width
        self.height = height
        self.ctaText = ctaText
        self.allowSeek = allowSeek
        self.allowSkip = allowSkip
        self.allowTrackChange = allowTrackChange
        self.adText = adText
        self.companionBanners = companionBanners
    }

    /// Why the user may not skip this banner `elapsed` seconds after it started, or `nil` when skipping is allowed.
    ///
    /// Video: `allowClose` must be set and `allowCloseDelay` passed. Audio: `allowSkip` must be set.
    package func skipRefusal(elapsed: TimeInterval) -> String? {
        switch format {
        case .video:
            guard allowClose else { return "banner \(identifier) does not allow closing (allowClose is false)" }
            guard elapsed >= allowCloseDelay else {
                return "banner \(identifier) may be closed after \(allowCloseDelay) s; \(elapsed) s have passed"
            }
            return nil
        case .audio:
            return allowSkip ? nil : "banner \(identifier) does not allow skipping (allowSkip is false)"
        }
    }
}

/// The playing audio ad's properties (`MTRGInstreamAudioAdBanner`).
public struct MyTargetInstreamAudioAdBanner: Sendable, Hashable {
    /// The banner's identifier.
    public var bannerId: String
    /// The duration in seconds (`duration`).
    public var duration: Double
    /// Whether seeking is allowed (`allowSeek`).
    public var allowSeek: Bool
    /// Whether skipping is allowed (`allowSkip`).
    public var allowSkip: Bool
    /// Whether changing track is allowed (`allowTrackChange`).
    public var allowTrackChange: Bool
    /// The advertising text (`adText`).
    public var adText: String?
    /// The companion banners (`companionBanners`).
    public var companionBanners: [MyTargetInstreamAdCompanionBanner]

    /// Creates a banner.
    public init(
        bannerId: String, duration: Double, allowSeek: Bool = false, allowSkip: Bool = false,
        allowTrackChange: Bool = false, adText: String? = nil,
        companionBanners: [MyTargetInstreamAdCompanionBanner] = []
    ) {
        self.bannerId = bannerId
        self.duration = duration
        self.allowSeek = allowSeek
        self.allowSkip = allowSkip
        self.allowTrackChange = allowTrackChange
        self.adText = adText
        self.companionBanners = companionBanners
    }
}

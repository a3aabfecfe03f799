/// The playing video ad's properties (`MTRGInstreamAdBanner`).
public struct MyTargetInstreamAdBanner: Sendable, Hashable {
    /// The banner's identifier (`bannerId`).
    public var bannerId: String
    /// The duration in seconds (`duration`).
    public var duration: Double
    /// Whether the video may be closed (`allowClose`).
    public var allowClose: Bool
    /// Seconds before it may be closed (`allowCloseDelay`).
    public var allowCloseDelay: Double
    /// The video width (`size.width`).
    public var width: Double
    /// The video height (`size.height`).
    public var height: Double
    /// The call-to-action text (`ctaText`).
    public var ctaText: String?

    /// Creates a banner.
    public init(
        bannerId: String, duration: Double, allowClose: Bool = false, allowCloseDelay: Double = 0, width: Double = 0,
        height: Double = 0, ctaText: String? = nil
    ) {
        self.bannerId = bannerId
        self.duration = duration
        self.allowClose = allowClose
        self.allowCloseDelay = allowCloseDelay
        self.width = width
        self.height = height
        self.ctaText = ctaText
    }
}

import MediationCore

/// How an adapter maps its network's ad fields onto unified keys, declared for the kit's generated fills
/// (``ConformanceCheck/generatedFillMapping``).
///
/// Rules the adapter must keep, per declared key:
/// - ``texts``: a non-empty network text appears under its unified key unchanged; an empty one is absent.
/// - ``images``: an http(s) image URL with a host appears as that image's URL; any other is absent.
/// - ``ratingScale``: a finite rating inside the network's scale appears as `rating × 5 / upper bound`
///   under `starrating`; anything else is absent (never clamped).
/// - ``hasClickURL``: an http(s) click URL with a host becomes `defaultActionURL`; any other gives `nil`.
/// - ``requiredKeys``: when one of them is absent or invalid in the network's ad, the load fails; when all are
///   valid, it succeeds.
public struct ConformanceFillMapping: Sendable, Hashable {
    /// Unified text keys with a network text field each.
    public var texts: [NativeAdPropertyKey]
    /// Unified image keys with a network image field each.
    public var images: [NativeAdPropertyKey]
    /// The network's rating scale; `nil` when the network has no rating.
    public var ratingScale: ClosedRange<Double>?
    /// Whether the network has a click URL that becomes the adapter's `defaultActionURL`.
    public var hasClickURL: Bool
    /// Keys without which (absent or invalid in the network ad) the load must fail.
    public var requiredKeys: [NativeAdPropertyKey]

    /// Declares a mapping.
    public init(
        texts: [NativeAdPropertyKey], images: [NativeAdPropertyKey] = [], ratingScale: ClosedRange<Double>? = nil,
        hasClickURL: Bool = false, requiredKeys: [NativeAdPropertyKey] = []
    ) {
        self.texts = texts
        self.images = images
        self.ratingScale = ratingScale
        self.hasClickURL = hasClickURL
        self.requiredKeys = requiredKeys
    }
}

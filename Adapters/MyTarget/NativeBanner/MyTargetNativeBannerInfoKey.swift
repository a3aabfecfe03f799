/// The custom-event info keys the myTarget native banner custom event reads (`x-custom-event-class-data`).
///
/// | Key | Value | Default |
/// |---|---|---|
/// | `slotId` | **required**; the slot ID as a string or number, a whole number > 0 | — |
/// | `cachePolicy` | `all`, `images` or `none` | `all` |
/// | `adChoicesPlacement` | `topLeft`, `topRight`, `bottomLeft`, `bottomRight`, `manual` or `drawingManual` | `topRight` |
/// | `bannerMediaRecovery` | `skip` or `retry` | `skip` |
/// | `bannerMediaRetryCount` | retries for `retry`, a whole number in 1…10; alone it implies `retry` | 1 |
/// | `bannerMediaTimeout` | seconds one media download may take, in (0, 60] | the SDK's default |
/// | `adChoicesCloseAutomatically` | Boolean: whether the SDK hides the ad when the user picks "hide ad" | `true` |
///
/// Enumerated values are matched ignoring case, `_` and `-` (`drawing_manual` works).
public enum MyTargetNativeBannerInfoKey {
    /// The slot ID (required).
    public static let slotId = "slotId"
    /// The cache policy.
    public static let cachePolicy = "cachePolicy"
    /// The AdChoices placement.
    public static let adChoicesPlacement = "adChoicesPlacement"
    /// The media recovery policy.
    public static let bannerMediaRecovery = "bannerMediaRecovery"
    /// The media retry count.
    public static let bannerMediaRetryCount = "bannerMediaRetryCount"
    /// The media download timeout in seconds.
    public static let bannerMediaTimeout = "bannerMediaTimeout"
    /// Whether the SDK hides the ad itself from the AdChoices menu.
    public static let adChoicesCloseAutomatically = "adChoicesCloseAutomatically"

    /// Every key the custom event reads.
    public static let all: [String] = [
        slotId, cachePolicy, adChoicesPlacement, bannerMediaRecovery, bannerMediaRetryCount, bannerMediaTimeout,
        adChoicesCloseAutomatically,
    ]
}

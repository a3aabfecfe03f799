/// The subviews of a `TAMediaSDKNativeAdView` (SDK spellings in the comments).
public enum TAMediaSDKNativeAdViewElement: String, Sendable, Hashable, CaseIterable {
    /// `longSubjectLabel`.
    case longSubjectLabel
    /// `shortSubjectLabel`.
    case shortSubjectLabel
    /// `bodyLabel`.
    case bodyLabel
    /// `callToActionView`.
    case callToActionView
    /// `squareImgeView` (sic).
    case squareImageView
    /// `rectangleImgeView` (sic).
    case rectangleImageView
    /// `mediaView`, a `TADNativeMediaView`.
    case mediaView
}

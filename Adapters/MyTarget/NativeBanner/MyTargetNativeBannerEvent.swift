/// What a myTarget native banner reports besides the bridge's impression, click, modal and leave events:
/// lazy media downloads and closing from the AdChoices menu. Observe them with
/// ``MyTargetNativeBannerAdapter/eventHandler``; each is also logged.
public enum MyTargetNativeBannerEvent: String, Sendable, Hashable, CaseIterable {
    /// The icon finished its lazy download (`onIconLoad`); cache policy none only.
    case iconLoaded
    /// The AdChoices icon finished its lazy download (`onAdChoicesIconLoad`); cache policy none only.
    case adChoicesIconLoaded
    /// The lazy media download failed after the recovery policy gave up (`onMediaLoadFailed`).
    case mediaLoadFailed
    /// The user picked "hide ad" in the AdChoices menu and the SDK hid the ad (`onCloseAutomatically`).
    case closedAutomatically
    /// The user picked "hide ad" in the AdChoices menu and the host must hide the ad now, because automatic
    /// closing is off (`closeIfAutomaticallyDisabled`).
    case closeRequested
}

/// `NonLinearAds`: overlays and the trackers they share.
public struct VASTNonLinearAds: Sendable, Hashable {
    /// `NonLinear` elements.
    public var nonLinears: [VASTNonLinear]
    /// `TrackingEvents/Tracking`.
    public var trackers: [VASTTracker]
}

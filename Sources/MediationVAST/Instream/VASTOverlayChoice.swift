import Foundation

/// The `NonLinear` and resource a host would show for a resolved ad, chosen by
/// ``VASTNonLinearOverlay/choose(_:capabilities:)`` without firing anything.
///
/// Tools that inspect a document (`mediation vast`) read it; a host that shows the overlay makes a
/// ``VASTNonLinearOverlay`` instead, which chooses the same way and owns the tracking.
public struct VASTOverlayChoice: Sendable, Hashable {
    /// The `NonLinear` chosen: the first, in document order, with a resource the host shows that fits its area.
    public let nonLinear: VASTNonLinear
    /// The resource to show: a static image of a listed type, else HTML, else an iframe.
    public let resource: VASTResource
    /// The `NonLinearAds` group it belongs to, whose tracking events the overlay fires.
    public let nonLinearAds: VASTNonLinearAds
}

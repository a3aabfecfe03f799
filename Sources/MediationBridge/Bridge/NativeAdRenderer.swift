/// Builds the visible ad from an adapter (MoPub's `MPNativeAdRenderer`).
///
/// Rules for conformers: fill only the slots the surface offers; never fail because a slot is missing; throw
/// only when the adapter's properties cannot be shown at all. A renderer lives as long as the ad it renders.
/// ``render(_:into:)`` runs on the main actor, where the surface lives; the renderer itself is a plain
/// `Sendable` value made off the main actor.
public protocol NativeAdRenderer: Sendable {
    /// Creates a renderer from its settings.
    init(settings: any NativeAdRendererSettings)

    /// Fills `surface` from `adapter`'s properties.
    @MainActor
    func render(_ adapter: any NativeAdAdapter, into surface: any NativeAdRendering) throws(MediationError)
}

/// Which kind of ad a registered custom event loads: the two registries a ``MediationRegistry`` keeps.
public enum MediationAdapterFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// A ``NativeCustomEvent``: its ads are drawn by a renderer configuration that lists it.
    case native
    /// An ``InstreamCustomEvent``: its ads are played by the host's player through an in-stream session, with no
    /// renderer.
    case instream
}

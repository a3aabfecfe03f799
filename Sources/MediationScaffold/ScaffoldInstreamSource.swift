/// What the network SDK of a generated in-stream adapter does: plays its ads itself, or returns VAST.
public enum ScaffoldInstreamSource: String, Sendable, Hashable, CaseIterable {
    /// The SDK loads and plays its ads through the host's player and reports banners itself (`--source sdk`,
    /// the default).
    case sdk
    /// The SDK returns VAST (a tag call) or takes a bid's VAST markup, and MediationKit's built-in VAST playback
    /// (`VASTInstreamCustomEvent`, in the `MediationVAST` product) plays it (`--source vast`).
    case vast
}

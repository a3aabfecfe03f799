import TAMediaAdapter

/// One `loadRequest:` the sandbox TAMedia network received.
public struct SandboxTAMediaLoadRequest: Sendable, Hashable {
    /// The ad's ad unit.
    public var adUnitId: String
    /// The request.
    public var request: TAMediaSDKRequest
}

import GoogleCustomNativeAdapter

/// One `load` call the sandbox Google network received, as made.
public struct SandboxGoogleLoadRequest: Sendable, Hashable {
    /// The loader's ad unit.
    public var adUnitID: String
    /// The ad types the loader was made for.
    public var adTypes: [GoogleSDKAdLoaderAdType]
    /// The format IDs the loader's delegate named.
    public var formatIDs: [String]
    /// The loader's image options.
    public var options: GoogleSDKNativeAdImageAdLoaderOptions
    /// The request.
    public var request: GoogleSDKRequest
}

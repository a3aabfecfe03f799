/// What an ad loader requests (`GoogleSDKAdLoaderAdType`).
public enum GoogleSDKAdLoaderAdType: String, Sendable, Hashable, CaseIterable {
    /// Custom native formats (`GADAdLoaderAdTypeCustomNative`); the loader's delegate names the format IDs.
    case customNative
    /// Google's standard native format (`GADAdLoaderAdTypeNative`); not used by this adapter.
    case native
}

/// What an ad loader requests (`GADAdLoaderAdType`).
public enum GADAdLoaderAdType: String, Sendable, Hashable, CaseIterable {
    /// Custom native formats (`GADAdLoaderAdTypeCustomNative`); the loader's delegate names the format IDs.
    case customNative
    /// Google's standard native format (`GADAdLoaderAdTypeNative`); not used by this adapter.
    case native
}

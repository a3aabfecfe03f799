/// What the SDK does when a banner's media fails to download (`MTRGBannerMediaRecovery`).
///
/// - A single ad that preloads media reports a load failure once the policy gives up.
/// - The loader drops just that banner and still returns the others.
/// - With lazy media (cache policy none), the media delegate hears `onMediaLoadFailed` once the policy gives up.
public enum MyTargetBannerMediaRecovery: Sendable, Hashable {
    /// Give up after the first failure (`BannerMediaRecovery.skip`, the SDK's default).
    case skip
    /// Try again up to `maxRetryCount` more times (`retryWithMaxRetryCount:`).
    case retry(maxRetryCount: Int)

    /// How many download attempts the policy allows in total: 1 for skip, 1 + the retries for retry.
    public var maximumAttempts: Int {
        switch self {
        case .skip: 1
        case .retry(let maxRetryCount): 1 + max(maxRetryCount, 0)
        }
    }
}

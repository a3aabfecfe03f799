/// The reference network's loading surface: the part of its SDK that loads native ads.
///
/// This is the seam an adapter is written against. In an app a thin wrapper over the real SDK conforms; in
/// tests and in the conformance kit ``ReferenceSandboxNetwork`` does.
///
/// Rules for conformers:
/// - Answer each load at most once through `completion`, from any thread, possibly synchronously from inside
///   the call, possibly never.
/// - After the returned handle is cancelled, try not to answer (real SDKs do not always manage; adapters
///   guard against late answers themselves).
public protocol ReferenceNativeAdLoading: Sendable {
    /// Starts loading one native ad for `placementID`.
    ///
    /// - Returns: a handle that cancels the load.
    func loadNativeAd(placementID: String, completion: @escaping @Sendable (ReferenceLoadResult) -> Void)
        -> ReferenceLoadHandle

    /// Starts loading one native ad for `placementID` with the request's privacy flag, targeting and bid.
    ///
    /// - Returns: a handle that cancels the load.
    func loadNativeAd(
        placementID: String, options: ReferenceLoadOptions,
        completion: @escaping @Sendable (ReferenceLoadResult) -> Void
    ) -> ReferenceLoadHandle
}

extension ReferenceNativeAdLoading {
    /// Networks without request options ignore them.
    public func loadNativeAd(
        placementID: String, options: ReferenceLoadOptions,
        completion: @escaping @Sendable (ReferenceLoadResult) -> Void
    ) -> ReferenceLoadHandle {
        loadNativeAd(placementID: placementID, completion: completion)
    }
}

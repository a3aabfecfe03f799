/// Receives a custom event's one outcome (MoPub's `MPNativeCustomEventDelegate`).
///
/// The engine's delegates are one-shot: the first outcome counts, any later one is dropped and recorded in
/// the trace. Safe to call from any thread, including synchronously from inside `requestAd`.
///
/// Pass the custom event itself as `customEvent` (``NativeAdRequestContext/report(_:from:)`` with `from: self`
/// does), so that a delegate can tell which custom event reported. The engine gives every line a delegate of its
/// own, which counts the outcome for that line.
public protocol NativeCustomEventDelegate: AnyObject, Sendable {
    /// The custom event loaded `ad`, with every required asset ready.
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd)
    /// The custom event failed with `error`.
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError)
}

/// Receives a custom event's one outcome (MoPub's `MPNativeCustomEventDelegate`).
///
/// The engine's delegates are one-shot: the first outcome counts, any later one is dropped and recorded in
/// the trace. Safe to call from any thread, including synchronously from inside `requestAd`.
///
/// Pass the custom event itself as `customEvent` (``NativeAdRequestContext/report(_:from:)`` with `from: self`
/// does): the engine tells which line an outcome belongs to by the custom event it names, and drops (and traces)
/// an outcome that names any other object.
public protocol NativeCustomEventDelegate: AnyObject, Sendable {
    /// The custom event loaded `ad`, with every required asset ready.
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd)
    /// The custom event failed with `error`.
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError)
}

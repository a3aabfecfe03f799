import Dispatch

/// Where a completion handler runs.
///
/// The completion-handler APIs (``Mediator/loadNativeAd(from:delivery:completion:)``,
/// ``Mediator/mediate(_:delivery:completion:)``, ``NativeAdLoader/loadAds(count:from:delivery:completion:)``)
/// default to ``mainActor``, as Google Mobile Ads does, so that a UIKit host can touch its views in the handler
/// (`MainActor.assumeIsolated { … }`). Engines, command-line tools and tests that drive a manual clock pick
/// ``immediate``.
public enum CallbackDelivery: Sendable {
    /// On the main queue, asynchronously and in FIFO order; the handler may use `MainActor.assumeIsolated`.
    case mainActor
    /// Asynchronously on the given queue.
    case queue(DispatchQueue)
    /// On whatever thread the engine finished on, possibly before the starting call returns.
    case immediate

    /// Runs `callback` the way this choice says.
    package func deliver(_ callback: @escaping @Sendable () -> Void) {
        switch self {
        case .mainActor: DispatchQueue.main.async(execute: callback)
        case .queue(let queue): queue.async(execute: callback)
        case .immediate: callback()
        }
    }
}

import MediationBridge

/// Open Measurement for a custom native ad's view (`GoogleSDKDisplayAdMeasurement`).
///
/// Rules for conformers: set ``view`` before ``start()``; starting twice is harmless.
public protocol GoogleSDKDisplayAdMeasurement: AnyObject, Sendable {
    /// The view showing the ad (`view`; a `UIView` on iOS, the rendering surface here).
    var view: (any NativeAdRendering)? { get set }

    /// Starts measuring the ``view`` (`startWithError:`).
    func start() throws
}

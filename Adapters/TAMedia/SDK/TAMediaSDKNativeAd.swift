/// A TAMedia native ad (`TAMediaSDKNativeAd`, made with `initWithAdUnitId:`): the SDK surface the adapter uses.
///
/// Rules for conformers: the ``delegate`` must be set before ``loadRequest(_:)`` and is held weakly; answer each
/// load through it; set ``adContent`` before reporting the load.
public protocol TAMediaSDKNativeAd: AnyObject, Sendable {
    /// The ad unit (the line's `NativeListId`).
    var adUnitId: String { get }

    /// Receives the ad's events (`delegate`); held weakly.
    var delegate: (any TAMediaSDKNativeAdDelegate)? { get set }

    /// The loaded content (`adContent`), `nil` before a load.
    var adContent: TAMediaSDKNativeAdContent? { get }

    /// Loads an ad (`loadRequest:`).
    func loadRequest(_ request: TAMediaSDKRequest)
}

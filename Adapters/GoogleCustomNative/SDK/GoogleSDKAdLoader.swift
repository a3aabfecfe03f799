/// Loads custom native ads (`GoogleSDKAdLoader` created with ``GoogleSDKAdLoaderAdType/customNative``).
///
/// Rules for conformers: ask the delegate for the format IDs when loading; answer each ``load(_:)`` through
/// the delegate with an ad or an error; hold ``delegate`` weakly.
public protocol GoogleSDKAdLoader: AnyObject, Sendable {
    /// The ad unit the loader requests (`adUnitID`), such as `/21775744923/example/native`.
    var adUnitID: String { get }

    /// Whether a request is in flight (`isLoading`).
    var isLoading: Bool { get }

    /// Receives the loaded ads and errors (`delegate`); held weakly.
    var delegate: (any GoogleSDKCustomNativeAdLoaderDelegate)? { get set }

    /// Starts a request (`loadRequest:`).
    func load(_ request: GoogleSDKRequest)
}

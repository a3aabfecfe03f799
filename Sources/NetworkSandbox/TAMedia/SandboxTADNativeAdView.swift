import MediationBridge
import MediationSupport
import TAMediaAdapter

/// The sandbox's `TAMediaSDKNativeAdView`: records the ad it tracks, the surface nested in it and where each of its
/// subviews was moved.
public final class SandboxTADNativeAdView: TAMediaSDKNativeAdView, Sendable {
    private struct State {
        var nativeAd: (any TAMediaSDKNativeAd)?
        var mediaContent: TAMediaSDKMediaContent?
        weak var embeddedSurface: (any NativeAdRendering)?
        var placements: [TAMediaSDKNativeAdViewElement: NativeAdSlot] = [:]
    }

    private let state = Locked(State())

    /// Creates an empty view.
    public init() {}

    /// The ad the view tracks.
    public var nativeAd: (any TAMediaSDKNativeAd)? {
        get { state.withLock { $0.nativeAd } }
        set { state.withLock { $0.nativeAd = newValue } }
    }

    /// The media view's content.
    public var mediaContent: TAMediaSDKMediaContent? {
        get { state.withLock { $0.mediaContent } }
        set { state.withLock { $0.mediaContent = newValue } }
    }

    /// The surface nested in the view, held weakly.
    public var embeddedSurface: (any NativeAdRendering)? { state.withLock { $0.embeddedSurface } }

    /// Where each subview was moved, by subview.
    public var placements: [TAMediaSDKNativeAdViewElement: NativeAdSlot] { state.withLock { $0.placements } }

    /// Records `surface` as nested in the view.
    @MainActor
    public func embed(_ surface: any NativeAdRendering) {
        state.withLock { $0.embeddedSurface = surface }
    }

    /// Records `element` as moved into `slot`.
    @MainActor
    public func place(
        _ element: TAMediaSDKNativeAdViewElement, in slot: NativeAdSlot, of surface: any NativeAdRendering
    ) {
        state.withLock { $0.placements[element] = slot }
    }

    /// Forgets the surface and the moves, when `surface` is the nested one.
    @MainActor
    public func remove(from surface: any NativeAdRendering) {
        state.withLock { state in
            guard state.embeddedSurface === surface else { return }
            state.embeddedSurface = nil
            state.placements = [:]
        }
    }
}

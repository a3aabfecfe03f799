import MediationBridge

/// The TAMedia renderer's settings (TAMedia's `TAMediaCustomNativeAdEventSetting`): the surface type to show
/// ads in and the size handler.
public struct TAMediaNativeAdRendererSettings: NativeAdRendererSettings {
    /// The surface type the ad is shown in (the guide's `renderingViewClass`).
    public var renderingSurfaceType: (any NativeAdRendering.Type)?
    /// Maximum width → the ad view's size (`viewSizeHandler`).
    public var viewSizeHandler: (@Sendable (Double) -> NativeAdViewSize)?

    /// Creates settings; by default the full width and a dynamic height.
    public init(
        renderingSurfaceType: (any NativeAdRendering.Type)? = nil,
        viewSizeHandler: (@Sendable (Double) -> NativeAdViewSize)? = { width in
            NativeAdViewSize(width: width, height: NativeAdViewSize.dynamicDimension)
        }
    ) {
        self.renderingSurfaceType = renderingSurfaceType
        self.viewSizeHandler = viewSizeHandler
    }
}

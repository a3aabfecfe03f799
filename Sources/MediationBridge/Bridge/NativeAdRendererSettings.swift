/// A view size, in points. A height of ``NativeAdViewSize/dynamicDimension`` means "let the view compute it".
public struct NativeAdViewSize: Sendable, Hashable, Codable {
    /// MoPub's `MPNativeViewDynamicDimension`: the height is computed by the view itself.
    public static let dynamicDimension: Double = -1

    /// Width.
    public var width: Double
    /// Height, or ``dynamicDimension``.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Renderer input (MoPub's `MPNativeAdRendererSettings`).
///
/// Rules for conformers: be a value; give a ``viewSizeHandler`` when ads appear in feeds (placers need it to
/// lay out cells) and the surface type the renderer should create.
public protocol NativeAdRendererSettings: Sendable {
    /// Maximum width → the ad view's size.
    var viewSizeHandler: (@Sendable (Double) -> NativeAdViewSize)? { get }
    /// The surface type the renderer creates or expects; `nil` when the host supplies surfaces.
    var renderingSurfaceType: (any NativeAdRendering.Type)? { get }
}

/// Plain settings: a size handler and a surface type.
public struct StaticNativeAdRendererSettings: NativeAdRendererSettings {
    /// Maximum width → the ad view's size.
    public var viewSizeHandler: (@Sendable (Double) -> NativeAdViewSize)?
    /// The surface type to create.
    public var renderingSurfaceType: (any NativeAdRendering.Type)?

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

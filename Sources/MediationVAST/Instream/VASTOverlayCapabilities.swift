/// What the host can show over its content for a VAST `NonLinear` ad: the resource kinds and the display area.
///
/// ``VASTNonLinearOverlay/make(_:capabilities:privacy:client:urlPolicy:trackerPinger:)`` picks, in document order, the first
/// `NonLinear` that fits the area (its `width` and `height`, when given, at most the area's) and has a resource
/// the host shows; within it a static image of a listed type wins over HTML, and HTML over an iframe.
public struct VASTOverlayCapabilities: Sendable, Hashable {
    /// The `creativeType`s of `StaticResource` the host draws (lower case), such as `image/png`.
    public var staticResourceTypes: Set<String>
    /// Whether the host renders an `HTMLResource` (in a web view).
    public var showsHTML: Bool
    /// Whether the host loads an `IFrameResource` URL (in a web view).
    public var showsIFrame: Bool
    /// The display area's width in points.
    public var areaWidth: Int
    /// The display area's height in points.
    public var areaHeight: Int

    /// Creates the capabilities.
    public init(
        staticResourceTypes: Set<String> = ["image/png", "image/jpeg", "image/gif"], showsHTML: Bool = false,
        showsIFrame: Bool = false, areaWidth: Int, areaHeight: Int
    ) {
        self.staticResourceTypes = Set(staticResourceTypes.map { $0.lowercased() })
        self.showsHTML = showsHTML
        self.showsIFrame = showsIFrame
        self.areaWidth = areaWidth
        self.areaHeight = areaHeight
    }

    /// Images (PNG, JPEG, GIF) only, over a 1280×720 content view.
    public static let standard = VASTOverlayCapabilities(areaWidth: 1280, areaHeight: 720)
}

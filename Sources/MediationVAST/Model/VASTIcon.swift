import Foundation

/// An `Icon` of a linear creative (AdChoices and the like), with its click fallback images (VAST 4.1).
public struct VASTIcon: Sendable, Hashable {
    /// A fallback image for a device that cannot open the icon's click-through (`IconClickFallbackImage`).
    public struct FallbackImage: Sendable, Hashable {
        /// `width`.
        public var width: Int?
        /// `height`.
        public var height: Int?
        /// `AltText`.
        public var altText: String?
        /// The `StaticResource` image URL.
        public var url: URL?
    }

    /// `program` (e.g. `AdChoices`).
    public var program: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `xPosition` (pixels, `left` or `right`).
    public var xPosition: String?
    /// `yPosition` (pixels, `top` or `bottom`).
    public var yPosition: String?
    /// `duration`: how long it shows.
    public var duration: Duration?
    /// `offset`: when it appears.
    public var offset: VASTOffset?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `pxratio`.
    public var pxratio: Double?
    /// The icon's resources.
    public var resources: [VASTResource]
    /// `IconClicks/IconClickThrough`.
    public var clickThrough: URL?
    /// `IconClicks/IconClickTracking`.
    public var clickTracking: [URL]
    /// `IconClicks/IconClickFallbackImages`.
    public var clickFallbackImages: [FallbackImage]
    /// `IconViewTracking`.
    public var viewTracking: [URL]
}

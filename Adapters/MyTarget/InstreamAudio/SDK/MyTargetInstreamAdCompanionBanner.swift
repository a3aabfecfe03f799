import Foundation

/// A companion banner of an audio ad (`MTRGInstreamAdCompanionBanner`), after VAST's `<Companion>`.
public struct MyTargetInstreamAdCompanionBanner: Sendable, Hashable {
    /// The companion's slot identifier (`adSlotID`).
    public var adSlotID: String
    /// The slot width (`width`).
    public var width: Int
    /// The slot height (`height`).
    public var height: Int
    /// Whether it may be clicked (`isClickable`).
    public var isClickable: Bool
    /// The image (`staticResource`).
    public var staticResource: URL?
    /// HTML to show (`htmlResource`).
    public var htmlResource: String?

    /// Creates a companion banner.
    public init(
        adSlotID: String, width: Int, height: Int, isClickable: Bool = true, staticResource: URL? = nil,
        htmlResource: String? = nil
    ) {
        self.adSlotID = adSlotID
        self.width = width
        self.height = height
        self.isClickable = isClickable
        self.staticResource = staticResource
        self.htmlResource = htmlResource
    }
}

import Foundation

/// A `NonLinear` ad: an overlay shown over the content.
public struct VASTNonLinear: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `scalable`.
    public var scalable: Bool?
    /// `maintainAspectRatio`.
    public var maintainAspectRatio: Bool?
    /// `minSuggestedDuration`.
    public var minSuggestedDuration: Duration?
    /// `apiFramework`.
    public var apiFramework: String?
    /// The resources.
    public var resources: [VASTResource]
    /// `AdParameters`.
    public var adParameters: String?
    /// `NonLinearClickThrough`.
    public var clickThrough: URL?
    /// `NonLinearClickTracking`.
    public var clickTracking: [URL]
}

import Foundation

/// `VideoClicks` of a linear creative.
public struct VASTVideoClicks: Sendable, Hashable {
    /// `ClickThrough`: the page a click opens, made from its text when asked for.
    public var clickThrough: URL? {
        get { clickThroughText?.url }
        set { clickThroughText = newValue.map(VASTURLText.init) }
    }
    /// `ClickTracking` URLs, pinged on a click, made from their texts when asked for.
    public var clickTracking: [URL] {
        get { clickTrackingTexts.map(\.url) }
        set { clickTrackingTexts = newValue.map(VASTURLText.init) }
    }
    /// `CustomClick` URLs, for clicks on other player elements, made from their texts when asked for.
    public var customClicks: [URL] {
        get { customClickTexts.map(\.url) }
        set { customClickTexts = newValue.map(VASTURLText.init) }
    }
    /// The text of ``clickThrough``.
    var clickThroughText: VASTURLText?
    /// The texts of ``clickTracking``.
    var clickTrackingTexts: [VASTURLText]
    /// The texts of ``customClicks``.
    var customClickTexts: [VASTURLText]

    /// No clicks.
    static let none = VASTVideoClicks(clickThroughText: nil, clickTrackingTexts: [], customClickTexts: [])
}

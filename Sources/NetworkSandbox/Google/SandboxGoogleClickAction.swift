import Foundation

/// What the sandbox SDK did for one `performClickOnAsset(withKey:)`, in the SDK's priority order.
public enum SandboxGoogleClickAction: Sendable, Hashable {
    /// The custom click handler ran with this asset ID; the SDK did nothing else.
    case customClickHandler(assetID: String)
    /// The first deep link an installed app can open was opened.
    case openedDeepLink(URL)
    /// The click URL was opened in the in-app browser.
    case openedClickURL(URL)
    /// The AdChoices ("About this ad") page was opened; no ad click was recorded.
    case openedAdChoicesInfo
    /// Nothing to open: no handler, no usable deep link, no click URL.
    case none
}

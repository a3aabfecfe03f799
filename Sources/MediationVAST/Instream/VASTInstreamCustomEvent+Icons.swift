import Foundation
import MediationBridge
import MediationSupport

extension VASTInstreamCustomEvent {
    /// The `Icons` of the linear creative playing now (such as the AdChoices icon), for the host to draw over the
    /// player; empty between ads. Indexes into this list name an icon to ``trackIconShown(at:)`` and
    /// ``trackIconClick(at:)``.
    public var playingIcons: [VASTIcon] {
        state.withLock { $0.playing?.started == true ? $0.playing?.ad.linear.icons ?? [] : [] }
    }

    /// The host shows icon `index` of ``playingIcons``: its `IconViewTracking` URLs fire, once per ad however
    /// often this is called, with the macros expanded, as journaled `tracking` pings. An index out of range does
    /// nothing.
    public func trackIconShown(at index: Int) {
        guard let icon = playingIcon(at: index) else { return }
        fireGroup("icon\(index)-view", urls: icon.viewTracking, event: .tracking)
    }

    /// The user clicked icon `index` of ``playingIcons``: its `IconClickTracking` URLs fire, once per ad, as
    /// journaled `click` pings. The host opens the icon's `clickThrough` (or shows its
    /// `clickFallbackImages`) itself. An index out of range does nothing.
    public func trackIconClick(at index: Int) {
        guard let icon = playingIcon(at: index) else { return }
        fireGroup("icon\(index)-click", urls: icon.clickTracking, event: .click)
    }

    private func playingIcon(at index: Int) -> VASTIcon? {
        let icons = playingIcons
        return icons.indices.contains(index) ? icons[index] : nil
    }
}

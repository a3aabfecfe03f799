import Foundation
import MediationBridge
import MediationSupport

extension VASTInstreamCustomEvent {
    /// `url`, a companion's `creativeView` or `CompanionClickTracking` URL, with its VAST macros expanded at the
    /// moment the session fires it.
    ///
    /// The values: `[TIMESTAMP]` now, a new `[CACHEBUSTING]`, `[ASSETURI]` the companion's static resource (the
    /// ad's media file for an HTML companion), `[ADPLAYHEAD]` the player's position while the companion's ad plays
    /// (`-1` once it ended), `[BREAKPOSITION]` and `[CONTENTPLAYHEAD]` of the break, `[PODSEQUENCE]` and
    /// `[ADSERVINGID]` of the companion's ad. A companion this event did not load gets no ad's values.
    public func companionTrackerURL(_ url: URL, of companion: InstreamCompanionBanner) -> URL {
        let (owner, isPlaying) = state.withLock { state -> (VASTPlayableAd?, Bool) in
            if let playing = state.playing?.ad, playing.banner.companionBanners.contains(companion) {
                return (playing, true)
            }
            return (state.ads.first { $0.banner.companionBanners.contains(companion) }, false)
        }
        var values = macroValues(for: owner)
        values.assetURI = companion.staticResourceURL ?? owner?.mediaURL
        if !isPlaying { values.adPlayhead = nil }
        return VASTMacroExpander.expand(url, with: values)
    }
}

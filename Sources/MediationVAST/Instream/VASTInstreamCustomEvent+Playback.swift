import Foundation
import MediationBridge
import MediationSupport

extension VASTInstreamCustomEvent {
    // MARK: InstreamAdPlayerDelegate

    /// The ad started: `loaded`, the impressions, `creativeView` and `start` fire, then banner start.
    public func playerDidStart() {
        let ad = state.withLock { state -> VASTPlayableAd? in
            guard var playing = state.playing, !playing.started else { return nil }
            playing.started = true
            state.playing = playing
            return playing.ad
        }
        guard let ad else { return }
        fire(event: .loaded)
        fireGroup("impression", urls: ad.ad.impressions.map(\.url), event: .impression)
        fire(event: .creativeView)
        fire(event: .start)
        fireDueTrackers()
        send { $0.customEventBannerDidStart(ad.banner) }
        reportTimeLeft()
        scheduleTick()
    }

    /// Nothing to report: pauses are asked for.
    public func playerDidPause() {}

    /// Nothing to report: resumes are asked for.
    public func playerDidResume() {}

    /// Nothing to report: stops are asked for.
    public func playerDidStop() {}

    /// The player failed: the ad's Error URLs fire with 405, then the error and section complete are reported.
    public func playerDidFail(reason: String) {
        let (ad, section) = state.withLock { state -> (VASTPlayableAd?, InstreamAdSection?) in
            state.playing?.ticker?.cancel()
            defer {
                state.playing = nil
                state.queue = []
                state.section = nil
            }
            return (state.playing?.ad, state.section)
        }
        guard let ad, let section else { return }
        fireErrors(
            ad.ad.errorURLs, code: .mediaDisplay, owner: "ad\(ad.index)", asset: ad.mediaURL, playhead: playhead)
        send { $0.customEventDidFail(reason: "VAST 405 (problem displaying media file): \(reason)") }
        send { $0.customEventSectionDidComplete(section) }
    }

    /// The media ended: every quartile and `progress` offset not yet fired, then `complete`, then banner complete;
    /// the next ad plays.
    public func playerDidComplete() {
        let ad = state.withLock { state -> VASTPlayableAd? in
            guard let playing = state.playing, playing.started else { return nil }
            playing.ticker?.cancel()
            state.playing?.ticker = nil
            return playing.ad
        }
        guard let ad else { return }
        fireDueTrackers(atEnd: true)
        fire(event: .complete)
        state.withLock { $0.playing = nil }
        send { $0.customEventBannerDidComplete(ad.banner) }
        playNext()
    }

    // MARK: Time

    /// The player's position, for `[ADPLAYHEAD]`.
    var playhead: Duration? {
        guard let player else { return nil }
        return .seconds(player.adTimeElapsed)
    }

    /// The playing ad's duration: the player's once it knows it, else the VAST `Duration`.
    private func duration(of ad: VASTPlayableAd) -> TimeInterval {
        let playerDuration = player?.adDuration ?? 0
        return playerDuration > 0 ? playerDuration : ad.banner.duration
    }

    /// Fires every timed tracker whose time the player crossed (all of them within the duration `atEnd`).
    func fireDueTrackers(atEnd: Bool = false) {
        guard let ad = state.withLock({ $0.playing?.ad }), let player else { return }
        let total = duration(of: ad)
        let elapsed = atEnd ? total : player.adTimeElapsed
        for due in ad.timedTrackers(duration: total) where due.time <= elapsed + 0.0005 {
            fireTracker(due.tracker, of: ad)
        }
    }

    private func reportTimeLeft() {
        guard let ad = state.withLock({ $0.playing?.ad }), let player else { return }
        let total = duration(of: ad)
        let left = max(total - player.adTimeElapsed, 0)
        send { $0.customEventBannerTimeLeftDidChange(timeLeft: left, duration: total) }
    }

    /// Checks the player's time again after ``timeLeftInterval``, or at the next timed tracker's due time if that
    /// comes first.
    func scheduleTick() {
        let current = state.withLock { state -> (VASTPlayableAd, MediationClock)? in
            guard let playing = state.playing, playing.started, !playing.paused, let clock = state.request?.clock
            else { return nil }
            return (playing.ad, clock)
        }
        guard let (ad, clock) = current, let player else { return }
        let elapsed = player.adTimeElapsed
        let fired = state.withLock { $0.playing?.firedTrackers ?? [] }
        var delay = timeLeftInterval
        if let next = ad.timedTrackers(duration: duration(of: ad)).first(where: { !fired.contains($0.tracker) }),
            next.time > elapsed
        {
            delay = min(delay, .seconds(next.time - elapsed))
        }
        let ticker = clock.schedule(after: delay) { [weak self] in
            guard let self else { return }
            let current = self.state.withLock { $0.playing?.ad.index == ad.index && $0.playing?.paused == false }
            guard current else { return }
            self.fireDueTrackers()
            self.reportTimeLeft()
            self.scheduleTick()
        }
        state.withLock { state in
            if state.playing?.ad.index == ad.index {
                state.playing?.ticker?.cancel()
                state.playing?.ticker = ticker
            } else {
                ticker.cancel()
            }
        }
    }

    // MARK: Pings

    /// Fires the playing ad's trackers for `event`, each once.
    func fire(event: VASTTrackingEventName) {
        guard let ad = state.withLock({ $0.playing?.ad }) else { return }
        for (index, tracker) in ad.linear.trackers.enumerated() where tracker.event == event {
            fireTracker(index, of: ad)
        }
    }

    private func fireTracker(_ index: Int, of ad: VASTPlayableAd) {
        let isFirst = state.withLock { state -> Bool in
            guard state.playing?.ad.index == ad.index else { return false }
            return state.playing?.firedTrackers.insert(index).inserted ?? false
        }
        guard isFirst else { return }
        ping(ad.linear.trackers[index].url, event: .tracking, ad: ad, values: macroValues(for: ad))
    }

    /// Fires the playing ad's `urls` once, as the group `name`.
    func fireGroup(_ name: String, urls: [URL], event: TrackerPingEvent) {
        guard let ad = state.withLock({ $0.playing?.ad }) else { return }
        let isFirst = state.withLock { $0.playing?.firedGroups.insert(name).inserted ?? false }
        guard isFirst else { return }
        let values = macroValues(for: ad)
        for url in urls { ping(url, event: event, ad: ad, values: values) }
    }

    /// Fires Error URLs with `code` in `[ERRORCODE]`.
    func fireErrors(_ urls: [URL], code: VASTErrorCode, owner: String, asset: URL?, playhead: Duration? = nil) {
        guard !urls.isEmpty else { return }
        var values = macroValues(for: nil)
        values.errorCode = code
        values.assetURI = asset
        values.adPlayhead = playhead
        for url in urls {
            trackerPinger.ping(
                TrackerPing(
                    url: VASTMacroExpander.expand(url, with: values), event: .error,
                    owner: "vast/\(pingToken)/\(owner)/error"))
        }
    }

    /// The macro values of this moment for a request or a ping of `ad` (the break's, the player's position, the
    /// ad's; the request's privacy and the ``client`` data as the privacy matrix allows; the player's size from
    /// the capabilities when they give one).
    func macroValues(for ad: VASTPlayableAd?) -> VASTMacroValues {
        let (breakPosition, contentPlayhead, privacy) = state.withLock {
            ($0.breakPosition, $0.contentPlayhead, $0.request?.privacy)
        }
        var values = VASTMacroValues(
            timestamp: Date(), cacheBusting: Self.cacheBusting(), assetURI: ad?.mediaURL,
            contentPlayhead: contentPlayhead, adPlayhead: ad == nil ? nil : playhead, breakPosition: breakPosition,
            podSequence: ad?.resolved.sequence, adServingId: ad?.ad.adServingId)
        if capabilities.screenWidth > 0, capabilities.screenHeight > 0 {
            values.playerSize = (capabilities.screenWidth, capabilities.screenHeight)
        }
        if let privacy { values.setPrivacy(privacy, client: client) }
        return values
    }

    private func ping(_ url: URL, event: TrackerPingEvent, ad: VASTPlayableAd, values: VASTMacroValues) {
        trackerPinger.ping(
            TrackerPing(
                url: VASTMacroExpander.expand(url, with: values), event: event,
                owner: "vast/\(pingToken)/ad\(ad.index)"))
    }

    /// Eight random digits, new per ping (`[CACHEBUSTING]`).
    static func cacheBusting() -> String {
        String(format: "%08d", Int.random(in: 0..<100_000_000))
    }
}
